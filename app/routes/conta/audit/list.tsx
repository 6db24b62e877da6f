import { Anchor, Badge, EmptyState, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { data } from "react-router";
import { auditChangeText, auditDetailText } from "../../../../common/audit.ts";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { isSuper } from "../../../../common/roles.ts";
import type { AuditEntryView } from "../../../../common/views/audit.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { isFiltered } from "../../../components/conta/list-filter-form.tsx";
import { PaginationBar } from "../../../components/conta/pagination-bar.tsx";
import { type RecordColumn, RecordTable } from "../../../components/conta/record-table.tsx";
import { requireUser } from "../../../lib/guards.server.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import type { Route } from "./+types/list";
import { AuditFilters, type AuditFilterValues } from "./audit-filters.tsx";
import { readAuditListQuery } from "./audit-query.server.ts";

/** The audit log: super users only (the service refuses everyone else too). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  if (!isSuper(actor)) throw data(null, { status: 403 });
  const { query, errors } = readAuditListQuery(url);
  const entries = await services.audit.list(actor, query);
  redirectPastLastPage(url, entries.pagination, entries.data.length);
  const filters: AuditFilterValues = {
    actor_id: query.actor_id === undefined ? "" : String(query.actor_id),
    action: query.action ?? "",
    record_kind: query.record_kind ?? "",
    record_id: query.record_id ?? "",
    from: query.from,
    to: query.to,
  };
  return { entries, people: await services.audit.people(actor), filters, errors };
}

export function meta() {
  return [{ title: "Auditoria" }];
}

/** A rich text's whole HTML is too long to read in a list: the CSV export has it all. */
const SHOWN_CHANGE = 300;
const shortened = (text: string) => (text.length > SHOWN_CHANGE ? `${text.slice(0, SHOWN_CHANGE)}…` : text);

/** Long words (addresses, e-mails) wrap instead of widening a phone's page. */
const wrapAnywhere = { style: { overflowWrap: "anywhere" } } as const;

/**
 * Who acted, beyond doubt: a person by name, e-mail and user number (anyone may be named "Sistema"); the
 * system, which has no account, by a mark no name can take.
 */
function Who({ actor }: Pick<AuditEntryView, "actor">) {
  if (actor.kind === "system")
    return (
      <>
        <Badge variant="outline" color="gray" size="sm">
          Automático
        </Badge>
        <Text size="sm">{actor.name}</Text>
      </>
    );
  return (
    <>
      <Text size="sm">{actor.name}</Text>
      <Text size="xs" c="dimmed">
        {[actor.email, `usuário nº ${actor.id}`].filter(Boolean).join(" · ")}
      </Text>
    </>
  );
}

/** A change as "before → after", an event's facts as "E-mail: ana@…"; an edit saved unchanged says so. */
function Details({ entry }: { entry: AuditEntryView }) {
  const lines = [
    ...entry.changes.map(({ field, ...change }) => ({ key: `change:${field}`, text: auditChangeText(field, change) })),
    ...entry.details.map(({ field, value }) => ({ key: `detail:${field}`, text: auditDetailText(field, value) })),
  ];
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {entry.action.endsWith(".updated") ? "Salvo sem alterações" : "—"}
      </Text>
    );
  return (
    <List size="sm" spacing={2}>
      {lines.map(({ key, text }) => (
        <List.Item key={key}>{shortened(text)}</List.Item>
      ))}
    </List>
  );
}

const columns: RecordColumn<AuditEntryView>[] = [
  {
    heading: "Quando",
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
    cellProps: { style: { whiteSpace: "nowrap" } },
  },
  { heading: "Quem", cell: (entry) => <Who actor={entry.actor} />, cellProps: wrapAnywhere },
  { heading: "Endereço", cell: (entry) => entry.address ?? "—", cellProps: wrapAnywhere },
  { heading: "Ação", cell: (entry) => entry.action_label },
  {
    heading: "Registro",
    cell: ({ record }) => {
      const name = record.label || (record.id ? `nº ${record.id}` : record.kind_label);
      return (
        <>
          <Text size="xs" c="dimmed">
            {record.kind_label}
            {record.id ? ` nº ${record.id}` : ""}
          </Text>
          {record.href ? (
            <Anchor component={AppLink} to={record.href} size="sm">
              {name}
            </Anchor>
          ) : (
            <Text size="sm">{name}</Text>
          )}
        </>
      );
    },
    cellProps: wrapAnywhere,
  },
  {
    heading: "Detalhes",
    cell: (entry) => <Details entry={entry} />,
    cellProps: { style: { overflowWrap: "anywhere", minWidth: 260 } },
  },
];

export default function AuditList({ loaderData }: Route.ComponentProps) {
  const { entries, people, filters, errors } = loaderData;
  const filtered = isFiltered(filters);
  return (
    <Stack>
      <Title order={1} size="h2">
        Auditoria
      </Title>
      <Text size="sm" c="dimmed">
        Quem alterou o quê no site, na loja e nas contas, de onde e quando (horário de São Paulo). As entradas não podem
        ser alteradas nem apagadas; as mais antigas que o prazo das Configurações saem sozinhas.
      </Text>
      <AuditFilters values={filters} errors={errors} people={people} />
      {entries.data.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconHistory aria-hidden />}
            title={filtered ? "Nenhuma entrada encontrada" : "Nenhuma entrada ainda"}
            description={
              filtered ? "Tente outros filtros." : "Cada alteração feita pelos administradores aparece aqui."
            }
          />
        </Paper>
      ) : (
        <RecordTable
          rows={entries.data}
          rowKey={(entry) => entry.id}
          columns={columns}
          label="Registro de auditoria, das entradas mais novas às mais antigas"
          minWidth={960}
          dense
        />
      )}
      <PaginationBar pagination={entries.pagination} noun={["entrada", "entradas"]} />
    </Stack>
  );
}

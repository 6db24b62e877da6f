import { Anchor, Button, Group, NativeSelect, Paper, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Form } from "react-router";
import {
  auditActionKeys,
  auditActions,
  auditRecordKindKeys,
  auditRecordKindOf,
  auditRecordKinds,
} from "../../../../common/audit.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";

/** The filters the list was read with, as the address writes them; the same names as GET /api/audit. */
export type AuditFilterValues = {
  actor_id: string;
  action: string;
  record_kind: string;
  record_id: string;
  from: string;
  to: string;
};

/** The filters as an address query: only the ones set, so the address stays short and shareable. */
export function auditFilterQuery(values: AuditFilterValues): string {
  const set = Object.entries(values).filter(([, value]) => value !== "");
  return set.length ? `?${new URLSearchParams(set)}` : "";
}

/** The actions grouped under their kind of record, in the order common/audit.ts lists them. */
const actionOptions = [
  { value: "", label: "Todas as ações" },
  ...auditRecordKindKeys.flatMap((kind) => {
    const items = auditActionKeys
      .filter((action) => auditRecordKindOf(action) === kind)
      .map((action) => ({ value: action, label: auditActions[action] }));
    return items.length ? [{ group: auditRecordKinds[kind], items }] : [];
  }),
];

const kindOptions = [
  { value: "", label: "Todos os registros" },
  ...auditRecordKindKeys.map((kind) => ({ value: kind, label: auditRecordKinds[kind] })),
];

/**
 * The audit log's filters: a plain GET form, so it works without JavaScript and the filters stay in the
 * address; a new search starts at page 1 because `page` is not one of its fields. The CSV export takes
 * the same filters.
 */
export function AuditFilters({
  values,
  errors,
  people,
}: {
  values: AuditFilterValues;
  errors: Record<string, string>;
  people: { id: number; name: string }[];
}) {
  const personOptions = [
    { value: "", label: "Todas as pessoas" },
    ...people.map((person) => ({ value: String(person.id), label: person.name })),
  ];
  const query = auditFilterQuery(values);
  return (
    <Paper withBorder p="sm">
      <Form method="get" role="search" aria-label="Filtrar o registro de auditoria" key={query}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            name="actor_id"
            label="Pessoa"
            data={personOptions}
            defaultValue={values.actor_id}
            error={errors.actor_id}
            style={{ flex: "1 1 200px" }}
          />
          <NativeSelect
            name="action"
            label="Ação"
            data={actionOptions}
            defaultValue={values.action}
            error={errors.action}
            style={{ flex: "1 1 240px" }}
          />
          <NativeSelect
            name="record_kind"
            label="Registro"
            data={kindOptions}
            defaultValue={values.record_kind}
            error={errors.record_kind}
            style={{ flex: "1 1 180px" }}
          />
          <TextInput
            name="record_id"
            label="Id do registro"
            inputMode="numeric"
            maxLength={40}
            defaultValue={values.record_id}
            error={errors.record_id}
            style={{ flex: "0 1 140px" }}
          />
          <TextInput
            name="from"
            type="date"
            label="De"
            defaultValue={values.from}
            error={errors.from}
            style={{ flex: "0 1 170px" }}
          />
          <TextInput
            name="to"
            type="date"
            label="Até"
            defaultValue={values.to}
            error={errors.to}
            style={{ flex: "0 1 170px" }}
          />
        </Group>
        <Group gap="sm" mt="sm">
          <Button type="submit" variant="light">
            Filtrar
          </Button>
          {query ? (
            <Anchor component={AppLink} to={accountPaths.area("auditoria")} size="sm">
              Limpar filtros
            </Anchor>
          ) : null}
          <Button
            component="a"
            href={`/api/audit/export.csv${query}`}
            download
            variant="default"
            ml="auto"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Exportar CSV
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}

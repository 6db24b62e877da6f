import { Badge, Text } from "@mantine/core";
import { IconArrowForwardUp } from "@tabler/icons-react";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { redirectListQuerySchema, redirectSources } from "../../../../common/schemas/redirects.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { RedirectView } from "../../../../common/views/redirects.ts";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { redirectSourceLabels } from "../../../components/conta/redirect-form.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import { listDeleteAction } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, redirectListQuerySchema.shape);
  const redirects = await services.redirects.list(actor, query);
  redirectPastLastPage(url, redirects.pagination, redirects.data.length);
  return { redirects, filtered: query.q !== "" || query.source !== undefined };
}

export const action = listDeleteAction(
  ({ services, actor }, id) => services.redirects.remove(actor, id),
  "Redirecionamento excluído.",
);

export function meta() {
  return [{ title: "Redirecionamentos" }];
}

const sourceFilter = {
  name: "source",
  label: "Origem",
  options: [
    { value: "", label: "Todas as origens" },
    ...redirectSources.map((source) => ({ value: source, label: redirectSourceLabels[source] })),
  ],
};

/** Addresses are long and have no spaces to wrap at. */
const address = { style: { wordBreak: "break-all" } } as const;

const redirectColumns: RecordColumn<RedirectView>[] = [
  {
    heading: "Endereço antigo",
    cell: (redirect) => (
      <Text size="sm" ff="monospace" fw={600}>
        {redirect.from}
      </Text>
    ),
    cellProps: address,
  },
  {
    heading: "Leva para",
    cell: (redirect) => (
      <Text size="sm" ff="monospace">
        {redirect.to}
      </Text>
    ),
    cellProps: address,
  },
  {
    heading: "Origem",
    cell: (redirect) => (
      <Badge color={redirect.source === "manual" ? "primary" : "gray"} variant="light">
        {redirectSourceLabels[redirect.source]}
      </Badge>
    ),
  },
  { heading: "Acessos", cell: (redirect) => redirect.hits.toLocaleString("pt-BR") },
  {
    heading: "Último acesso",
    cell: (redirect) => (redirect.last_hit_at ? formatDateTime(redirect.last_hit_at) : "Nunca"),
    cellProps: { style: { whiteSpace: "nowrap" } },
  },
];

export default function RedirectsList({ loaderData }: Route.ComponentProps) {
  const { redirects, filtered } = loaderData;
  return (
    <RecordListScreen
      heading="Redirecionamentos"
      create={{ to: accountPaths.create("redirects"), label: "Novo redirecionamento" }}
      search={{
        label: "Buscar por endereço",
        filters: [sourceFilter],
        active: filtered,
        noMatch: { title: "Nenhum redirecionamento encontrado", description: "Tente outra busca ou outra origem." },
      }}
      empty={{
        icon: <IconArrowForwardUp aria-hidden />,
        title: "Nenhum redirecionamento cadastrado",
        description:
          "Um redirecionamento leva quem abre um endereço antigo (de um site anterior, ou de uma página que mudou de endereço) a um endereço deste site. A importação do WordPress cria os do site antigo.",
      }}
      table={{
        rows: redirects.data,
        rowKey: (redirect) => redirect.id,
        columns: redirectColumns,
        label: "Redirecionamentos",
        minWidth: 800,
        actions: (redirect) => (
          <>
            <EditAction to={accountPaths.edit("redirects", redirect.id)} name={redirect.from} />
            <ConfirmDelete subject={redirect.from} title="Excluir redirecionamento" fields={{ id: redirect.id }}>
              Quem abrir {redirect.from} deixará de ser levado para {redirect.to}.
            </ConfirmDelete>
          </>
        ),
      }}
      pages={{ pagination: redirects.pagination, noun: ["redirecionamento", "redirecionamentos"] }}
    />
  );
}

import { Button } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { mediaSortLabels, mediaSorts, mediaTypeLabels } from "../../../../common/media.ts";
import { mediaListQuerySchema } from "../../../../common/schemas/media.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ContentList, type ContentRow, statusFilter } from "../../../components/conta/content-list.tsx";
import type { ListFilter } from "../../../components/conta/list-toolbar.tsx";
import { featureTitle } from "../../../lib/feature-title.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import { listDeleteAction } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, mediaListQuerySchema.shape);
  const [items, filters, heading] = await Promise.all([
    services.medias.list(actor, query),
    services.medias.filters(actor),
    featureTitle(services, "medias"),
  ]);
  redirectPastLastPage(url, items.pagination, items.data.length);
  const rows: ContentRow[] = items.data.map((item) => ({
    id: item.id,
    title: item.title,
    slug: String(item.id),
    status: item.status,
    url: item.url_path,
    date: [mediaTypeLabels[item.type], item.year].filter(Boolean).join(" · "),
  }));
  return {
    items: { data: rows, pagination: items.pagination },
    types: filters.types,
    heading,
    filtered: query.q !== "" || query.status !== undefined || query.type !== undefined,
  };
}

export const action = listDeleteAction(
  ({ services, actor }, id) => services.medias.remove(actor, id),
  "Item excluído.",
);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.heading ?? "Biblioteca" }];
}

// Relevance is the default (newest first when nothing is searched), so it stays out of the address.
const sortFilter: ListFilter = {
  name: "sort",
  label: "Ordem",
  options: mediaSorts.map((sort) => ({ value: sort === "relevance" ? "" : sort, label: mediaSortLabels[sort] })),
};

export default function MediasList({ loaderData }: Route.ComponentProps) {
  const { items, types, filtered, heading } = loaderData;
  const typeFilter: ListFilter = {
    name: "type",
    label: "Tipo de material",
    options: [
      { value: "", label: "Todos os tipos" },
      ...types.map((type) => ({ value: type.value, label: `${type.label} (${type.count})` })),
    ],
  };
  return (
    <ContentList
      heading={heading}
      noun={["item", "itens"]}
      newLabel="Novo item"
      base={accountPaths.area("medias")}
      dateHeading="Tipo e ano"
      searchLabel="Buscar na biblioteca"
      filters={[typeFilter, statusFilter, sortFilter]}
      filtered={filtered}
      list={items}
      empty={{
        title: "Nenhum item cadastrado",
        filteredTitle: "Nenhum item encontrado",
        description: "Crie o primeiro com o botão Novo item ou importe um arquivo BibTeX ou RIS.",
      }}
      linkTitles
      deleteTitle="Excluir item"
      deleteText={(row: ContentRow) => <>O item “{row.title}” será excluído da biblioteca.</>}
      actions={
        <Button
          component={AppLink}
          to={accountPaths.mediaImport}
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
        >
          Importar referências
        </Button>
      }
    />
  );
}

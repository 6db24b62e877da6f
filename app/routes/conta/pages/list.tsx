import { formatDateTime } from "../../../../common/format-date.ts";
import { contentListQuerySchema } from "../../../../common/schemas/content.ts";
import {
  ContentList,
  type ContentRow,
  sortFilter,
  statusFilter,
  tagFilter,
} from "../../../components/conta/content-list.tsx";
import { readListQuery } from "../../../components/conta/list-toolbar.tsx";
import { redirectPastLastPage } from "../../../components/conta/pagination-bar.tsx";
import { readSubmission } from "../../../lib/action.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { deleteFromList } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/list";

export const PAGE_DELETED = "Página excluída.";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const query = readListQuery(url, contentListQuerySchema.shape);
  const [pages, tags] = await Promise.all([services.pages.list(actor, query), services.pages.tags(actor)]);
  redirectPastLastPage(url, pages.pagination, pages.data.length);
  const rows: ContentRow[] = pages.data.map((page) => ({
    id: page.id,
    title: page.title,
    slug: page.slug,
    status: page.status,
    url: page.url,
    date: formatDateTime(page.updated_at),
  }));
  return {
    pages: { data: rows, pagination: pages.pagination },
    tags,
    filtered: query.q !== "" || query.status !== undefined || query.tag !== undefined,
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  return deleteFromList({
    submitted: await readSubmission(request),
    url,
    remove: (id) => services.pages.remove(actor, id),
    message: PAGE_DELETED,
  });
}

export function meta() {
  return [{ title: "Páginas" }];
}

const sort = sortFilter({ desc: "Atualizadas recentemente", asc: "Atualizadas há mais tempo" });

export default function PagesList({ loaderData }: Route.ComponentProps) {
  const { pages, tags, filtered } = loaderData;
  return (
    <ContentList
      heading="Páginas"
      noun={["página", "páginas"]}
      newLabel="Nova página"
      base="/conta/pages"
      dateHeading="Atualizada em"
      searchLabel="Buscar páginas"
      filters={[statusFilter, tagFilter(tags), sort]}
      filtered={filtered}
      list={pages}
      empty={{
        title: "Nenhuma página cadastrada",
        filteredTitle: "Nenhuma página encontrada",
        description: "Crie a primeira com o botão Nova página.",
      }}
      deleteTitle="Excluir página"
      deleteText={(page: ContentRow) => (
        <>
          A página “{page.title}” será excluída. Os menus que levam a ela também serão excluídos e, se for a página
          inicial, o site volta a mostrar a página inicial padrão.
        </>
      )}
    />
  );
}

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
import { featureTitle } from "../../../lib/feature-title.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { deleteFromList } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/list";

export const POST_DELETED = "Notícia excluída.";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const query = readListQuery(url, contentListQuerySchema.shape);
  const [posts, tags, heading] = await Promise.all([
    services.posts.list(actor, query),
    services.posts.tags(actor),
    featureTitle(services, "posts"),
  ]);
  redirectPastLastPage(url, posts.pagination, posts.data.length);
  const now = Date.now();
  const rows: ContentRow[] = posts.data.map((post) => ({
    id: post.id,
    title: post.title,
    slug: post.slug,
    status: post.status,
    url: post.url,
    date: formatDateTime(post.published_at),
    scheduled: post.status === "published" && Date.parse(post.published_at) > now,
  }));
  return {
    posts: { data: rows, pagination: posts.pagination },
    tags,
    heading,
    filtered: query.q !== "" || query.status !== undefined || query.tag !== undefined,
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  return deleteFromList({
    submitted: await readSubmission(request),
    url,
    remove: (id) => services.posts.remove(actor, id),
    message: POST_DELETED,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.heading ?? "Notícias" }];
}

const sort = sortFilter({ desc: "Mais recentes primeiro", asc: "Mais antigas primeiro" });

export default function PostsList({ loaderData }: Route.ComponentProps) {
  const { posts, tags, filtered, heading } = loaderData;
  return (
    <ContentList
      heading={heading}
      noun={["notícia", "notícias"]}
      newLabel="Nova notícia"
      base="/conta/posts"
      dateHeading="Publicação"
      searchLabel="Buscar notícias"
      filters={[statusFilter, tagFilter(tags), sort]}
      filtered={filtered}
      list={posts}
      empty={{
        title: "Nenhuma notícia cadastrada",
        filteredTitle: "Nenhuma notícia encontrada",
        description: "Crie a primeira com o botão Nova notícia.",
      }}
      deleteTitle="Excluir notícia"
      deleteText={(post: ContentRow) => <>A notícia “{post.title}” será excluída.</>}
    />
  );
}

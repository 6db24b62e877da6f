import { sitePaths } from "../../../common/site-paths.ts";
import { PostCard } from "../../components/site/content-card.tsx";
import { postCard } from "../../components/site/content-card-view.ts";
import { Pagination } from "../../components/site/pagination.tsx";
import { PublicListHeader } from "../../components/site/public-list-header.tsx";
import { listPath, rssAlternate, seoMeta } from "../../components/site/seo.ts";
import { Container, Stack, ui } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { loadPublicList } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/posts-list";
import styles from "./content-lists.module.css";

/** /noticias — published news, newest first, optionally by tag (?tag=). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const { list, ...rest } = await loadPublicList(services, url, "posts", services.posts);
  return { posts: { ...list, data: list.data.map(postCard) }, ...rest };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { heading, tag, posts } = loaderData;
  const page = posts.pagination.page;
  return seoMeta({
    root,
    title: [tag ? `${heading}: ${tag}` : heading, page > 1 ? `página ${page}` : ""].filter(Boolean).join(" - "),
    description: tag ? `${heading} com a etiqueta ${tag}.` : `${heading} de ${root?.settings?.title ?? "cms"}.`,
    path: listPath(sitePaths.posts, { tag, page }),
    extra: [rssAlternate(root)],
  });
}

export default function PostsList({ loaderData }: Route.ComponentProps) {
  const { posts, tags, tag, heading } = loaderData;
  return (
    <Container section>
      <Stack gap="lg">
        <PublicListHeader list="posts" heading={heading} tag={tag} tags={tags} />
        {posts.data.length === 0 ? (
          <p className={styles.empty}>
            {tag ? "Nenhuma notícia com esta etiqueta." : "Nenhuma notícia publicada ainda."}
          </p>
        ) : (
          <div className={`${ui.grid} ${ui.grid3}`}>
            {posts.data.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={2} />
            ))}
          </div>
        )}
        <Pagination pagination={posts.pagination} noun={["notícia", "notícias"]} />
      </Stack>
    </Container>
  );
}

import { Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { sitePaths } from "../../../common/site-paths.ts";
import { PaginationBar } from "../../components/conta/pagination-bar.tsx";
import { PostCard } from "../../components/site/content-card.tsx";
import { PublicListHeader } from "../../components/site/public-list-header.tsx";
import { listPath, rssAlternate, seoMeta } from "../../components/site/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { loadPublicList } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/posts-list";

/** /noticias — published news, newest first, optionally by tag (?tag=). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const { list, ...rest } = await loadPublicList(services, url, "posts", services.posts);
  return { posts: list, ...rest };
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
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PublicListHeader list="posts" heading={heading} tag={tag} tags={tags} />
        {posts.data.length === 0 ? (
          <Text py="xl">{tag ? "Nenhuma notícia com esta etiqueta." : "Nenhuma notícia publicada ainda."}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {posts.data.map((post) => (
              <PostCard key={post.id} post={post} headingLevel={2} />
            ))}
          </SimpleGrid>
        )}
        <PaginationBar pagination={posts.pagination} noun={["notícia", "notícias"]} />
      </Stack>
    </Container>
  );
}

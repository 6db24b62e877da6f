import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconRss } from "@tabler/icons-react";
import { sitePaths } from "../../../common/site-paths.ts";
import { z } from "../../../common/zod.ts";
import { AppLink } from "../../components/app-link.tsx";
import { readListQuery } from "../../components/conta/list-toolbar.tsx";
import { PaginationBar, redirectPastLastPage } from "../../components/conta/pagination-bar.tsx";
import { PostCard } from "../../components/site/content-card.tsx";
import { listPath, rssAlternate, seoMeta } from "../../components/site/seo.ts";
import { TagFilter } from "../../components/site/tags.tsx";
import { getApp } from "../../lib/context.server.ts";
import { PUBLIC_PER_PAGE, requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/posts-list";

const tagFilter = { tag: z.string().trim().min(1).max(40).optional() };

/** /noticias — published news, newest first, optionally by tag (?tag=). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await requireFeature(services, "posts");
  const query = readListQuery(url, tagFilter);
  const [posts, tags] = await Promise.all([
    services.posts.list(null, {
      page: query.page,
      per_page: PUBLIC_PER_PAGE,
      q: "",
      tag: query.tag,
      sort: "date_desc",
    }),
    services.posts.tags(null),
  ]);
  redirectPastLastPage(url, posts.pagination, posts.data.length);
  return { posts, tags, tag: query.tag ?? null, heading: settings.features.posts.title };
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
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{heading}</Title>
            {tag ? (
              <Text c="gray.7">
                Com a etiqueta <strong>{tag}</strong>.{" "}
                <Anchor component={AppLink} to={sitePaths.posts}>
                  Ver todas
                </Anchor>
              </Text>
            ) : null}
          </Stack>
          <Anchor href={sitePaths.postsFeed} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconRss size={16} aria-hidden />
              Assinar o feed RSS
            </Group>
          </Anchor>
        </Group>
        <TagFilter tags={tags} active={tag} basePath={sitePaths.posts} />
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

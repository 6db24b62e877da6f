import { formatLongDate, formatLongDateTime } from "../../../common/dates/format.ts";
import { newsArticleJsonLd, truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { ContentBody, CoverImage, DocumentList, DraftNotice } from "../../components/site/content-body.tsx";
import { ArrowLeftIcon } from "../../components/site/icons.tsx";
import { MembersOnlyBadge, MembersOnlyNotice } from "../../components/site/members-only.tsx";
import { rssAlternate, seoMeta, siteLinks } from "../../components/site/seo.ts";
import { TagList } from "../../components/site/tags.tsx";
import { Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { itemAnswer } from "../../lib/members-only.server.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import { publicText } from "../../lib/rich-text.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/post-item";
import styles from "./content-item.module.css";

/** /noticias/:slug — one news item; administrators also preview drafts and scheduled items. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const settings = await requireFeature(services, "posts");
  const post = await loadOr404(() => services.posts.get(actor, params.slug, "tease"));
  const { content, textExcerpt } = publicText(context, post);
  return itemAnswer(post, {
    post: { ...post, content },
    textExcerpt,
    heading: settings.features.posts.title,
    now: new Date().toISOString(),
  });
}

/** The loader's caching (itemAnswer): private for a members-only item a member opened. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { post, textExcerpt } = loaderData;
  const links = siteLinks(root);
  const logo = root?.settings?.site_logo?.url;
  const description = truncate(post.summary || textExcerpt, 300);
  return seoMeta({
    root,
    title: post.title,
    description,
    path: post.url,
    image: post.cover,
    type: "article",
    noindex: post.status !== "published" || post.members_only,
    jsonLd: newsArticleJsonLd({
      headline: post.title,
      description,
      url: links.page(post.url),
      image: links.file(post.cover),
      datePublished: post.published_at,
      dateModified: post.updated_at,
      publisher: { name: root?.settings?.title ?? "cms", logo: links.file(logo) },
    }),
    extra: [
      { property: "article:published_time", content: post.published_at },
      { property: "article:modified_time", content: post.updated_at },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
      rssAlternate(root),
    ],
  });
}

export default function PostItem({ loaderData }: Route.ComponentProps) {
  const { post, heading, now } = loaderData;
  const scheduled = post.status === "published" && post.published_at > now;
  return (
    <Container size="md" section>
      <article className={styles.article}>
        <AppLink className={styles.back} to={sitePaths.posts}>
          <ArrowLeftIcon />
          {heading}
        </AppLink>
        {post.status !== "published" ? <DraftNotice /> : null}
        {scheduled ? (
          <DraftNotice title="Pré-visualização (publicação agendada)">
            Esta notícia aparece para os visitantes a partir de {formatLongDateTime(post.published_at)}.
          </DraftNotice>
        ) : null}
        <Stack gap="xs">
          <h1>{post.title}</h1>
          <p className={styles.published}>
            Publicado em{" "}
            <time dateTime={post.published_at} title={formatLongDateTime(post.published_at)}>
              {formatLongDate(post.published_at)}
            </time>
          </p>
          <MembersOnlyBadge item={post} />
          {post.summary ? <p className={styles.summary}>{post.summary}</p> : null}
        </Stack>
        <CoverImage url={post.cover} alt={post.cover_alt} />
        {post.withheld ? <MembersOnlyNotice path={post.url} /> : null}
        <ContentBody html={post.content} />
        <DocumentList documents={post.documents} />
        <TagList tags={post.tags} basePath={sitePaths.posts} />
      </article>
    </Container>
  );
}

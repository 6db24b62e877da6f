import { truncate, webPageJsonLd } from "../../../common/seo.ts";
import { PageArticle } from "../../components/site/content-body.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { Container } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { itemAnswer } from "../../lib/members-only.server.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import { publicText } from "../../lib/rich-text.server.ts";
import type { Route } from "./+types/page";

/** /:slug — a page by slug or id; administrators also open drafts, as a preview. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const [page, settings] = await Promise.all([
    loadOr404(() => services.pages.get(actor, params.slug, "tease")),
    services.settings.get(),
  ]);
  const { content, textExcerpt } = publicText(context, page);
  return itemAnswer(page, { page: { ...page, content }, textExcerpt, isHome: settings?.home_page_id === page.id });
}

/** The loader's caching (itemAnswer): private for a members-only item a member opened. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { page, textExcerpt, isHome } = loaderData;
  const links = siteLinks(root);
  // The page chosen as the home is the same content as /.
  const path = isHome ? "/" : page.url;
  const description = truncate(page.summary || textExcerpt, 300);
  return seoMeta({
    root,
    title: page.title,
    description,
    path,
    image: page.cover,
    noindex: page.status !== "published" || page.members_only,
    jsonLd: webPageJsonLd({
      name: page.title,
      description,
      url: links.page(path),
      image: links.file(page.cover),
      dateModified: page.updated_at,
      publisher: { name: root?.settings?.title ?? "cms", logo: links.file(root?.settings?.site_logo?.url) },
    }),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" section>
      <PageArticle page={loaderData.page} />
    </Container>
  );
}

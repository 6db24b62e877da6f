import { Container } from "@mantine/core";
import { PageArticle } from "../../components/site/content-body.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { findOr404 } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/page";

/** /:slug — a page by slug or id; administrators also open drafts, as a preview. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const [page, settings] = await Promise.all([
    findOr404(() => services.pages.get(actor, params.slug)),
    services.settings.get(),
  ]);
  return { page, isHome: settings?.home_page_id === page.id };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, isHome } = loaderData;
  return seoMeta({
    root: matches[0].loaderData,
    title: page.title,
    description: page.summary || page.content,
    // The page chosen as the home is the same content as /.
    path: isHome ? "/" : page.url,
    image: page.cover,
    noindex: page.status !== "published",
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py="xl">
      <PageArticle page={loaderData.page} />
    </Container>
  );
}

import { buildSitemap, type SitemapEntry } from "../../../common/feeds.ts";
import { feedCacheControl, siteOrigin } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { getApp } from "../../lib/context.server.ts";
import { loadOrNull, plainNotFound } from "../../lib/not-found.server.ts";
import { plainMethodNotAllowed } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/sitemap";

type Listed = { url: string; updated_at: string };

/** The latest of the ISO dates (they sort as text). */
const newest = (items: Listed[], fallback: string) =>
  [fallback, ...items.map((item) => item.updated_at)].sort().at(-1) ?? fallback;

/** Published library items, newest first (the export's cap applies). */
async function mediaItems(services: ReturnType<typeof getApp>["services"]): Promise<Listed[]> {
  const items = await services.medias.exportItems(null, { q: "", sort: "newest" });
  return items.map((item) => ({ url: item.url_path, updated_at: item.updated_at }));
}

/**
 * /sitemap.xml: the home, every published page, and the posts, events, library items and products (lists
 * and items) while their feature is on. Drafts, scheduled posts and the account area never appear.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await services.settings.get();
  if (!settings) return plainNotFound();
  const { posts: postsFeature, events: eventsFeature, medias: mediasFeature, shop: shopFeature } = settings.features;
  const homeId = settings.home_page_id;
  const [pages, posts, events, medias, products, homePage] = await Promise.all([
    services.pages.sitemap(),
    postsFeature.enabled ? services.posts.sitemap() : [],
    eventsFeature.enabled ? services.events.sitemap() : [],
    mediasFeature.enabled ? mediaItems(services) : [],
    shopFeature.enabled ? services.products.sitemap() : [],
    homeId === null ? null : loadOrNull(() => services.pages.get(null, String(homeId))),
  ]);
  const origin = siteOrigin(services.config.BASE_URL, url);
  const entry = (item: Listed): SitemapEntry => ({ loc: `${origin}${item.url}`, lastmod: item.updated_at });
  // A page chosen as the home is listed once, at /; otherwise the home shows the latest posts and events.
  const onHome = homePage ? [homePage] : [...posts, ...events];
  const entries: SitemapEntry[] = [
    { loc: `${origin}${sitePaths.home}`, lastmod: newest(onHome, settings.updated_at) },
    ...(postsFeature.enabled
      ? [{ loc: `${origin}${sitePaths.posts}`, lastmod: newest(posts, settings.updated_at) }]
      : []),
    ...(eventsFeature.enabled
      ? [{ loc: `${origin}${sitePaths.events}`, lastmod: newest(events, settings.updated_at) }]
      : []),
    ...(mediasFeature.enabled
      ? [{ loc: `${origin}${sitePaths.medias}`, lastmod: newest(medias, settings.updated_at) }]
      : []),
    ...(shopFeature.enabled
      ? [{ loc: `${origin}${sitePaths.shop}`, lastmod: newest(products, settings.updated_at) }]
      : []),
    ...pages.filter((page) => page.url !== homePage?.url).map(entry),
    ...posts.map(entry),
    ...events.map(entry),
    ...medias.map(entry),
    ...products.map(entry),
  ];
  return new Response(buildSitemap(entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": feedCacheControl(services.config.BASE_URL, 600),
    },
  });
}

export function action() {
  return plainMethodNotAllowed();
}

import { buildSitemap, type SitemapEntry } from "../../../common/feeds.ts";
import { siteOrigin } from "../../../common/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { findOrNull, plainNotFound } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/sitemap";

type Listed = { url: string; updated_at: string };

/** The latest of the ISO dates (they sort as text). */
const newest = (items: Listed[], fallback: string) =>
  [fallback, ...items.map((item) => item.updated_at)].sort().at(-1) ?? fallback;

/**
 * /sitemap.xml: the home, every published page, and the news and agenda (lists and items)
 * while their feature is on. Drafts, scheduled news and the account area never appear.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await services.settings.get();
  if (!settings) return plainNotFound();
  const { posts: news, events: agenda } = settings.features;
  const homeId = settings.home_page_id;
  const [pages, posts, events, homePage] = await Promise.all([
    services.pages.sitemap(),
    news.enabled ? services.posts.sitemap() : [],
    agenda.enabled ? services.events.sitemap() : [],
    homeId === null ? null : findOrNull(() => services.pages.get(null, String(homeId))),
  ]);
  const origin = siteOrigin(services.config.BASE_URL, url);
  const entry = (item: Listed): SitemapEntry => ({ loc: `${origin}${item.url}`, lastmod: item.updated_at });
  // A page chosen as the home is listed once, at /; otherwise the home shows the latest news and events.
  const onHome = homePage ? [homePage] : [...posts, ...events];
  const entries: SitemapEntry[] = [
    { loc: `${origin}/`, lastmod: newest(onHome, settings.updated_at) },
    ...(news.enabled ? [{ loc: `${origin}/noticias`, lastmod: newest(posts, settings.updated_at) }] : []),
    ...(agenda.enabled ? [{ loc: `${origin}/agenda`, lastmod: newest(events, settings.updated_at) }] : []),
    ...pages.filter((page) => page.url !== homePage?.url).map(entry),
    ...posts.map(entry),
    ...events.map(entry),
  ];
  return new Response(buildSitemap(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}

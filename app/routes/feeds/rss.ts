import { buildRss } from "../../../common/feeds.ts";
import { feedCacheControl, siteOrigin, stripHtml, truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { getApp } from "../../lib/context.server.ts";
import { plainNotFound } from "../../lib/not-found.server.ts";
import { plainMethodNotAllowed } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/rss";

const FEED_SIZE = 20;
const DESCRIPTION_LENGTH = 400;

/** /noticias/rss.xml: the latest published news, with absolute links. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await services.settings.get();
  if (!settings?.features.posts.enabled) return plainNotFound();
  const posts = await services.posts.list(null, { page: 1, per_page: FEED_SIZE, q: "", sort: "date_desc" });
  const origin = siteOrigin(services.config.BASE_URL, url);
  const title = `${settings.features.posts.title} | ${settings.title}`;
  const body = buildRss({
    title,
    link: `${origin}${sitePaths.posts}`,
    self: `${origin}${sitePaths.postsFeed}`,
    description: stripHtml(settings.description),
    items: posts.data.map((post) => ({
      title: post.title,
      link: `${origin}${post.url}`,
      description: truncate(post.summary || post.content, DESCRIPTION_LENGTH),
      published_at: post.published_at,
      categories: post.tags,
    })),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": feedCacheControl(services.config.BASE_URL, 300),
    },
  });
}

export function action() {
  return plainMethodNotAllowed();
}

import { buildRobots } from "../../../common/feeds.ts";
import { feedCacheControl, siteOrigin } from "../../../common/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { plainMethodNotAllowed } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/robots";

/** /robots.txt: crawl everything but the account area and the API. */
export function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const origin = siteOrigin(services.config.BASE_URL, url);
  return new Response(buildRobots(`${origin}/sitemap.xml`), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": feedCacheControl(services.config.BASE_URL, 3600),
    },
  });
}

export function action() {
  return plainMethodNotAllowed();
}

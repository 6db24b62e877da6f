import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../http/env.ts";

/** Never an old address: the API, uploaded files and the build's assets answer themselves. */
const NOT_A_PAGE = /^\/(?:api|files|assets)(?:\/|$)/;

/** React Router's data request for a page: "/sobre.data", "/sobre/_.data", "/_.data" for the home page. */
const DATA_SUFFIX = /(?:\/_)?\.data$/;

/** Browsers and shared caches may keep a 301 for an hour: a redirect changed or deleted is seen within it. */
export const REDIRECT_CACHE_CONTROL = "public, max-age=3600";

/**
 * Every GET and HEAD of a page is looked up among the redirects before it is rendered (or answered
 * from the page cache, which keeps only 200s and is emptied by every change of a redirect, so a warm
 * cache never hides one) and, when its path and query meet an old address, answered with a 301 to the
 * path of this site it leads to, never another host. A client-side navigation asks for the page's data
 * instead: it gets React Router's own redirect answer and lands there too. The hit is counted in memory.
 */
export const answerRedirects = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const dataRequest = DATA_SUFFIX.test(url.pathname);
  const pathname = dataRequest ? url.pathname.replace(DATA_SUFFIX, "") || "/" : url.pathname;
  if (NOT_A_PAGE.test(pathname)) return next();
  const { redirects } = c.get("services");
  const found = await redirects.resolve(pathname, url.search);
  if (!found) return next();
  redirects.countHit(found.id);
  if (dataRequest) return c.body(null, 204, { "X-Remix-Redirect": found.to, "X-Remix-Status": "301" });
  return c.body(null, 301, { Location: found.to, "Cache-Control": REDIRECT_CACHE_CONTROL });
});

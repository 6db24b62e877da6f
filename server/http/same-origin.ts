import type { MiddlewareHandler } from "hono";
import { isApiPath } from "./api-path.ts";
import type { AppEnv } from "./env.ts";
import { readAuthorization, readCookie, SESSION_COOKIE } from "./session-cookie.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_SITE_MESSAGE = "Origem da requisição não permitida.";

/** What a request's own headers say about the page that sent it. */
export type RequestSite = "same" | "other" | "unknown";

function hostOf(address: string): string | null {
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

/**
 * Where a request comes from, by the first of these a browser sent: Origin (on every cross-origin
 * request and on same-origin writes; "null" from sandboxed or privacy-sensitive contexts counts as
 * another site), then Sec-Fetch-Site (same-origin, or none for an address typed by the user), then
 * Referer (our Referrer-Policy keeps the origin on every request). "unknown" when none was sent.
 */
export function requestSite(request: Request, baseUrl: string | undefined): RequestSite {
  const ours = [new URL(request.url).host, baseUrl ? hostOf(baseUrl) : null];
  const isOurs = (address: string) => {
    const host = hostOf(address);
    return host !== null && ours.includes(host);
  };
  const origin = request.headers.get("origin");
  if (origin !== null) return isOurs(origin) ? "same" : "other";
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none" ? "same" : "other";
  const referer = request.headers.get("referer");
  if (referer !== null) return isOurs(referer) ? "same" : "other";
  return "unknown";
}

/**
 * Cross-site request forgery guard for every write, pages and API alike. A token in the
 * Authorization header is never sent by a browser on its own, so such clients may write from
 * anywhere. Otherwise a write that says it comes from another site is refused. A write that says
 * nothing is a non-browser client (curl, scripts): allowed without the session cookie, refused with
 * it, as every browser names the sending page on a form post and only a forged request rides the
 * cookie without doing so.
 *
 * API answers get a JSON 403 here. A page write is flagged instead, so React Router can render
 * its error page with the 403 before any action runs (the root route's middleware).
 */
export function refuseCrossSiteWrites(baseUrl: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("crossSiteWrite", false);
    if (!UNSAFE.has(c.req.method) || readAuthorization(c.req.header("authorization"))) return next();
    const site = requestSite(c.req.raw, baseUrl);
    const withCookie = readCookie(c.req.header("cookie"), SESSION_COOKIE) !== null;
    if (site === "same" || (site === "unknown" && !withCookie)) return next();
    if (isApiPath(c.req.path)) return c.json({ message: CROSS_SITE_MESSAGE }, 403);
    c.set("crossSiteWrite", true);
    return next();
  };
}

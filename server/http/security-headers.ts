import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { accountPaths } from "../../common/site-paths.ts";
import { isApiPath } from "./api-path.ts";
import type { AppEnv } from "./env.ts";

/**
 * The headers every answer carries, static assets included (server/main.ts serves those before the
 * app). The Content-Security-Policy belongs to each HTML document (content-security-policy.ts).
 * HSTS only when the public address is https: on plain http it would lock browsers out of the site.
 * Stored files may be served to other origins through FILES_URL, so resources stay embeddable
 * cross-origin.
 */
export function securityHeaders(baseUrl: string | undefined): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    strictTransportSecurity: baseUrl?.startsWith("https:") ?? false,
    // With no-referrer, browsers send `Origin: null` on form posts and React Router refuses them,
    // so forms would not work without JavaScript.
    referrerPolicy: "strict-origin-when-cross-origin",
  });
}

const AUTH_PATH = /^\/api\/auth(?:\/|$)/;

/**
 * Answers no shared cache or browser history may keep: the account area, every API answer made
 * for a signed-in user, sign-in and sign-out (a token in the body), and anything setting a cookie.
 */
export function noStoreForPrivateAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { path } = c.req;
    const signedInApi = isApiPath(path) && c.get("actor") !== null;
    if (accountPaths.contains(path) || AUTH_PATH.test(path) || signedInApi || c.res.headers.has("set-cookie")) {
      c.res.headers.set("Cache-Control", "no-store");
    }
  };
}

/** What `securityHeaders` adds to every answer, for the answers sent without it (page-cache hits). */
export async function everyAnswerHeaders(baseUrl: string | undefined): Promise<[string, string][]> {
  const probe = new Hono();
  probe.use(securityHeaders(baseUrl));
  probe.get("/", (c) => c.body(null, 204));
  return [...(await probe.request("/")).headers];
}

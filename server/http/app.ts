import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { areas } from "../areas.ts";
import { answerRedirects } from "../modules/redirects/answer-redirects.ts";
import { WORDPRESS_UPLOAD_PATH } from "../modules/wordpress/routes.ts";
import type { Services } from "../services.ts";
import type { AppEnv } from "./env.ts";
import { handleError } from "./errors.ts";
import { createFairQueue, FAIR_QUEUE_CONCURRENCY } from "./fair-queue.ts";
import { refuseControlCharactersInAddress } from "./hostile-input.ts";
import { openApiRoutes } from "./openapi/document.ts";
import { createPageCache, type PageCache, servePageCache } from "./page-cache.ts";
import { refuseCrossSiteWrites } from "./same-origin.ts";
import { noStoreForPrivateAnswers, securityHeaders } from "./security-headers.ts";
import {
  clearedSessionCookie,
  clearedSessionEndedCookie,
  readAuthorization,
  readCookie,
  SESSION_COOKIE,
  SESSION_ENDED_COOKIE,
  sessionEndedCookie,
} from "./session-cookie.ts";

/** What the anonymous page cache may hold: a few hundred pages in three encodings. */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** Pages that change with the clock alone (a post falling due, an event becoming past) follow within a minute. */
const PAGE_CACHE_MAX_AGE_MS = 60_000;

/** Renders every non-API request (the React Router handler, plus static assets in production). */
export type DocumentHandler = (request: Request, env: AppEnv["Variables"]) => Promise<Response>;

/**
 * Behind our reverse proxy the client is the last X-Forwarded-For entry: the proxy appends the
 * address it saw, while earlier entries come from the client and cannot be trusted.
 */
function clientAddressOf(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() : undefined;
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The process's page cache, cleared by every committed change; null with PAGE_CACHE=off. */
export function createSitePageCache(services: Services): PageCache | null {
  if (services.config.PAGE_CACHE !== "on") return null;
  const pageCache = createPageCache({ maxBytes: PAGE_CACHE_BYTES, maxAgeMs: PAGE_CACHE_MAX_AGE_MS });
  services.onEveryChange(() => pageCache.clear());
  return pageCache;
}

/** `pageCache` is given by server/main.ts, which also answers its hits before the app (node-listener.ts). */
export function createHttpApp(
  services: Services,
  handleDocument?: DocumentHandler,
  pageCache: PageCache | null = handleDocument ? createSitePageCache(services) : null,
) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id") ?? randomUUID();
    const logger = services.logger.child({ requestId });
    c.set("services", services);
    c.set("logger", logger);
    c.set("requestId", requestId);
    c.set("clientAddress", clientAddressOf(c, services.config.TRUST_PROXY));
    await next();
    c.header("x-request-id", requestId);
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });

  app.use(async (c, next) => {
    const headerToken = readAuthorization(c.req.header("authorization"));
    const cookieToken = headerToken ? null : readCookie(c.req.header("cookie"), SESSION_COOKIE);
    const token = headerToken ?? cookieToken;
    const actor = token ? await services.auth.userForToken(token) : null;
    c.set("actor", actor);
    c.set("sessionToken", actor ? token : null);
    const endedMark = readCookie(c.req.header("cookie"), SESSION_ENDED_COOKIE) !== null;
    c.set("sessionEnded", !actor && (Boolean(cookieToken) || endedMark));
    await next();
    const secure = services.config.secureCookies;
    // An expired or revoked session cookie is dropped, so the browser stops presenting it.
    if (cookieToken && !actor) {
      c.res.headers.append("Set-Cookie", clearedSessionCookie(secure));
      c.res.headers.append("Set-Cookie", sessionEndedCookie(secure));
    } else if (actor && endedMark) {
      c.res.headers.append("Set-Cookie", clearedSessionEndedCookie(secure));
    }
  });

  app.use(securityHeaders(services.config.BASE_URL));
  app.use(noStoreForPrivateAnswers());
  app.use(refuseCrossSiteWrites(services.config.BASE_URL));
  app.use(refuseControlCharactersInAddress);

  app.onError(handleError);

  const queue = createFairQueue(FAIR_QUEUE_CONCURRENCY);
  const api = new Hono<AppEnv>();
  api.use(queue.middleware);
  const apiBodyLimit = bodyLimit({
    maxSize: 25 * 1024 * 1024,
    onError: (c) => c.json({ message: "O arquivo enviado é grande demais." }, 413),
  });
  // A WordPress export may be larger: its route sets its own limit.
  api.use((c, next) =>
    c.req.path === WORDPRESS_UPLOAD_PATH && c.req.method === "POST" ? next() : apiBodyLimit(c, next),
  );
  const mounted = Object.values(areas).flatMap((area) => area.routes ?? []);
  for (const { base, routes } of mounted) {
    if (base.startsWith("/api/")) api.route(base.slice("/api".length), routes);
  }
  api.route("/openapi.json", openApiRoutes);
  // A sub-app's notFound is never called once mounted: a catch-all keeps unknown paths out of the page handler.
  api.all("*", (c) => c.json({ message: "Endereço da API não encontrado." }, 404));
  app.route("/api", api);

  for (const { base, routes } of mounted) {
    if (!base.startsWith("/api/")) app.route(base, routes);
  }

  // Old addresses answer before any page is rendered or taken from the page cache.
  app.get("*", answerRedirects);
  if (handleDocument) {
    const render = (c: Context<AppEnv>) => queue.run(c.req.method, () => handleDocument(c.req.raw, c.var));
    if (pageCache) {
      app.all("*", servePageCache(pageCache), render);
    } else {
      app.all("*", render);
    }
  }
  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;

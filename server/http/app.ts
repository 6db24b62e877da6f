import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { areas } from "../areas.ts";
import { runInRequest } from "../kernel/request-context.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { metricsRoute } from "../metrics/metrics-route.ts";
import { FISCAL_WEBHOOK_PATH } from "../modules/fiscal/routes.ts";
import { ASAAS_WEBHOOK_PATH } from "../modules/members/routes.ts";
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
 * An id a proxy sent is kept only when it is a short token: anything else (spaces, quotes, line breaks,
 * kilobytes) would end up verbatim in log lines and on the error page.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The id of one request: behind our reverse proxy (TRUST_PROXY) the X-Request-Id it sent, when that is
 * safe to repeat; else always a new one, as a client could otherwise name its requests in the log and in
 * the audit entries after another's.
 */
export function requestIdFrom(sent: string | undefined, trustProxy: boolean): string {
  return trustProxy && sent !== undefined && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * The build's own files (server/serve.ts), answered before the app: an X-Request-Id like every other
 * answer, and counted under one route, "asset", with /metrics on. No log line: a page's assets would
 * bury its own line.
 */
export function assetAnswers(metrics: Metrics | null, trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header("x-request-id"), trustProxy);
    await next();
    c.header("x-request-id", requestId);
    metrics?.answered("asset", c.req.method, c.res.status, performance.now() - started);
  };
}

/** What a page answer is counted as in /metrics: the pages' addresses are unbounded, their kinds are not. */
type PageRoutes = Map<unknown, "page" | "page-cache" | "redirect">;

/**
 * The route an answer came from, as /metrics counts it: the pattern it was registered with
 * (`/api/pages/:id`), never the address itself, or the kind of page; "other" for what the middleware
 * before every route answered (a refused write, a hostile address) or no route matched.
 */
function routeOf(c: Context<AppEnv>, pageRoutes: PageRoutes): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route) return "other";
  const page = pageRoutes.get(route.handler);
  // The redirects' look-up passes on what it does not redirect: without a page handler, to no route.
  if (page === "redirect" && !c.res.headers.has("location")) return "other";
  if (page) return page;
  return route.path === "*" || route.path === "/*" ? "other" : route.path;
}

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

/**
 * `pageCache` is given by server/serve.ts, which also answers its hits before the app (node-listener.ts);
 * `metrics` too, when METRICS_TOKEN turns /metrics on (server/metrics/).
 */
export function createHttpApp(
  services: Services,
  handleDocument?: DocumentHandler,
  pageCache: PageCache | null = handleDocument ? createSitePageCache(services) : null,
  metrics: Metrics | null = null,
) {
  const app = new Hono<AppEnv>();
  const pageRoutes: PageRoutes = new Map();

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header("x-request-id"), services.config.TRUST_PROXY);
    const logger = services.logger.child({ requestId });
    c.set("services", services);
    c.set("logger", logger);
    const clientAddress = clientAddressOf(c, services.config.TRUST_PROXY);
    c.set("requestId", requestId);
    c.set("clientAddress", clientAddress);
    const userAgent = (c.req.header("user-agent") ?? "").slice(0, 400);
    await runInRequest({ id: requestId, address: clientAddress, userAgent }, next);
    c.header("x-request-id", requestId);
    const ms = performance.now() - started;
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) }, "request");
    metrics?.answered(routeOf(c, pageRoutes), c.req.method, c.res.status, ms);
  });

  // Before the session's look-up: the scraper's bearer token is not a session's.
  const metricsToken = services.config.METRICS_TOKEN;
  if (metrics && metricsToken) app.get("/metrics", metricsRoute(metrics, metricsToken));

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
  // A WordPress export may be larger, Focus NFe's and Asaas's webhooks are held to far less: their routes set
  // their own limits.
  const ownLimits = new Set([WORDPRESS_UPLOAD_PATH, FISCAL_WEBHOOK_PATH, ASAAS_WEBHOOK_PATH]);
  api.use((c, next) => (ownLimits.has(c.req.path) && c.req.method === "POST" ? next() : apiBodyLimit(c, next)));
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
  pageRoutes.set(answerRedirects, "redirect");
  if (handleDocument) {
    let pagesWaiting = 0;
    metrics?.watch({ pagesWaiting: () => pagesWaiting });
    const render = (c: Context<AppEnv>) => {
      pagesWaiting++;
      return queue.run(c.req.method, () => {
        pagesWaiting--;
        return handleDocument(c.req.raw, c.var);
      });
    };
    pageRoutes.set(render, "page");
    if (pageCache) {
      const fromCache = servePageCache(pageCache);
      pageRoutes.set(fromCache, "page-cache");
      app.all("*", fromCache, render);
    } else {
      app.all("*", render);
    }
  }
  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;

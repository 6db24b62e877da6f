import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { Metrics } from "../metrics/metrics.ts";
import { requestIdFrom } from "./app.ts";
import type { PageCache } from "./page-cache.ts";
import { serveCachedPages } from "./page-cache.ts";
import { everyAnswerHeaders } from "./security-headers.ts";

/** How often the page-cache hits of the past interval are logged as one line. */
export const HIT_LOG_INTERVAL_MS = 60_000;

/**
 * Node's request listener: a page-cache hit is answered at once (server/http/page-cache.ts,
 * `serveCachedPages`), everything else goes to the app, which logs a line per request. Hits are
 * counted and logged once a minute (how many, how many 304, the bytes sent) rather than one line
 * each: formatting and writing a line costs as much as the rest of a hit. At LOG_LEVEL=debug each
 * hit gets its own line as well, with its request id. With /metrics on, each hit is counted there too.
 */
export async function createNodeListener(options: {
  app: RequestListener;
  pageCache: PageCache | null;
  baseUrl: string | undefined;
  logger: Logger;
  /** TRUST_PROXY: a hit keeps the proxy's X-Request-Id, as the app does (server/http/app.ts). */
  trustProxy?: boolean;
  metrics?: Metrics | null;
  hitLogIntervalMs?: number;
}): Promise<{ listener: RequestListener; logHits: () => void }> {
  const { app, pageCache, logger, metrics } = options;
  const tally = { hits: 0, notModified: 0, bytes: 0 };
  const logHits = () => {
    if (tally.hits === 0) return;
    logger.info({ ...tally, seconds: (options.hitLogIntervalMs ?? HIT_LOG_INTERVAL_MS) / 1000 }, "page cache hits");
    tally.hits = tally.notModified = tally.bytes = 0;
  };
  if (!pageCache) return { listener: app, logHits };
  setInterval(logHits, options.hitLogIntervalMs ?? HIT_LOG_INTERVAL_MS).unref();
  const trustProxy = options.trustProxy ?? false;
  const serveHit = serveCachedPages(pageCache, await everyAnswerHeaders(options.baseUrl), (sent) =>
    requestIdFrom(sent, trustProxy),
  );
  const eachHit = logger.isLevelEnabled("debug");
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const started = metrics ? performance.now() : 0;
    const hit = serveHit(request, response);
    if (hit === null) return app(request, response);
    tally.hits++;
    tally.bytes += hit.bytes;
    if (response.statusCode === 304) tally.notModified++;
    metrics?.answered("page-cache", request.method ?? "GET", response.statusCode, performance.now() - started);
    if (eachHit)
      logger.debug(
        {
          method: request.method,
          path: request.url?.split("?")[0],
          status: response.statusCode,
          requestId: hit.requestId,
        },
        "page cache hit",
      );
  };
  return { listener, logHits };
}

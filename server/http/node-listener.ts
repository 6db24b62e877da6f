import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { PageCache } from "./page-cache.ts";
import { serveCachedPages } from "./page-cache.ts";
import { everyAnswerHeaders } from "./security-headers.ts";

/**
 * Node's request listener: a page-cache hit is answered at once (server/http/page-cache.ts,
 * `serveCachedPages`), everything else goes to the app. Hits are logged like the app's requests.
 */
export async function createNodeListener(options: {
  app: RequestListener;
  pageCache: PageCache | null;
  baseUrl: string | undefined;
  logger: Logger;
}): Promise<RequestListener> {
  const { app, pageCache, logger } = options;
  if (!pageCache) return app;
  const serveHit = serveCachedPages(pageCache, await everyAnswerHeaders(options.baseUrl));
  return (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    if (!serveHit(request, response)) return app(request, response);
    logger.info(
      {
        method: request.method,
        path: request.url?.split("?")[0],
        status: response.statusCode,
        ms: performance.now() - started,
      },
      "request",
    );
  };
}

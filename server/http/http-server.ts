import http from "node:http";

/**
 * How long an idle keep-alive connection stays open. Longer than the idle timeouts of the proxies and
 * load balancers put in front (nginx 75 s upstream keep-alive at most by default, AWS's 60 s), and than a
 * client's pause between two requests: with Node's 5 s default, a connection closed at the moment a
 * client reuses it gives that client ECONNRESET (or its proxy a 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP server the app is served from (server/serve.ts). */
export function createHttpServer(): http.Server {
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node's headers timeout must outlast the keep-alive one, or a reused connection can be cut first.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import type { AppEnv } from "../http/env.ts";
import type { Metrics } from "./metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compared through their digests: equal lengths for timingSafeEqual, and no early exit on the first difference. */
function sameToken(given: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(given), expected);
}

/**
 * GET /metrics for Prometheus: the numbers of every process serving the site, only for
 * `Authorization: Bearer <METRICS_TOKEN>`. Never kept by a browser or a proxy.
 */
export function metricsRoute(metrics: Metrics, token: string): Handler<AppEnv> {
  const expected = digest(token);
  return async (c) => {
    c.header("Cache-Control", "no-store");
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    if (given === undefined || !sameToken(given, expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.text("Token das métricas ausente ou incorreto (Authorization: Bearer).", 401);
    }
    try {
      const text = await metrics.scrape();
      return c.body(text, 200, { "Content-Type": metrics.contentType });
    } catch (error) {
      c.get("logger").warn({ err: error }, "metrics scrape failed");
      return c.text("Não foi possível reunir as métricas agora; tente de novo.", 503);
    }
  };
}

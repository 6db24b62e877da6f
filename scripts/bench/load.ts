/** Runs the same wrk load (warm-up, then measured) on each path of one server. */
import { setTimeout as sleep } from "node:timers/promises";
import { type Processes, waitIdle } from "./proc.ts";
import type { Wrk, WrkResult } from "./wrk.ts";

/** An Accept-Encoding to send and the Content-Encoding the answer must then have. */
export type Encoding = { accept: string; expect: string };

/** What every browser sends (Chrome, Firefox and Safari alike), so brotli from a server that has it. */
export const BROWSER_ENCODING: Encoding = { accept: "gzip, deflate, br", expect: "br" };

/** A path to load; without `encoding`, wrk sends no Accept-Encoding and gets the uncompressed answer. */
export type Target = { label: string; path: string; encoding?: Encoding };

export type Load = Target & {
  connections: number;
  /** The page cache's X-Page-Cache header on a repeated GET ("hit"), or null when it did not answer. */
  cache: string | null;
  result: WrkResult;
};

export type LoadSettings = { wrk: Wrk; seconds: number; warmupSeconds: number; connections: number[] };

/**
 * A path must answer 200 itself (a redirect would be measured as something else), and in the encoding
 * asked for: else the row would time another answer than the one it names. Returns X-Page-Cache.
 */
export async function preflight(url: string, encoding?: Encoding): Promise<string | null> {
  let cache: string | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await fetch(url, {
      redirect: "manual",
      // fetch decompresses the body, but leaves Content-Encoding as the server sent it.
      headers: encoding ? { "accept-encoding": encoding.accept } : {},
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} -> HTTP ${response.status}, not 200: fix the path first`);
    const sent = response.headers.get("content-encoding");
    if (encoding && sent !== encoding.expect) {
      throw new Error(
        `GET ${url} with Accept-Encoding: ${encoding.accept} -> Content-Encoding ${sent ?? "none"}, ` +
          `not ${encoding.expect}: its row would measure another answer`,
      );
    }
    cache = response.headers.get("x-page-cache");
  }
  return cache;
}

/**
 * Without the server's processes (WordPress: nginx, PHP-FPM and MariaDB), one more request waits behind
 * whatever the warm-up left queued; a second's pause after it lets the workers settle.
 */
async function drain(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  await response.arrayBuffer();
  await sleep(1000);
}

export async function loadTargets(
  { wrk, seconds, warmupSeconds, connections }: LoadSettings,
  run: { name: string; base: string; targets: Target[]; processes?: Processes },
): Promise<Load[]> {
  const loads: Load[] = [];
  for (const target of run.targets) {
    const url = `${run.base}${target.path}`;
    const cache = await preflight(url, target.encoding);
    const headers: Record<string, string> = target.encoding ? { "Accept-Encoding": target.encoding.accept } : {};
    const shown = `${target.label} ${target.path}${target.encoding ? ` (${target.encoding.expect})` : ""}`;
    for (const count of connections) {
      if (warmupSeconds > 0) await wrk(url, { connections: count, seconds: warmupSeconds, headers });
      // Let the server finish what the warm-up left queued, so that it is not counted in this run.
      await (run.processes ? waitIdle(run.processes) : drain(url));
      const result = await wrk(url, { connections: count, seconds, headers });
      const errors = result.non2xx + result.socketErrors + result.timeouts;
      console.error(
        `[${run.name}] ${shown} c=${count}: ${result.perSecond.toFixed(0)} req/s, ` +
          `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ` +
          `${result.kbPerResponse.toFixed(1)} KB per answer` +
          (errors > 0
            ? `, ${result.non2xx} non-2xx, ${result.socketErrors} socket errors, ${result.timeouts} timeouts`
            : ""),
      );
      loads.push({ ...target, connections: count, cache, result });
    }
  }
  return loads;
}

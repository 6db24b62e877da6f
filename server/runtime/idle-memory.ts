import v8 from "node:v8";
import type { Logger } from "pino";
import { collectAllGarbage } from "../kernel/garbage-collection.ts";

/** When the server counts as idle and how much its heap must have grown to be worth a collection. */
export const IDLE_MEMORY = {
  /** No request for this long: the burst is over. */
  quietMs: 10_000,
  /** How often the quiet is checked. */
  checkMs: 2_000,
  /**
   * Heap growth since the last release below which a collection (~0.2 s of a core) is not worth it. With
   * the 16 MB semi-spaces `npm start` sets (docs/decisions/0016) a burst that started no render worker
   * grows the heap by ~25 MB, which a collection turns into ~65 MB of resident memory given back.
   */
  heapGrowthBytes: 16 * 1024 * 1024,
} as const;

/**
 * Gives memory back once requests stop: after `quietMs` without a request, `release` runs (the render
 * workers stop, server/render/render-pool.ts) and, if the heap grew since the last time, a full
 * collection returns V8's empty pages. It runs once per quiet spell, never while requests come in, and
 * a quiet site whose heap stays put pays nothing.
 */
export function startIdleMemoryRelease(options: {
  release: () => Promise<boolean>;
  logger?: Logger;
  collect?: () => void;
  heapBytes?: () => number;
  quietMs?: number;
  checkMs?: number;
  heapGrowthBytes?: number;
}) {
  const quietMs = options.quietMs ?? IDLE_MEMORY.quietMs;
  const heapGrowthBytes = options.heapGrowthBytes ?? IDLE_MEMORY.heapGrowthBytes;
  const collect = options.collect ?? collectAllGarbage;
  const heapBytes = options.heapBytes ?? (() => v8.getHeapStatistics().total_heap_size);
  let lastRequestAt = performance.now();
  let busySinceRelease = false;
  let releasing = false;
  let heapAfterRelease = heapBytes();

  async function check() {
    if (!busySinceRelease || releasing || performance.now() - lastRequestAt < quietMs) return;
    releasing = true;
    try {
      const rssBefore = process.memoryUsage.rss();
      const stoppedSomething = await options.release();
      // A request that came in meanwhile has the loop now: the collection waits for the next quiet.
      if (performance.now() - lastRequestAt < quietMs) return;
      const collecting = stoppedSomething || heapBytes() - heapAfterRelease >= heapGrowthBytes;
      if (collecting) collect();
      heapAfterRelease = heapBytes();
      busySinceRelease = false;
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
      options.logger?.info(
        {
          stoppedSomething,
          collected: collecting,
          rssBeforeMb: mb(rssBefore),
          rssAfterMb: mb(process.memoryUsage.rss()),
        },
        "quiet spell: memory given back",
      );
    } finally {
      releasing = false;
    }
  }

  const timer = setInterval(() => void check(), options.checkMs ?? IDLE_MEMORY.checkMs);
  timer.unref();
  return {
    /** A request arrived. */
    touch() {
      lastRequestAt = performance.now();
      busySinceRelease = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

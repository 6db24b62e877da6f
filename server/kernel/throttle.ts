import { rateLimited } from "../../common/errors.ts";

/**
 * A limit of attempts per key in a sliding window. Async so that a store shared by several
 * processes (a database table) can stand behind the same two calls.
 */
export type Throttle = {
  /**
   * Counts one attempt for the key before the work it guards starts, so simultaneous attempts are
   * limited like sequential ones. A key that already has maxHits in the window gets a rate-limit
   * error and the refused attempt is not counted, so a flood does not keep a key blocked past the window.
   */
  take(key: string): Promise<void>;
  /** Uncounts the key's latest attempt: one that turned out to be allowed (a right password). */
  giveBack(key: string): Promise<void>;
};

/**
 * Counts attempts (logins, messages sent) per key in a sliding window kept in memory: the product
 * runs as one process, so one counter is enough (docs/decisions/0003).
 */
export function createThrottle(options: { maxHits: number; windowMs: number; message: string }): Throttle {
  const hitsByKey = new Map<string, number[]>();
  let lastSweep = Date.now();
  // Keys that never come back would stay forever; once per window, drop every expired entry.
  const sweep = (now: number) => {
    if (now - lastSweep < options.windowMs) return;
    lastSweep = now;
    for (const [key, hits] of hitsByKey) {
      if (hits.every((at) => now - at >= options.windowMs)) hitsByKey.delete(key);
    }
  };
  const recent = (key: string, now: number) => {
    const kept = (hitsByKey.get(key) ?? []).filter((at) => now - at < options.windowMs);
    if (kept.length === 0) hitsByKey.delete(key);
    else hitsByKey.set(key, kept);
    return kept;
  };
  return {
    // No await inside: the check and the count happen in one turn of the event loop.
    async take(key) {
      const now = Date.now();
      sweep(now);
      const hits = recent(key, now);
      if (hits.length >= options.maxHits) throw rateLimited(options.message);
      hitsByKey.set(key, [...hits, now]);
    },
    async giveBack(key) {
      const hits = recent(key, Date.now());
      if (hits.length <= 1) hitsByKey.delete(key);
      else hitsByKey.set(key, hits.slice(0, -1));
    },
  };
}

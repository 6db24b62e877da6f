import { rateLimited } from "./errors.ts";

export type Throttle = {
  /** Throws a rate-limit error while the key is blocked. */
  check(key: string): void;
  hit(key: string): void;
  reset(key: string): void;
};

/**
 * Counts hits (failed logins, messages sent) per key (client address) in a sliding window kept in
 * memory: the product runs as one process, so one counter is enough.
 */
export function createThrottle(options: { maxHits: number; windowMs: number; message: string }): Throttle {
  const hitsByKey = new Map<string, number[]>();
  let lastSweep = Date.now();
  // Addresses that never come back would stay forever; once per window, drop every expired entry.
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
    check(key) {
      if (recent(key, Date.now()).length >= options.maxHits) throw rateLimited(options.message);
    },
    hit(key) {
      const now = Date.now();
      sweep(now);
      hitsByKey.set(key, [...recent(key, now), now]);
    },
    reset(key) {
      hitsByKey.delete(key);
    },
  };
}

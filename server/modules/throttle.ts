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
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < options.windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    check(key) {
      if (recent(key, Date.now()).length >= options.maxHits) throw rateLimited(options.message);
    },
    hit(key) {
      const now = Date.now();
      failures.set(key, [...recent(key, now), now]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}

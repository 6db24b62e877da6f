import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimited } from "../../common/errors.ts";
import type { Db } from "../db/client.ts";
import { throttleHits } from "../modules/throttles/tables.ts";

/**
 * A limit of attempts per key in a sliding window. Async so that a store shared by several
 * processes (a database table) stands behind the same two calls.
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

/** One limit: `name` tells its attempts apart from other limits' in a shared store. */
export type ThrottleLimit = { name: string; maxHits: number; windowMs: number; message: string };

/** Makes the process's throttles, all on one store (PlatformDeps.throttle). */
export type ThrottleFactory = (limit: ThrottleLimit) => Throttle;

/**
 * Counts attempts in the process's memory: exact on the embedded database, which one process owns
 * (docs/decisions/0003). It also never waits for the database, which matters there: a sign-up at the
 * checkout counts its attempt inside the order's transaction, and PGlite has one connection.
 */
export function createMemoryThrottle(limit: ThrottleLimit): Throttle {
  const hitsByKey = new Map<string, number[]>();
  let lastSweep = Date.now();
  // Keys that never come back would stay forever; once per window, drop every expired entry.
  const sweep = (now: number) => {
    if (now - lastSweep < limit.windowMs) return;
    lastSweep = now;
    for (const [key, hits] of hitsByKey) {
      if (hits.every((at) => now - at >= limit.windowMs)) hitsByKey.delete(key);
    }
  };
  const recent = (key: string, now: number) => {
    const kept = (hitsByKey.get(key) ?? []).filter((at) => now - at < limit.windowMs);
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
      if (hits.length >= limit.maxHits) throw rateLimited(limit.message);
      hitsByKey.set(key, [...hits, now]);
    },
    async giveBack(key) {
      const hits = recent(key, Date.now());
      if (hits.length <= 1) hitsByKey.delete(key);
      else hitsByKey.set(key, hits.slice(0, -1));
    },
  };
}

/**
 * Counts attempts in the throttle_hits table, so that every process serving the site counts the same
 * attempts. `db` is the process's own handle, never a caller's transaction: an attempt stays counted
 * when the work it guarded rolls back. Attempts of one key are counted under a transaction-scoped
 * advisory lock, so simultaneous attempts from several processes are limited like sequential ones.
 * Times come from this process's clock, as the window's start does.
 */
export function createDatabaseThrottle(db: Db, limit: ThrottleLimit): Throttle {
  let lastSweep = 0;
  const since = (now: number) => new Date(now - limit.windowMs);
  const ofKey = (key: string) => and(eq(throttleHits.throttle, limit.name), eq(throttleHits.key, key));
  return {
    async take(key) {
      const now = Date.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${limit.name}:${key}`}, 0))`);
        const recent = await tx
          .select({ hits: sql<number>`count(*)::int` })
          .from(throttleHits)
          .where(and(ofKey(key), gt(throttleHits.at, since(now))));
        if ((recent[0]?.hits ?? 0) >= limit.maxHits) throw rateLimited(limit.message);
        await tx.insert(throttleHits).values({ throttle: limit.name, key, at: new Date(now) });
      });
      // Once per window, this limit's expired attempts go: a key that never comes back would stay.
      if (now - lastSweep >= limit.windowMs) {
        lastSweep = now;
        await db
          .delete(throttleHits)
          .where(and(eq(throttleHits.throttle, limit.name), lt(throttleHits.at, since(now))));
      }
    },
    async giveBack(key) {
      const latest = db
        .select({ id: throttleHits.id })
        .from(throttleHits)
        .where(and(ofKey(key), gt(throttleHits.at, since(Date.now()))))
        .orderBy(desc(throttleHits.at), desc(throttleHits.id))
        .limit(1);
      await db.delete(throttleHits).where(eq(throttleHits.id, sql`(${latest})`));
    },
  };
}

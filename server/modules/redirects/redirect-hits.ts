import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";

/** How long hits wait in memory before they are written, one statement for all. */
export const HITS_FLUSH_MS = 5000;

const MAX_HITS = 2_147_483_647;

type Pending = { hits: number; lastAt: Date };

/**
 * The redirects' hit counters, kept in memory and added to their rows every few seconds: a visitor's
 * 301 writes nothing. The write is a plain UPDATE that announces nothing (server/kernel/events.ts), so
 * it drops neither the redirects' memo nor the page cache nor the visitors' reads, on any process;
 * no trigger or NOTIFY follows a table's writes. Hits not yet written when the process dies are lost,
 * and so is a batch the database refuses (logged): they are statistics.
 */
export function createRedirectHits(db: Db, logger: Logger, everyMs = HITS_FLUSH_MS) {
  let pending = new Map<number, Pending>();
  let timer: NodeJS.Timeout | null = null;
  let written: Promise<void> = Promise.resolve();

  async function write(batch: Map<number, Pending>): Promise<void> {
    const rows = [...batch].map(
      ([id, { hits, lastAt }]) => sql`(${id}::integer, ${hits}::integer, ${lastAt.toISOString()}::timestamptz)`,
    );
    await db.execute(sql`
      UPDATE redirects
      SET hits = LEAST(redirects.hits::bigint + counted.hits, ${MAX_HITS})::integer,
          last_hit_at = GREATEST(redirects.last_hit_at, counted.at)
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS counted (id, hits, at)
      WHERE redirects.id = counted.id`);
  }

  /** Writes what was counted; resolves once it is written (or refused), after any write before it. */
  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.size === 0) return written;
    const batch = pending;
    pending = new Map();
    written = written
      .then(() => write(batch))
      .catch((error: unknown) => logger.warn({ err: error, redirects: batch.size }, "redirect hits not written"));
    return written;
  }

  return {
    count(id: number): void {
      const now = new Date();
      const counted = pending.get(id);
      if (counted) {
        counted.hits++;
        counted.lastAt = now;
      } else pending.set(id, { hits: 1, lastAt: now });
      if (timer) return;
      timer = setTimeout(() => void flush(), everyMs);
      timer.unref();
    },
    flush,
  };
}

export type RedirectHits = ReturnType<typeof createRedirectHits>;

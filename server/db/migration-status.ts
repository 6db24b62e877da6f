import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./client.ts";
import { migrationsFolder } from "./client.ts";
import { queryRows } from "./sql.ts";

type Journal = { entries: { tag: string; when: number }[] };

let journal: Journal | null = null;
/** The code's migrations, read once: drizzle-kit's journal beside the SQL files. */
function codeMigrations(): Journal["entries"] {
  journal ??= JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;
  return journal.entries;
}

/** `newer`: migrations the database has and this code does not know (a later version migrated it). */
export type MigrationStatus = { applied: number; expected: number; missing: string[]; newer: number };

/**
 * Which of the code's migrations the database has applied. Drizzle's migrator records each one's
 * journal time (`created_at`) in drizzle.__drizzle_migrations; a database never migrated has no such table.
 */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const expected = codeMigrations();
  const [present] = await queryRows(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS "exists"`,
    z.object({ exists: z.boolean() }),
  );
  const applied = present?.exists
    ? await queryRows(
        db,
        sql`SELECT created_at::text AS "when" FROM drizzle.__drizzle_migrations`,
        z.object({ when: z.string() }),
      )
    : [];
  const appliedTimes = new Set(applied.map((row) => Number(row.when)));
  const missing = expected.filter((entry) => !appliedTimes.has(entry.when)).map((entry) => entry.tag);
  const known = new Set(expected.map((entry) => entry.when));
  const newer = [...appliedTimes].filter((when) => !known.has(when)).length;
  return { applied: applied.length, expected: expected.length, missing, newer };
}

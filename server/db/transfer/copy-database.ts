import type { Database } from "../client.ts";
import { type LoadSummary, loadRows, tablesWithRows } from "./load.ts";
import { appliedMigrations, requireSameMigrations } from "./migrations.ts";
import { TransferError } from "./query.ts";
import { readSnapshot } from "./snapshot.ts";

/** Refuses a database that holds rows: loading must never mix two sites' data. */
export async function requireNoRows(database: Database, what: string): Promise<void> {
  const filled = await tablesWithRows(database.db);
  if (filled.length > 0) {
    throw new TransferError(
      `${what} is not empty: these tables have rows: ${filled.join(", ")}. Use a new, empty one.`,
    );
  }
}

/**
 * Copies every row of `source` into `target`, an empty database (migrated or not): both must end up at
 * this code's migrations, so every table has the same columns on both sides. Drizzle's migration journal
 * is not copied; the target's own migration run writes it.
 */
export async function copyDatabase(source: Database, target: Database): Promise<LoadSummary> {
  requireSameMigrations(await appliedMigrations(source.db), "the source database");
  await requireNoRows(target, "The target database");
  await target.migrate();
  requireSameMigrations(await appliedMigrations(target.db), "the target database");
  const summary = await readSnapshot(source, (snapshot) => loadRows(target, snapshot));
  if (summary.tables.length === 0) throw new TransferError("The source database has no tables.");
  return summary;
}

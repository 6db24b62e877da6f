import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { PgDialect, type PgSession } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Database, type Db, migrationsFolder } from "../client.ts";
import { queryRows } from "../sql.ts";
import { TransferError } from "./query.ts";

/** The hashes Drizzle records for each migration this code has, oldest first. */
export function codeMigrations(): string[] {
  return readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
}

const journalRow = z.object({ hash: z.string() });

/** The hashes of the migrations a database has applied, oldest first (none: a database never migrated). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const [journal] = await queryRows(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
    z.object({ name: z.string().nullable() }),
  );
  if (!journal?.name) return [];
  const rows = await queryRows(db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`, journalRow);
  return rows.map(({ hash }) => hash);
}

/**
 * How a database's (or a backup's) migrations stand against this code's: the same, an older state of
 * the same history (the code can bring it up to date), or something this code cannot take.
 */
export function compareMigrations(applied: string[], code: string[]): "same" | "older" | "newer" | "different" {
  const shared = Math.min(applied.length, code.length);
  for (let index = 0; index < shared; index += 1) {
    if (applied[index] !== code[index]) return "different";
  }
  if (applied.length === code.length) return "same";
  return applied.length < code.length ? "older" : "newer";
}

/** Refuses a source whose migrations are not exactly the code's: its rows would not fit the tables made here. */
export function requireSameMigrations(applied: string[], what: string): void {
  const code = codeMigrations();
  const standing = compareMigrations(applied, code);
  if (standing === "same") return;
  const counts = `${applied.length} applied there, ${code.length} in this code`;
  const advice = {
    older:
      "Start the server once on it with this version (it applies the missing migrations), stop it, then try again.",
    newer: "It was made by a newer version of the CMS: update this installation first.",
    different: "Its migration history is not this code's: use the version of the CMS that made it.",
  }[standing];
  throw new TransferError(`The migrations of ${what} differ from this code's (${counts}). ${advice}`);
}

/**
 * Applies the code's first `count` migrations only, through Drizzle's own migrator: rows saved under an
 * older schema are loaded into that schema, and the remaining migrations then carry them forward.
 */
export async function migrateTo(database: Database, count: number): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder }).slice(0, count);
  // The session's type carries the (empty) relational schema, which the migrator neither has nor needs.
  const session = database.db._.session as unknown as PgSession;
  await new PgDialect().migrate(migrations, session, { migrationsFolder });
}

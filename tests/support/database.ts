import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../../server/db/client.ts";
import { databaseUrlFor } from "./database-url.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A test file that opens a database must be one of those Vitest also runs on PostgreSQL (found from their
 * imports by database-test-files.ts): one that reaches this module in a way the reading misses fails here,
 * on either engine, instead of silently running on the embedded database only.
 */
function checkListed(): void {
  const testPath = expect.getState().testPath;
  if (!testPath) return;
  const file = path.relative(ROOT, testPath).split(path.sep).join("/");
  if (!inject("databaseTestFiles").includes(file)) {
    throw new Error(
      `${file} opens a test database, but tests/support/database-test-files.ts does not find it among the files ` +
        "that run on PostgreSQL: import tests/support/database.ts (or a helper that does) with a relative import.",
    );
  }
}

/** A fresh, migrated database for one test file, on PGlite or on PostgreSQL (TEST_DATABASE_URL). */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  checkListed();
  const template = inject("databaseTemplate");
  if (template.engine === "pglite") {
    const dump = await fs.readFile(template.dumpPath);
    const database = await openPglite({ loadDataDir: new Blob([dump]) });
    return { ...database, drop: () => database.close() };
  }
  const name = `cms_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrlFor(template.url, name));
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** PostgreSQL's "deadlock detected": it ended one of the two transactions, here the reset's. */
const isDeadlock = (error: unknown) =>
  error instanceof Error && (error.cause as { code?: string } | undefined)?.code === "40P01";
const RESET_ATTEMPTS = 5;

/**
 * Empties every table of the public schema (whatever areas exist: the catalogue lists them), so each
 * test starts from a site that was never set up. Drizzle's migration journal lives in its own schema.
 * Work the test before started in the background (a webhook's files still being copied) may hold a row
 * the truncation must lock: PostgreSQL then ends one of the two, and the reset is tried again.
 */
export async function resetDatabase(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await database.db.execute(sql`
        DO $$
        DECLARE
          tables text;
        BEGIN
          SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables
            FROM pg_tables WHERE schemaname = 'public';
          IF tables IS NOT NULL THEN
            EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
          END IF;
        END $$`);
      return;
    } catch (error) {
      if (!isDeadlock(error) || attempt === RESET_ATTEMPTS) throw error;
    }
  }
}

/**
 * `npm run db:move-to-postgres -- postgres://user:password@host:5432/cms`: copies every table of the
 * embedded database in DATA_DIR (the server stopped) into an empty PostgreSQL database, checks row
 * counts and sequences, and prints what to set next. The embedded database is only read.
 */
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { DataDirLockError, lockDataDir } from "../server/db/data-dir-lock.ts";
import { copyDatabase } from "../server/db/transfer/copy-database.ts";
import { formatSummary, hidePassword } from "../server/db/transfer/summary.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const target = process.argv[2] ?? "";
if (!/^postgres(ql)?:\/\//.test(target)) {
  fail("Usage: npm run db:move-to-postgres -- postgres://user:password@host:5432/database");
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const dbDir = path.join(config.DATA_DIR, "db");
if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) {
  fail(`There is no embedded database in ${dbDir}: set DATA_DIR to the folder the server uses.`);
}

let release = () => {};
try {
  release = lockDataDir(config.DATA_DIR);
} catch (error) {
  if (error instanceof DataDirLockError) {
    fail(`${error.message}\nThe server must be stopped while its database is moved: stop it, then run this again.`);
  }
  throw error;
}

let source: Database | undefined;
let destination: Database | undefined;
try {
  source = await openPglite({ dataDir: dbDir });
  destination = await openPostgres(target, { maxConnections: 2 });
  const summary = await copyDatabase(source, destination);
  const shown = hidePassword(target);
  process.stdout.write(
    [
      `Copied the embedded database in ${dbDir} into ${shown}:`,
      formatSummary(summary),
      "Row counts and sequences verified.",
      "",
      "Next:",
      `  1. Set DATABASE_URL=${shown} (with its password) in the server's environment.`,
      `  2. Uploaded files stay in ${path.join(config.DATA_DIR, "files")}: keep DATA_DIR as it is, or move them to`,
      "     S3-compatible storage with `npm run files:copy-to-s3` and set the S3_* variables.",
      "  3. Restart the server. The embedded database was only read: keep it until the site is checked.",
      "",
    ].join("\n"),
  );
} catch (error) {
  fail(`Not moved: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await destination?.close().catch(() => {});
  await source?.close().catch(() => {});
  release();
}

/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` into an empty database (DATABASE_URL,
 * else the embedded one of DATA_DIR, the server stopped) and its files into the storage the environment
 * chooses, then checks every table's rows, the sequences and the files against the backup's manifest.
 */
import fs from "node:fs";
import path from "node:path";
import { createFileStorage } from "../server/adapters/storage/from-config.ts";
import { type OpenedBackup, openBackup, restoreBackup } from "../server/backup/restore-backup.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { DataDirLockError, lockDataDir } from "../server/db/data-dir-lock.ts";
import { openPgliteFolder } from "../server/db/pglite-template.ts";
import { formatSummary } from "../server/db/transfer/summary.ts";
import { commandActorName, recordCommand } from "./record-audit.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail("Usage: npm run restore -- FILE (a file written by npm run backup)");

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

/** The embedded database to restore into: a new folder starts from the template unless the backup predates it. */
async function openEmbedded(backup: OpenedBackup): Promise<Database> {
  const dbDir = path.join(config.DATA_DIR, "db");
  if (fs.existsSync(path.join(dbDir, "PG_VERSION")) || backup.older) {
    fs.mkdirSync(dbDir, { recursive: true });
    return openPglite({ dataDir: dbDir });
  }
  return openPgliteFolder(dbDir);
}

let release = () => {};
let backup: OpenedBackup | undefined;
let database: Database | undefined;
try {
  if (!config.DATABASE_URL) {
    try {
      release = lockDataDir(config.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockError)
        fail(`${error.message}\nStop the server before restoring into its data folder.`);
      throw error;
    }
  }
  backup = await openBackup(path.resolve(file));
  database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, { maxConnections: 2 })
    : await openEmbedded(backup);
  const storage = createFileStorage(config);
  const summary = await restoreBackup(backup, { database, storage, connectionString: config.DATABASE_URL });
  const { manifest } = summary;
  // Once restored: every table was replaced by the backup's, the audit log's too.
  await recordCommand(
    { config, database, storage },
    {
      actorName: commandActorName("npm run restore"),
      action: "backup.restored",
      recordLabel: path.basename(file),
      details: { Arquivo: path.resolve(file), "Feita em": manifest.createdAt },
    },
  );
  process.stdout.write(
    [
      `Restored ${path.resolve(file)} (made ${manifest.createdAt} on ${manifest.engine}) into ${config.DATABASE_URL ? "the DATABASE_URL database" : path.join(config.DATA_DIR, "db")}:`,
      formatSummary({ tables: manifest.tables, sequences: manifest.sequences }),
      `  files: ${summary.files} (${summary.bytes} bytes)`,
      "Row counts, sequences and file sizes verified. Start the server.",
      "",
    ].join("\n"),
  );
} catch (error) {
  fail(`Not restored: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database?.close().catch(() => {});
  await backup?.dispose();
  release();
}

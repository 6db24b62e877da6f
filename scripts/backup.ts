/**
 * `npm run backup [-- FILE]`: writes one file with the database and every uploaded file (by default
 * DATA_DIR/backups/cms-<date>-<time>.tar.gz, on the cooperative's clock). With DATABASE_URL the rows are
 * saved by pg_dump when it is on PATH and as recent as the server, else exported row by row. On the
 * embedded database a running server is asked to write it (DATA_DIR/backup.sock); a stopped one is
 * opened here.
 */
import fs from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { siteClock } from "../common/dates/time-zone.ts";
import { createFileStorage } from "../server/adapters/storage/from-config.ts";
import { requestBackup } from "../server/backup/backup-socket.ts";
import { backupContents } from "../server/backup/manifest.ts";
import { writeBackup } from "../server/backup/write-backup.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { DataDirLockError, lockDataDir } from "../server/db/data-dir-lock.ts";
import { createServices } from "../server/services.ts";
import { commandActorName, recordCommand } from "./record-audit.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const two = (value: number) => String(value).padStart(2, "0");
const now = siteClock(Date.now());
const stamp = `${now.year}-${two(now.month)}-${two(now.day)}-${two(now.hour)}${two(now.minute)}${two(now.second)}`;
const output = path.resolve(process.argv[2] ?? path.join(config.DATA_DIR, "backups", `cms-${stamp}.tar.gz`));
if (fs.existsSync(output)) fail(`${output} already exists: name another file.`);

/** Written, then told to the audit log of the database it saves (after its snapshot: the backup holds no entry of itself). */
async function backUpHere(database: Database, connectionString?: string): Promise<string> {
  try {
    const storage = createFileStorage(config);
    // A folder whose server has not started since SECRETS_KEY was set still holds its secrets in clear:
    // sealed first, as that start would, so the backup holds ciphertext only.
    if (config.SECRETS_KEY) {
      await createServices({ config, database, storage, logger: pino({ level: "silent" }) }).secrets.sealStored();
    }
    const manifest = await writeBackup({ database, storage, output, connectionString });
    const how = manifest.database === "pg_dump" ? "pg_dump" : "a logical export";
    await recordCommand(
      { config, database, storage },
      {
        actorName: commandActorName("npm run backup"),
        action: "backup.created",
        recordLabel: path.basename(output),
        details: { Arquivo: output, Conteúdo: backupContents(manifest) },
      },
    );
    return `${backupContents(manifest)}; the rows by ${how}`;
  } finally {
    await database.close().catch(() => {});
  }
}

let done: string;
try {
  if (config.DATABASE_URL) {
    done = await backUpHere(await openPostgres(config.DATABASE_URL, { maxConnections: 2 }), config.DATABASE_URL);
  } else {
    let release: (() => void) | null = null;
    try {
      release = lockDataDir(config.DATA_DIR);
    } catch (error) {
      if (!(error instanceof DataDirLockError)) throw error;
    }
    if (release) {
      try {
        const dbDir = path.join(config.DATA_DIR, "db");
        if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) fail(`There is no database in ${dbDir} to back up.`);
        done = await backUpHere(await openPglite({ dataDir: dbDir }));
      } finally {
        release();
      }
    } else {
      // The server holds the data folder: it writes the backup itself, from a consistent snapshot.
      const answer = await requestBackup(config.DATA_DIR, output, commandActorName("npm run backup")).catch(
        (error: NodeJS.ErrnoException) => {
          fail(
            `The data folder ${config.DATA_DIR} is in use, but its server takes no backup requests (${error.code ?? error.message}): update and restart it, or stop it and run this again.`,
          );
        },
      );
      if (!answer.ok) fail(`Backup failed: ${answer.message}`);
      done = `${answer.tables} tables, ${answer.rows} rows, ${answer.files} files; written by the running server`;
    }
  }
} catch (error) {
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
const size = fs.statSync(output).size;
process.stdout.write(`Backup written to ${output} (${(size / 1024 / 1024).toFixed(1)} MB: ${done}).\n`);

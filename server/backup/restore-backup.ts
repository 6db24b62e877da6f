import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import type { FileStorage } from "../adapters/storage/file-storage.ts";
import type { Database } from "../db/client.ts";
import { requireNoRows } from "../db/transfer/copy-database.ts";
import { loadRows, verifyLoaded } from "../db/transfer/load.ts";
import { appliedMigrations, codeMigrations, compareMigrations, migrateTo } from "../db/transfer/migrations.ts";
import { TransferError } from "../db/transfer/query.ts";
import type { RowSource } from "../db/transfer/row-source.ts";
import { readAll, readArchive } from "./archive.ts";
import { FILES_PREFIX, MANIFEST_ENTRY, type Manifest, manifestSchema, PG_DUMP_ENTRY, tableEntry } from "./manifest.ts";
import { pgToolMajor, runPgTool } from "./pg-tools.ts";

/** A backup file read once and checked: its manifest, and its database part unpacked in a temporary folder. */
export type OpenedBackup = {
  file: string;
  manifest: Manifest;
  /** The code's migrations are ahead of the backup's: the rows are loaded under the older schema first. */
  older: boolean;
  databaseFile(entry: string): string;
  dispose(): Promise<void>;
};

const ROWS_PER_BATCH = 500;

/**
 * Reads the whole archive once before anything is written anywhere: a file that is not a backup, is cut
 * short (the manifest comes last), or comes from a newer version of the CMS is refused untouched.
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const notBackup = (why: string) => new TransferError(`${file} is not a backup made by \`npm run backup\` (${why}).`);
  await fs.access(file).catch(() => {
    throw new TransferError(`${file} does not exist or cannot be read.`);
  });
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "cms-restore-"));
  const dispose = () => fs.rm(work, { recursive: true, force: true });
  try {
    let manifestText: string | null = null;
    try {
      await readArchive(file, async (entry) => {
        if (entry.name === MANIFEST_ENTRY) manifestText = (await readAll(entry.body)).toString("utf8");
        else if (entry.name.startsWith("database/") && !entry.name.includes("..")) {
          const target = path.join(work, entry.name);
          await fs.mkdir(path.dirname(target), { recursive: true });
          await fs.writeFile(target, entry.body);
        }
      });
    } catch (error) {
      throw notBackup(`it cannot be read as a gzip'd tar file: ${error instanceof Error ? error.message : error}`);
    }
    if (manifestText === null) throw notBackup("it has no manifest: another kind of archive, or one cut short");
    let parsed: unknown;
    try {
      parsed = JSON.parse(manifestText);
    } catch {
      throw notBackup("its manifest is not JSON");
    }
    const checked = manifestSchema.safeParse(parsed);
    if (!checked.success) throw notBackup("its manifest is not one this version reads");
    const manifest = checked.data;
    const code = codeMigrations();
    const standing = compareMigrations(manifest.migrations, code);
    if (standing === "newer") {
      throw new TransferError(
        `${file} was made by a newer version of the CMS (${manifest.migrations.length} migrations; this code has ${code.length}): update this installation before restoring it.`,
      );
    }
    if (standing === "different") {
      throw new TransferError(
        `${file} has a migration history that is not this code's: restore it with the version of the CMS that made it.`,
      );
    }
    return {
      file,
      manifest,
      older: standing === "older",
      databaseFile: (entry) => path.join(work, entry),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function* linesInBatches(file: string): AsyncIterable<string[]> {
  const lines = readline.createInterface({
    input: createReadStream(file, "utf8"),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length >= ROWS_PER_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export type RestoreOptions = {
  database: Database;
  storage: FileStorage;
  /** PostgreSQL's address, needed to restore a pg_dump archive with pg_restore. */
  connectionString?: string;
};

export type RestoreSummary = { manifest: Manifest; files: number; bytes: number };

/**
 * Into an empty database (never migrated, or migrated no further than the backup): migrates it to the
 * backup's migrations, loads the rows and sequences, verifies them against the manifest, brings the
 * schema up to this code, then puts every file back through the storage and checks their sizes.
 */
export async function restoreBackup(backup: OpenedBackup, options: RestoreOptions): Promise<RestoreSummary> {
  const { database, storage } = options;
  const { manifest } = backup;
  await requireNoRows(database, "The target database");
  const standing = compareMigrations(await appliedMigrations(database.db), manifest.migrations);
  if (standing !== "same" && standing !== "older") {
    throw new TransferError(
      "The target database is migrated further than the backup: restore into a new, empty database (or data folder).",
    );
  }
  if (manifest.database === "pg_dump" && (database.engine !== "postgres" || !options.connectionString)) {
    throw new TransferError(
      "This backup holds a pg_dump archive, which only PostgreSQL can load: set DATABASE_URL to an empty PostgreSQL database.",
    );
  }
  await migrateTo(database, manifest.migrations.length);
  if (manifest.database === "pg_dump" && options.connectionString) {
    if (pgToolMajor("pg_restore") === null) {
      throw new TransferError(
        "This backup holds a pg_dump archive: install pg_restore (PostgreSQL's client tools) to load it.",
      );
    }
    await runPgTool("pg_restore", options.connectionString, [
      "--data-only",
      "--schema=public",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      backup.databaseFile(PG_DUMP_ENTRY),
    ]);
    // pg_dump read the sequences a moment after the manifest did: they may only be further along.
    await verifyLoaded(database.db, { tables: manifest.tables, sequences: manifest.sequences }, true);
  } else {
    const source: RowSource = {
      tables: manifest.tables,
      sequences: manifest.sequences,
      rows: (table) => linesInBatches(backup.databaseFile(tableEntry(table))),
    };
    await loadRows(database, source);
  }
  await database.migrate();
  const types = new Map(manifest.files.map((file) => [file.key, file.contentType]));
  await readArchive(backup.file, async (entry) => {
    if (!entry.name.startsWith(FILES_PREFIX)) return;
    const key = entry.name.slice(FILES_PREFIX.length);
    await storage.put(key, await readAll(entry.body), types.get(key) ?? "application/octet-stream");
  });
  const problems: string[] = [];
  let bytes = 0;
  for (const file of manifest.files) {
    const stored = await storage.get(file.key);
    await stored?.body.cancel();
    if (stored?.size !== file.size)
      problems.push(`${file.key}: ${stored ? `${stored.size} bytes` : "missing"}, expected ${file.size}`);
    bytes += file.size;
  }
  if (problems.length > 0) throw new TransferError(`Files not restored as saved:\n  ${problems.join("\n  ")}`);
  return { manifest, files: manifest.files.length, bytes };
}

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { FileStorage } from "../adapters/storage/file-storage.ts";
import type { Database } from "../db/client.ts";
import { queryRows } from "../db/sql.ts";
import { appliedMigrations } from "../db/transfer/migrations.ts";
import { describeSnapshot, readSnapshot, SNAPSHOT_TRANSACTION } from "../db/transfer/snapshot.ts";
import { type ArchiveWriter, writeArchive } from "./archive.ts";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type Manifest,
  PG_DUMP_ENTRY,
  tableEntry,
} from "./manifest.ts";
import { pgToolMajor, runPgTool, serverMajor } from "./pg-tools.ts";

export type BackupOptions = {
  database: Database;
  storage: FileStorage;
  /** The file to write; it appears only once complete. */
  output: string;
  /** PostgreSQL's address: with it, and a pg_dump on PATH as recent as the server, pg_dump saves the rows. */
  connectionString?: string;
  /** "logical" skips pg_dump even where it could be used. */
  method?: "auto" | "logical";
};

type DatabasePart = Pick<Manifest, "database" | "migrations" | "tables" | "sequences">;

/**
 * Each table is gathered whole before it goes in (a tar entry states its size first), one table at a
 * time: memory holds the largest table, never the database.
 */
async function exportLogical(database: Database, archive: ArchiveWriter): Promise<DatabasePart> {
  return readSnapshot(database, async (snapshot) => {
    const migrations = await appliedMigrations(snapshot.db);
    for (const table of snapshot.tables) {
      const lines: string[] = [];
      for await (const batch of snapshot.rows(table.name)) lines.push(...batch);
      await archive.add(tableEntry(table.name), lines.length > 0 ? `${lines.join("\n")}\n` : "");
    }
    return { database: "logical", migrations, tables: snapshot.tables, sequences: snapshot.sequences };
  });
}

/**
 * pg_dump reads the very snapshot the row counts come from (pg_export_snapshot), so the manifest and the
 * archive agree while the site keeps writing. Only the public schema's data: the schema itself is the
 * migrations', which the manifest names and the restore applies.
 */
async function exportWithPgDump(
  database: Database,
  connectionString: string,
  archive: ArchiveWriter,
): Promise<DatabasePart> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "cms-backup-"));
  try {
    const dump = path.join(work, "dump.custom");
    const part = await database.db.transaction(async (tx) => {
      const [exported] = await queryRows(tx, sql`SELECT pg_export_snapshot() AS id`, z.object({ id: z.string() }));
      if (!exported) throw new Error("PostgreSQL exported no snapshot");
      const described = await describeSnapshot(tx);
      const migrations = await appliedMigrations(tx);
      await runPgTool("pg_dump", connectionString, [
        "--format=custom",
        "--data-only",
        "--schema=public",
        `--snapshot=${exported.id}`,
        `--file=${dump}`,
      ]);
      return { database: "pg_dump" as const, migrations, tables: described.tables, sequences: described.sequences };
    }, SNAPSHOT_TRANSACTION);
    const { size } = await fs.stat(dump);
    const handle = await fs.open(dump);
    try {
      await archive.addStream(PG_DUMP_ENTRY, size, handle.createReadStream());
    } finally {
      await handle.close();
    }
    return part;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** Every stored file, read through the storage contract (local folder or bucket alike). */
async function exportFiles(storage: FileStorage, archive: ArchiveWriter): Promise<Manifest["files"]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  const files: Manifest["files"] = [];
  for (const key of keys.sort()) {
    const file = await storage.get(key);
    // Deleted since it was listed: the database read before no longer refers to it either.
    if (!file) continue;
    await archive.addStream(`${FILES_PREFIX}${key}`, file.size, chunksOf(file.body));
    files.push({ key, size: file.size, contentType: file.contentType });
  }
  return files;
}

/** Whether pg_dump can save this database: on PATH, and no older than the server it would read. */
export async function canUsePgDump(database: Database): Promise<boolean> {
  if (database.engine !== "postgres") return false;
  const tool = pgToolMajor("pg_dump");
  return tool !== null && tool >= (await serverMajor(database.db));
}

/**
 * Writes one gzip'd tar: the database's rows (pg_dump's archive or one JSON Lines file per table),
 * every uploaded file, then the manifest, last, so a file cut short has none and is refused. The
 * database is read first, in one snapshot; files uploaded after it are saved too, harmlessly.
 */
export async function writeBackup(options: BackupOptions): Promise<Manifest> {
  const { database, storage, output } = options;
  await fs.mkdir(path.dirname(output), { recursive: true });
  const partial = `${output}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  const archive = writeArchive(partial);
  try {
    const usePgDump =
      options.method !== "logical" && options.connectionString !== undefined && (await canUsePgDump(database));
    const part =
      usePgDump && options.connectionString
        ? await exportWithPgDump(database, options.connectionString, archive)
        : await exportLogical(database, archive);
    const files = await exportFiles(storage, archive);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      engine: database.engine,
      ...part,
      files,
    };
    await archive.add(MANIFEST_ENTRY, `${JSON.stringify(manifest, null, 2)}\n`);
    await archive.close();
    await fs.rename(partial, output);
    return manifest;
  } catch (error) {
    await archive.abort();
    await fs.rm(partial, { force: true });
    throw error;
  }
}

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript, type ScriptRun, withTempFolders } from "../../tests/support/run-script.ts";
import type { FileStorage } from "../adapters/storage/file-storage.ts";
import { createLocalStorage } from "../adapters/storage/local-storage.ts";
import { loadConfig } from "../config.ts";
import { type Database, type Db, openPglite, openPostgres } from "../db/client.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { openPgliteFolder } from "../db/pglite-template.ts";
import { appliedMigrations, codeMigrations, migrateTo } from "../db/transfer/migrations.ts";
import { createEmptyPostgres, fillEveryKindOfRow, sequenceStates, tableContents } from "../db/transfer/test-support.ts";
import { createServices } from "../services.ts";
import { writeArchive } from "./archive.ts";
import { serveBackupRequests } from "./backup-socket.ts";
import { openBackup, restoreBackup } from "./restore-backup.ts";
import { canUsePgDump, writeBackup } from "./write-backup.ts";

/** A file with every byte value, so nothing on the way may treat files as text. */
const BINARY = new Uint8Array(Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256));

async function storedFiles(storage: FileStorage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of storage.list()) {
    const file = await storage.get(key);
    if (!file) continue;
    files[key] = Buffer.from(await new Response(file.body).arrayBuffer()).toString("base64");
  }
  return files;
}

async function fillSite(database: Database, dataDir: string): Promise<FileStorage> {
  const storage = createLocalStorage(path.join(dataDir, "files"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
  const services = createServices({ config, database, storage, logger: pino({ level: "silent" }) });
  await fillEveryKindOfRow(services, database.db);
  await storage.put("documents/2026/11/binario.bin", BINARY, "application/octet-stream");
  return storage;
}

/**
 * A database `npm run restore` filled, as the backup saved it: the restore's own entry, the audit log's last,
 * set apart once checked.
 */
async function restoredContents(db: Db): Promise<Record<string, string[]>> {
  const contents = await tableContents(db);
  const entries = contents.audit_entries ?? [];
  expect(entries.at(-1)).toContain('"action": "backup.restored"');
  return { ...contents, audit_entries: entries.slice(0, -1) };
}

/** The sequences but the audit log's, which the restore's own entry moved on. */
async function sequencesBesideTheLog(db: Db) {
  return (await sequenceStates(db)).filter(({ name }) => name !== "audit_entries_id_seq");
}

const folder = withTempFolders();

describe("an embedded site's backup, taken while its server runs", () => {
  let dataDir: string;
  let database: Database;
  let storage: FileStorage;
  let release: () => void;

  beforeAll(async () => {
    dataDir = await folder("cms-backup-site-");
    release = lockDataDir(dataDir);
    database = await openPgliteFolder(path.join(dataDir, "db"));
    await database.migrate();
    storage = await fillSite(database, dataDir);
  }, 120_000);
  afterAll(async () => {
    await database.close();
    release();
  });

  it("is restored into a new data folder with the same rows, sequences and byte-identical files", async () => {
    const told: string[] = [];
    const socket = await serveBackupRequests({
      dataDir,
      database,
      storage,
      logger: pino({ level: "silent" }),
      onWritten: async ({ by, output: written }) => {
        told.push(`${by} ${path.basename(written)}`);
      },
    });
    const output = path.join(await folder("cms-backup-out-"), "site.tar.gz");
    try {
      expect((await fs.stat(path.join(dataDir, "backup.sock"))).mode & 0o777).toBe(0o600);
      // The site keeps taking writes while the backup is made.
      let writing = true;
      const writes = (async () => {
        let written = 0;
        while (writing || written < 3) {
          written += 1;
          // Each write as a request would come: on a later turn of the event loop.
          await new Promise((resolve) => setTimeout(resolve, 2));
          await database.db.execute(
            sql`INSERT INTO contacts (name, email, message) VALUES ('Visitante', 'v@example.com', ${`Mensagem ${written}`})`,
          );
        }
      })();
      let backup: ScriptRun;
      try {
        backup = await runScript("backup.ts", [output], { DATA_DIR: dataDir });
      } finally {
        // Also when the command fails: the writes must not outlive the test.
        writing = false;
        await writes;
      }
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(
        /^Backup written to .*site\.tar\.gz \(.* MB: 47 tables, \d+ rows, 2 files; written by the running server\)\.$/m,
      );
    } finally {
      await socket.close();
    }
    await expect(fs.stat(path.join(dataDir, "backup.sock"))).rejects.toThrow();
    // The server tells its audit log who asked for the backup (serve.ts records it).
    expect(told).toEqual([expect.stringMatching(/^npm run backup( \(.+\))? site\.tar\.gz$/)]);

    const restoredDir = await folder("cms-backup-restored-");
    const restored = await runScript("restore.ts", [output], { DATA_DIR: restoredDir });
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain("Row counts, sequences and file sizes verified.");

    const source = await tableContents(database.db);
    const copy = await openPglite({ dataDir: path.join(restoredDir, "db") });
    try {
      const contents = await restoredContents(copy.db);
      // The contact messages written during the backup are there up to the moment of its snapshot.
      const { contacts, ...rest } = contents;
      const { contacts: sourceContacts, ...sourceRest } = source;
      expect(rest).toEqual(sourceRest);
      expect(Object.values(rest).every((rows) => rows.length > 0)).toBe(true);
      expect(contacts?.length).toBeGreaterThanOrEqual(1);
      expect(contacts).toEqual(sourceContacts?.slice(0, contacts?.length));
      const sequences = await sequencesBesideTheLog(copy.db);
      const sourceSequences = await sequencesBesideTheLog(database.db);
      expect(sequences.filter(({ name }) => name !== "contacts_id_seq")).toEqual(
        sourceSequences.filter(({ name }) => name !== "contacts_id_seq"),
      );
    } finally {
      await copy.close();
    }
    expect(await storedFiles(createLocalStorage(path.join(restoredDir, "files")))).toEqual(await storedFiles(storage));

    const again = await runScript("restore.ts", [output], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Not restored: The target database is not empty: these tables have rows: /);
  }, 120_000);

  it("is written by the backup command itself while no server holds the folder", async () => {
    const copyDir = await folder("cms-backup-stopped-");
    const output = path.join(copyDir, "stopped.tar.gz");
    release();
    try {
      await database.close();
      const backup = await runScript("backup.ts", [output], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(/47 tables, \d+ rows, 2 files; the rows by a logical export\)\.$/m);
    } finally {
      release = lockDataDir(dataDir);
      database = await openPglite({ dataDir: path.join(dataDir, "db") });
    }
    const opened = await openBackup(output);
    try {
      expect(opened.manifest.tables.every((table) => table.rows > 0)).toBe(true);
    } finally {
      await opened.dispose();
    }
  }, 120_000);
});

describe("a PostgreSQL site's backup", () => {
  let source: Awaited<ReturnType<typeof createEmptyPostgres>>;
  let database: Database;
  let storage: FileStorage;

  beforeAll(async () => {
    source = await createEmptyPostgres();
    database = await openPostgres(source.url);
    await database.migrate();
    storage = await fillSite(database, await folder("cms-backup-pg-"));
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await source.drop();
  });

  it.each(["pg_dump", "logical"] as const)(
    "is restored by %s into a new empty database",
    async (method) => {
      if (method === "pg_dump") expect(await canUsePgDump(database)).toBe(true);
      const output = path.join(await folder("cms-backup-pg-out-"), `${method}.tar.gz`);
      const manifest = await writeBackup({
        database,
        storage,
        output,
        connectionString: source.url,
        method: method === "logical" ? "logical" : "auto",
      });
      expect(manifest.database).toBe(method);
      expect(manifest.files).toHaveLength(2);

      const target = await createEmptyPostgres();
      const restoredDir = await folder("cms-backup-pg-restored-");
      try {
        const restored = await runScript("restore.ts", [output], { DATA_DIR: restoredDir, DATABASE_URL: target.url });
        expect(restored.stderr).toBe("");
        expect(restored.code).toBe(0);
        const copy = await openPostgres(target.url);
        try {
          expect(await restoredContents(copy.db)).toEqual(await tableContents(database.db));
          expect(await sequencesBesideTheLog(copy.db)).toEqual(await sequencesBesideTheLog(database.db));
        } finally {
          await copy.close();
        }
        expect(await storedFiles(createLocalStorage(path.join(restoredDir, "files")))).toEqual(
          await storedFiles(storage),
        );
      } finally {
        await target.drop();
      }
    },
    120_000,
  );

  it("is refused by a database that has rows, and a logical one restores into the embedded database too", async () => {
    const output = path.join(await folder("cms-backup-pg-out-"), "refused.tar.gz");
    await writeBackup({ database, storage, output, connectionString: source.url, method: "logical" });
    const backup = await openBackup(output);
    try {
      await expect(restoreBackup(backup, { database, storage, connectionString: source.url })).rejects.toThrow(
        "The target database is not empty",
      );
      const embeddedDir = await folder("cms-backup-pg-embedded-");
      const restored = await runScript("restore.ts", [output], { DATA_DIR: embeddedDir });
      expect(restored.stderr).toBe("");
      const embedded = await openPglite({ dataDir: path.join(embeddedDir, "db") });
      try {
        expect(await restoredContents(embedded.db)).toEqual(await tableContents(database.db));
      } finally {
        await embedded.close();
      }
    } finally {
      await backup.dispose();
    }
  }, 120_000);
});

describe("an older backup", () => {
  it("is loaded under its own migrations, then brought up to this code's", async () => {
    const dir = await folder("cms-backup-older-");
    const older = await openPglite({});
    const output = path.join(dir, "older.tar.gz");
    const count = codeMigrations().length - 1;
    try {
      await migrateTo(older, count);
      await older.db.execute(sql`INSERT INTO contacts (name, email, message) VALUES ('Joana', 'j@example.com', 'Olá')`);
      await writeBackup({ database: older, storage: createLocalStorage(path.join(dir, "files")), output });
    } finally {
      await older.close();
    }
    const backup = await openBackup(output);
    const target = await openPglite({});
    try {
      expect(backup.older).toBe(true);
      await restoreBackup(backup, { database: target, storage: createLocalStorage(path.join(dir, "restored")) });
      expect(await appliedMigrations(target.db)).toEqual(codeMigrations());
      expect((await tableContents(target.db)).contacts).toEqual([expect.stringContaining('"message": "Olá"')]);
    } finally {
      await target.close();
      await backup.dispose();
    }
  }, 60_000);
});

describe("restoring refuses", () => {
  it("a file that is not a backup, or is cut short", async () => {
    const dir = await folder("cms-backup-bad-");
    const text = path.join(dir, "notes.txt");
    await fs.writeFile(text, "not an archive");
    await expect(openBackup(text)).rejects.toThrow(`${text} is not a backup made by \`npm run backup\``);
    const partial = path.join(dir, "partial.tar.gz");
    const archive = writeArchive(partial);
    await archive.add("database/tables/users.jsonl", "");
    await archive.close();
    await expect(openBackup(partial)).rejects.toThrow("it has no manifest");
    const missing = await runScript("restore.ts", [path.join(dir, "missing.tar.gz")], { DATA_DIR: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("does not exist or cannot be read");
  });

  it("a backup made by a newer version of the CMS", async () => {
    const database = await openPglite({});
    const dir = await folder("cms-backup-newer-");
    try {
      await database.migrate();
      await database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${randomBytes(32).toString("hex")}, 9999999999999)`,
      );
      const output = path.join(dir, "newer.tar.gz");
      await writeBackup({ database, storage: createLocalStorage(path.join(dir, "files")), output });
      await expect(openBackup(output)).rejects.toThrow(
        /was made by a newer version of the CMS \(\d+ migrations; this code has \d+\)/,
      );
    } finally {
      await database.close();
    }
  }, 60_000);
});

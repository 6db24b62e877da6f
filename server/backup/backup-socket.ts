import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import { z } from "zod";
import type { FileStorage } from "../adapters/storage/file-storage.ts";
import type { Database } from "../db/client.ts";
import type { Manifest } from "./manifest.ts";
import { writeBackup } from "./write-backup.ts";

/** Where the server that holds an embedded data folder takes backup requests. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, "backup.sock");

const request = z.object({
  output: z.string().refine((value) => path.isAbsolute(value), "must be an absolute path"),
  /** Who asked, as the audit log names an operator's command ("npm run backup (maria)"). */
  by: z.string().max(200).default("npm run backup"),
});
const answer = z.union([
  z.object({ ok: z.literal(true), tables: z.number(), rows: z.number(), files: z.number() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type BackupAnswer = z.infer<typeof answer>;

/**
 * The running server owns the embedded database (data-dir-lock.ts), so `npm run backup` asks it, over a
 * Unix socket only the data folder's owner can open, to write the backup to a path it names; the server
 * reads its database in one transaction while it goes on serving. One request at a time: a second one
 * waits for the first.
 */
export async function serveBackupRequests(options: {
  dataDir: string;
  database: Database;
  storage: FileStorage;
  logger: Logger;
  /** Tells the audit log of the saved database that a backup was written (after its snapshot). */
  onWritten?: (written: { by: string; output: string; manifest: Manifest }) => Promise<void>;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(options.dataDir);
  // Left by a server that died: the data folder's lock, taken before this, says no live server uses it.
  fs.rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((connection) => {
    let received = "";
    connection.setEncoding("utf8");
    connection.on("error", () => {});
    connection.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end < 0) return;
      connection.removeAllListeners("data");
      const work = queue.then(() => answerRequest(received.slice(0, end)));
      queue = work.catch(() => {});
      void work.then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
  });

  async function answerRequest(line: string): Promise<BackupAnswer> {
    let output: string;
    let by: string;
    try {
      ({ output, by } = request.parse(JSON.parse(line)));
    } catch {
      return { ok: false, message: "bad request: send one line of JSON with an absolute `output` path" };
    }
    try {
      const manifest = await writeBackup({ database: options.database, storage: options.storage, output });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      options.logger.info({ output, rows, files: manifest.files.length }, "backup written");
      await options.onWritten?.({ by, output, manifest }).catch((error: unknown) => {
        options.logger.error({ err: error, output }, "backup written but not told to the audit log");
      });
      return { ok: true, tables: manifest.tables.length, rows, files: manifest.files.length };
    } catch (error) {
      options.logger.error({ err: error, output }, "backup failed");
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  // The socket file is born without permissions for group and others (umask), so no other user of the
  // machine can connect even in the moment before the chmod below.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }).then(() => queue.then(() => {})),
  };
}

/** Asks the server holding `dataDir` to write a backup to `output` (absolute), and waits for its answer. */
export function requestBackup(dataDir: string, output: string, by: string): Promise<BackupAnswer> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketPath(dataDir));
    let received = "";
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.write(`${JSON.stringify({ output, by })}\n`));
    connection.on("data", (chunk: string) => {
      received += chunk;
    });
    connection.on("error", reject);
    connection.on("end", () => {
      try {
        resolve(answer.parse(JSON.parse(received)));
      } catch {
        reject(new Error(`the server gave no answer it could read: ${received.trim() || "(nothing)"}`));
      }
    });
  });
}

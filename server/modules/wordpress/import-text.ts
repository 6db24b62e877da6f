import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * The text of a post, page or product while an import plans and runs: a short one held as it is, a
 * long one kept in the import's spool file on disk and read back when it is needed. An export of
 * thousands of long posts held whole in memory took its size again and more, twice when two imports
 * ran in a row (issue 33).
 */
export type ImportText = {
  /** In UTF-16 code units, as a string's length. */
  readonly length: number;
  read(): Promise<string>;
};

export const heldText = (text: string): ImportText => ({ length: text.length, read: async () => text });

/**
 * A copy of `text` of its own. A parser's text is cut from the piece of the file it was reading, and V8
 * keeps a piece whole for as long as a string cut from it lives: an item's title or date kept every
 * piece of a 99 MB export in memory.
 */
export const ownCopy = (text: string) => (text === "" ? "" : Buffer.from(text, "utf8").toString("utf8"));

/** Texts shorter than this stay in memory: a file read for each would cost more than it keeps. */
const SPOOLED_FROM_CHARS = 2_000;
/** What waits in memory for the file before `put` asks for a flush. */
const FLUSH_FROM_BYTES = 1024 * 1024;

export type TextSpool = {
  /** Keeps `text`, on disk if it is long; synchronous, so that a parser's callback can call it. */
  put(text: string): ImportText;
  /** Whether enough waits in memory that the caller should `flush` before going on. */
  readonly full: boolean;
  flush(): Promise<void>;
  /** Closes and removes the file; a text read after this fails. */
  close(): Promise<void>;
};

/** A spool this old was left by a process that stopped mid-import: no import runs for a day. */
const LEFT_AFTER_MS = 24 * 3_600_000;

/** Removes the spool files of `folder` that processes stopped mid-import left behind. */
async function removeLeftSpools(folder: string) {
  for (const name of await fs.readdir(folder)) {
    const file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => null);
    if (name.endsWith(".spool") && stat && Date.now() - stat.mtimeMs > LEFT_AFTER_MS)
      await fs.rm(file, { force: true });
  }
}

/** A spool file of its own in `folder` (created if missing; the files left there a day ago go). */
export async function openTextSpool(folder: string): Promise<TextSpool> {
  await fs.mkdir(folder, { recursive: true });
  await removeLeftSpools(folder);
  const file = path.join(folder, `${randomUUID()}.spool`);
  const handle = await fs.open(file, "w+");
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (pending.length > 0) {
      const buffers = pending;
      pending = [];
      pendingBytes = 0;
      writing = writing.then(async () => {
        await handle.writev(buffers);
      });
    }
    return writing;
  };

  return {
    put(text) {
      if (text.length < SPOOLED_FROM_CHARS) return heldText(ownCopy(text));
      const bytes = Buffer.from(text, "utf8");
      // Only the place and size are kept for the reading: the bytes themselves go once written.
      const at = size;
      const byteLength = bytes.byteLength;
      size += byteLength;
      pending.push(bytes);
      pendingBytes += byteLength;
      return {
        length: text.length,
        async read() {
          await flush();
          const buffer = Buffer.allocUnsafe(byteLength);
          await handle.read(buffer, 0, byteLength, at);
          return buffer.toString("utf8");
        },
      };
    },
    get full() {
      return pendingBytes >= FLUSH_FROM_BYTES;
    },
    flush,
    async close() {
      await writing.catch(() => {});
      await handle.close();
      await fs.rm(file, { force: true });
    },
  };
}

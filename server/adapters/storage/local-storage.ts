import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { sitePaths } from "../../../common/site-paths.ts";
import type { FileStorage } from "./file-storage.ts";

const contentTypes: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".ppt": "application/vnd.ms-powerpoint",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".odt": "application/vnd.oasis.opendocument.text",
  ".ods": "application/vnd.oasis.opendocument.spreadsheet",
  ".odp": "application/vnd.oasis.opendocument.presentation",
};

/** Only plain relative paths: no `..`, no absolute paths, no odd characters. */
export function isSafeKey(key: string): boolean {
  return (
    /^[A-Za-z0-9_-][A-Za-z0-9_./-]*$/.test(key) &&
    !key.split("/").some((part) => part === ".." || part === "." || part === "")
  );
}

/**
 * Opens the file on the first read: a response whose body is never read
 * (HEAD requests) would otherwise keep a file descriptor open for good.
 */
function readLazily(target: string): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>).getReader();
        const chunk = await reader.read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      async cancel(reason) {
        await reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

export function createLocalStorage(root: string, filesUrl?: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const target = resolve(key);
      const stat = await fs.stat(target).catch(() => null);
      if (!stat?.isFile()) return null;
      const contentType = contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream";
      return { body: readLazily(target), size: stat.size, contentType };
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (isSafeKey(key)) yield key;
      }
    },
    url(key) {
      return `${filesUrl ?? ""}${sitePaths.file(key)}`;
    },
  };
}

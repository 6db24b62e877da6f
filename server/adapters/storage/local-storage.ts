import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
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

export function createLocalStorage(root: string, filesUrl?: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const target = resolve(key);
      const stat = await fs.stat(target).catch(() => null);
      if (!stat?.isFile()) return null;
      const contentType = contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream";
      return {
        body: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>,
        size: stat.size,
        contentType,
      };
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    url(key) {
      return `${filesUrl ?? ""}/files/${key}`;
    },
  };
}

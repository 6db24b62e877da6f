import { once } from "node:events";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

/** Adds entries one after another to a gzip'd tar file; `close` finishes it. */
export type ArchiveWriter = {
  add(name: string, content: Uint8Array | string): Promise<void>;
  addStream(name: string, size: number, body: AsyncIterable<Uint8Array>): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
};

export function writeArchive(file: string): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file, { mode: 0o600 }));
  // Surfaces through close(); until then an early failure must not be an unhandled rejection.
  written.catch(() => {});
  const entryDone = (resolve: () => void, reject: (error: Error) => void) => (error?: Error | null) =>
    error ? reject(error) : resolve();
  return {
    add(name, content) {
      const bytes = typeof content === "string" ? Buffer.from(content) : content;
      return new Promise((resolve, reject) => {
        pack.entry({ name, size: bytes.length, mode: 0o600 }, bytes, entryDone(resolve, reject));
      });
    },
    async addStream(name, size, body) {
      let sink: ReturnType<typeof pack.entry> | undefined;
      const written = new Promise<void>((resolve, reject) => {
        sink = pack.entry({ name, size, mode: 0o600 }, entryDone(resolve, reject));
      });
      if (!sink) throw new Error("tar-stream gave no entry stream");
      for await (const chunk of body) {
        if (!sink.write(chunk)) await once(sink, "drain");
      }
      sink.end(undefined);
      await written;
    },
    async close() {
      pack.finalize();
      await written;
    },
    async abort() {
      pack.destroy();
      await written.catch(() => {});
    },
  };
}

export type ArchiveEntry = { name: string; size: number; body: AsyncIterable<Uint8Array> };

/**
 * Every regular file of a gzip'd tar, in order. The visitor must read or skip each body before the
 * next entry comes; an entry it does not read is drained here.
 */
export async function readArchive(file: string, visit: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract);
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      if (entry.header.type === "file") {
        await visit({ name: entry.header.name, size: entry.header.size, body: bytesOf(entry) });
      }
      entry.resume();
    }
  } catch (error) {
    // Closes the file and the decompressor at once rather than when they are collected.
    extract.destroy();
    throw error;
  }
  await reading;
}

async function* bytesOf(source: AsyncIterable<unknown>): AsyncIterable<Uint8Array> {
  for await (const chunk of source) {
    if (!(chunk instanceof Uint8Array)) throw new Error("unexpected chunk in the archive");
    yield chunk;
  }
}

/** A whole entry in memory. */
export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

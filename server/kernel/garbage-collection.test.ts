import { pipeline, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { collectAllGarbage, collectYoungGarbage, youngGarbageCollector } from "./garbage-collection.ts";

describe("collectAllGarbage", () => {
  it("gives the pages of a heap grown by garbage back, without exposing gc to the app", () => {
    const heapSize = () => v8.getHeapStatistics().total_heap_size;
    collectAllGarbage();
    const before = heapSize();
    let garbage: { index: number; text: string }[] | null = Array.from({ length: 1_000_000 }, (_, index) => ({
      index,
      text: `item ${index}`,
    }));
    expect(garbage.length).toBe(1_000_000);
    garbage = null;
    const grown = heapSize();
    expect(grown - before).toBeGreaterThan(32 * 1024 * 1024);
    collectAllGarbage();
    expect(heapSize()).toBeLessThan(before + (grown - before) / 4);
    expect("gc" in globalThis).toBe(false);
  });
});

/** Makes `count` buffers of `size` bytes and lets them go. */
function piecesLetGo(count: number, size: number): number {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(size, index)).length;
}

describe("collectYoungGarbage", () => {
  it("frees the buffers a stream has let go, which their wrappers alone would keep until a later collection", () => {
    collectYoungGarbage();
    const before = process.memoryUsage().arrayBuffers;
    expect(piecesLetGo(200, 64 * 1024)).toBe(200);
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThan(12 * 1024 * 1024);
    // A young object that lived through one collection (as pieces still in a stream's hands do) goes at the next.
    collectYoungGarbage();
    collectYoungGarbage();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1024 * 1024);
    expect("gc" in globalThis).toBe(false);
  });
});

describe("youngGarbageCollector", () => {
  it("passes a large file's bytes on as they came, and an error before it on", async () => {
    const pieces = Array.from({ length: 40 }, (_, index) => Buffer.alloc(512 * 1024, index));
    const received = await buffer(Readable.from(pieces).pipe(youngGarbageCollector()));
    expect(received.equals(Buffer.concat(pieces))).toBe(true);
    const collector = youngGarbageCollector();
    pipeline(
      Readable.from(
        (async function* () {
          yield Buffer.from("<rss>");
          throw new Error("disco cheio");
        })(),
      ),
      collector,
      () => undefined,
    );
    await expect(buffer(collector)).rejects.toThrow("disco cheio");
  });
});

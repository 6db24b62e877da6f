import { Transform } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";

type GarbageCollector = (options: {
  type: "major" | "minor";
  execution: "sync";
  /** "last-resort": every weak reference cleared, the heap compacted and its empty pages given back. */
  flavor?: "last-resort";
}) => void;

let collector: GarbageCollector | null = null;

/** V8's collector, taken from a fresh context rather than exposed on the app's global object. */
function garbageCollector(): GarbageCollector {
  if (!collector) {
    v8.setFlagsFromString("--expose-gc");
    collector = vm.runInNewContext("gc") as GarbageCollector;
  }
  return collector;
}

/**
 * A full collection that gives V8's empty pages back to the system. V8 keeps a heap grown under load
 * at its size for as long as the process lives (its own memory reducer does not run under Node), so
 * without this a server that once took a burst keeps hundreds of MB it no longer uses.
 */
export function collectAllGarbage(): void {
  garbageCollector()({ type: "major", execution: "sync", flavor: "last-resort" });
}

/**
 * A collection of the young generation alone (a millisecond or two with npm start's 16 MB semi-spaces):
 * the buffers a stream has let go are freed with their small wrappers, which alone never fill the young
 * generation enough to start one.
 */
export function collectYoungGarbage(): void {
  garbageCollector()({ type: "minor", execution: "sync" });
}

/**
 * Bytes of a large file read or received after which `youngGarbageCollector` collects. Each piece of a
 * file read from disk or a socket is a buffer of its own, let go once used, but freed only with its
 * wrapper at V8's next collection, which the small wrappers alone start late: 99 MB read in a second
 * left 50-80 MB of them waiting (issue 33 item 7's memory peak).
 */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

/** A stream that passes its bytes on and collects the young generation after each COLLECT_EVERY_BYTES. */
export function youngGarbageCollector(): Transform {
  let sinceCollection = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sinceCollection += chunk.byteLength;
      if (sinceCollection >= COLLECT_EVERY_BYTES) {
        sinceCollection = 0;
        collectYoungGarbage();
      }
      done(null, chunk);
    },
  });
}

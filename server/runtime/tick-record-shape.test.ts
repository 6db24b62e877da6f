import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const module = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));

/**
 * Run in a process of its own with V8's test intrinsics: after the embedded database has loaded its
 * extensions and the idle release's memory-reducing collection has run, a record `process.nextTick`
 * makes still has the shape of the record kept at start.
 */
const script = `
import { createHook } from "node:async_hooks";
import { pinTickRecordShape } from ${module("./tick-record-shape.ts")};
import { openPglite } from ${module("../db/client.ts")};
import { collectAllGarbage } from ${module("../kernel/garbage-collection.ts")};
const pinned = pinTickRecordShape();
const database = await openPglite({});
await database.close();
collectAllGarbage();
let fresh = null;
const hook = createHook({ init(id, type, trigger, resource) { if (type === "TickObject") fresh ??= resource; } });
hook.enable();
process.nextTick(() => {});
hook.disable();
console.log(JSON.stringify({
  kept: pinned !== null && "callback" in pinned,
  sameShape: pinned !== null && %HaveSameMap(pinned, fresh),
  fast: %HasFastProperties(fresh),
}));
`;

function run(): { kept: boolean; sameShape: boolean; fast: boolean } {
  const result = spawnSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout);
}

describe("pinTickRecordShape", () => {
  it("keeps a nextTick record whose shape new records still share after the database loads and memory is released", () => {
    expect(run()).toEqual({ kept: true, sameShape: true, fast: true });
    // A limit for a hung child, not a speed check: it opens an embedded database, which a loaded machine
    // has taken 78 s to do.
  }, 180_000);
});

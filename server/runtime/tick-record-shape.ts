import { createHook } from "node:async_hooks";

let pinned: object | null = null;

/**
 * Keeps one of `process.nextTick`'s records alive for the life of the process, so that V8 keeps the
 * shape (hidden class) those records share. Node calls `nextTick` several times for every answer.
 * Loading PGlite's `unaccent` extension, and V8's memory-reducing collections (the idle release's,
 * server/runtime/idle-memory.ts), otherwise drop that shape while no record is alive, and from then
 * on every record is built through V8's slow runtime path: about a tenth of a page-cache hit's CPU
 * (docs/performance.md). The record is caught by an async hook enabled for that one call only.
 * Call it before the database opens; returns the record kept.
 */
export function pinTickRecordShape(): object | null {
  if (pinned) return pinned;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject") pinned ??= resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return pinned;
}

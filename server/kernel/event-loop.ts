import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * For long work on the event loop (an import's reading and planning): `letOthersIn()` between two of
 * its steps gives the loop a turn once the work has held it for `atMostMs`, so that visitors' requests
 * wait no longer than that, and costs nothing before.
 */
export function eventLoopTurns(atMostMs = 20): () => Promise<void> {
  let heldSince = performance.now();
  return async () => {
    if (performance.now() - heldSince <= atMostMs) return;
    await nextTurn();
    heldSince = performance.now();
  };
}

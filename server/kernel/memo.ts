/**
 * One cached value loaded on demand and dropped on change. Settings, menus and the library's filters
 * are read by every page and change rarely; the product runs as one process (docs/decisions/0003),
 * so an in-memory copy stays true as long as every write announces the change (server/kernel/events.ts).
 * The reader hands the loader: an area keeps the memo in its per-process state, and every service
 * built on the process's handle loads it the same way.
 */
export type Memo<T> = { get(load: () => Promise<T>): Promise<T>; invalidate(): void };

export function memo<T>(): Memo<T> {
  let pending: Promise<T> | null = null;
  let generation = 0;
  return {
    get(load) {
      if (!pending) {
        const started = generation;
        pending = load().catch((error: unknown) => {
          if (generation === started) pending = null;
          throw error;
        });
      }
      return pending;
    },
    invalidate() {
      generation++;
      pending = null;
    },
  };
}

/**
 * Reads through a process-wide memo on the process's handle. A transaction reads for itself: it
 * must see its own writes, and on the embedded database the process's handle waits for it to end.
 */
export function readThrough<T>(
  context: { inTransaction: boolean },
  cache: Memo<T>,
  load: () => Promise<T>,
): Promise<T> {
  return context.inTransaction ? load() : cache.get(load);
}

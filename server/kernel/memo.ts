/**
 * One cached value loaded on demand and dropped on change. Settings and menus
 * are read by every page and change rarely; the product runs as one process,
 * so an in-memory copy stays true as long as every write invalidates it.
 */
export type Memo<T> = { get(): Promise<T>; invalidate(): void };

export function memo<T>(load: () => Promise<T>): Memo<T> {
  let pending: Promise<T> | null = null;
  let generation = 0;
  return {
    get() {
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

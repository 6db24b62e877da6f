import type { Actor } from "./access.ts";

/**
 * What anyone may read (a page, the news list, an event, a library item, a search), kept per question:
 * visitors all ask the same few, and a public page then renders without a query. Every committed change
 * drops everything (server/services.ts wires it to the announcements, like the page cache), and so does
 * the clock after `maxAgeMs`, since some answers change with time alone (news falling due, events
 * becoming past). Bounded in entries, least recently used out. Answers are shared: callers must not
 * change them.
 */
export type PublicReads = {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

type Kept = { value: Promise<unknown>; expiresAt: number };

export function createPublicReads(options: { maxEntries: number; maxAgeMs: number; now?: () => number }): PublicReads {
  const { maxEntries, maxAgeMs, now = Date.now } = options;
  const kept = new Map<string, Kept>();

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const found = kept.get(key);
      if (found && found.expiresAt > now()) {
        // Map order is the recency order: a hit moves to the end.
        kept.delete(key);
        kept.set(key, found);
        return found.value as Promise<T>;
      }
      const value = load();
      const entry: Kept = { value, expiresAt: now() + maxAgeMs };
      kept.delete(key);
      kept.set(key, entry);
      for (const oldest of kept.keys()) {
        if (kept.size <= maxEntries) break;
        kept.delete(oldest);
      }
      // A failed read (a 404, a lost connection) is asked again next time.
      value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },

    // A read still under way when this runs is no longer kept: whoever asks next reads again.
    clear() {
      kept.clear();
    },
  };
}

/**
 * A service's reader of public answers under its own key prefix: a visitor's read (no actor) is kept
 * for the next visitor. Anyone signed in reads for themselves, and so does a transaction, which must
 * see its own writes.
 */
export function publicReader(
  context: { inTransaction: boolean; publicReads: PublicReads },
  area: string,
): <T>(actor: Actor | null, key: string, load: () => Promise<T>) => Promise<T> {
  return (actor, key, load) =>
    actor || context.inTransaction ? load() : context.publicReads.read(`${area}:${key}`, load);
}

export type PublicReader = ReturnType<typeof publicReader>;

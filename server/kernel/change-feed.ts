import type { AreaEvent } from "./events.ts";

/**
 * How the processes serving one site tell each other what changed, so that each drops its caches (the
 * page cache, settings, menus) within a second of a write made through another. On the embedded
 * database there is one process and no feed.
 */
export type ChangeFeed = {
  /** Tells the other processes of a change this one committed. */
  publish(event: AreaEvent): void;
  /** Another process's change; null when some may have been missed (the feed was cut and came back). */
  subscribe(listener: (event: AreaEvent | null) => void): void;
  close(): Promise<void>;
};

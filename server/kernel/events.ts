import type { Logger } from "pino";

/**
 * What areas announce to each other, by name. Each area adds its own events where it announces them:
 *
 *   declare module "../../kernel/events.ts" { interface AreaEvents { "pages.changed": { id: number } } }
 *
 * Listeners run in-process after the change is committed (see services.ts), so a cache dropped on an
 * announcement never refills with what a rolled-back transaction wrote.
 */
// biome-ignore lint/suspicious/noEmptyInterface: areas extend it by declaration merging.
export interface AreaEvents {}

export type AreaEventName = keyof AreaEvents;
export type AreaEvent = { [Name in AreaEventName]: { name: Name; payload: AreaEvents[Name] } }[AreaEventName];
/**
 * A listener gets the announcement's payload, or null when the process may have missed some changes
 * (its link to the other processes was lost: server/db/postgres-change-feed.ts): it must then drop
 * whatever it keeps, as for a change it cannot name.
 */
export type Listen = <Name extends AreaEventName>(
  name: Name,
  listener: (payload: AreaEvents[Name] | null) => void,
) => void;
export type ListenToEvery = (listener: (event: AreaEvent | null) => void) => void;

/**
 * Announcements of work no public page shows (an e-mail queued in the outbox): they wake their own
 * listeners but do not empty the page cache or restart the render workers' reads.
 */
const UNSEEN_BY_VISITORS: ReadonlySet<string> = new Set(["mail.queued"]);

/** The process's listeners. A listener that throws is logged and does not stop the others. */
export function createEventBus(logger: Logger) {
  const listeners = new Map<AreaEventName, ((payload: never) => void)[]>();
  const everyListeners: ((event: AreaEvent | null) => void)[] = [];
  const on: Listen = (name, listener) => {
    listeners.set(name, [...(listeners.get(name) ?? []), listener]);
  };
  /** For what follows every change a visitor could see, whatever the area (the page cache). */
  const onEvery: ListenToEvery = (listener) => {
    everyListeners.push(listener);
  };
  function run(event: AreaEvent | null, listener: () => void): void {
    try {
      listener();
    } catch (error) {
      logger.error({ err: error, event: event?.name ?? "(missed changes)" }, "event listener failed");
    }
  }
  function deliver(event: AreaEvent): void {
    for (const listener of listeners.get(event.name) ?? []) {
      run(event, () => (listener as (payload: AreaEvent["payload"]) => void)(event.payload));
    }
    if (UNSEEN_BY_VISITORS.has(event.name)) return;
    for (const listener of everyListeners) run(event, () => listener(event));
  }
  /** Some changes may have been missed: every listener drops what it keeps. */
  function deliverMissed(): void {
    for (const named of listeners.values()) {
      for (const listener of named) run(null, () => (listener as (payload: null) => void)(null));
    }
    for (const listener of everyListeners) run(null, () => listener(null));
  }
  return { on, onEvery, deliver, deliverMissed };
}

export type EventBus = ReturnType<typeof createEventBus>;

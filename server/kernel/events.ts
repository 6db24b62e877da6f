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
export type Listen = <Name extends AreaEventName>(name: Name, listener: (payload: AreaEvents[Name]) => void) => void;

/** The process's listeners. A listener that throws is logged and does not stop the others. */
export function createEventBus(logger: Logger) {
  const listeners = new Map<AreaEventName, ((payload: never) => void)[]>();
  const on: Listen = (name, listener) => {
    listeners.set(name, [...(listeners.get(name) ?? []), listener]);
  };
  function deliver(event: AreaEvent): void {
    for (const listener of listeners.get(event.name) ?? []) {
      try {
        (listener as (payload: AreaEvent["payload"]) => void)(event.payload);
      } catch (error) {
        logger.error({ err: error, event: event.name }, "event listener failed");
      }
    }
  }
  return { on, deliver };
}

export type EventBus = ReturnType<typeof createEventBus>;

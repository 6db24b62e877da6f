import { setImmediate as nextLoopTurn } from "node:timers/promises";
import type { MiddlewareHandler } from "hono";
import pLimit from "p-limit";
import type { AppEnv } from "./env.ts";

/**
 * Rendering and API work in arrival order, a few at a time. Without it every request in flight
 * takes turns on the one event loop: under load each one waits for all the others at every step,
 * and some wait seconds while most finish in a fraction of that. With a first-in, first-out queue a
 * request waits for those that came before it and then runs almost alone, so the slowest answers
 * stay close to the typical one (issue 10, "fair tail latency"). Answers from the page cache never
 * wait here, and neither do writes: they are few, carry bodies, and have bounds of their own (the
 * image queue answers 503 when full, the login and contact throttles), which a wait here would hide.
 *
 * Each piece of work starts on a later turn of the event loop. On the embedded database a render never
 * gives the loop a turn of its own (every query resolves at once), so without that the next requests
 * would stay unread in the kernel, where no order is kept, and a few would wait ten times the others.
 */
export function createFairQueue(concurrency: number) {
  const limit = pLimit(concurrency);
  const run = <T>(method: string, work: () => Promise<T>): Promise<T> =>
    method === "GET" || method === "HEAD"
      ? limit(async () => {
          await nextLoopTurn();
          return work();
        })
      : work();
  const middleware: MiddlewareHandler<AppEnv> = (c, next) => run(c.req.method, next);
  return { run, middleware };
}

/**
 * One request's work is mostly on the event loop (React rendering, the embedded database), so a
 * small number in flight keeps the core busy while the rest wait their turn in order.
 */
export const FAIR_QUEUE_CONCURRENCY = 4;

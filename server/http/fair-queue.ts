import type { MiddlewareHandler } from "hono";
import pLimit from "p-limit";
import type { AppEnv } from "./env.ts";

/**
 * Rendering and API work in arrival order, a few at a time. Without it every request in flight
 * takes turns on the one event loop: under load each one waits for all the others at every step,
 * and some wait seconds while most finish in a fraction of that. With a first-in, first-out queue a
 * request waits for those that came before it and then runs almost alone, so the slowest answers
 * stay close to the typical one (issue 10, "fair tail latency"). Answers from the page cache never
 * wait here.
 */
export function createFairQueue(concurrency: number) {
  const limit = pLimit(concurrency);
  const run = <T>(work: () => Promise<T>): Promise<T> => limit(work);
  const middleware: MiddlewareHandler<AppEnv> = (_c, next) => limit(next);
  return { run, middleware };
}

/**
 * One request's work is mostly on the event loop (React rendering, the embedded database), so a
 * small number in flight keeps the core busy while the rest wait their turn in order.
 */
export const FAIR_QUEUE_CONCURRENCY = 4;

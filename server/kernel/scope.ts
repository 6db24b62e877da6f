import { type Actor, isAdmin } from "./access.ts";

/**
 * How much of a resource an actor may read. Each resource has one access function turning an
 * actor into a query filter (e.g. server/modules/content/content-access.ts), used by its lists,
 * its single reads and the search alike:
 * - `public`: what anyone may see (visitors; signed-in people on a resource they own nothing of);
 * - `own`: a signed-in person's own rows (carts, orders, uploads) on a resource with an owner;
 * - `any`: every row (administrators).
 */
export type Scope = "public" | "own" | "any";

export function scopeFor(actor: Actor | null): Scope {
  if (isAdmin(actor)) return "any";
  return actor ? "own" : "public";
}

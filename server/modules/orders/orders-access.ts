import { eq, type SQL, sql } from "drizzle-orm";
import { type Actor, isAdmin, requireUser } from "../../kernel/access.ts";
import { orders } from "./tables.ts";

/** Administrators see every order; a customer only her own; nobody signed out sees any. */
export function ordersAccess(actor: Actor | null): SQL {
  const user = requireUser(actor);
  return isAdmin(user) ? sql`true` : eq(orders.userId, user.id);
}

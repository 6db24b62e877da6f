import { type AnyColumn, and, eq, or, type SQL, sql } from "drizzle-orm";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import { members } from "./tables.ts";

/**
 * Whether an actor may read what is marked "Somente associados", as a condition on the record's
 * `members_only` column: administrators always, a signed-in person while a member linked to her account
 * is in good standing (member-standing.ts: Ativo), everyone else never. Asked of the database with each
 * read, so a member suspended or late loses access on her next request, on every process.
 */
export function membersOnlyReadable(actor: Actor | null, membersOnly: AnyColumn): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (!actor) return eq(membersOnly, false);
  const inGoodStanding = sql`EXISTS (SELECT 1 FROM ${members} WHERE ${and(
    eq(members.userId, actor.id),
    eq(members.status, "ativo"),
  )})`;
  return or(eq(membersOnly, false), inGoodStanding);
}

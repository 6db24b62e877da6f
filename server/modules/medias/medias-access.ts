import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../kernel/access.ts";
import { scopeFor } from "../../kernel/scope.ts";
import { membersOnlyReadable } from "../members/member-access.ts";
import { mediaImports, medias } from "./tables.ts";

/**
 * Items of an import still being written (server/modules/medias/media-import.ts) are nobody's to
 * see, count or match yet.
 */
export const notStaged = (): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${mediaImports} WHERE ${mediaImports.id} = ${medias.importId} AND ${mediaImports.status} = 'pending')`;

/**
 * The library items the site's pages name to an actor: administrators (`any`) every item, everyone else
 * the published ones (items have no owner, so `own` reads as `public`), members-only items she may not
 * open included (as teasers: medias-service.ts); never the items of a pending import.
 */
export function mediasListed(actor: Actor | null): SQL {
  if (scopeFor(actor) === "any") return notStaged();
  return and(notStaged(), eq(medias.status, "published")) ?? sql`false`;
}

/** Whether she may open a members-only item (member-access.ts); undefined: every item. */
export const mediasMembersOnly = (actor: Actor | null): SQL | undefined =>
  membersOnlyReadable(actor, medias.membersOnly);

/**
 * The library items an actor may open, as a query filter: what is listed to her less the members-only
 * items she may not open. The API's list, single reads, filters, exports and the site search all use it.
 */
export function mediasAccess(actor: Actor | null): SQL {
  return and(mediasListed(actor), mediasMembersOnly(actor)) ?? sql`false`;
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../kernel/access.ts";
import { scopeFor } from "../../kernel/scope.ts";
import { mediaImports, medias } from "./tables.ts";

/**
 * Items of an import still being written (server/modules/medias/media-import.ts) are nobody's to
 * see, count or match yet.
 */
export const notStaged = (): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${mediaImports} WHERE ${mediaImports.id} = ${medias.importId} AND ${mediaImports.status} = 'pending')`;

/**
 * The library items an actor may read, as a query filter: administrators (`any`) every item, everyone
 * else the published ones (items have no owner, so `own` reads as `public`); never the items of a
 * pending import. The list, single reads, filters, exports and the site search all use it.
 */
export function mediasAccess(actor: Actor | null): SQL {
  if (scopeFor(actor) === "any") return notStaged();
  return and(notStaged(), eq(medias.status, "published")) ?? sql`false`;
}

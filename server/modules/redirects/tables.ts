import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { redirectSources } from "../../../common/schemas/redirects.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";

export const redirectSource = pgEnum("redirect_source", redirectSources);

/**
 * An old address of the site answered with a 301 to a path of this site (never another host):
 * written by the WordPress import for every permalink it moved, or by an administrator.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The old path and query as a request meets them whatever its slash, case or encoding (old-addresses.ts redirectKey). */
    fromKey: text("from_key").notNull(),
    /** The old address as written, shown in /conta. */
    fromPath: text("from_path").notNull(),
    /** A path of this site, starting with "/". */
    toPath: text("to_path").notNull(),
    /**
     * toPath as a key (redirectKey), so that the redirects leading to an old address are found by an
     * index; null on the rows written before it, until the next import fills it in.
     */
    toKey: text("to_key"),
    source: redirectSource("source").notNull().default("manual"),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("redirects_from_key_unique").on(table.fromKey),
    index("redirects_to_idx").on(table.toPath),
    index("redirects_to_key_idx").on(table.toKey),
  ],
);

import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Attempts counted by the rate limits (logins, contact messages, sign-ups): kept in the database so
 * every process counts the same attempts. Rows older than their limit's window are swept.
 */
export const throttleHits = pgTable(
  "throttle_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which limit counted it: "login-address", "contact"... */
    throttle: text("throttle").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("throttle_hits_key_idx").on(table.throttle, table.key, table.at),
    index("throttle_hits_at_idx").on(table.at),
  ],
);

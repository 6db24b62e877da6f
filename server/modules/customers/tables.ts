import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/** A customer's delivery addresses, offered again at her next checkout. */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postalCode: text("postal_code").notNull(),
    uf: text("uf").notNull(),
    city: text("city").notNull(),
    street: text("street").notNull(),
    number: text("number").notNull().default(""),
    neighborhood: text("neighborhood").notNull().default(""),
    complement: text("complement").notNull().default(""),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("customer_addresses_user_idx").on(table.userId, table.lastUsedAt)],
);

import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const contacts = pgTable(
  "contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("contacts_created_idx").on(table.createdAt)],
);

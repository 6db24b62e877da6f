import { type AnyPgColumn, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { pages } from "../content/tables.ts";

export const menus = pgTable(
  "menus",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    url: text("url").notNull().default(""),
    /** A linked page: the menu then leads to /{page slug}. Deleting the page deletes the item. */
    pageId: integer("page_id").references((): AnyPgColumn => pages.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => menus.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("menus_parent_idx").on(table.parentId, table.position)],
);

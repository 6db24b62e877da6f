import { integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { uploadKinds } from "../../../common/uploads.ts";
import { createdAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

export const uploadKind = pgEnum("upload_kind", uploadKinds);

export const uploads = pgTable("uploads", {
  id: text("id").primaryKey(),
  kind: uploadKind("kind").notNull(),
  originalName: text("original_name").notNull(),
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  /** Storage keys (paths relative to the storage root). */
  originalKey: text("original_key").notNull(),
  thumbKey: text("thumb_key"),
  averageKey: text("average_key"),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

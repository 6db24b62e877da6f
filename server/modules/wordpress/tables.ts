import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { wordpressImportStatuses } from "../../../common/schemas/wordpress-import.ts";
import type { WordPressFilesSource, WordPressImportReport } from "../../../common/views/wordpress-import.ts";
import { bytea, createdAt, updatedAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

export const wordpressImportStatus = pgEnum("wordpress_import_status", wordpressImportStatuses);

/**
 * One import of a WordPress export: its preview, then its run. The uploaded files wait in the
 * storage under `fileKeys` until the run ends; progress is written by each batch's transaction, so
 * every process shows it.
 */
export const wordpressImports = pgTable("wordpress_imports", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  status: wordpressImportStatus("status").notNull().default("previewed"),
  /** The names the administrator sent, for the screen. */
  fileNames: text("file_names").array().notNull(),
  filesSource: jsonb("files_source").$type<WordPressFilesSource>().notNull(),
  report: jsonb("report").$type<WordPressImportReport>().notNull(),
  progressDone: integer("progress_done").notNull().default(0),
  progressTotal: integer("progress_total").notNull().default(0),
  progressStep: text("progress_step").notNull().default(""),
  error: text("error"),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** Written with each batch: a run whose process died stops moving, and may be started again. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Which record of ours an item of a WordPress site became: a new export of the same site updates
 * that record (when its fingerprint changed) instead of adding another.
 */
export const wordpressRecords = pgTable(
  "wordpress_records",
  {
    /** The old site's address (its base_site_url), so two sites' ids do not meet. */
    site: text("site").notNull(),
    kind: text("kind").notNull(),
    wpId: text("wp_id").notNull(),
    recordId: text("record_id").notNull(),
    /** A hash of what was imported; the same fingerprint means nothing to update. */
    fingerprint: text("fingerprint").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.site, table.kind, table.wpId] }),
    index("wordpress_records_record_idx").on(table.kind, table.recordId),
  ],
);

/**
 * The files an import was sent (the export, the product and customer spreadsheets), gzipped, until it
 * is done: kept in the database rather than the file storage, which serves everything it holds and
 * would publish the customers' spreadsheet; any process may run the import. Each file in parts of
 * STORED_PART_BYTES: a 25 MB compressed export written or read in one statement held the embedded
 * database's event loop for as long, and the memory twice.
 */
export const wordpressImportFiles = pgTable(
  "wordpress_import_files",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => wordpressImports.id, { onDelete: "cascade" }),
    /** export, products or customers (wordpressUploadFields). */
    role: text("role").notNull(),
    /** The part's place in the file, from 0. */
    part: integer("part").notNull().default(0),
    gzipped: bytea("gzipped").notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.role, table.part] })],
);

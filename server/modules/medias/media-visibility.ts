import { sql } from "drizzle-orm";
import { mediaImports, medias } from "./tables.ts";

/** Items of an import still being written are nobody's to see, count or match yet. */
export const notStaged = () =>
  sql`NOT EXISTS (SELECT 1 FROM ${mediaImports} WHERE ${mediaImports.id} = ${medias.importId} AND ${mediaImports.status} = 'pending')`;

/** The same condition for raw SQL that names the medias table without a qualifier. */
export const NOT_STAGED_SQL = sql.raw(
  "NOT EXISTS (SELECT 1 FROM media_imports WHERE media_imports.id = medias.import_id AND media_imports.status = 'pending')",
);

import { z } from "zod";

/** What names a file as one of our backups; `version` changes when the layout does. */
export const BACKUP_FORMAT = "cms-backup";
export const BACKUP_VERSION = 1;

export const MANIFEST_ENTRY = "manifest.json";
/** Logical export: one JSON Lines file per table, each line a row as PostgreSQL's to_jsonb prints it. */
export const tableEntry = (table: string) => `database/tables/${table}.jsonl`;
/** pg_dump's custom-format archive of the public schema's data. */
export const PG_DUMP_ENTRY = "database/pg_dump.custom";
export const FILES_PREFIX = "files/";

const sequence = z.object({ name: z.string(), value: z.string().regex(/^-?\d+$/), called: z.boolean() });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  /** The engine the site ran on; the data can be restored into either. */
  engine: z.enum(["pglite", "postgres"]),
  /** How the rows are kept: see tableEntry and PG_DUMP_ENTRY. */
  database: z.enum(["logical", "pg_dump"]),
  /** Drizzle's hash of every migration the database had applied, oldest first. */
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().min(0) })),
  sequences: z.array(sequence),
  files: z.array(z.object({ key: z.string(), size: z.number().int().min(0), contentType: z.string() })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** What a backup holds, in one line for its command's output and its audit entry. */
export function backupContents(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  return `${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files`;
}

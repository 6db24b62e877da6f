import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../client.ts";
import { queryRows } from "../sql.ts";
import { orderTables } from "./table-order.ts";

/** One table of the public schema as the copier needs it. */
export type CatalogTable = {
  name: string;
  /** Every column a row is written with, in table order: generated columns (search vectors) are left out. */
  columns: string[];
  /** The primary key's columns, to read rows in a stable order (none: the order the table gives). */
  key: string[];
  /** Other tables its foreign keys point at. */
  references: string[];
  /** A foreign key to itself (a menu item's parent): its rows are written in one statement. */
  selfReferencing: boolean;
};

/** Every table of the public schema, in an order that satisfies the foreign keys, and every sequence. */
export type Catalog = { tables: CatalogTable[]; sequences: string[] };

const nameRow = z.object({ name: z.string() });
const columnRow = z.object({ table: z.string(), column: z.string(), generated: z.string() });
const keyRow = z.object({ table: z.string(), column: z.string() });
const referenceRow = z.object({ table: z.string(), target: z.string() });

/**
 * Read from the system catalogue rather than from the Drizzle tables, so a new area's tables are copied
 * without anyone listing them here.
 */
export async function readCatalog(db: Db): Promise<Catalog> {
  const names = await queryRows(
    db,
    sql`SELECT c.relname AS name FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
    nameRow,
  );
  const columns = await queryRows(
    db,
    sql`SELECT c.relname AS table, a.attname AS column, a.attgenerated::text AS generated
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
          AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
    columnRow,
  );
  const keys = await queryRows(
    db,
    sql`SELECT c.relname AS table, a.attname AS column
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indrelid
        JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE c.relnamespace = 'public'::regnamespace AND i.indisprimary
        ORDER BY c.relname, k.position`,
    keyRow,
  );
  const references = await queryRows(
    db,
    sql`SELECT c.relname AS table, t.relname AS target
        FROM pg_constraint f
        JOIN pg_class c ON c.oid = f.conrelid
        JOIN pg_class t ON t.oid = f.confrelid
        WHERE f.contype = 'f' AND c.relnamespace = 'public'::regnamespace`,
    referenceRow,
  );
  const sequences = await queryRows(
    db,
    sql`SELECT c.relname AS name FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S' ORDER BY c.relname`,
    nameRow,
  );
  const tables = names.map(({ name }): CatalogTable => {
    const targets = references.filter((reference) => reference.table === name).map(({ target }) => target);
    return {
      name,
      // 's': GENERATED ALWAYS AS (...) STORED, which PostgreSQL computes and refuses to be given.
      columns: columns.filter((column) => column.table === name && column.generated === "").map(({ column }) => column),
      key: keys.filter((key) => key.table === name).map(({ column }) => column),
      references: [...new Set(targets.filter((target) => target !== name))],
      selfReferencing: targets.includes(name),
    };
  });
  return { tables: orderTables(tables), sequences: sequences.map(({ name }) => name) };
}

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db } from "../client.ts";
import { queryRows } from "../sql.ts";
import { type Catalog, type CatalogTable, readCatalog } from "./catalog.ts";
import type { RowSource, SequenceValue } from "./row-source.ts";

/** Rows fetched per round trip: a few hundred kB of JSON for the widest tables. */
const BATCH_ROWS = 500;

export type Snapshot = RowSource & { catalog: Catalog; db: Db };

const table = (name: string) => sql`${sql.identifier("public")}.${sql.identifier(name)}`;

const columnList = (columns: string[], from: string) =>
  sql.join(
    columns.map((column) => sql`${sql.identifier(from)}.${sql.identifier(column)}`),
    sql`, `,
  );

export async function countRows(db: Db, name: string): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`SELECT count(*)::text AS count FROM ${table(name)}`,
    z.object({ count: z.string() }),
  );
  return Number(row?.count ?? 0);
}

export async function readSequences(db: Db, names: string[]): Promise<SequenceValue[]> {
  const values: SequenceValue[] = [];
  for (const name of names) {
    const [row] = await queryRows(
      db,
      sql`SELECT last_value::text AS value, is_called AS called FROM ${table(name)}`,
      z.object({ value: z.string(), called: z.boolean() }),
    );
    if (!row) throw new Error(`sequence ${name} has no state`);
    values.push({ name, ...row });
  }
  return values;
}

/** A table's rows through a cursor, so a large table is never held whole in memory. */
async function* readRows(db: Db, source: CatalogTable): AsyncIterable<string[]> {
  const cursor = sql.identifier(`cms_transfer_${source.name}`);
  const order = source.key.length > 0 ? sql` ORDER BY ${columnList(source.key, "src")}` : sql``;
  // Only the stored columns: generated ones are computed again by the database that receives the rows.
  await db.execute(sql`DECLARE ${cursor} NO SCROLL CURSOR FOR
    SELECT to_jsonb(r)::text AS row FROM ${table(source.name)} AS src,
      LATERAL (SELECT ${columnList(source.columns, "src")}) AS r${order}`);
  try {
    for (;;) {
      const batch = await queryRows(
        db,
        sql`FETCH FORWARD ${sql.raw(String(BATCH_ROWS))} FROM ${cursor}`,
        z.object({ row: z.string() }),
      );
      if (batch.length > 0) yield batch.map(({ row }) => row);
      if (batch.length < BATCH_ROWS) break;
    }
  } finally {
    await db.execute(sql`CLOSE ${cursor}`);
  }
}

/** What a snapshot holds, read inside the caller's transaction: tables in load order with their rows, sequences. */
export async function describeSnapshot(tx: Db): Promise<Omit<Snapshot, "db" | "rows">> {
  const catalog = await readCatalog(tx);
  const tables = [];
  for (const source of catalog.tables) {
    tables.push({ name: source.name, columns: source.columns, rows: await countRows(tx, source.name) });
  }
  return { catalog, tables, sequences: await readSequences(tx, catalog.sequences) };
}

/** The transaction a snapshot is read in: one view of every table, whatever commits meanwhile. */
export const SNAPSHOT_TRANSACTION = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

/**
 * Runs `work` on one consistent view of the database: a REPEATABLE READ, read-only transaction, so
 * writes that commit meanwhile (a running server) are not seen and every table is read as of one moment.
 * Sequences are not transactional; read after the rows' snapshot is taken, they are at least as far as
 * any id in it, so a restored database never hands out an id twice.
 */
export async function readSnapshot<Result>(
  database: Database,
  work: (snapshot: Snapshot) => Promise<Result>,
): Promise<Result> {
  return database.db.transaction(async (tx) => {
    const described = await describeSnapshot(tx);
    const byName = new Map(described.catalog.tables.map((source) => [source.name, source]));
    return work({
      ...described,
      db: tx,
      rows(name) {
        const source = byName.get(name);
        if (!source) throw new Error(`no table ${name} in the source`);
        return readRows(tx, source);
      },
    });
  }, SNAPSHOT_TRANSACTION);
}

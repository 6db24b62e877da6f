import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db } from "../client.ts";
import { queryRows } from "../sql.ts";
import { type CatalogTable, readCatalog } from "./catalog.ts";
import { TransferError } from "./query.ts";
import type { RowSource, SequenceValue, SourceTable } from "./row-source.ts";
import { countRows, readSequences } from "./snapshot.ts";

export type LoadSummary = { tables: SourceTable[]; sequences: SequenceValue[] };

/** Rows sent per INSERT, so no statement carries more than a few MB of JSON. */
const ROWS_PER_INSERT = 1000;

const table = (name: string) => sql`${sql.identifier("public")}.${sql.identifier(name)}`;
const columnList = (columns: string[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );

/**
 * The rows go in with their own ids: OVERRIDING SYSTEM VALUE lets an identity column declared GENERATED
 * ALWAYS take them. jsonb_populate_recordset turns each JSON value back into its column's type (arrays,
 * enums, jsonb, timestamptz, bigint) by the same input functions a literal would go through.
 */
async function insertRows(db: Db, target: CatalogTable, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`INSERT INTO ${table(target.name)} (${columnList(target.columns)}) OVERRIDING SYSTEM VALUE
    SELECT ${columnList(target.columns)} FROM jsonb_populate_recordset(NULL::${table(target.name)}, ${`[${rows.join(",")}]`}::jsonb)`);
}

async function loadTable(db: Db, target: CatalogTable, rows: AsyncIterable<string[]>): Promise<number> {
  let loaded = 0;
  // Foreign keys that are NOT DEFERRABLE are checked at the end of each statement: a table referring to
  // itself goes in as one statement, so a child may come before its parent and nothing needs deferring.
  const whole: string[] = [];
  let pending: string[] = [];
  for await (const batch of rows) {
    loaded += batch.length;
    if (target.selfReferencing) {
      whole.push(...batch);
      continue;
    }
    pending.push(...batch);
    if (pending.length >= ROWS_PER_INSERT) {
      await insertRows(db, target, pending);
      pending = [];
    }
  }
  await insertRows(db, target, target.selfReferencing ? whole : pending);
  return loaded;
}

function sameColumns(source: SourceTable, target: CatalogTable): boolean {
  return source.columns.length === target.columns.length && source.columns.every((c) => target.columns.includes(c));
}

/** The two sides must hold the same tables with the same columns: a row's value never falls on the floor. */
function matchTables(sources: SourceTable[], targets: CatalogTable[]): void {
  const problems: string[] = [];
  for (const target of targets) {
    const source = sources.find(({ name }) => name === target.name);
    if (!source) problems.push(`${target.name} is missing from the source`);
    else if (!sameColumns(source, target)) {
      problems.push(
        `${target.name} has columns (${source.columns.join(", ")}) in the source, but (${target.columns.join(", ")}) here`,
      );
    }
  }
  for (const source of sources) {
    if (!targets.some(({ name }) => name === source.name)) problems.push(`${source.name} does not exist here`);
  }
  if (problems.length > 0) {
    throw new TransferError(`The source's tables do not match this database's:\n  ${problems.join("\n  ")}`);
  }
}

/** Counts every table and reads every sequence back; any difference is a failure, listed in full. */
export async function verifyLoaded(db: Db, expected: LoadSummary, sequenceAtLeast = false): Promise<void> {
  const problems: string[] = [];
  for (const source of expected.tables) {
    const rows = await countRows(db, source.name);
    if (rows !== source.rows) problems.push(`table ${source.name}: ${rows} rows, expected ${source.rows}`);
  }
  const actual = await readSequences(
    db,
    expected.sequences.map(({ name }) => name),
  );
  for (const sequence of expected.sequences) {
    const found = actual.find(({ name }) => name === sequence.name);
    const matches = sequenceAtLeast
      ? found !== undefined && BigInt(found.value) >= BigInt(sequence.value)
      : found?.value === sequence.value && found.called === sequence.called;
    if (!matches) {
      problems.push(
        `sequence ${sequence.name}: ${found ? `${found.value} (called: ${found.called})` : "missing"}, expected ${sequence.value} (called: ${sequence.called})`,
      );
    }
  }
  if (problems.length > 0) throw new TransferError(`Verification failed:\n  ${problems.join("\n  ")}`);
}

/**
 * Loads every table of `source` into `target` (already migrated to the source's schema) in one
 * transaction, sets every sequence to the source's state and verifies both before committing: a
 * failure leaves the target's tables as empty as they were.
 */
export async function loadRows(target: Database, source: RowSource): Promise<LoadSummary> {
  return target.db.transaction(async (tx) => {
    const catalog = await readCatalog(tx);
    matchTables(source.tables, catalog.tables);
    const tables: SourceTable[] = [];
    for (const targetTable of catalog.tables) {
      const rows = await loadTable(tx, targetTable, source.rows(targetTable.name));
      tables.push({ name: targetTable.name, columns: targetTable.columns, rows });
    }
    const missing = source.sequences.filter(({ name }) => !catalog.sequences.includes(name));
    if (missing.length > 0) {
      throw new TransferError(`Sequences missing here: ${missing.map(({ name }) => name).join(", ")}`);
    }
    for (const sequence of source.sequences) {
      await tx.execute(
        sql`SELECT setval(format('%I.%I', 'public', ${sequence.name}::text)::regclass, ${sequence.value}::bigint, ${sequence.called})`,
      );
    }
    const expected = { tables: source.tables, sequences: source.sequences };
    await verifyLoaded(tx, expected);
    return { tables, sequences: source.sequences };
  });
}

/** The public tables that hold rows: a database to load into must have none. */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const { tables } = await readCatalog(db);
  const filled: string[] = [];
  for (const candidate of tables) {
    const found = await queryRows(db, sql`SELECT 1 AS found FROM ${table(candidate.name)} LIMIT 1`, z.unknown());
    if (found.length > 0) filled.push(candidate.name);
  }
  return filled;
}

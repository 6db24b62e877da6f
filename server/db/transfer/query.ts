import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../client.ts";

/** An operator-facing refusal or mismatch: the scripts print its message alone and exit 1. */
export class TransferError extends Error {}

/** The rows of a statement, checked: both drivers answer `{ rows }`, typed only as far as Drizzle knows. */
export async function queryRows<Row>(db: Db, statement: SQL, row: z.ZodType<Row>): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  if (typeof result !== "object" || result === null || !("rows" in result) || !Array.isArray(result.rows)) {
    throw new Error("unexpected query result");
  }
  return result.rows.map((value: unknown) => row.parse(value));
}

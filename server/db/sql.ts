import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "./client.ts";

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause && cause.code === "23505") return true;
  }
  return false;
}

/** A LIKE/ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** True for PostgreSQL's foreign_key_violation: a row still referred to, or a reference to nothing. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause && cause.code === "23503") return true;
  }
  return false;
}

/** The name of the constraint a write broke, as both drivers report it; null when there is none. */
export function violatedConstraint(error: unknown): string | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ("constraint" in cause && typeof cause.constraint === "string") return cause.constraint;
  }
  return null;
}

/** The rows of a raw statement, checked: both drivers answer `{ rows }`, typed only as far as Drizzle knows. */
export async function queryRows<Row>(db: Db, statement: SQL, row: z.ZodType<Row>): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  if (typeof result !== "object" || result === null || !("rows" in result) || !Array.isArray(result.rows)) {
    throw new Error("unexpected query result");
  }
  return result.rows.map((value: unknown) => row.parse(value));
}

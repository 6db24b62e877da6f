import type { ImportText } from "../../server/modules/wordpress/import-text.ts";

const isImportText = (value: object): value is ImportText =>
  "read" in value && typeof value.read === "function" && "length" in value && typeof value.length === "number";

/**
 * `value` with every text of an import (import-text.ts) in it read into its string, so that a test
 * compares what was read with `toEqual`: records, arrays and dates kept as they are.
 */
export async function withTextsRead(value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map(withTextsRead));
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  if (isImportText(value)) return value.read();
  const entries = await Promise.all(
    Object.entries(value).map(async ([key, field]) => [key, await withTextsRead(field)] as const),
  );
  return Object.fromEntries(entries);
}

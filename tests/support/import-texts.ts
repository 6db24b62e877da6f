import { heldText, type ImportText } from "../../server/modules/wordpress/import-text.ts";
import type { WxrItem } from "../../server/modules/wordpress/wxr-reader.ts";

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

/** An item of a WordPress export as the reader gives it: empty but for `fields` (its content as HTML). */
export const wxrItem = ({
  content = "",
  ...fields
}: Partial<Omit<WxrItem, "content">> & { content?: string }): WxrItem => ({
  id: 0,
  type: "",
  title: "",
  link: "",
  slug: "",
  status: "",
  parentId: 0,
  menuOrder: 0,
  date: "",
  dateGmt: "",
  content: heldText(content),
  excerpt: "",
  guid: "",
  attachmentUrl: "",
  terms: [],
  meta: {},
  ...fields,
});

import { parse } from "csv-parse/sync";
import { invalid, tooLarge } from "../../common/errors.ts";
import { hasControlCharacter } from "../../common/zod.ts";

/**
 * A spreadsheet sent to an import (WooCommerce's product or customer CSV, the members' register): comma-separated as
 * WooCommerce writes it, or semicolon-separated as Excel in Portuguese saves it again; quoted fields
 * may hold line breaks. Each row comes keyed by its header, normalised so that "Preço promocional",
 * "preco promocional" and "PREÇO PROMOCIONAL " meet.
 */

export const MAX_SPREADSHEET_ROWS = 50_000;

/** "Valores do atributo 1" -> "valores do atributo 1": no accents, case, "?" or repeated spaces. */
export const headerKey = (header: string) =>
  header.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[?:*]/g, "").replace(/\s+/g, " ").trim();

/** NUL and the like: no one typed them, and PostgreSQL refuses NUL in text. */
const withoutControls = (value: string) =>
  hasControlCharacter(value) ? [...value].filter((char) => !hasControlCharacter(char)).join("") : value;

export type SpreadsheetRow = { line: number; get(key: string): string; keys: readonly string[] };

export function readSpreadsheet(text: string, what: string): SpreadsheetRow[] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.slice(0, body.indexOf("\n") === -1 ? body.length : body.indexOf("\n"));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      to_line: MAX_SPREADSHEET_ROWS + 2,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, "") : "";
    throw invalid(`A ${what} não pôde ser lida como CSV${detail ? ` (${detail})` : ""}.`);
  }
  if (records.length > MAX_SPREADSHEET_ROWS + 1) {
    throw tooLarge(`A ${what} passa de ${MAX_SPREADSHEET_ROWS.toLocaleString("pt-BR")} linhas.`);
  }
  const [header = [], ...rows] = records;
  const keys = header.map(headerKey);
  return rows.map((cells, index) => {
    const byKey = new Map<string, string>();
    keys.forEach((key, column) => {
      if (!byKey.has(key)) byKey.set(key, withoutControls(cells[column] ?? "").trim());
    });
    return { line: index + 2, get: (key: string) => byKey.get(key) ?? "", keys };
  });
}

/** The first of `names` (normalised headers) the spreadsheet has, or null. */
export const columnOf = (keys: readonly string[], ...names: string[]) =>
  names.map(headerKey).find((name) => keys.includes(name)) ?? null;

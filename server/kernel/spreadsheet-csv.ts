import { stringify } from "csv-stringify/sync";

/**
 * One cell of a CSV: text that came from people (names, e-mails, addresses: neutralised, see below), a
 * whole number the product counted, or an amount in integer cents the product computed.
 */
export type CsvCell = string | number | { cents: number };

/**
 * OWASP's rule against CSV injection: a cell a spreadsheet would read as a formula starts with =, +, -,
 * @, a tab or a carriage return. Spreadsheets skip leading spaces and line breaks before deciding, and
 * some read the full-width forms (＝ ＋ － ＠) as the ASCII ones, so those count too.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Text as a spreadsheet shows it and never runs it: a formula-like start gets a leading single quote. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Numbers are the product's own, never typed by anyone: they are written as they are, so that a Brazilian
 * spreadsheet still reads "-10,00" (a refund) as minus ten reais and can add the column up. Escaping them
 * would turn every negative amount into text.
 */
function cellText(cell: CsvCell): string {
  if (typeof cell === "string") return neutraliseCell(cell);
  if (typeof cell === "number") {
    if (!Number.isSafeInteger(cell)) throw new RangeError(`Not a whole number for a CSV cell: ${cell}`);
    return String(cell);
  }
  if (!Number.isSafeInteger(cell.cents)) throw new RangeError(`Not an amount in cents: ${cell.cents}`);
  const sign = cell.cents < 0 ? "-" : "";
  const cents = Math.abs(cell.cents);
  return `${sign}${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/**
 * Every CSV the product writes: one a Brazilian spreadsheet opens as it is: `;` between fields (the comma
 * is the decimal separator there), UTF-8 with a byte-order mark (else accents come out garbled), CRLF line
 * ends, and no cell that runs as a formula.
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    { header: true, columns: header.map(neutraliseCell), delimiter: ";", bom: true, record_delimiter: "windows" },
  );
}

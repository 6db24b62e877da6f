import type { DatePrecision } from "../../../common/media.ts";

/** The list shows this many authors, then "et al.". */
export const LISTED_AUTHORS = 3;

/** A name as typed, without the braces that mark an organisation ("{Embrapa}" is shown as "Embrapa"). */
export function displayName(name: string): string {
  const corporate = /^\{(.*)\}$/.exec(name.trim());
  return corporate ? (corporate[1] ?? "").trim() : name.trim();
}

/** "Silva, Ana; Souza, João" — with more than `max` names, the first ones and "et al.". */
export function formatNames(names: string[], max = Number.POSITIVE_INFINITY): string {
  const shown = names.slice(0, max).map(displayName).join("; ");
  return names.length > max ? `${shown} et al.` : shown;
}

// Publication dates are calendar dates, not instants: read and print them on UTC so no zone moves the day.
const monthYear = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", month: "long", year: "numeric" });
const fullDate = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

function dateParts(value: string): [year: number, month: number, day: number] {
  const [year = 0, month = 1, day = 1] = value.split("-").map(Number);
  return [year, month, day];
}

/** As far as it is known: "2019", "maio de 2019" or "12 de maio de 2019". */
export function formatPublicationDate(item: {
  publication_date: string | null;
  date_precision: DatePrecision | null;
}): string | null {
  if (!item.publication_date) return null;
  const [year, month, day] = dateParts(item.publication_date);
  if (item.date_precision === "year" || item.date_precision === null) return String(year);
  const date = new Date(Date.UTC(year, month - 1, day));
  return item.date_precision === "month" ? monthYear.format(date) : fullDate.format(date);
}

/** The stored "2019-05-12" as the form shows it: "12/05/2019" ("05/2019", "2019"). */
export function brazilianPublicationDate(value: string | null): string {
  if (!value) return "";
  return value.split("-").reverse().join("/");
}

/** "1 item" / "12 itens". */
export const itemCount = (count: number) => `${count} ${count === 1 ? "item" : "itens"}`;

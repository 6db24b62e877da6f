import type { DatePrecision } from "../media.ts";
import type { PublicationDate } from "../schemas/media.ts";

// Publication dates are calendar dates known to the year, month or day, not instants: no time zone moves them.
// They are stored as "2019", "2019-05" or "2019-05-12" (parsePublicationDate in common/schemas/media.ts reads input).

/** Month abbreviations of ABNT NBR 6023:2018, annex A (Portuguese). */
const ABNT_MONTHS = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];

// Printed on UTC so the calendar date is the one given, whatever the machine's zone.
const monthYear = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", month: "long", year: "numeric" });
const fullDate = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

const pad = (value: number) => String(value).padStart(2, "0");

/** The stored form: "2019", "2019-05" or "2019-05-12"; null for no date. */
export function toStoredPublicationDate(date: PublicationDate | null): string | null {
  if (!date) return null;
  if (date.month === null) return String(date.year);
  if (date.day === null) return `${date.year}-${pad(date.month)}`;
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** The parts of a stored date; month and day are null when it does not go that far. */
function storedParts(value: string): PublicationDate {
  const [year = 0, month = null, day = null] = value.split("-").map(Number);
  return { year, month, day };
}

/** For readers, as far as it is known: "2019", "maio de 2019" or "12 de maio de 2019". */
export function formatPublicationDate(item: {
  publication_date: string | null;
  date_precision: DatePrecision | null;
}): string | null {
  if (!item.publication_date) return null;
  const { year, month, day } = storedParts(item.publication_date);
  if (item.date_precision === "year" || item.date_precision === null) return String(year);
  const date = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  return item.date_precision === "month" ? monthYear.format(date) : fullDate.format(date);
}

/** The stored "2019-05-12" as the form shows it: "12/05/2019" ("05/2019", "2019"). */
export function brazilianPublicationDate(value: string | null): string {
  if (!value) return "";
  return value.split("-").reverse().join("/");
}

/** As ABNT writes a date, as far as it is known: "12 maio 2019", "maio 2019" or "2019". */
export function formatAbntDate(date: PublicationDate): string {
  const monthName = date.month ? ABNT_MONTHS[date.month - 1] : undefined;
  if (!monthName) return String(date.year);
  return date.day ? `${date.day} ${monthName} ${date.year}` : `${monthName} ${date.year}`;
}

/** ABNT's date of a stored publication date, with `year` as the item records it; "[s. d.]" when unknown. */
export function abntPublicationDate(stored: string | null, year: number | null): string {
  if (!stored || year === null) return "[s. d.]";
  const { month, day } = storedParts(stored);
  return formatAbntDate({ year, month, day });
}

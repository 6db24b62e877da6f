import { formatAbntDate } from "./publication-date.ts";
import { SITE_TIME_ZONE, siteClock } from "./time-zone.ts";

// Stored instants as pt-BR text on the cooperative's clock: short ones for the account lists, long,
// reader-facing ones for the public site.
const shortDateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  dateStyle: "short",
  timeStyle: "short",
});
const weekdayDate = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const plainDate = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});
const clock = new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const badge = new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, day: "2-digit", month: "short" });

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** "31/12/2025, 23:30". */
export function formatDateTime(value: string | Date): string {
  return shortDateTime.format(toDate(value));
}

/** "22 de novembro de 2026". */
export function formatLongDate(value: string | Date): string {
  return plainDate.format(toDate(value));
}

/** "19:00". */
export function formatTime(value: string | Date): string {
  return clock.format(toDate(value));
}

/** "domingo, 22 de novembro de 2026, 19:00". */
export function formatLongDateTime(value: string | Date): string {
  const date = toDate(value);
  return `${weekdayDate.format(date)}, ${clock.format(date)}`;
}

/** True when both instants fall on the same calendar day on the cooperative's clock. */
export function sameLocalDay(a: string | Date, b: string | Date): boolean {
  const first = siteClock(toDate(a).getTime());
  const second = siteClock(toDate(b).getTime());
  return first.year === second.year && first.month === second.month && first.day === second.day;
}

/**
 * When an event happens: "domingo, 22 de novembro de 2026, 19:00 às 22:00" on one day,
 * "sexta-feira, 20 de novembro de 2026, 09:00 até domingo, 22 de novembro de 2026, 18:00" across days.
 */
export function formatEventPeriod(start: string | Date, end: string | Date): string {
  const from = toDate(start);
  const to = toDate(end);
  if (from.getTime() >= to.getTime()) return formatLongDateTime(from);
  if (sameLocalDay(from, to)) return `${formatLongDateTime(from)} às ${clock.format(to)}`;
  return `${formatLongDateTime(from)} até ${formatLongDateTime(to)}`;
}

/** Day and short month for a calendar badge: { day: "22", month: "nov" }. */
export function calendarBadge(value: string | Date): { day: string; month: string } {
  const parts = badge.formatToParts(toDate(value));
  const day = parts.find((part) => part.type === "day")?.value ?? "";
  const month = (parts.find((part) => part.type === "month")?.value ?? "").replace(/\.$/, "");
  return { day, month };
}

/** The day of an instant as ABNT writes an access date: "2 jan. 2024". */
export function formatAbntDay(value: string | Date): string {
  const { year, month, day } = siteClock(toDate(value).getTime());
  return formatAbntDate({ year, month, day });
}

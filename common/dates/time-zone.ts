// Dates are stored as UTC instants and always read on the cooperative's clock, whatever the server's or browser's
// zone: every formatter, the admins' date fields and the ABNT access date use this zone.
export const SITE_TIME_ZONE = "America/Sao_Paulo";

/** An instant's wall-clock reading in SITE_TIME_ZONE; month is 1-12. */
export type SiteClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const clockParts = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** What the cooperative's clock showed at an instant (milliseconds since the epoch). */
export function siteClock(instant: number): SiteClock {
  const parts = Object.fromEntries(clockParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

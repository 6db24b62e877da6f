import { type SiteClock, siteClock } from "./time-zone.ts";

// Administrators type dates on the cooperative's clock (SITE_TIME_ZONE), whatever their browser's zone.
// The value of an `<input type="datetime-local">` is "YYYY-MM-DDTHH:mm"; the API stores instants.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const asUtc = (clock: SiteClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** How far the site's clock is from UTC at an instant, in milliseconds (-3 h today, -2 h in old summers). */
function offsetAt(instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(siteClock(whole)) - whole;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** An instant (ISO string or Date) as "YYYY-MM-DDTHH:mm" on São Paulo's clock; "" when it is not a date. */
export function toSaoPauloLocal(value: string | Date): string {
  const instant = typeof value === "string" ? Date.parse(value) : value.getTime();
  if (Number.isNaN(instant)) return "";
  const clock = siteClock(instant);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * "YYYY-MM-DDTHH:mm" on São Paulo's clock as an ISO instant, or null for anything
 * that is not a real date and time. A time skipped when old summer time began
 * is read with the offset in force just before the change (as browsers do).
 */
export function fromSaoPauloLocal(local: string): string | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined || hour === undefined || minute === undefined) {
    return null;
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return null;
  }
  // Offsets change at most once around a given wall time: try the offset before and after it.
  const before = wall - offsetAt(wall - 86_400_000);
  const after = wall - offsetAt(wall + 86_400_000);
  for (const candidate of [before, after]) {
    if (toSaoPauloLocal(new Date(candidate)) === local.trim()) return new Date(candidate).toISOString();
  }
  return new Date(before).toISOString();
}

/** True for a complete "YYYY-MM-DDTHH:mm" that names a real date and time. */
export function isSaoPauloLocal(local: string): boolean {
  return fromSaoPauloLocal(local) !== null;
}

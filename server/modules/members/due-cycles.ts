import { isCalendarDay, saoPauloDay } from "../../../common/schemas/coupons.ts";
import type { PlanCycle } from "../../../common/schemas/members.ts";

// When a member's dues (mensalidades) fall. Every date is a São Paulo calendar day, "YYYY-MM-DD", and a
// period is the month a plan's cycle starts, "YYYY-MM": neither is an instant, so no time zone moves them.
// The checks below are guards for values that callers have already validated; they throw RangeError. A date
// or period must be a real one between MIN_DATE_YEAR and MAX_DATE_YEAR, the bounds of isCalendarDay.

/** How many months each cycle covers: a due every 1, 3, 6 or 12 months. */
export const CYCLE_MONTHS: Record<PlanCycle, number> = { mensal: 1, trimestral: 3, semestral: 6, anual: 12 };

/** A São Paulo calendar day, "YYYY-MM-DD". */
export type LocalDate = string;
/** The month a cycle starts, "YYYY-MM". */
export type Period = string;

/**
 * A cycle's due is made this many days before its due date. Reminders before the due day go at most this
 * many days ahead, so the due they speak of already exists.
 */
export const DUE_OPENS_DAYS_BEFORE = 15;

/**
 * The most periods one call of periodsToMake returns. A job runner that was down for months still catches
 * up (two years of monthly dues at once), while a clock set decades ahead makes 24 dues, not hundreds. The
 * next call continues from the latest due made, so a longer real gap is filled on the following turns.
 */
const MAX_PERIODS_AT_ONCE = 24;

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, "0");

function calendarDay(date: LocalDate): LocalDate {
  if (!isCalendarDay(date)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): "${date}"`);
  return date;
}

/** The date as whole days since 1970-01-01, so that day arithmetic is plain subtraction. */
function dayNumber(date: LocalDate): number {
  const [year, month, day] = calendarDay(date).split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

const fromDayNumber = (days: number): LocalDate => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The period as months since year 0, so that month arithmetic is plain addition. */
function monthNumber(period: Period): number {
  // A period is valid exactly when its first day is a calendar day; this also rejects "2027-1" and "2027-01-01".
  if (!isCalendarDay(`${period}-01`)) throw new RangeError(`Not a period (YYYY-MM): "${period}"`);
  const [year, month] = period.split("-").map(Number) as [number, number];
  return year * 12 + month - 1;
}

const fromMonthNumber = (months: number): Period =>
  `${String(Math.floor(months / 12)).padStart(4, "0")}-${pad((months % 12) + 1)}`;

function wholeNumber(value: number, name: string): number {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be a whole number, not ${value}`);
  return value;
}

/** The calendar day in São Paulo at the instant `now`. */
export function saoPauloDate(now: Date): LocalDate {
  return saoPauloDay(now);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(dayNumber(date) + wholeNumber(days, "days"));
}

/** `to` − `from` in whole days: positive when `to` is later. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

export function periodOf(date: LocalDate): Period {
  return calendarDay(date).slice(0, 7);
}

export function addMonths(period: Period, months: number): Period {
  return fromMonthNumber(monthNumber(period) + wholeNumber(months, "months"));
}

/** The plan's due day in that month, or the month's last day when it is shorter (31 in April: the 30th). */
export function dueDateOf(period: Period, dueDay: number): LocalDate {
  if (!Number.isInteger(dueDay) || dueDay < 1 || dueDay > 31) {
    throw new RangeError(`A due day is from 1 to 31, not ${dueDay}`);
  }
  const months = monthNumber(period);
  // Day 0 of the following month is this month's last day.
  const lastDay = new Date(Date.UTC(Math.floor(months / 12), (months % 12) + 1, 0)).getUTCDate();
  return `${period}-${pad(Math.min(dueDay, lastDay))}`;
}

/** Approval makes her first due at once: the approval's month, due on the approval day itself. */
export function firstDue(approvedOn: LocalDate): { period: Period; dueDate: LocalDate } {
  return { period: periodOf(approvedOn), dueDate: approvedOn };
}

/** The period after `period` on that cycle. */
export function nextPeriod(period: Period, cycle: PlanCycle): Period {
  if (!Object.hasOwn(CYCLE_MONTHS, cycle)) throw new RangeError(`Not a plan cycle: "${cycle}"`);
  return addMonths(period, CYCLE_MONTHS[cycle]);
}

/**
 * The periods after `last` (her latest due's period) whose due is to be made by `today`: each following
 * period whose due date is at most DUE_OPENS_DAYS_BEFORE days after `today`, in order, at most
 * MAX_PERIODS_AT_ONCE of them.
 */
export function periodsToMake(last: Period, cycle: PlanCycle, dueDay: number, today: LocalDate): Period[] {
  const periods: Period[] = [];
  let period = nextPeriod(last, cycle);
  while (
    periods.length < MAX_PERIODS_AT_ONCE &&
    daysBetween(today, dueDateOf(period, dueDay)) <= DUE_OPENS_DAYS_BEFORE
  ) {
    periods.push(period);
    period = nextPeriod(period, cycle);
  }
  return periods;
}

/** The first day the due counts as overdue: the day after its grace days have passed. */
export function overdueFrom(dueDate: LocalDate, graceDays: number): LocalDate {
  if (wholeNumber(graceDays, "graceDays") < 0) throw new RangeError(`graceDays cannot be negative: ${graceDays}`);
  return addDays(dueDate, graceDays + 1);
}

import { describe, expect, it } from "vitest";
import { type PlanCycle, planCycles } from "../../../common/schemas/members.ts";
import {
  addDays,
  addMonths,
  CYCLE_MONTHS,
  DUE_OPENS_DAYS_BEFORE,
  daysBetween,
  dueDateOf,
  firstDue,
  type LocalDate,
  nextPeriod,
  overdueFrom,
  type Period,
  periodOf,
  periodsToMake,
  saoPauloDate,
} from "./due-cycles.ts";

describe("saoPauloDate", () => {
  it.each([
    // São Paulo is UTC-3: its day starts at 03:00 UTC.
    ["2026-12-05T02:30:00Z", "2026-12-04"],
    ["2026-12-05T02:59:59Z", "2026-12-04"],
    ["2026-12-05T03:00:00Z", "2026-12-05"],
    ["2026-12-04T23:59:00Z", "2026-12-04"],
    ["2026-01-01T02:59:59Z", "2025-12-31"],
    ["2028-03-01T02:00:00Z", "2028-02-29"],
    // Summer time (UTC-2) in 2018: the day started at 02:00 UTC.
    ["2018-12-01T01:59:00Z", "2018-11-30"],
    ["2018-12-01T02:00:00Z", "2018-12-01"],
  ])("reads %s as %s", (instant, date) => {
    expect(saoPauloDate(new Date(instant))).toBe(date);
  });

  it("refuses an invalid Date", () => {
    expect(() => saoPauloDate(new Date("ontem"))).toThrow(RangeError);
  });
});

describe("addDays and daysBetween", () => {
  it.each([
    ["2027-01-31", 1, "2027-02-01"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2027-12-31", 1, "2028-01-01"],
    ["2027-03-05", -15, "2027-02-18"],
    ["2028-03-05", -15, "2028-02-19"],
    ["2027-01-10", -15, "2026-12-26"],
    ["2027-06-15", 0, "2027-06-15"],
    ["2027-01-01", 365, "2028-01-01"],
    ["2028-01-01", 366, "2029-01-01"],
  ] as const)("%s + %i days is %s, and back", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
    expect(daysBetween(expected, date) + days).toBe(0);
  });
});

describe("periodOf and addMonths", () => {
  it("takes the month of a date", () => {
    expect(periodOf("2027-01-31")).toBe("2027-01");
    expect(periodOf("2028-02-29")).toBe("2028-02");
    expect(periodOf("2027-12-01")).toBe("2027-12");
  });

  it.each([
    ["2027-01", 1, "2027-02"],
    ["2027-12", 1, "2028-01"],
    ["2027-11", 3, "2028-02"],
    ["2027-07", 6, "2028-01"],
    ["2027-02", 12, "2028-02"],
    ["2027-01", 24, "2029-01"],
    ["2027-01", -1, "2026-12"],
    ["2027-03", -15, "2025-12"],
    ["2027-05", 0, "2027-05"],
  ] as const)("%s + %i months is %s", (period, months, expected) => {
    expect(addMonths(period, months)).toBe(expected);
  });

  it("gives each cycle its months", () => {
    expect(CYCLE_MONTHS).toEqual({ mensal: 1, trimestral: 3, semestral: 6, anual: 12 });
    expect(planCycles).toEqual(["mensal", "trimestral", "semestral", "anual"]);
    expect(nextPeriod("2027-11", "mensal")).toBe("2027-12");
    expect(nextPeriod("2027-11", "trimestral")).toBe("2028-02");
    expect(nextPeriod("2027-11", "semestral")).toBe("2028-05");
    expect(nextPeriod("2027-11", "anual")).toBe("2028-11");
  });
});

describe("dueDateOf", () => {
  // Written out rather than computed, so that the table checks the code instead of repeating it.
  const daysIn2027 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const months = [
    ...daysIn2027.map((length, index) => ({ period: `2027-${String(index + 1).padStart(2, "0")}`, length })),
    { period: "2028-02", length: 29 },
  ];
  const cases = months.flatMap(({ period, length }) =>
    [28, 29, 30, 31].map((dueDay) => ({ period, dueDay, expected: `${period}-${Math.min(dueDay, length)}` })),
  );

  it.each(cases)("day $dueDay of $period falls on $expected", ({ period, dueDay, expected }) => {
    expect(dueDateOf(period, dueDay)).toBe(expected);
  });

  it.each([
    ["2027-02", 31, "2027-02-28"],
    ["2027-02", 29, "2027-02-28"],
    ["2028-02", 31, "2028-02-29"],
    ["2028-02", 29, "2028-02-29"],
    ["2027-04", 31, "2027-04-30"],
    ["2027-04", 30, "2027-04-30"],
    ["2027-12", 31, "2027-12-31"],
    ["2027-02", 1, "2027-02-01"],
    ["2027-02", 5, "2027-02-05"],
    ["2027-02", 28, "2027-02-28"],
  ] as const)("%s, day %i: %s", (period, dueDay, expected) => {
    expect(dueDateOf(period, dueDay)).toBe(expected);
  });

  it("keeps the due date inside its period", () => {
    for (const { period } of months) {
      for (let dueDay = 1; dueDay <= 31; dueDay++) expect(periodOf(dueDateOf(period, dueDay))).toBe(period);
    }
  });
});

describe("firstDue", () => {
  it.each(["2027-01-31", "2028-02-29", "2027-12-31", "2027-03-15", "2027-04-30"])(
    "approval on %s makes a due in that month, due that very day",
    (approvedOn) => {
      expect(firstDue(approvedOn)).toEqual({ period: approvedOn.slice(0, 7), dueDate: approvedOn });
    },
  );
});

describe("overdueFrom", () => {
  it.each([
    ["2027-03-10", 0, "2027-03-11"],
    ["2027-03-10", 10, "2027-03-21"],
    ["2027-02-28", 0, "2027-03-01"],
    ["2027-02-28", 10, "2027-03-11"],
    ["2028-02-28", 0, "2028-02-29"],
    ["2027-12-31", 0, "2028-01-01"],
    ["2027-12-25", 10, "2028-01-05"],
  ] as const)("a due of %s with %i days of grace is overdue from %s", (dueDate, graceDays, expected) => {
    expect(overdueFrom(dueDate, graceDays)).toBe(expected);
  });
});

describe("periodsToMake", () => {
  it("makes the next due from its opening day on, not the day before", () => {
    expect(DUE_OPENS_DAYS_BEFORE).toBe(15);
    // 2027-02-10 opens on 2027-01-26; 2027-03-10 on 2027-02-23.
    expect(periodsToMake("2027-01", "mensal", 10, "2027-01-25")).toEqual([]);
    expect(periodsToMake("2027-01", "mensal", 10, "2027-01-26")).toEqual(["2027-02"]);
    expect(periodsToMake("2027-01", "mensal", 10, "2027-02-10")).toEqual(["2027-02"]);
    expect(periodsToMake("2027-01", "mensal", 10, "2027-02-22")).toEqual(["2027-02"]);
    expect(periodsToMake("2027-01", "mensal", 10, "2027-02-23")).toEqual(["2027-02", "2027-03"]);
    expect(periodsToMake("2027-01", "mensal", 10, "2026-01-01")).toEqual([]);
  });

  it.each([
    // last, cycle, dueDay, the opening day (its due date less 15 days), the period it opens
    ["2027-02", "mensal", 5, "2027-02-18", "2027-03"],
    ["2028-02", "mensal", 5, "2028-02-19", "2028-03"],
    ["2027-01", "mensal", 31, "2027-02-13", "2027-02"],
    ["2028-01", "mensal", 31, "2028-02-14", "2028-02"],
    ["2027-12", "mensal", 10, "2027-12-26", "2028-01"],
    ["2027-01", "trimestral", 30, "2027-04-15", "2027-04"],
    ["2027-01", "semestral", 1, "2027-06-16", "2027-07"],
    ["2027-06", "anual", 20, "2028-06-05", "2028-06"],
    ["2027-02", "anual", 29, "2028-02-14", "2028-02"],
  ] as const)("after %s (%s, day %i) opens on %s: %s", (last, cycle, dueDay, opensOn, period) => {
    expect(periodsToMake(last, cycle, dueDay, addDays(opensOn, -1))).toEqual([]);
    expect(periodsToMake(last, cycle, dueDay, opensOn)).toEqual([period]);
    expect(periodsToMake(last, cycle, dueDay, addDays(opensOn, 1))).toEqual([period]);
  });

  it("catches up on every period missed while the job runner was down, in order", () => {
    expect(periodsToMake("2027-01", "mensal", 10, "2027-07-20")).toEqual([
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
    ]);
    expect(periodsToMake("2026-11", "trimestral", 31, "2027-12-01")).toEqual([
      "2027-02",
      "2027-05",
      "2027-08",
      "2027-11",
    ]);
    expect(periodsToMake("2020-03", "anual", 15, "2027-03-01")).toEqual([
      "2021-03",
      "2022-03",
      "2023-03",
      "2024-03",
      "2025-03",
      "2026-03",
      "2027-03",
    ]);
  });

  it("makes at most 24 at once and goes on from the last one made", () => {
    const monthly = periodsToMake("2000-01", "mensal", 1, "2027-01-01");
    expect(monthly).toHaveLength(24);
    expect(monthly[0]).toBe("2000-02");
    expect(monthly.at(-1)).toBe("2002-01");
    expect(periodsToMake("2002-01", "mensal", 1, "2027-01-01")[0]).toBe("2002-02");

    const quarterly = periodsToMake("1990-01", "trimestral", 15, "2027-01-01");
    expect(quarterly).toHaveLength(24);
    expect(quarterly[0]).toBe("1990-04");
    expect(quarterly.at(-1)).toBe("1996-01");
  });

  it("stops at the cap when exactly one more is owed", () => {
    // 2025-02 to 2027-01 are 24 periods; 2027-02-01 opens on 2027-01-17.
    const owed = periodsToMake("2025-01", "mensal", 1, "2026-12-17");
    expect(owed).toHaveLength(24);
    expect(owed.at(-1)).toBe("2027-01");
    expect(periodsToMake("2025-01", "mensal", 1, "2027-01-17")).toEqual(owed);
    expect(periodsToMake("2027-01", "mensal", 1, "2027-01-17")).toEqual(["2027-02"]);
  });
});

type MadeDue = { period: Period; dueDate: LocalDate; madeOn: LocalDate };

/** What a job runner turning every `everyDays` days (and on `until`) makes from her approval to `until`. */
function dueSchedule(
  approvedOn: LocalDate,
  cycle: PlanCycle,
  dueDay: number,
  until: LocalDate,
  everyDays: number,
): MadeDue[] {
  const first = firstDue(approvedOn);
  const made: MadeDue[] = [{ ...first, madeOn: approvedOn }];
  const turns: LocalDate[] = [];
  for (let day = approvedOn; day < until; day = addDays(day, everyDays)) turns.push(day);
  turns.push(until);
  for (const today of turns) {
    const last = made.at(-1)?.period ?? first.period;
    for (const period of periodsToMake(last, cycle, dueDay, today)) {
      made.push({ period, dueDate: dueDateOf(period, dueDay), madeOn: today });
    }
  }
  return made;
}

describe("two years of dues from approval", () => {
  // Due dates written out by hand; a due's period is the month of its due date.
  const schedules: { approvedOn: LocalDate; dueDay: number; until: LocalDate; dues: Record<PlanCycle, LocalDate[]> }[] =
    [
      {
        approvedOn: "2027-01-31",
        dueDay: 31,
        until: "2029-01-31",
        dues: {
          mensal: [
            "2027-01-31",
            "2027-02-28",
            "2027-03-31",
            "2027-04-30",
            "2027-05-31",
            "2027-06-30",
            "2027-07-31",
            "2027-08-31",
            "2027-09-30",
            "2027-10-31",
            "2027-11-30",
            "2027-12-31",
            "2028-01-31",
            "2028-02-29",
            "2028-03-31",
            "2028-04-30",
            "2028-05-31",
            "2028-06-30",
            "2028-07-31",
            "2028-08-31",
            "2028-09-30",
            "2028-10-31",
            "2028-11-30",
            "2028-12-31",
            "2029-01-31",
          ],
          trimestral: [
            "2027-01-31",
            "2027-04-30",
            "2027-07-31",
            "2027-10-31",
            "2028-01-31",
            "2028-04-30",
            "2028-07-31",
            "2028-10-31",
            "2029-01-31",
          ],
          semestral: ["2027-01-31", "2027-07-31", "2028-01-31", "2028-07-31", "2029-01-31"],
          anual: ["2027-01-31", "2028-01-31", "2029-01-31"],
        },
      },
      {
        approvedOn: "2028-02-29",
        dueDay: 29,
        until: "2030-02-28",
        dues: {
          mensal: [
            "2028-02-29",
            "2028-03-29",
            "2028-04-29",
            "2028-05-29",
            "2028-06-29",
            "2028-07-29",
            "2028-08-29",
            "2028-09-29",
            "2028-10-29",
            "2028-11-29",
            "2028-12-29",
            "2029-01-29",
            "2029-02-28",
            "2029-03-29",
            "2029-04-29",
            "2029-05-29",
            "2029-06-29",
            "2029-07-29",
            "2029-08-29",
            "2029-09-29",
            "2029-10-29",
            "2029-11-29",
            "2029-12-29",
            "2030-01-29",
            "2030-02-28",
          ],
          trimestral: [
            "2028-02-29",
            "2028-05-29",
            "2028-08-29",
            "2028-11-29",
            "2029-02-28",
            "2029-05-29",
            "2029-08-29",
            "2029-11-29",
            "2030-02-28",
          ],
          semestral: ["2028-02-29", "2028-08-29", "2029-02-28", "2029-08-29", "2030-02-28"],
          anual: ["2028-02-29", "2029-02-28", "2030-02-28"],
        },
      },
      {
        // The plan's day 5 comes a week after a late-December approval: its due opens before she is approved.
        approvedOn: "2027-12-28",
        dueDay: 5,
        until: "2029-12-28",
        dues: {
          mensal: [
            "2027-12-28",
            "2028-01-05",
            "2028-02-05",
            "2028-03-05",
            "2028-04-05",
            "2028-05-05",
            "2028-06-05",
            "2028-07-05",
            "2028-08-05",
            "2028-09-05",
            "2028-10-05",
            "2028-11-05",
            "2028-12-05",
            "2029-01-05",
            "2029-02-05",
            "2029-03-05",
            "2029-04-05",
            "2029-05-05",
            "2029-06-05",
            "2029-07-05",
            "2029-08-05",
            "2029-09-05",
            "2029-10-05",
            "2029-11-05",
            "2029-12-05",
            "2030-01-05",
          ],
          trimestral: [
            "2027-12-28",
            "2028-03-05",
            "2028-06-05",
            "2028-09-05",
            "2028-12-05",
            "2029-03-05",
            "2029-06-05",
            "2029-09-05",
            "2029-12-05",
          ],
          semestral: ["2027-12-28", "2028-06-05", "2028-12-05", "2029-06-05", "2029-12-05"],
          anual: ["2027-12-28", "2028-12-05", "2029-12-05"],
        },
      },
    ];
  const cases = schedules.flatMap((schedule) => planCycles.map((cycle) => ({ ...schedule, cycle })));

  it.each(cases)(
    "$cycle, approved on $approvedOn, day $dueDay: every period once, in turn, made on its opening day",
    ({ approvedOn, dueDay, until, dues, cycle }) => {
      const made = dueSchedule(approvedOn, cycle, dueDay, until, 1);
      expect(made.map((due) => due.dueDate)).toEqual(dues[cycle]);
      expect(made.map((due) => due.period)).toEqual(dues[cycle].map((dueDate) => dueDate.slice(0, 7)));
      for (const [index, due] of made.entries()) {
        if (index === 0) continue;
        const opensOn = addDays(due.dueDate, -DUE_OPENS_DAYS_BEFORE);
        // A due that opens before her approval is made on the approval day.
        expect(due.madeOn).toBe(daysBetween(approvedOn, opensOn) > 0 ? opensOn : approvedOn);
        expect(due.period).toBe(nextPeriod(made[index - 1]?.period ?? "", cycle));
      }
    },
  );

  it.each(cases)(
    "$cycle, approved on $approvedOn: a job runner turning weekly, monthly or quarterly makes the same dues",
    ({ approvedOn, dueDay, until, dues, cycle }) => {
      for (const everyDays of [7, 31, 100]) {
        const made = dueSchedule(approvedOn, cycle, dueDay, until, everyDays);
        expect(made.map((due) => due.dueDate)).toEqual(dues[cycle]);
      }
    },
  );
});

describe("guards", () => {
  const badDates = ["2027-02-29", "2027-02-30", "2027-04-31", "2027-13-01", "2027-00-10", "2027-1-05", "27-01-05"];
  const otherBadDates = ["2027-01-05T00:00", "", "05/01/2027", "2027-01-00"];

  it.each([...badDates, ...otherBadDates])("refuses the date %j", (date) => {
    expect(() => addDays(date, 1)).toThrow(RangeError);
    expect(() => daysBetween(date, "2027-01-01")).toThrow(RangeError);
    expect(() => daysBetween("2027-01-01", date)).toThrow(RangeError);
    expect(() => periodOf(date)).toThrow(RangeError);
    expect(() => firstDue(date)).toThrow(RangeError);
    expect(() => overdueFrom(date, 0)).toThrow(RangeError);
    expect(() => periodsToMake("2027-01", "mensal", 10, date)).toThrow(RangeError);
  });

  it.each(["2027-13", "2027-00", "2027-1", "27-01", "2027-01-01", "", "2027/01"])("refuses the period %j", (period) => {
    expect(() => addMonths(period, 1)).toThrow(RangeError);
    expect(() => nextPeriod(period, "mensal")).toThrow(RangeError);
    expect(() => dueDateOf(period, 10)).toThrow(RangeError);
    expect(() => periodsToMake(period, "mensal", 10, "2027-01-01")).toThrow(RangeError);
  });

  it.each([0, 32, -1, 1.5, Number.NaN])("refuses the due day %d", (dueDay) => {
    expect(() => dueDateOf("2027-01", dueDay)).toThrow(RangeError);
    expect(() => periodsToMake("2027-01", "mensal", dueDay, "2027-01-01")).toThrow(RangeError);
  });

  it("refuses fractional days or months, negative grace and an unknown cycle", () => {
    expect(() => addDays("2027-01-01", 0.5)).toThrow(RangeError);
    expect(() => addMonths("2027-01", 1.5)).toThrow(RangeError);
    expect(() => overdueFrom("2027-01-01", -1)).toThrow(RangeError);
    expect(() => overdueFrom("2027-01-01", 2.5)).toThrow(RangeError);
    expect(() => nextPeriod("2027-01", "bimestral" as PlanCycle)).toThrow(RangeError);
  });
});

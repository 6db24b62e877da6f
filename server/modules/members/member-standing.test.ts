import { describe, expect, it } from "vitest";
import { type MemberStatus, memberStatuses, memberStatusLabels } from "../../../common/schemas/members.ts";
import { addDays, type LocalDate } from "./due-cycles.ts";
import { adminTransitions, canMoveTo, inGoodStanding, type StatusSource, standingStatus } from "./member-standing.ts";

const today = "2027-03-15";

/**
 * `overdue` unpaid dues already overdue on `today` (the newest on its first overdue day, the others a month
 * apart before it), plus two unpaid ones that are not: one on the last day of its grace, one not yet due.
 */
function unpaidDues(overdue: number, graceDays: number): { dueDate: LocalDate }[] {
  const newestOverdue = addDays(today, -(graceDays + 1));
  return [
    ...Array.from({ length: overdue }, (_, index) => ({ dueDate: addDays(newestOverdue, -30 * index) })),
    { dueDate: addDays(today, -graceDays) },
    { dueDate: addDays(today, 10) },
  ];
}

describe("memberStatusLabels", () => {
  it("names every status", () => {
    expect(memberStatuses).toEqual(["proposta", "ativo", "em_atraso", "suspenso", "desligado"]);
    expect(memberStatusLabels).toEqual({
      proposta: "Proposta",
      ativo: "Ativo",
      em_atraso: "Em atraso",
      suspenso: "Suspenso",
      desligado: "Desligado",
    });
  });
});

describe("standingStatus", () => {
  // What 0, 1 and 3 overdue dues make of each status when 3 suspend her.
  const moves: MemberStatus[] = ["ativo", "em_atraso", "suspenso"];
  const table: { status: MemberStatus; source: StatusSource; outcomes: MemberStatus[] }[] = [
    { status: "proposta", source: "automatic", outcomes: ["proposta", "proposta", "proposta"] },
    { status: "proposta", source: "manual", outcomes: ["proposta", "proposta", "proposta"] },
    { status: "ativo", source: "automatic", outcomes: moves },
    { status: "ativo", source: "manual", outcomes: moves },
    { status: "em_atraso", source: "automatic", outcomes: moves },
    { status: "em_atraso", source: "manual", outcomes: moves },
    { status: "suspenso", source: "automatic", outcomes: moves },
    { status: "suspenso", source: "manual", outcomes: ["suspenso", "suspenso", "suspenso"] },
    { status: "desligado", source: "automatic", outcomes: ["desligado", "desligado", "desligado"] },
    { status: "desligado", source: "manual", outcomes: ["desligado", "desligado", "desligado"] },
  ];
  const cases = table.flatMap(({ status, source, outcomes }) =>
    [0, 10].flatMap((graceDays) =>
      [0, 1, 3].map((overdue, index) => ({ status, source, graceDays, overdue, expected: outcomes[index] })),
    ),
  );

  it.each(cases)(
    "$status ($source), $overdue overdue with $graceDays days of grace: $expected",
    ({ status, source, graceDays, overdue, expected }) => {
      const unpaid = unpaidDues(overdue, graceDays);
      expect(standingStatus({ status, source, unpaid, today, graceDays, suspendAfter: 3 })).toBe(expected);
    },
  );

  it("covers every status and source", () => {
    expect(new Set(table.map((row) => `${row.status}/${row.source}`)).size).toBe(memberStatuses.length * 2);
  });

  it.each([
    // due date, days of grace, the last day she is still em dia, the first day the due is overdue
    ["2027-03-10", 0, "2027-03-10", "2027-03-11"],
    ["2027-03-10", 10, "2027-03-20", "2027-03-21"],
    ["2027-02-28", 0, "2027-02-28", "2027-03-01"],
    ["2027-02-28", 10, "2027-03-10", "2027-03-11"],
    ["2028-02-28", 0, "2028-02-28", "2028-02-29"],
    ["2027-12-25", 10, "2028-01-04", "2028-01-05"],
  ] as const)("a due of %s with %i days of grace: em dia on %s, late from %s", (dueDate, graceDays, lastFine, late) => {
    const standing = (on: LocalDate, suspendAfter: number) =>
      standingStatus({
        status: "ativo",
        source: "automatic",
        unpaid: [{ dueDate }],
        today: on,
        graceDays,
        suspendAfter,
      });
    expect(standing(lastFine, 2)).toBe("ativo");
    expect(standing(late, 2)).toBe("em_atraso");
    expect(standing(addDays(late, 40), 2)).toBe("em_atraso");
    expect(standing(lastFine, 1)).toBe("ativo");
    expect(standing(late, 1)).toBe("suspenso");
  });

  it.each([
    [1, 0, "ativo"],
    [1, 1, "suspenso"],
    [1, 4, "suspenso"],
    [2, 1, "em_atraso"],
    [2, 2, "suspenso"],
    [4, 3, "em_atraso"],
    [4, 4, "suspenso"],
    [4, 6, "suspenso"],
  ] as const)("with %i overdue dues to suspend, %i overdue: %s", (suspendAfter, overdue, expected) => {
    for (const graceDays of [0, 10]) {
      const unpaid = unpaidDues(overdue, graceDays);
      expect(standingStatus({ status: "ativo", source: "automatic", unpaid, today, graceDays, suspendAfter })).toBe(
        expected,
      );
    }
  });

  it("counts only the overdue ones among her unpaid dues, in whatever order they come", () => {
    const unpaid = [{ dueDate: "2027-03-20" }, { dueDate: "2027-01-01" }, { dueDate: "2027-03-15" }];
    expect(standingStatus({ status: "ativo", source: "automatic", unpaid, today, graceDays: 0, suspendAfter: 2 })).toBe(
      "em_atraso",
    );
    expect(
      standingStatus({ status: "ativo", source: "automatic", unpaid: [], today, graceDays: 0, suspendAfter: 1 }),
    ).toBe("ativo");
  });

  it("hands a reinstated member back to the dues: enough overdue dues suspend her again", () => {
    const unpaid = unpaidDues(3, 10);
    expect(standingStatus({ status: "ativo", source: "manual", unpaid, today, graceDays: 10, suspendAfter: 3 })).toBe(
      "suspenso",
    );
    expect(
      standingStatus({
        status: "ativo",
        source: "manual",
        unpaid: unpaidDues(0, 10),
        today,
        graceDays: 10,
        suspendAfter: 3,
      }),
    ).toBe("ativo");
  });

  it("keeps an administrator's suspension once every due is paid, and lifts the dues' own", () => {
    const paidUp = { unpaid: [], today, graceDays: 0, suspendAfter: 1 };
    expect(standingStatus({ status: "suspenso", source: "manual", ...paidUp })).toBe("suspenso");
    expect(standingStatus({ status: "suspenso", source: "automatic", ...paidUp })).toBe("ativo");
  });

  it("refuses a suspension count below 1 or not whole, whatever the status", () => {
    for (const suspendAfter of [0, -1, 1.5, Number.NaN]) {
      for (const status of memberStatuses) {
        expect(() =>
          standingStatus({ status, source: "automatic", unpaid: [], today, graceDays: 0, suspendAfter }),
        ).toThrow(RangeError);
      }
    }
  });

  it("refuses negative grace and malformed dates", () => {
    const member = { status: "ativo", source: "automatic", suspendAfter: 1 } as const;
    expect(() => standingStatus({ ...member, unpaid: [{ dueDate: "2027-03-01" }], today, graceDays: -1 })).toThrow(
      RangeError,
    );
    expect(() => standingStatus({ ...member, unpaid: [{ dueDate: "2027-02-30" }], today, graceDays: 0 })).toThrow(
      RangeError,
    );
    expect(() =>
      standingStatus({ ...member, unpaid: [{ dueDate: "2027-03-01" }], today: "15/03/2027", graceDays: 0 }),
    ).toThrow(RangeError);
  });
});

describe("inGoodStanding", () => {
  it.each([
    ["proposta", false],
    ["ativo", true],
    ["em_atraso", false],
    ["suspenso", false],
    ["desligado", false],
  ] as const)("%s: %s", (status, expected) => {
    expect(inGoodStanding(status)).toBe(expected);
  });
});

describe("administrators' changes", () => {
  const allowed = new Set([
    "proposta -> ativo",
    "proposta -> desligado",
    "ativo -> suspenso",
    "ativo -> desligado",
    "em_atraso -> suspenso",
    "em_atraso -> desligado",
    "suspenso -> ativo",
    "suspenso -> desligado",
    "desligado -> ativo",
  ]);
  const pairs = memberStatuses.flatMap((from) => memberStatuses.map((to) => ({ from, to })));

  it.each(pairs)("$from -> $to", ({ from, to }) => {
    expect(canMoveTo(from, to)).toBe(allowed.has(`${from} -> ${to}`));
  });

  it("lists the same changes canMoveTo allows, none to the same status", () => {
    expect(Object.keys(adminTransitions).sort()).toEqual([...memberStatuses].sort());
    const listed = Object.entries(adminTransitions).flatMap(([from, targets]) =>
      targets.map((to) => `${from} -> ${to}`),
    );
    expect(new Set(listed)).toEqual(allowed);
    expect(listed).toHaveLength(allowed.size);
  });
});

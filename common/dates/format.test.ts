import { describe, expect, it } from "vitest";
import {
  calendarBadge,
  formatAbntDay,
  formatDateTime,
  formatEventPeriod,
  formatLongDate,
  formatLongDateTime,
  formatTime,
  sameLocalDay,
} from "./format.ts";

describe("formatDateTime", () => {
  it("shows the instant on São Paulo's clock, not the machine's", () => {
    // 02:30 UTC on New Year's Day is still 23:30 of the previous year in São Paulo (UTC-3).
    expect(formatDateTime("2026-01-01T02:30:00Z")).toMatch(/^31\/12\/2025,? 23:30$/);
  });

  it("accepts Date objects and uses day/month order", () => {
    expect(formatDateTime(new Date("2026-03-05T15:04:00Z"))).toMatch(/^05\/03\/2026,? 12:04$/);
  });
});

describe("long dates on São Paulo's clock", () => {
  it("writes weekday, day, month, year and time in pt-BR", () => {
    expect(formatLongDateTime("2026-11-21T22:00:00Z")).toBe("sábado, 21 de novembro de 2026, 19:00");
  });

  it("uses São Paulo's day, not UTC's, near midnight", () => {
    // 02:30 UTC on New Year's Day is 23:30 on New Year's Eve in São Paulo.
    expect(formatLongDate("2026-01-01T02:30:00Z")).toBe("31 de dezembro de 2025");
    expect(formatTime(new Date("2026-01-01T02:30:00Z"))).toBe("23:30");
    expect(sameLocalDay("2026-01-01T02:30:00Z", "2025-12-31T12:00:00Z")).toBe(true);
    expect(sameLocalDay("2026-01-01T03:30:00Z", "2025-12-31T12:00:00Z")).toBe(false);
  });

  it("gives a one-day event a single date and a time range", () => {
    expect(formatEventPeriod("2026-11-21T22:00:00Z", "2026-11-22T01:00:00Z")).toBe(
      "sábado, 21 de novembro de 2026, 19:00 às 22:00",
    );
  });

  it("spells out both ends of an event over several days", () => {
    expect(formatEventPeriod("2026-11-20T12:00:00Z", "2026-11-22T21:00:00Z")).toBe(
      "sexta-feira, 20 de novembro de 2026, 09:00 até domingo, 22 de novembro de 2026, 18:00",
    );
  });

  it("shows only the start when the end is not after it", () => {
    expect(formatEventPeriod("2026-11-21T22:00:00Z", "2026-11-21T22:00:00Z")).toBe(
      "sábado, 21 de novembro de 2026, 19:00",
    );
  });

  it("makes a calendar badge without the abbreviation dot", () => {
    expect(calendarBadge("2026-11-21T22:00:00Z")).toEqual({ day: "21", month: "nov" });
  });
});

describe("formatAbntDay", () => {
  it("writes the day on São Paulo's clock with ABNT's month abbreviation", () => {
    expect(formatAbntDay("2024-01-02T12:00:00.000Z")).toBe("2 jan. 2024");
    expect(formatAbntDay(new Date("2024-01-02T01:30:00.000Z"))).toBe("1 jan. 2024");
    expect(formatAbntDay("2019-05-12T15:00:00.000Z")).toBe("12 maio 2019");
  });
});

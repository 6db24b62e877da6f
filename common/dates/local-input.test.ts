import { describe, expect, it } from "vitest";
import { fromSaoPauloLocal, isSaoPauloLocal, toSaoPauloLocal } from "./local-input.ts";

describe("toSaoPauloLocal", () => {
  it("shows an instant on São Paulo's clock (UTC-3 since 2019)", () => {
    expect(toSaoPauloLocal("2026-01-01T02:30:00Z")).toBe("2025-12-31T23:30");
    expect(toSaoPauloLocal(new Date("2026-07-15T12:05:59Z"))).toBe("2026-07-15T09:05");
  });

  it("uses the summer offset of the years Brazil had one", () => {
    // 2018-12-01 was in summer time (UTC-2).
    expect(toSaoPauloLocal("2018-12-01T12:00:00Z")).toBe("2018-12-01T10:00");
  });

  it("gives an empty value for something that is not a date", () => {
    expect(toSaoPauloLocal("ontem")).toBe("");
  });
});

describe("fromSaoPauloLocal", () => {
  it("reads the admin's wall time as an instant", () => {
    expect(fromSaoPauloLocal("2025-12-31T23:30")).toBe("2026-01-01T02:30:00.000Z");
    expect(fromSaoPauloLocal("2026-07-15T09:05")).toBe("2026-07-15T12:05:00.000Z");
  });

  it("uses the offset in force on that date", () => {
    expect(fromSaoPauloLocal("2018-12-01T10:00")).toBe("2018-12-01T12:00:00.000Z");
    expect(fromSaoPauloLocal("2018-07-01T10:00")).toBe("2018-07-01T13:00:00.000Z");
  });

  it("round-trips with toSaoPauloLocal", () => {
    for (const local of ["2024-02-29T00:00", "2026-03-08T23:59", "2030-10-31T12:34"]) {
      const iso = fromSaoPauloLocal(local);
      expect(iso).not.toBeNull();
      expect(toSaoPauloLocal(iso ?? "")).toBe(local);
    }
  });

  it("reads a wall time skipped by old summer time with the offset before the change", () => {
    // Summer time began at 00:00 on 2018-11-04: the clock jumped to 01:00.
    expect(fromSaoPauloLocal("2018-11-04T00:30")).toBe("2018-11-04T03:30:00.000Z");
  });

  it("refuses incomplete or impossible values", () => {
    for (const value of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01", "amanhã"]) {
      expect(fromSaoPauloLocal(value)).toBeNull();
      expect(isSaoPauloLocal(value)).toBe(false);
    }
    expect(isSaoPauloLocal("2026-01-01T10:00")).toBe(true);
  });
});

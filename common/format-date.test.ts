import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format-date.ts";

describe("formatDateTime", () => {
  it("shows the instant on São Paulo's clock, not the machine's", () => {
    // 02:30 UTC on New Year's Day is still 23:30 of the previous year in São Paulo (UTC-3).
    expect(formatDateTime("2026-01-01T02:30:00Z")).toMatch(/^31\/12\/2025,? 23:30$/);
  });

  it("accepts Date objects and uses day/month order", () => {
    expect(formatDateTime(new Date("2026-03-05T15:04:00Z"))).toMatch(/^05\/03\/2026,? 12:04$/);
  });
});

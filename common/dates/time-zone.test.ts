import { describe, expect, it } from "vitest";
import { SITE_TIME_ZONE, siteClock } from "./time-zone.ts";

describe("siteClock", () => {
  it("reads the instant on the cooperative's clock", () => {
    expect(SITE_TIME_ZONE).toBe("America/Sao_Paulo");
    expect(siteClock(Date.parse("2026-01-01T02:30:15Z"))).toEqual({
      year: 2025,
      month: 12,
      day: 31,
      hour: 23,
      minute: 30,
      second: 15,
    });
  });

  it("writes midnight as hour 0", () => {
    expect(siteClock(Date.parse("2026-03-05T03:00:00Z")).hour).toBe(0);
  });
});

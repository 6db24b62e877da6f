import { describe, expect, it } from "vitest";
import {
  abntPublicationDate,
  brazilianPublicationDate,
  formatAbntDate,
  formatPublicationDate,
  toStoredPublicationDate,
} from "./publication-date.ts";

describe("toStoredPublicationDate", () => {
  it("keeps as much of the date as is known, zero-padded", () => {
    expect(toStoredPublicationDate({ year: 2019, month: null, day: null })).toBe("2019");
    expect(toStoredPublicationDate({ year: 2019, month: 5, day: null })).toBe("2019-05");
    expect(toStoredPublicationDate({ year: 2019, month: 5, day: 2 })).toBe("2019-05-02");
    expect(toStoredPublicationDate(null)).toBeNull();
  });
});

describe("formatPublicationDate", () => {
  it("writes the date for readers to its precision", () => {
    expect(formatPublicationDate({ publication_date: "2019", date_precision: "year" })).toBe("2019");
    expect(formatPublicationDate({ publication_date: "2019-05", date_precision: "month" })).toBe("maio de 2019");
    expect(formatPublicationDate({ publication_date: "2019-05-12", date_precision: "day" })).toBe("12 de maio de 2019");
  });

  it("shows the year alone when the precision is unknown, and nothing without a date", () => {
    expect(formatPublicationDate({ publication_date: "2019-05-12", date_precision: null })).toBe("2019");
    expect(formatPublicationDate({ publication_date: null, date_precision: "day" })).toBeNull();
  });

  it("does not move the first of January to the previous year", () => {
    expect(formatPublicationDate({ publication_date: "2020-01-01", date_precision: "day" })).toBe(
      "1 de janeiro de 2020",
    );
  });
});

describe("brazilianPublicationDate", () => {
  it("writes the stored date in day/month/year order", () => {
    expect(brazilianPublicationDate("2019-05-12")).toBe("12/05/2019");
    expect(brazilianPublicationDate("2019-05")).toBe("05/2019");
    expect(brazilianPublicationDate("2019")).toBe("2019");
    expect(brazilianPublicationDate(null)).toBe("");
  });
});

describe("ABNT dates", () => {
  it("abbreviates the month as ABNT NBR 6023 annex A does", () => {
    expect(formatAbntDate({ year: 2019, month: 5, day: 12 })).toBe("12 maio 2019");
    expect(formatAbntDate({ year: 2021, month: 1, day: null })).toBe("jan. 2021");
    expect(formatAbntDate({ year: 2021, month: null, day: null })).toBe("2021");
  });

  it("reads the stored date with the item's year and says [s. d.] without one", () => {
    expect(abntPublicationDate("2012-05-28", 2012)).toBe("28 maio 2012");
    expect(abntPublicationDate("2012", 2012)).toBe("2012");
    expect(abntPublicationDate(null, 2012)).toBe("[s. d.]");
    expect(abntPublicationDate("2012", null)).toBe("[s. d.]");
  });
});

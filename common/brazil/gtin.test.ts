import { describe, expect, it } from "vitest";
import { isValidGtin, NO_GTIN } from "./gtin.ts";

describe("GTIN", () => {
  it("accepts codes whose check digit is right, of each length", () => {
    expect(isValidGtin("7891000315507")).toBe(true); // EAN-13
    expect(isValidGtin("96385074")).toBe(true); // EAN-8
    expect(isValidGtin("036000291452")).toBe(true); // UPC-A
    expect(isValidGtin("17891000315504")).toBe(true); // GTIN-14
    expect(isValidGtin(NO_GTIN)).toBe(true);
  });

  it("refuses a wrong check digit, other lengths, letters and other spellings of 'SEM GTIN'", () => {
    expect(isValidGtin("7891000315508")).toBe(false);
    expect(isValidGtin("96385075")).toBe(false);
    expect(isValidGtin("1234567")).toBe(false);
    expect(isValidGtin("123456789")).toBe(false);
    expect(isValidGtin("789100031550X")).toBe(false);
    expect(isValidGtin("sem gtin")).toBe(false);
    expect(isValidGtin("")).toBe(false);
  });
});

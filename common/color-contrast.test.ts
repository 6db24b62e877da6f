import { describe, expect, it } from "vitest";
import { contrastRatio, textColorOn } from "./color-contrast.ts";
import { themeColors } from "./theme-colors.ts";

describe("contrast between colours", () => {
  it("follows WCAG 2's formula", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // The orange on yellow issue 24 found on /conta/emails (reported there as 2.68:1).
    expect(contrastRatio("#e67700", "#fff3bf")).toBeCloseTo(2.69, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("keeps white text on the spec's primary colour and puts dark text on its light secondary", () => {
    expect(textColorOn(themeColors.primary)).toBe("#ffffff");
    // White on #e1846d is 2.7:1, below the 4.5:1 normal text needs.
    expect(contrastRatio("#ffffff", themeColors.secondary)).toBeLessThan(3);
    expect(textColorOn(themeColors.secondary)).toBe("#212529");
    expect(textColorOn("#ffc107")).toBe("#212529");
    expect(textColorOn("#0b3d91")).toBe("#ffffff");
  });
});

import { describe, expect, it } from "vitest";
import { contrastRatio, READABLE_CONTRAST, readableTextColor, textColorOn } from "./color-contrast.ts";
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

describe("text in a chosen colour on white (issue 33 item 13)", () => {
  it("keeps a dark colour as it is", () => {
    expect(readableTextColor(themeColors.primary)).toBe(themeColors.primary);
    expect(readableTextColor("#0b3d91")).toBe("#0b3d91");
  });

  it("darkens a light colour just enough to read on white and on a pale tint", () => {
    for (const light of ["#ffc107", "#7fd3ff", "#e1846d", "#ffffff", "#28a745"]) {
      const text = readableTextColor(light);
      expect(contrastRatio(text, "#ffffff"), light).toBeGreaterThanOrEqual(READABLE_CONTRAST);
      // Not black: the lightest shade that reads, so the hue stays.
      expect(contrastRatio(text, "#ffffff"), light).toBeLessThan(READABLE_CONTRAST + 0.5);
    }
    expect(contrastRatio(readableTextColor("#7fd3ff", "#f0f9ff"), "#f0f9ff")).toBeGreaterThanOrEqual(READABLE_CONTRAST);
  });
});

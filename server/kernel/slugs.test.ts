import { describe, expect, it } from "vitest";
import { slugify } from "./slugs.ts";

describe("slugify", () => {
  it("drops accents and punctuation, lowercases and joins words with hyphens", () => {
    expect(slugify("Quem Somos — Nossa história!")).toBe("quem-somos-nossa-historia");
    expect(slugify("  Ação & Educação: ÇÃÕ ü  ")).toBe("acao-educacao-cao-u");
    expect(slugify("Feira 2025/26")).toBe("feira-2025-26");
    expect(slugify("!!!")).toBe("");
  });

  it("keeps slugs short without a trailing hyphen", () => {
    const slug = slugify(`${"palavra ".repeat(40)}fim`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

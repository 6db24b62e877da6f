import { describe, expect, it } from "vitest";
import { wxrItem } from "../../../tests/support/import-texts.ts";
import { linearBound, timeGrowth } from "../../../tests/support/linear-time.ts";
import { plainSummary } from "./import-plan.ts";
import { keyOfOldUrl, redirectKey, withoutTrailingSlashes } from "./old-addresses.ts";
import { menusOf } from "./wp-menus.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

/**
 * The wordpress module's patterns outside a post's content (wp-content.test.ts times those), on the
 * shapes that made them read the text back and forth: each must take time in proportion to it. A
 * visitor's address goes through redirectKey on every request once a site is imported. Each is timed at a
 * size and at eight times it (tests/support/linear-time.ts).
 */

const site: WxrExport = {
  version: "1.2",
  site: {
    title: "",
    link: "http://antigo.example",
    description: "",
    language: "",
    baseSiteUrl: "http://antigo.example",
    baseBlogUrl: "http://antigo.example",
  },
  terms: [],
  items: [],
};

const navigation = (content: string): WxrItem =>
  wxrItem({ id: 1, type: "wp_navigation", title: "Menu", slug: "menu", status: "publish", content });

const HOSTILE: Record<string, (size: number) => () => unknown> = {
  "a visitor's address of slashes not at its end": (size) => {
    const address = `/${"/".repeat(size)}a`;
    return () => redirectKey(address);
  },
  "an old link of slashes not at its end": (size) => {
    const url = `http://antigo.example/${"/".repeat(size)}a`;
    return () => keyOfOldUrl(url, site);
  },
  "an excerpt of '<' never closed": (size) => {
    const html = "<".repeat(size);
    return () => plainSummary(html, 200);
  },
  "navigation comments never closed": (size) => {
    const content = '<!-- wp:navigation-link {"label":"x"'.repeat(size / 36);
    return () => menusOf({ ...site, items: [navigation(content)] });
  },
};

describe("the import's other patterns take time in proportion to the text", () => {
  const SIZE = 16_000;
  for (const [shape, prepare] of Object.entries(HOSTILE)) {
    it(shape, { timeout: 30_000 }, async () => {
      const growth = await timeGrowth(prepare, SIZE);
      expect(growth.largeMs, `${SIZE} characters in ${growth.smallMs.toFixed(1)} ms`).toBeLessThan(
        linearBound(growth, 20),
      );
    });
  }

  it("still reads what they read", () => {
    expect(withoutTrailingSlashes("/sobre///")).toBe("/sobre");
    expect(withoutTrailingSlashes("///")).toBe("");
    expect(redirectKey("/Sobre/")).toBe("/sobre");
    expect(plainSummary("<p>Feira <strong>sábado</strong></p>", 200)).toBe("Feira sábado");
  });
});

import { describe, expect, it } from "vitest";
import { plainSummary } from "./import-plan.ts";
import { heldText } from "./import-text.ts";
import { keyOfOldUrl, redirectKey, withoutTrailingSlashes } from "./old-addresses.ts";
import { menusOf } from "./wp-menus.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

/**
 * The wordpress module's patterns outside a post's content (wp-content.test.ts times those), on the
 * shapes that made them read the text back and forth: each must take time in proportion to it. A
 * visitor's address goes through redirectKey on every request once a site is imported.
 */

function fastest(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

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

const navigation = (content: string): WxrItem => ({
  id: 1,
  type: "wp_navigation",
  title: "Menu",
  link: "",
  slug: "menu",
  status: "publish",
  parentId: 0,
  menuOrder: 0,
  date: "",
  dateGmt: "",
  content: heldText(content),
  excerpt: "",
  guid: "",
  attachmentUrl: "",
  terms: [],
  meta: {},
});

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
    it(shape, { timeout: 30_000 }, () => {
      const smallMs = fastest(prepare(SIZE));
      const largeMs = fastest(prepare(4 * SIZE));
      expect(largeMs, `${SIZE} characters in ${smallMs.toFixed(1)} ms`).toBeLessThan(8 * smallMs + 20);
      expect(largeMs).toBeLessThan(100);
    });
  }

  it("still reads what they read", () => {
    expect(withoutTrailingSlashes("/sobre///")).toBe("/sobre");
    expect(withoutTrailingSlashes("///")).toBe("");
    expect(redirectKey("/Sobre/")).toBe("/sobre");
    expect(plainSummary("<p>Feira <strong>sábado</strong></p>", 200)).toBe("Feira sábado");
  });
});

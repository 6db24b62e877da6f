import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { longestHold } from "../../../tests/support/event-loop-hold.ts";
import { linearBound, timeGrowth } from "../../../tests/support/linear-time.ts";
import { heldText } from "./import-text.ts";
import {
  type ContentContext,
  cleanWordPressContent,
  cleanWordPressContentNow,
  unknownShortcodesOf,
  unknownShortcodesOfEach,
} from "./wp-content.ts";
import { readWxr } from "./wxr-reader.ts";

const SITE_XML = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress/site.xml"));
const OLD = "http://127.0.0.1:18080";

async function fixture() {
  const site = await readWxr([SITE_XML]);
  const image = site.items.find((item) => item.title === "Colheita do açaí");
  const post = site.items.find((item) => item.title === "Colheita recorde de açaí em 2024");
  const child = site.items.find((item) => item.title === "História e missão");
  if (!image || !post || !child) throw new Error("the fixture lacks its items");
  const context: ContentContext = {
    images: new Map([[image.id, { url: "/files/colheita-do-acai.webp", alt: "Cestos de açaí na colheita" }]]),
    rewriteUrl: (url) => {
      if (url === image.attachmentUrl) return "/files/colheita-do-acai.webp";
      if (url === child.link) return "/quem-somos/historia-e-missao";
      return null;
    },
  };
  return { post, child, context };
}

describe("a WordPress post's content in our editor's rich text", () => {
  it("drops the block editor's comments, turns WordPress's shortcodes into HTML and names the others", async () => {
    const { post, context } = await fixture();
    const { html, unknownShortcodes } = await cleanWordPressContent(await post.content.read(), context);
    expect(html).not.toContain("<!--");
    expect(html).toContain("<p>A safra deste ano superou todas as anteriores.</p>");
    // [caption]: the picture, at its new address, in a figure with its caption.
    expect(html).toContain(
      '<figure><img src="/files/colheita-do-acai.webp" alt="Cestos de açaí na colheita" width="40" height="30" /><figcaption>Cestos na colheita</figcaption></figure>',
    );
    // [gallery ids=…]: the imported pictures.
    expect(html).toContain('<p><img src="/files/colheita-do-acai.webp" alt="Cestos de açaí na colheita" /></p>');
    // [embed]: YouTube's privacy-enhanced player.
    expect(html).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Vídeo" allowfullscreen>',
    );
    // A link to an imported page points at its new address.
    expect(html).toContain('<a href="/quem-somos/historia-e-missao">nossa história</a>');
    expect(html).not.toMatch(/\[\/?(caption|gallery|embed|contact-form-7)/);
    expect(html).not.toContain(OLD);
    expect(unknownShortcodes).toEqual(["contact-form-7"]);
  });

  it("keeps an image block's picture at its new address, in its figure without WordPress's classes", async () => {
    const { child, context } = await fixture();
    const { html } = await cleanWordPressContent(await child.content.read(), context);
    expect(html).toContain(
      '<figure><img src="/files/colheita-do-acai.webp" alt="Cestos de açaí na colheita" /></figure>',
    );
    expect(html).not.toContain("wp-block-image");
  });

  it("keeps an image block's caption under it, and the ids links to a section point at", async () => {
    const content =
      '<!-- wp:heading {"anchor":"servicos"} -->\n<h2 class="wp-block-heading" id="servicos">Serviços</h2>\n<!-- /wp:heading -->\n\n' +
      '<!-- wp:image -->\n<figure class="wp-block-image"><img src="https://old.example/a.png" alt="A"/><figcaption class="wp-element-caption">Legenda</figcaption></figure>\n<!-- /wp:image -->\n\n' +
      '<!-- wp:paragraph -->\n<p>Veja <a href="https://old.example/sobre/#contato">o contato</a> e <a href="#servicos">os serviços</a>.</p>\n<!-- /wp:paragraph -->';
    const { html } = await cleanWordPressContent(content, {
      images: new Map(),
      rewriteUrl: (url) => (url === "https://old.example/sobre/#contato" ? "/sobre#contato" : null),
    });
    expect(html).toBe(
      '<h2 id="servicos">Serviços</h2>\n<figure><img src="https://old.example/a.png" alt="A" /><figcaption>Legenda</figcaption></figure>\n' +
        '<p>Veja <a href="/sobre#contato">o contato</a> e <a href="#servicos">os serviços</a>.</p>',
    );
  });

  it("leaves text in brackets alone, writes out escaped shortcodes and keeps what an unknown one encloses", async () => {
    const context: ContentContext = { images: new Map(), rewriteUrl: () => null };
    const { html, unknownShortcodes } = await cleanWordPressContent(
      '<p>Ele disse [sic] e citou [1]. Use [[gallery]] para galerias.</p><p>[su_box title="Aviso"]Feira sábado[/su_box]</p>',
      context,
    );
    expect(html).toBe("<p>Ele disse [sic] e citou [1]. Use [gallery] para galerias.</p><p>Feira sábado</p>");
    expect(unknownShortcodes).toEqual(["su_box"]);
  });

  it("makes paragraphs of a classic editor's blank lines, and sanitises what came in", async () => {
    const context: ContentContext = { images: new Map(), rewriteUrl: () => null };
    const { html } = await cleanWordPressContent(
      'Primeira linha\nsegunda linha\n\nOutro parágrafo<script>alert(1)</script>\n\n<a href="javascript:alert(1)">x</a>',
      context,
    );
    expect(html).toBe("<p>Primeira linha<br />segunda linha</p><p>Outro parágrafo</p><p><a>x</a></p>");
  });
});

/**
 * Shapes of a post that each pattern would read back and forth, as `size` characters or so. Each is
 * cleaned at a size and at eight times it (tests/support/linear-time.ts): in linear time that takes about
 * eight times as long (the bound allows 24), where a pattern that backtracks over the text takes 64.
 */
const HOSTILE: Record<string, (size: number) => string> = {
  "a tag in brackets, again and again (the report's [a] × 128,000)": (size) => "[a]".repeat(size / 3),
  "shortcodes that never close their brackets": (size) => "[a ".repeat(size / 3),
  "a shortcode's attribute without =": (size) => `[a x${"y".repeat(size)}]`,
  "unknown shortcodes nested inside each other": (size) => {
    const names = Array.from({ length: size / 12 }, (_, index) => `x${index}`);
    return `${names.map((name) => `[${name}]`).join("")}${names
      .reverse()
      .map((name) => `[/${name}]`)
      .join("")}`;
  },
  "enclosing shortcodes with no end": (size) => "[caption]<img ".repeat(size / 14),
  "escaped shortcodes never closed": (size) => "[[a]".repeat(size / 4),
  "block comments never closed": (size) => "<!-- wp:".repeat(size / 8),
  "embed wrappers never closed": (size) => '<div class="wp-block-embed__wrapper"> https://a'.repeat(size / 48),
  "addresses without their closing quote": (size) => "href=\"x href='y ".repeat(size / 16),
  "a blank line that is only spaces": (size) => `a\n${" ".repeat(size)}b`,
  "elements nested and never closed": (size) => "<div><b>".repeat(size / 8),
};

describe("a hostile post's content takes time in proportion to its length", () => {
  const context: ContentContext = { images: new Map(), rewriteUrl: () => null };
  const SIZE = 48_000;
  for (const [shape, make] of Object.entries(HOSTILE)) {
    it(shape, { timeout: 60_000 }, async () => {
      // The passes themselves, timed on this thread.
      const growth = await timeGrowth((size) => {
        const content = make(size);
        return () => cleanWordPressContentNow(content, context);
      }, SIZE);
      expect(growth.largeMs, `${SIZE} characters in ${growth.smallMs.toFixed(0)} ms`).toBeLessThan(
        linearBound(growth, 40),
      );
      // What is left on the event loop (the sanitiser runs in a worker thread) never holds it for 100 ms.
      expect(await longestHold(() => cleanWordPressContent(make(4 * SIZE), context))).toBeLessThan(100);
    });
  }

  it("a preview counting the unknown shortcodes of hundreds of hostile posts lets visitors in meanwhile", {
    timeout: 60_000,
  }, async () => {
    // Every shape twice, short enough to be read here and long enough to take a while each, plus one long post.
    const posts = [
      ...Object.values(HOSTILE).flatMap((make) => Array.from({ length: 12 }, () => make(12_000))),
      `${HOSTILE["escaped shortcodes never closed"]?.(200_000) ?? ""}[unknown_one]`,
    ];
    let found: string[][] = [];
    expect(await longestHold(async () => (found = await unknownShortcodesOfEach(posts.map(heldText))))).toBeLessThan(
      100,
    );
    expect(found).toHaveLength(posts.length);
    expect(found.slice(0, -1)).toEqual(posts.slice(0, -1).map((post) => unknownShortcodesOf(post)));
    expect(found.at(-1)).toContain("unknown_one");
  });

  it("still reads shortcodes as WordPress does: nested, escaped, enclosing the first end tag after them", async () => {
    const { html, unknownShortcodes } = await cleanWordPressContent(
      "<p>[box][row]um[/row] [[gallery]] [note]dois[/note][/box] [x]três [x]quatro[/x] fim</p>",
      context,
    );
    expect(html).toBe("<p>um [gallery] dois três [x]quatro fim</p>");
    expect(unknownShortcodes).toEqual(["box", "note", "row", "x"]);
  });
});

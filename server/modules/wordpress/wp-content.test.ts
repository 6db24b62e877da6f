import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ContentContext, cleanWordPressContent } from "./wp-content.ts";
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
    const { html, unknownShortcodes } = cleanWordPressContent(post.content, context);
    expect(html).not.toContain("<!--");
    expect(html).toContain("<p>A safra deste ano superou todas as anteriores.</p>");
    // [caption]: the picture, at its new address, with its caption under it.
    expect(html).toContain(
      '<p><img src="/files/colheita-do-acai.webp" alt="Cestos de açaí na colheita" width="40" height="30" /><br /><em>Cestos na colheita</em></p>',
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

  it("keeps an image block's picture at its new address", async () => {
    const { child, context } = await fixture();
    const { html } = cleanWordPressContent(child.content, context);
    expect(html).toContain('<img src="/files/colheita-do-acai.webp" alt="Cestos de açaí na colheita" />');
    expect(html).not.toContain("<figure");
  });

  it("leaves text in brackets alone, writes out escaped shortcodes and keeps what an unknown one encloses", () => {
    const context: ContentContext = { images: new Map(), rewriteUrl: () => null };
    const { html, unknownShortcodes } = cleanWordPressContent(
      '<p>Ele disse [sic] e citou [1]. Use [[gallery]] para galerias.</p><p>[su_box title="Aviso"]Feira sábado[/su_box]</p>',
      context,
    );
    expect(html).toBe("<p>Ele disse [sic] e citou [1]. Use [gallery] para galerias.</p><p>Feira sábado</p>");
    expect(unknownShortcodes).toEqual(["su_box"]);
  });

  it("makes paragraphs of a classic editor's blank lines, and sanitises what came in", () => {
    const context: ContentContext = { images: new Map(), rewriteUrl: () => null };
    const { html } = cleanWordPressContent(
      'Primeira linha\nsegunda linha\n\nOutro parágrafo<script>alert(1)</script>\n\n<a href="javascript:alert(1)">x</a>',
      context,
    );
    expect(html).toBe("<p>Primeira linha<br />segunda linha</p><p>Outro parágrafo</p><p><a>x</a></p>");
  });
});

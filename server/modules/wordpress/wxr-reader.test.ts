import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isDomainError } from "../../../common/errors.ts";
import { longestHold } from "../../../tests/support/event-loop-hold.ts";
import { withTextsRead } from "../../../tests/support/import-texts.ts";
import { readWxr, WXR_MAX_DEPTH, type WxrItem } from "./wxr-reader.ts";

/** Written by WordPress 6 itself (tests/fixtures/wordpress/seed-fixture.php says how). */
const SITE_XML = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress/site.xml"));

/** The bytes in pieces of `size`, as a stream hands them over (a piece may end inside a character). */
function* inPieces(bytes: Uint8Array, size: number) {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function refusal(input: string | Uint8Array, options?: { maxBytes?: number }) {
  try {
    await readWxr([typeof input === "string" ? new TextEncoder().encode(input) : input], options);
  } catch (error) {
    if (isDomainError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("the file was read");
}

const byTitle = (items: WxrItem[], title: string) => {
  const item = items.find((candidate) => candidate.title === title);
  if (!item) throw new Error(`no item "${title}"`);
  return item;
};

describe("reading a WordPress export", () => {
  it("reads the site, its terms and every item of an export WordPress wrote", async () => {
    const site = await readWxr(inPieces(SITE_XML, 4096));
    expect(site.version).toBe("1.2");
    expect(site.site.baseSiteUrl).toBe("http://127.0.0.1:18080");
    expect(site.terms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          taxonomy: "category",
          slug: "noticias-da-cooperativa",
          name: "Notícias da cooperativa",
        }),
        expect.objectContaining({ taxonomy: "post_tag", slug: "safra-2024", name: "safra 2024" }),
        expect.objectContaining({ taxonomy: "nav_menu", name: "Menu principal" }),
      ]),
    );

    const parent = byTitle(site.items, "Quem somos");
    const child = byTitle(site.items, "História e missão");
    expect(parent).toMatchObject({ type: "page", slug: "quem-somos", status: "publish", parentId: 0, menuOrder: 1 });
    expect(child).toMatchObject({ type: "page", slug: "historia-e-missao", parentId: parent.id, menuOrder: 2 });
    expect(parent.excerpt).toBe("A cooperativa e sua história.");

    const post = byTitle(site.items, "Colheita recorde de açaí em 2024");
    expect(post).toMatchObject({ type: "post", status: "publish", date: "2024-03-12 08:30:00" });
    const content = await post.content.read();
    expect(content).toContain("<!-- wp:paragraph -->");
    expect(content).toContain('[caption id="attachment_');
    expect(content).toContain("[contact-form-7");
    expect(post.terms).toEqual(
      expect.arrayContaining([
        { taxonomy: "category", slug: "noticias-da-cooperativa", name: "Notícias da cooperativa" },
        { taxonomy: "post_tag", slug: "acai", name: "açaí" },
      ]),
    );
    const image = byTitle(site.items, "Colheita do açaí");
    expect(image.type).toBe("attachment");
    expect(image.attachmentUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:18080\/wp-content\/uploads\/2024\/03\/colheita-do-acai\.png$/,
    );
    expect(image.meta._wp_attachment_image_alt).toBe("Cestos de açaí na colheita");
    expect(post.meta._thumbnail_id).toBe(String(image.id));

    expect(byTitle(site.items, "Rascunho: relatório anual").status).toBe("draft");
    expect(byTitle(site.items, "Ata interna da diretoria").status).toBe("private");
    expect(byTitle(site.items, "Post apagado").status).toBe("trash");

    const menuItems = site.items.filter((item) => item.type === "nav_menu_item");
    const subItem = menuItems.find((item) => item.meta._menu_item_object_id === String(child.id));
    expect(subItem?.meta._menu_item_menu_item_parent).not.toBe("0");
    expect(menuItems.map((item) => item.meta._menu_item_type).sort()).toEqual([
      "custom",
      "post_type",
      "post_type",
      "taxonomy",
    ]);
    const navigation = site.items.find((item) => item.type === "wp_navigation" && item.title === "Navegação");
    expect(await navigation?.content.read()).toContain("<!-- wp:navigation-submenu");
  });

  it("reads the same export whole or a byte at a time", async () => {
    const whole = await readWxr([SITE_XML]);
    const bytewise = await readWxr(inPieces(SITE_XML, 1));
    expect(await withTextsRead(bytewise)).toEqual(await withTextsRead(whole));
  });
});

describe("a file that is not a complete WordPress export is refused in Portuguese", () => {
  it("not XML, or empty", async () => {
    for (const text of ["", "   ", "título,preço\nGeleia,10", "<rss><channel>", "\u0000\u0001"]) {
      const answer = await refusal(text);
      expect(answer.kind).toBe("invalid");
      expect(answer.message).toMatch(/não é um XML válido|incompleto/);
    }
    const latin1 = Uint8Array.from([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]);
    expect((await refusal(latin1)).message).toMatch(/não é um XML válido/);
  });

  it("XML that is not a WordPress export", async () => {
    for (const text of [
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      '<rss version="2.0"><channel><title>Um feed</title><item><title>x</title></item></channel></rss>',
    ]) {
      expect((await refusal(text)).message).toMatch(/não é uma exportação do WordPress/);
    }
  });

  it("an export cut short", async () => {
    const cut = SITE_XML.subarray(0, Math.floor(SITE_XML.length / 2));
    expect(await refusal(cut)).toEqual({ kind: "invalid", message: expect.stringMatching(/incompleto/) });
  });

  it("an entity-expansion bomb, without expanding it", async () => {
    const lol = ['<!ENTITY lol "lol">'];
    for (let level = 1; level <= 9; level++)
      lol.push(`<!ENTITY lol${level} "${`&lol${level === 1 ? "" : level - 1};`.repeat(10)}">`);
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [${lol.join("")}]><rss><channel><title>&lol9;</title></channel></rss>`;
    expect((await refusal(bomb)).message).toMatch(/DOCTYPE/);
    const external = '<?xml version="1.0"?><!DOCTYPE rss SYSTEM "file:///etc/passwd"><rss/>';
    expect((await refusal(external)).message).toMatch(/DOCTYPE/);
  });

  it("a file past the size limit, before reading it all", async () => {
    let handed = 0;
    function* endless() {
      for (;;) {
        handed++;
        yield new TextEncoder().encode(`<!-- ${"x".repeat(1000)} -->`);
      }
    }
    const answer = await readWxr(endless(), { maxBytes: 100_000 }).catch((error: unknown) => error);
    expect(isDomainError(answer) && answer.kind).toBe("too_large");
    expect(isDomainError(answer) && answer.message).toBe(
      "O arquivo passa de 97,7 KB. Para sites grandes, use o comando npm run import:wordpress no servidor.",
    );
    expect(handed).toBeLessThan(200);
  });

  it("elements nested past any export's depth, with a pt-BR refusal before they fill the memory", async () => {
    const depth = 200_000;
    const nested = `${"<x>".repeat(depth)}${"</x>".repeat(depth)}`;
    const deep = `<rss><channel><wp:wxr_version>1.2</wp:wxr_version><item>${nested}</item></channel></rss>`;
    const before = process.memoryUsage().rss;
    const answer = await refusal(deep);
    expect(answer.kind).toBe("invalid");
    expect(answer.message).toBe(
      `O arquivo tem elementos dentro de elementos em mais de ${WXR_MAX_DEPTH} níveis, o que uma exportação do WordPress nunca tem; por segurança ele não é lido. Exporte de novo no WordPress (Ferramentas → Exportar).`,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe("a large export", () => {
  it("is read in pieces, never holding the event loop for 100 ms", { timeout: 60_000 }, async () => {
    const item = (id: number) =>
      `<item><title>Notícia ${id}</title><wp:post_id>${id}</wp:post_id><wp:post_type>post</wp:post_type>` +
      `<content:encoded><![CDATA[<p>${"Texto da notícia, ".repeat(200)}</p>]]></content:encoded></item>`;
    const items = Array.from({ length: 8_000 }, (_, id) => item(id)).join("");
    const xml = new TextEncoder().encode(`<rss><channel><wp:wxr_version>1.2</wp:wxr_version>${items}</channel></rss>`);
    expect(xml.byteLength).toBeGreaterThan(25 * 1024 * 1024);
    // One chunk of the whole file, as a file read into memory would hand it over.
    const longest = await longestHold(async () => {
      const site = await readWxr([xml], { maxBytes: 64 * 1024 * 1024 });
      expect(site.items).toHaveLength(8_000);
    });
    expect(longest).toBeLessThan(100);
  });
});

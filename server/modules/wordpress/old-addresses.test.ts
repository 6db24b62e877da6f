import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isFrontPage, itemAddresses, keyOfOldUrl, redirectKey, termAddresses } from "./old-addresses.ts";
import { readWxr, type WxrExport } from "./wxr-reader.ts";

const SITE_XML = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress/site.xml"));

const item = (site: WxrExport, title: string) => {
  const found = site.items.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no item "${title}"`);
  return found;
};

describe("the old addresses of an imported WordPress site", () => {
  it("a request meets its key whatever its slash, case, encoding or tracking parameters", () => {
    expect(redirectKey("/Sobre/")).toBe("/sobre");
    expect(redirectKey("/colheita-de-a%C3%A7a%C3%AD/")).toBe("/colheita-de-açaí");
    // "ç" written as c + combining cedilla is the same slug.
    expect(redirectKey("/colheita-de-ac\u0327ai\u0301")).toBe("/colheita-de-açaí");
    expect(redirectKey("/", "?p=12&utm_source=whatsapp")).toBe("/?p=12");
    expect(redirectKey("/", "?utm_source=whatsapp")).toBe("/");
    expect(redirectKey("/", "?page_id=7&p=3")).toBe("/?p=3&page_id=7");
    expect(redirectKey("/%E0%A4%A")).toBe("/%e0%a4%a");
  });

  it("pages and posts answer on their permalink and their query forms; drafts, private and trashed on none", async () => {
    const site = await readWxr([SITE_XML]);
    const child = item(site, "História e missão");
    // WordPress answers ?p= for a page as well as ?page_id=.
    expect(itemAddresses(child, site).sort()).toEqual(
      [`/?p=${child.id}`, `/?page_id=${child.id}`, "/quem-somos/historia-e-missao"].sort(),
    );
    const post = item(site, "Colheita recorde de açaí em 2024");
    expect(itemAddresses(post, site)).toEqual(["/colheita-recorde-de-acai-em-2024", `/?p=${post.id}`]);
    for (const title of ["Rascunho: relatório anual", "Ata interna da diretoria", "Post apagado"])
      expect(itemAddresses(item(site, title), site)).toEqual([]);
    // The front page stays "/", which WordPress wrote as its permalink.
    const front = item(site, "Início");
    expect(itemAddresses(front, site).sort()).toEqual([`/?p=${front.id}`, `/?page_id=${front.id}`].sort());
  });

  it("tells the static front page by its permalink, the site's own address", async () => {
    const site = await readWxr([SITE_XML]);
    expect(isFrontPage(item(site, "Início"), site)).toBe(true);
    for (const title of ["Sobre a cooperativa", "Quem somos", "Colheita recorde de açaí em 2024"])
      expect(isFrontPage(item(site, title), site)).toBe(false);
  });

  it("an upload answers on its file and its attachment page", async () => {
    const site = await readWxr([SITE_XML]);
    expect(itemAddresses(item(site, "Colheita do açaí"), site)).toEqual([
      "/wp-content/uploads/2024/03/colheita-do-acai.png",
      "/colheita-do-acai",
    ]);
  });

  it("categories and tags answer on their list, its feed and their query form, nested under their parents", async () => {
    const site = await readWxr([SITE_XML]);
    const category = site.terms.find((term) => term.slug === "noticias-da-cooperativa");
    const tag = site.terms.find((term) => term.slug === "safra-2024");
    if (!category || !tag) throw new Error("the fixture lacks its terms");
    expect(termAddresses(category, site)).toEqual([
      "/category/noticias-da-cooperativa",
      "/category/noticias-da-cooperativa/feed",
      `/?cat=${category.id}`,
    ]);
    expect(termAddresses(tag, site)).toEqual(["/tag/safra-2024", "/tag/safra-2024/feed", "/?tag=safra-2024"]);
    const nested = { ...category, id: 99, slug: "feiras-2024", parentSlug: "noticias-da-cooperativa" };
    expect(termAddresses(nested, site)[0]).toBe("/category/noticias-da-cooperativa/feiras-2024");
    // A loop in the parents (a broken export) ends.
    const looped = {
      ...site,
      terms: [
        { ...nested, slug: "a", parentSlug: "b" },
        { ...nested, slug: "b", parentSlug: "a" },
      ],
    };
    expect(termAddresses(looped.terms[0] ?? nested, looped)[0]).toBe("/category/b/a");
  });

  it("never takes an address on another host, and reads a site in a subfolder", async () => {
    const site = await readWxr([SITE_XML]);
    expect(keyOfOldUrl("https://evil.example/sobre/", site)).toBeNull();
    expect(keyOfOldUrl("javascript:alert(1)", site)).toBeNull();
    const subfolder = { ...site, site: { ...site.site, baseBlogUrl: "https://coop.example.org/site" } };
    expect(keyOfOldUrl("https://coop.example.org/site/sobre/", subfolder)).toBe("/sobre");
  });
});

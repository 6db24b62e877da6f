import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { wxrItem } from "../../../tests/support/import-texts.ts";
import { menusOf, type WpMenuEntry } from "./wp-menus.ts";
import { readWxr } from "./wxr-reader.ts";

const SITE_XML = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress/site.xml"));
const OLD = "http://127.0.0.1:18080";

/** An entry as "label -> kind url", its children under it. */
const outline = (entries: WpMenuEntry[]): unknown[] =>
  entries.map((entry) =>
    entry.children.length > 0
      ? { [`${entry.label} -> ${entry.link.kind} ${entry.link.url}`]: outline(entry.children) }
      : `${entry.label} -> ${entry.link.kind} ${entry.link.url}`,
  );

describe("the menus of a WordPress export", () => {
  it("reads a classic menu with its sub-item, a category and a custom link, labels taken from what they link", async () => {
    const menus = await menusOf(await readWxr([SITE_XML]));
    const classic = menus.find((menu) => menu.source === "classic");
    expect(classic?.name).toBe("Menu principal");
    expect(outline(classic?.entries ?? [])).toEqual([
      { [`Quem somos -> page ${OLD}/quem-somos/`]: [`História e missão -> page ${OLD}/quem-somos/historia-e-missao/`] },
      `Notícias da cooperativa -> category ${OLD}/category/noticias-da-cooperativa/`,
      "Loja antiga -> custom https://loja.example.org/",
    ]);
  });

  it("reads a block theme's navigation: links, a submenu, a category link and a custom one", async () => {
    const site = await readWxr([SITE_XML]);
    const navigation = (await menusOf(site)).find((menu) => menu.source === "block" && menu.name === "Navegação");
    expect(outline(navigation?.entries ?? [])).toEqual([
      { [`Quem somos -> page ${OLD}/quem-somos/`]: [`História e missão -> page ${OLD}/quem-somos/historia-e-missao/`] },
      `Notícias -> category ${OLD}/category/noticias-da-cooperativa/`,
      "Contato -> custom https://example.org/contato",
    ]);
    const page = site.items.find((item) => item.title === "Quem somos");
    expect(navigation?.entries[0]?.link.objectId).toBe(page?.id);
  });

  it("leaves out a block whose attributes cannot be read, and a navigation without links", async () => {
    const base = {
      version: "1.2",
      site: { title: "", link: "", description: "", language: "", baseSiteUrl: "", baseBlogUrl: "" },
      terms: [],
    };
    const item = (content: string) =>
      wxrItem({ id: 1, type: "wp_navigation", title: "Rodapé", status: "publish", content });
    expect(await menusOf({ ...base, items: [item("<!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->")] })).toEqual(
      [],
    );
    const broken = [
      '<!-- wp:navigation-submenu {"label":"Sobre", broken} -->',
      '<!-- wp:navigation-link {"label":"Equipe","url":"/equipe"} /-->',
      "<!-- /wp:navigation-submenu -->",
      '<!-- wp:navigation-link {"label":"Contato","url":"/contato"} /-->',
    ].join("");
    const [menu] = await menusOf({ ...base, items: [item(broken)] });
    expect(outline(menu?.entries ?? [])).toEqual(["Equipe -> custom /equipe", "Contato -> custom /contato"]);
  });
});

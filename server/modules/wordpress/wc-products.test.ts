import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMPTY_ITEM_FISCAL, GTIN_MESSAGE, NCM_MESSAGE } from "../../../common/schemas/fiscal.ts";
import { withTextsRead } from "../../../tests/support/import-texts.ts";
import { priceCents, productsOf, UNCOUNTED_STOCK } from "./wc-products.ts";
import { readWxr, type WxrExport, type WxrItem } from "./wxr-reader.ts";

/** WooCommerce's documented product items, written by tests/fixtures/wordpress/plugins-export.php. */
const SHOP_XML = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress/plugins.xml"));
const NOW = new Date("2026-11-26T12:00:00Z");

const shop = () => readWxr([SHOP_XML]);

/** The export with one item's meta changed (or removed, given undefined). */
function withMeta(site: WxrExport, id: number, meta: Record<string, string | undefined>): WxrExport {
  const change = (item: WxrItem): WxrItem => {
    if (item.id !== id) return item;
    const merged: Record<string, string> = { ...item.meta };
    for (const [key, value] of Object.entries(meta)) {
      if (value === undefined) delete merged[key];
      else merged[key] = value;
    }
    return { ...item, meta: merged };
  };
  return { ...site, items: site.items.map(change) };
}

describe("WooCommerce's products in our catalogue", () => {
  it("a simple product on sale: 'de' the regular price 'por' the sale price, its stock, weight, sides, tags and images", async () => {
    const { products } = productsOf(await shop(), undefined, NOW);
    expect(await withTextsRead(products.find((product) => product.wpId === 201))).toEqual({
      wpId: 201,
      name: "Geleia de cupuaçu",
      slug: "geleia-de-cupuacu",
      status: "published",
      content: "<p>Feita com frutas da cooperativa.</p>",
      summary: "Pote de 320 g.",
      tags: ["Doces", "sem açúcar"],
      imageIds: [301, 302, 303],
      imageUrls: [],
      options: [],
      variants: [
        {
          wpId: 201,
          options: [],
          sku: "GEL-CUP-320",
          price_cents: 2890,
          compare_at_cents: 3290,
          stock: 14,
          fiscal: EMPTY_ITEM_FISCAL,
        },
      ],
      weight_grams: 450,
      length_cm: 10,
      width_cm: 8,
      height_cm: 12,
      uncountedStock: false,
      fiscal: { ncm: "20079990", origin: 0, tax_situation: null, unit: "UN", gtin: "7891000000014" },
      leftOut: [],
    });
  });

  it("a variable product: its global and custom attributes as two options, a variant per variation", async () => {
    const { products } = productsOf(await shop(), undefined, NOW);
    const basket = products.find((product) => product.wpId === 210);
    expect(basket?.options).toEqual([
      { name: "Cor", values: ["Natural", "Tingido de urucum"] },
      { name: "Tamanho", values: ["Pequeno", "Grande"] },
    ]);
    expect(
      basket?.variants.map((variant) => [
        variant.options.join(" / "),
        variant.sku,
        variant.price_cents,
        variant.compare_at_cents,
        variant.stock,
      ]),
    ).toEqual([
      ["Natural / Pequeno", "CESTO-NAT-P", 4500, null, 3],
      ["Natural / Grande", "CESTO-NAT-G", 6250, 7000, 0],
      ["Tingido de urucum / Pequeno", "CESTO-URU-P", 5000, null, 5],
      ["Tingido de urucum / Grande", "CESTO-URU-G", 8000, null, 2],
    ]);
    expect(basket?.weight_grams).toBe(300);
  });

  it("lists what the shop cannot sell, with the reason, and keeps a draft a draft", async () => {
    const { products, skipped } = productsOf(await shop(), undefined, NOW);
    expect(skipped).toEqual([
      { wpId: 220, name: "Kit presente", reason: "Produto agrupado: os produtos do grupo são importados um a um." },
      { wpId: 221, name: "Livro na livraria parceira", reason: "Produto externo, vendido em outro site." },
      {
        wpId: 222,
        name: "Receitas da floresta (e-book)",
        reason: "Produto para baixar ou virtual: a loja vende produtos que são entregues.",
      },
    ]);
    expect(products.find((product) => product.wpId === 223)?.status).toBe("draft");
  });

  it("an 'any' variation stands for each value; uncounted stock is flagged; an ended sale is no sale", async () => {
    let site = withMeta(await shop(), 214, { attribute_tamanho: "", _manage_stock: "no", _stock_status: "instock" });
    site = withMeta(site, 211, { _sale_price: "40", _sale_price_dates_to: String(Date.parse("2025-01-01") / 1000) });
    site = { ...site, items: site.items.filter((item) => item.id !== 213) };
    const basket = productsOf(site, undefined, NOW).products.find((product) => product.wpId === 210);
    expect(
      basket?.variants.map((variant) => [
        variant.options.join(" / "),
        variant.sku,
        variant.price_cents,
        variant.compare_at_cents,
        variant.stock,
      ]),
    ).toEqual([
      ["Natural / Pequeno", "CESTO-NAT-P", 4500, null, 3],
      ["Natural / Grande", "CESTO-NAT-G", 6250, 7000, 0],
      ["Tingido de urucum / Pequeno", "CESTO-URU-G", 8000, null, UNCOUNTED_STOCK],
      ["Tingido de urucum / Grande", "", 8000, null, UNCOUNTED_STOCK],
    ]);
    expect(basket?.uncountedStock).toBe(true);
  });

  it("reads the NF-e and GTIN plugins' meta, a variation's own, and leaves out what our checks refuse", async () => {
    const basket = productsOf(await shop(), undefined, NOW).products.find((product) => product.wpId === 210);
    // WebmaniaBR's unchosen origin ("null") is no origin, and no value left out.
    expect(basket?.fiscal).toEqual({ ...EMPTY_ITEM_FISCAL, ncm: "46021900" });
    expect(basket?.variants.map((variant) => [variant.options.join(" / "), variant.fiscal])).toEqual([
      ["Natural / Pequeno", { ...EMPTY_ITEM_FISCAL, gtin: "7891000000021" }],
      ["Natural / Grande", { ...EMPTY_ITEM_FISCAL, ncm: "46021100", gtin: "7891000000038" }],
      ["Tingido de urucum / Pequeno", EMPTY_ITEM_FISCAL],
      ["Tingido de urucum / Grande", { ...EMPTY_ITEM_FISCAL, gtin: "SEM GTIN" }],
    ]);
    expect(basket?.leftOut).toEqual([
      { field: "GTIN da variação Tingido de urucum / Pequeno", value: "7891000000030", reason: GTIN_MESSAGE },
    ]);

    // The first key with a value wins; an "any" variation's GTIN stays with its first combination.
    let site = withMeta(await shop(), 201, { _nfe_codigo_ncm: "", ncm: "0901", _global_unique_id: "", _wc_gtin: "" });
    site = withMeta(site, 214, { attribute_tamanho: "", _global_unique_id: "7891000000045" });
    site = { ...site, items: site.items.filter((item) => item.id !== 213) };
    const { products } = productsOf(site, undefined, NOW);
    const jam = products.find((product) => product.wpId === 201);
    expect(jam?.fiscal).toEqual({ ...EMPTY_ITEM_FISCAL, origin: 0, unit: "UN" });
    expect(jam?.leftOut).toEqual([{ field: "NCM", value: "0901", reason: NCM_MESSAGE }]);
    const any = products.find((product) => product.wpId === 210)?.variants.slice(2);
    expect(any?.map((variant) => [variant.options.join(" / "), variant.fiscal.gtin])).toEqual([
      ["Tingido de urucum / Pequeno", "7891000000045"],
      ["Tingido de urucum / Grande", null],
    ]);
  });

  it("converts the shop's units, and refuses attributes it cannot read or more than two options", async () => {
    const site = await shop();
    const inPounds = productsOf(site, { weight: "lbs", dimension: "in" }, NOW).products.find(
      (product) => product.wpId === 201,
    );
    expect([inPounds?.weight_grams, inPounds?.length_cm, inPounds?.width_cm, inPounds?.height_cm]).toEqual([
      204, 25, 20, 30,
    ]);

    const broken = withMeta(site, 210, { _product_attributes: 'a:1:{s:3:"cor";O:8:"stdClass":0:{}' });
    expect(productsOf(broken, undefined, NOW).skipped).toContainEqual({
      wpId: 210,
      name: "Cesto de palha",
      reason: "As opções do produto (atributos) não puderam ser lidas.",
    });
    const attribute = (name: string, position: number) =>
      `s:${name.length}:"${name}";a:5:{s:4:"name";s:${name.length}:"${name}";s:5:"value";s:1:"x";s:8:"position";i:${position};s:12:"is_variation";i:1;s:11:"is_taxonomy";i:0;}`;
    const three = withMeta(site, 210, {
      _product_attributes: `a:3:{${attribute("a", 0)}${attribute("b", 1)}${attribute("c", 2)}}`,
    });
    expect(productsOf(three, undefined, NOW).skipped).toContainEqual({
      wpId: 210,
      name: "Cesto de palha",
      reason: "Tem 3 opções de variação; a loja aceita até 2.",
    });
  });

  it("reads WooCommerce's prices in cents without a float's rounding", () => {
    expect(["28.90", "45", "62.5", "0.1", "19,99", "1.005"].map(priceCents)).toEqual([2890, 4500, 6250, 10, 1999, 101]);
    expect(["", "abc", "-5", "1e3", "9999999999"].map(priceCents)).toEqual([null, null, null, null, null]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeReferenceFile } from "../../../common/reference-file.ts";
import { EMPTY_ITEM_FISCAL, GTIN_MESSAGE, UNIT_MESSAGE } from "../../../common/schemas/fiscal.ts";
import { withTextsRead } from "../../../tests/support/import-texts.ts";
import { productsOfCsv } from "./wc-product-csv.ts";
import { UNCOUNTED_STOCK } from "./wc-products.ts";

const NOW = new Date("2026-11-26T12:00:00Z");
const UPLOADS = "https://loja.exemplo.org.br/wp-content/uploads/2026/05/";

/** A fixture as the import decodes an upload: UTF-8 (a BOM dropped), else Windows-1252. */
function fixture(name: string): string {
  const bytes = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress", name));
  return decodeReferenceFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

/** WooCommerce 10.5's export of an English site: BOM, commas, PHP's quoting. */
const english = () => productsOfCsv(fixture("products.csv"), NOW);

const variantsTable = (wpId: string, products = english().products) =>
  products
    .find((product) => product.wpId === wpId)
    ?.variants.map((variant) => [
      variant.wpId,
      variant.options.join(" / "),
      variant.sku,
      variant.price_cents,
      variant.compare_at_cents,
      variant.stock,
    ]);

/** The DomainError a refused spreadsheet throws. */
const refused = (kind: string, message: unknown) => expect.objectContaining({ kind, message });

const HEADER = "ID,Type,SKU,Name,Published,Stock,In stock?,Sale price,Regular price,Parent";

describe("WooCommerce's product spreadsheet in our catalogue", () => {
  it("a simple product on sale: de/por in cents, counted stock, weight and sides, categories and tags, image addresses", async () => {
    expect(await withTextsRead(english().products[0])).toEqual({
      wpId: "301",
      name: "Geleia de cupuaçu",
      slug: "geleia-de-cupuacu",
      status: "published",
      content: "<p>Feita com frutas da cooperativa.</p>\n<p>Sem conservantes.</p>",
      summary: "Pote de 320 g.",
      tags: ["Doces", "sem açúcar"],
      imageIds: [],
      imageUrls: [`${UPLOADS}geleia.jpg`, `${UPLOADS}geleia-rotulo.jpg`],
      options: [],
      variants: [
        {
          wpId: "301",
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
      fiscal: { ...EMPTY_ITEM_FISCAL, gtin: "7891000000014" },
      leftOut: [],
    });
  });

  it("a variable product: two attributes as options, its variations (linked by the product's SKU) in their positions' order", async () => {
    const basket = english().products.find((product) => product.wpId === "310");
    expect(await withTextsRead(basket)).toMatchObject({
      name: "Cesto de palha",
      content: "Cada cesto é único.\n\nPalha de buriti, natural ou tingida com urucum.",
      tags: ["Artesanato", "palha", "presente"],
      imageUrls: [`${UPLOADS}cesto.jpg`],
      options: [
        { name: "Cor", values: ["Natural", "Tingido de urucum"] },
        { name: "Tamanho", values: ["Pequeno", "Grande"] },
      ],
      weight_grams: 300,
      length_cm: 40,
      uncountedStock: true,
    });
    expect(variantsTable("310")).toEqual([
      ["311", "Natural / Pequeno", "CESTO-NAT-P", 4500, null, 3],
      ["312", "Natural / Grande", "CESTO-NAT-G", 6250, 7000, 0],
      ["314", "Tingido de urucum / Grande", "CESTO-URU-G", 8000, null, 2],
      ["313", "Tingido de urucum / Pequeno", "CESTO-URU-P", 5000, null, UNCOUNTED_STOCK],
    ]);
  });

  it("reads the GTIN column and the NF-e plugins' meta columns, leaving out what our checks refuse", () => {
    const basket = english().products.find((product) => product.wpId === "310");
    expect(basket?.variants.map((variant) => [variant.wpId, variant.fiscal.gtin])).toEqual([
      ["311", null],
      ["312", "7891000000038"],
      ["314", null],
      ["313", null],
    ]);
    expect(basket?.leftOut).toEqual([
      { field: "GTIN da variação Natural / Pequeno", value: "1234567890", reason: GTIN_MESSAGE },
    ]);

    const csv = [
      `${HEADER},"GTIN, UPC, EAN ou ISBN",Meta: _nfe_codigo_ncm,Meta: _nfe_origem,Meta: _nfe_unidade,Meta: _ncm`,
      "1,simple,A,Açaí,1,,1,,10,,7891000000045,0901.11.10,2,pote,",
      "2,simple,B,Cupuaçu,1,,1,,10,,,,,caixa-12,46021900",
    ].join("\n");
    const { products } = productsOfCsv(csv, NOW);
    expect(products.map((product) => [product.wpId, product.fiscal, product.leftOut])).toEqual([
      ["1", { ncm: "09011110", origin: 2, tax_situation: null, unit: "POTE", gtin: "7891000000045" }, []],
      ["2", { ...EMPTY_ITEM_FISCAL, ncm: "46021900" }, [{ field: "Unidade", value: "caixa-12", reason: UNIT_MESSAGE }]],
    ]);
  });

  it("variations linked by id:, an 'any' variation for each value, and the product's counted stock for 'parent'", () => {
    const shirt = english().products.find((product) => product.wpId === "320");
    expect(shirt?.options).toEqual([{ name: "Tamanho", values: ["P", "M", "G"] }]);
    expect(variantsTable("320")).toEqual([
      ["321", "P", "CAM-P", 4500, null, 20],
      ["322", "M", "", 5000, null, 20],
      ["322", "G", "", 5000, null, 20],
    ]);
    expect(shirt?.uncountedStock).toBe(false);
  });

  it("an ended sale is no sale, an empty Stock is uncounted, private and draft products stay drafts", () => {
    const { products } = english();
    expect(variantsTable("330")).toEqual([["330", "", "CAN-ESM", 3990, null, UNCOUNTED_STOCK]]);
    expect(products.find((product) => product.wpId === "330")?.uncountedStock).toBe(true);
    expect(products.map((product) => [product.wpId, product.status])).toEqual([
      ["301", "published"],
      ["310", "published"],
      ["320", "published"],
      ["330", "published"],
      ["340", "draft"],
      ["341", "draft"],
    ]);
    expect(products.find((product) => product.wpId === "341")?.tags).toEqual(["Óleos"]);
  });

  it("lists what the shop cannot sell, with the reason", () => {
    expect(english().skipped).toEqual([
      { wpId: "350", name: "Kit presente", reason: "Produto agrupado: os produtos do grupo são importados um a um." },
      { wpId: "351", name: "Livro: Receitas da floresta", reason: "Produto externo, vendido em outro site." },
      {
        wpId: "352",
        name: "Receitas da floresta (e-book)",
        reason: "Produto para baixar ou virtual: a loja vende produtos que são entregues.",
      },
      { wpId: "360", name: "Colar de sementes", reason: "Tem 3 opções de variação; a loja aceita até 2." },
    ]);
  });

  it("a Portuguese site's export saved again by Excel (Windows-1252, ';', decimal commas, dd/mm/yyyy) is the same catalogue", async () => {
    const portuguese = fixture("produtos-ptbr.csv");
    expect(portuguese.split("\r\n", 1)[0]).toMatch(/^ID;Tipo;SKU;.*;Preço promocional;Preço;Categorias;/);
    expect(await withTextsRead(productsOfCsv(portuguese, NOW))).toEqual(await withTextsRead(english()));
  });

  it("converts the units the headers name, and reads headers whatever their case, accents and spacing", () => {
    const csv = [
      "id;TIPO;Nome;PUBLICADO;preco promocional;Preço ;Peso(lbs);Comprimento (in);Largura (in);Altura (in)",
      "7;simple;Sabão;1;;10;1;10;8;12",
    ].join("\n");
    expect(productsOfCsv(csv, NOW).products[0]).toMatchObject({
      wpId: "7",
      weight_grams: 454,
      length_cm: 25,
      width_cm: 20,
      height_cm: 30,
      variants: [{ price_cents: 1000 }],
    });
  });

  it("a spreadsheet made by hand: ids from SKUs, older headers, Excel's prices and dates, escaped cells", () => {
    const csv = [
      `${HEADER},Date sale price ends,Nome do atributo 1,Valor(es) do atributo 1`,
      ',variable,SACOLA,Sacola,1,,1,,,,,Cor,"Cru, Azul"',
      ',variation,SACOLA-CRU,Sacola - Cru,1,5,1,"R$ 1.000,00","1.200,50",SACOLA,31/12/2026 23:59,Cor,Cru',
      ',variation,SACOLA-AZUL,Sacola - Azul,1,,0,"9,90","12,90",SACOLA,25/11/2026,Cor,Azul',
      "99,simple,,'-Promo,'-1,,1,,5,,,,",
      "100,variation,ORFA,Variação órfã,1,,1,,5,id:12345,,,",
      "99,simple,,Repetido,1,,1,,5,,,,",
    ].join("\n");
    const { products, skipped } = productsOfCsv(csv, NOW);
    expect(products.map((product) => [product.wpId, product.name, product.status])).toEqual([
      ["sku:SACOLA", "Sacola", "published"],
      ["99", "-Promo", "draft"],
    ]);
    expect(variantsTable("sku:SACOLA", products)).toEqual([
      ["sku:SACOLA-CRU", "Cru", "SACOLA-CRU", 100000, 120050, 5],
      ["sku:SACOLA-AZUL", "Azul", "SACOLA-AZUL", 1290, null, 0],
    ]);
    expect(skipped).toEqual([
      {
        wpId: "100",
        name: "Variação órfã",
        reason: "Variação sem o seu produto variável na planilha (Parent/Ascendente: id:12345).",
      },
      { wpId: "99", name: "Repetido", reason: "A planilha repete este produto (99): vale a primeira linha." },
    ]);
  });

  it("a product without a price or a name is listed, not imported", () => {
    const csv = [
      HEADER,
      "1,simple,A,Sem preço,1,,1,,,",
      "2,simple,B,,1,,1,,10,",
      "3,variable,C,Sem variações,1,,1,,,",
    ].join("\n");
    expect(productsOfCsv(csv, NOW).skipped).toEqual([
      { wpId: "1", name: "Sem preço", reason: "Produto sem preço." },
      { wpId: "2", name: "", reason: "Nome do produto recusado: Campo obrigatório." },
      { wpId: "3", name: "Sem variações", reason: "Produto variável sem variações com preço." },
    ]);
  });

  it("refuses a file that is not WooCommerce's product spreadsheet, naming the columns it needs", () => {
    const neither =
      "Este arquivo não é a planilha de produtos do WooCommerce (faltam as colunas Tipo/Type e Nome/Name). Exporte-a em Produtos → Exportar.";
    expect(() => productsOfCsv(fixture("customers.csv"))).toThrow(refused("invalid", neither));
    expect(() => productsOfCsv("")).toThrow(refused("invalid", neither));
    expect(() => productsOfCsv("ID,Type,SKU\n1,simple,A")).toThrow(
      refused("invalid", expect.stringContaining("(falta a coluna Nome/Name)")),
    );
    expect(() => productsOfCsv(`${HEADER}\n1,simple,A,"Aspas abertas,1`)).toThrow(
      refused("invalid", expect.stringMatching(/^A planilha de produtos não pôde ser lida como CSV/)),
    );
  });

  it("refuses more rows or text than an upload may hold", () => {
    const rows = Array.from({ length: 50_001 }, (_, index) => `${index + 1},simple,P${index},Produto,1,,1,,10,`);
    expect(() => productsOfCsv([HEADER, ...rows].join("\n"))).toThrow(
      refused("too_large", "A planilha de produtos passa de 50.000 linhas."),
    );
    expect(() => productsOfCsv(`${HEADER}\n${"x".repeat(20 * 1024 * 1024)}`)).toThrow(
      refused("too_large", "A planilha de produtos passa de 20 MB."),
    );
  });
});

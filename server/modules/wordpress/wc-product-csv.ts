import { createHash } from "node:crypto";
import { serialize } from "php-serialize";
import { invalid } from "../../../common/errors.ts";
import { slugify } from "../../kernel/slugs.ts";
import { columnOf, readSpreadsheet, type SpreadsheetRow } from "./spreadsheet.ts";
import {
  type DimensionUnit,
  type ImportedProduct,
  productsOf,
  type SkippedProduct,
  type WeightUnit,
} from "./wc-products.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

/**
 * WooCommerce's product CSV (Produtos → Exportar; its columns are documented in WooCommerce's
 * "Product CSV Import Schema": ID, Type, SKU, Name, Published, Short description, Description, Date
 * sale price ends, In stock?, Stock, Weight (kg), Length/Width/Height (cm), Sale price, Regular price,
 * Categories, Tags, Images, Parent, Attribute N name / value(s) / global…). A site in Portuguese writes
 * the same columns translated (Tipo, Nome, Publicado, Preço promocional, Preço, Categorias, Imagens,
 * Ascendente, Nome do atributo 1, Valores do atributo 1, Peso (kg)…), and Excel may save it again with
 * semicolons and decimal commas: both are read. Each row is made into the item WooCommerce's own
 * export would hold for it, so that the export's reader (wc-products.ts) decides prices, stock,
 * options and what cannot be sold, once for both files.
 */

const NOT_PRODUCTS =
  "Este arquivo não é a planilha de produtos do WooCommerce: faltam as colunas Tipo (Type) e Nome (Name). Exporte em Produtos → Exportar.";

const column = {
  id: ["ID"],
  type: ["Type", "Tipo"],
  sku: ["SKU", "REF"],
  name: ["Name", "Nome"],
  published: ["Published", "Publicado"],
  short: ["Short description", "Descrição curta"],
  description: ["Description", "Descrição"],
  saleEnds: ["Date sale price ends", "Data de preço promocional termina em", "Data de término do preço promocional"],
  inStock: ["In stock?", "Em estoque?"],
  stock: ["Stock", "Estoque"],
  sale: ["Sale price", "Preço promocional"],
  regular: ["Regular price", "Preço"],
  categories: ["Categories", "Categorias"],
  tags: ["Tags"],
  images: ["Images", "Imagens"],
  parent: ["Parent", "Ascendente", "Produto ascendente"],
  position: ["Position", "Posição"],
};

const MEASURES = {
  weight: /^(?:weight|peso) \((\w+)\)$/,
  length: /^(?:length|comprimento) \((\w+)\)$/,
  width: /^(?:width|largura) \((\w+)\)$/,
  height: /^(?:height|altura) \((\w+)\)$/,
};
const ATTRIBUTE_NAME = /^(?:attribute (\d+) name|nome do atributo (\d+))$/;
const ATTRIBUTE_VALUES = /^(?:attribute (\d+) value\(s\)|valor(?:es|\(es\)) do atributo (\d+))$/;

const WEIGHT_UNITS: Record<string, WeightUnit> = { kg: "kg", g: "g", lbs: "lbs", oz: "oz" };
const DIMENSION_UNITS: Record<string, DimensionUnit> = { m: "m", cm: "cm", mm: "mm", in: "in", yd: "yd" };

/** A row without an ID keeps one from its SKU, the same at each import (the ids WooCommerce gives stay far below). */
const idFromSku = (sku: string) =>
  3_000_000_000 + (createHash("sha256").update(sku).digest().readUInt32BE(0) % 1_000_000_000);

/** "1.234,56" (Excel in Portuguese) or "1234.56" (WooCommerce) as WooCommerce's own "1234.56". */
function decimal(text: string): string {
  const value = text.replace(/[R$\s]/g, "");
  if (/,\d{1,3}$/.test(value)) return value.replace(/\./g, "").replace(",", ".");
  return value.replace(/,/g, "");
}

/** "Roupas > Camisetas, Acessórios": the last level of each path. */
const termNames = (text: string) =>
  text
    .split(",")
    .map((path) => path.split(">").pop()?.trim() ?? "")
    .filter(Boolean);

export function productsOfCsv(
  text: string,
  now = new Date(),
): { products: ImportedProduct[]; skipped: SkippedProduct[] } {
  const rows = readSpreadsheet(text, "planilha de produtos");
  const keys = rows[0]?.keys ?? [];
  const col = Object.fromEntries(
    Object.entries(column).map(([name, headers]) => [name, columnOf(keys, ...headers)]),
  ) as Record<keyof typeof column, string | null>;
  if (rows.length > 0 && (!col.type || !col.name)) throw invalid(NOT_PRODUCTS);
  if (rows.length === 0 && !keys.length) throw invalid(NOT_PRODUCTS);
  const get = (row: SpreadsheetRow, name: keyof typeof column) => {
    const key = col[name];
    return key ? row.get(key) : "";
  };
  const measureKey = (pattern: RegExp) => keys.find((key) => pattern.test(key)) ?? null;
  const unitOf = (pattern: RegExp) => pattern.exec(measureKey(pattern) ?? "")?.[1] ?? "";
  const units = {
    weight: WEIGHT_UNITS[unitOf(MEASURES.weight)] ?? "kg",
    dimension: DIMENSION_UNITS[unitOf(MEASURES.length)] ?? "cm",
  };
  const attributeColumns = keys.flatMap((key) => {
    const match = ATTRIBUTE_NAME.exec(key);
    const number = match?.[1] ?? match?.[2];
    if (!number) return [];
    const values = keys.find((candidate) => {
      const found = ATTRIBUTE_VALUES.exec(candidate);
      return (found?.[1] ?? found?.[2]) === number;
    });
    return values ? [{ name: key, values }] : [];
  });

  const idOf = (row: SpreadsheetRow) => {
    const id = Number.parseInt(get(row, "id"), 10);
    if (Number.isSafeInteger(id) && id > 0) return id;
    const sku = get(row, "sku");
    return sku ? idFromSku(sku) : 4_000_000_000 + row.line;
  };
  const ids = new Map(rows.map((row) => [row, idOf(row)]));
  const idBySku = new Map(rows.flatMap((row) => (get(row, "sku") ? [[get(row, "sku"), ids.get(row) ?? 0]] : [])));
  const parentOf = (row: SpreadsheetRow) => {
    const parent = get(row, "parent");
    if (!parent) return 0;
    const byId = /^id:(\d+)$/i.exec(parent);
    return byId ? Number(byId[1]) : (idBySku.get(parent) ?? 0);
  };
  const attributesOf = (row: SpreadsheetRow) =>
    attributeColumns.flatMap(({ name, values }) => {
      const label = row.get(name);
      return label ? [{ label, values: row.get(values) }] : [];
    });

  const variationRows = rows.filter((row) => /\bvariation\b/.test(get(row, "type").toLowerCase()));
  const usedBy = new Map<number, Set<string>>();
  for (const row of variationRows) {
    const used = usedBy.get(parentOf(row)) ?? new Set<string>();
    for (const attribute of attributesOf(row)) used.add(slugify(attribute.label));
    usedBy.set(parentOf(row), used);
  }

  const imageUrls = new Map<number, string[]>();
  const items: WxrItem[] = rows.map((row) => {
    const id = ids.get(row) ?? 0;
    const types = get(row, "type")
      .toLowerCase()
      .split(",")
      .map((type) => type.trim());
    const variation = types.includes("variation");
    const productType = types.find((type) => ["simple", "variable", "grouped", "external"].includes(type)) ?? "simple";
    const published = get(row, "published");
    const stock = get(row, "stock");
    const saleEnds = Date.parse(get(row, "saleEnds"));
    const meta: Record<string, string> = {
      _sku: get(row, "sku"),
      _regular_price: decimal(get(row, "regular")),
      _sale_price: decimal(get(row, "sale")),
      _manage_stock: stock === "" ? "no" : "yes",
      _stock: stock,
      _stock_status: get(row, "inStock") === "0" ? "outofstock" : "instock",
      _virtual: types.includes("virtual") ? "yes" : "no",
      _downloadable: types.includes("downloadable") ? "yes" : "no",
    };
    if (Number.isFinite(saleEnds)) meta._sale_price_dates_to = String(Math.floor(saleEnds / 1000));
    for (const [name, pattern] of Object.entries(MEASURES)) {
      const key = measureKey(pattern);
      if (key && row.get(key)) meta[`_${name}`] = decimal(row.get(key));
    }
    const attributes = attributesOf(row);
    if (variation) {
      for (const attribute of attributes) meta[`attribute_${slugify(attribute.label)}`] = attribute.values;
    } else if (attributes.length > 0) {
      const used = usedBy.get(id) ?? new Set<string>();
      meta._product_attributes = serialize(
        Object.fromEntries(
          attributes.map((attribute, position) => [
            slugify(attribute.label),
            {
              name: attribute.label,
              value: attribute.values
                .split(",")
                .map((value) => value.trim())
                .join(" | "),
              position,
              is_visible: 1,
              is_variation: used.has(slugify(attribute.label)) ? 1 : 0,
              is_taxonomy: 0,
            },
          ]),
        ),
      );
    }
    const images = get(row, "images")
      .split(",")
      .map((url) => url.trim())
      .filter((url) => /^https?:\/\//i.test(url));
    if (images.length > 0) imageUrls.set(id, images);
    const name = get(row, "name");
    return {
      id,
      type: variation ? "product_variation" : "product",
      title: name,
      link: "",
      slug: slugify(name),
      status: published === "1" ? "publish" : published === "-1" ? "private" : "draft",
      parentId: variation ? parentOf(row) : 0,
      menuOrder: Number.parseInt(get(row, "position"), 10) || 0,
      date: "",
      dateGmt: "",
      content: get(row, "description"),
      excerpt: get(row, "short"),
      guid: "",
      attachmentUrl: "",
      terms: [
        { taxonomy: "product_type", slug: productType, name: productType },
        ...termNames(get(row, "categories")).map((term) => ({
          taxonomy: "product_cat",
          slug: slugify(term),
          name: term,
        })),
        ...termNames(get(row, "tags")).map((term) => ({ taxonomy: "product_tag", slug: slugify(term), name: term })),
      ],
      meta,
    };
  });

  const site: WxrExport = {
    version: "1.2",
    site: { title: "", link: "", description: "", language: "", baseSiteUrl: "", baseBlogUrl: "" },
    terms: [],
    items,
  };
  const found = productsOf(site, units, now);
  return {
    products: found.products.map((product) => ({ ...product, imageUrls: imageUrls.get(product.wpId) ?? [] })),
    skipped: found.skipped,
  };
}

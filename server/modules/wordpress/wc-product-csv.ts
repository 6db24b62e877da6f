import { invalid, tooLarge } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import { parseBRL } from "../../../common/money.ts";
import { EMPTY_ITEM_FISCAL } from "../../../common/schemas/fiscal.ts";
import { foldCase, productSchema } from "../../../common/schemas/product.ts";
import { WORDPRESS_SPREADSHEET_MAX_BYTES } from "../../../common/schemas/wordpress-import.ts";
import { slugify } from "../../kernel/slugs.ts";
import { columnOf, headerKey, readSpreadsheet, type SpreadsheetRow } from "../../kernel/spreadsheet-read.ts";
import { heldText } from "./import-text.ts";
import {
  FISCAL_META_KEYS,
  fiscalValues,
  type ImportedFiscalField,
  importedFiscal,
  type LeftOutValue,
} from "./wc-fiscal.ts";
import {
  centimetresOf,
  type DimensionUnit,
  gramsOf,
  type ImportedProduct,
  type ImportedVariant,
  priceCents,
  salePrices,
  stockFrom,
  unsellableReason,
  type VariationRecord,
  variantsOf,
  variationWhose,
  type WeightUnit,
} from "./wc-products.ts";

/**
 * WooCommerce's product spreadsheet (Produtos → Exportar, WooCommerce 3.1 and later) as our catalogue's
 * products, by the same rules as the export's reader (wc-products.ts): options and a variant per
 * combination, "de/por" prices in cents unless the sale has ended, counted or uncounted stock, weight
 * and sides converted, categories and tags as tags; what the shop cannot sell is listed with the reason.
 *
 * The format is WooCommerce's own exporter and importer (includes/export/class-wc-product-csv-exporter.php,
 * includes/import/class-wc-product-csv-importer.php; the columns are listed on the WooCommerce wiki's
 * "Product CSV Import Schema" page):
 * - one row per product and one per variation; a variation names its product in Parent ("id:123", or
 *   the product's SKU); Type is "simple", "variable", "variation", "grouped" or "external", followed by
 *   ", downloadable" or ", virtual"; Published is 1 (published), 0 (private), -1 (draft) or 2 (pending);
 * - lists (Categories, Tags, Images, attribute values) are comma-separated with "\," for a comma inside
 *   a value, and a category path is "Parent > Child"; descriptions write line breaks as "\n";
 * - prices use the shop's decimal separator (a comma in Brazil); Weight (kg) and Length/Width/Height
 *   (cm) carry the shop's unit in their header; Date sale price ends is "2026-12-31 23:59:59" in the
 *   site's clock (taken as Brasília's, UTC−3);
 * - In stock? is 1, 0 or "backorder"; Stock is empty when WooCommerce did not count the units, and a
 *   variation's is "parent" when its product counts them;
 * - attributes are "Attribute N name / value(s) / visible / global / default"; a variation row has its
 *   own value of each option it varies by, empty for "any";
 * - a cell starting with =, +, -, @, a tab or a carriage return gets a leading ' against formulas;
 * - the GTIN is "GTIN, UPC, EAN, or ISBN" (WooCommerce 9.2 and later); meta kept by plugins comes as
 *   "Meta: <key>" columns when the export includes it (the NF-e plugins' NCM, origin and unit: wc-fiscal.ts).
 * A site in Portuguese writes the headers translated (WooCommerce's pt_BR translation: Tipo, Nome,
 * Publicado, Descrição curta, Descrição, Data de preço promocional termina em, Em estoque?, Estoque,
 * Peso (kg), Comprimento/Largura/Altura (cm), Preço promocional, Preço, Categorias, Tags, Imagens,
 * Ascendente, Posição, Nome do atributo N, Valores do atributo N, "GTIN, UPC, EAN ou ISBN" in some versions
 * of the translation and "GTIN, UPC, EAN, ou ISBN" in others); Excel may save it again with
 * semicolons, decimal commas and dates as "31/12/2026 23:59", in Windows-1252 (the caller decodes it).
 */

export type SkippedCsvProduct = { wpId: string; name: string; reason: string };

const column = {
  id: ["ID"],
  type: ["Type", "Tipo"],
  sku: ["SKU"],
  name: ["Name", "Nome"],
  published: ["Published", "Publicado"],
  short: ["Short description", "Descrição curta"],
  description: ["Description", "Descrição"],
  saleEnds: ["Date sale price ends", "Data de preço promocional termina em"],
  inStock: ["In stock?", "Em estoque?"],
  stock: ["Stock", "Estoque"],
  sale: ["Sale price", "Preço promocional"],
  regular: ["Regular price", "Preço"],
  categories: ["Categories", "Categorias"],
  tags: ["Tags"],
  images: ["Images", "Imagens"],
  parent: ["Parent", "Ascendente"],
  position: ["Position", "Posição"],
  gtin: ["GTIN, UPC, EAN, or ISBN", "GTIN, UPC, EAN ou ISBN", "GTIN, UPC, EAN, ou ISBN"],
};
type Column = keyof typeof column;

/** Headers carrying the shop's unit, as spreadsheet.ts normalises them: "peso (kg)", "width (in)". */
const WEIGHT = /^(?:weight|peso) ?\((kg|g|lbs|oz)\)$/;
const SIDES = {
  length: /^(?:length|comprimento) ?\((m|cm|mm|in|yd)\)$/,
  width: /^(?:width|largura) ?\((m|cm|mm|in|yd)\)$/,
  height: /^(?:height|altura) ?\((m|cm|mm|in|yd)\)$/,
};
/** "Attribute 1 name" / "Nome do atributo 1"; "Attribute 1 value(s)" / "Valores do atributo 1" (older: "Valor(es)"). */
const ATTRIBUTE_NAME = /^(?:attribute (\d+) name|nome do atributo (\d+))$/;
const ATTRIBUTE_VALUES = /^(?:attribute (\d+) value\(s\)|valor(?:es|\(es\)) do atributo (\d+))$/;

/** What WooCommerce's exporter prefixes with ' so that a spreadsheet does not run it as a formula. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** Brasília's offset: WooCommerce writes dates in the site's clock, which a Brazilian site keeps there. */
const SITE_OFFSET = "-03:00";

/**
 * The spreadsheet's rows, or a refusal in the words of `what` ("planilha de produtos"): a text longer
 * than the upload allows is refused before it is parsed.
 */
export function spreadsheetRows(text: string, what: string): SpreadsheetRow[] {
  if (text.length > WORDPRESS_SPREADSHEET_MAX_BYTES) {
    throw tooLarge(`A ${what} passa de ${formatFileSize(WORDPRESS_SPREADSHEET_MAX_BYTES)}.`);
  }
  return readSpreadsheet(text, what);
}

/** A list cell ("a, b\, c, d") as its values, the way WooCommerce's importer splits it. */
function listOf(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((value) => value.replaceAll("\\,", ",").trim())
    .filter(Boolean);
}

/** A description with WooCommerce's "\n" for line breaks ("\\n" for a written backslash-n) as text. */
const descriptionOf = (text: string) =>
  text
    .split("\\\\n")
    .map((part) => part.replaceAll("\\n", "\n"))
    .join("\\n");

/** "28.90" or "28,90" as WooCommerce writes it, or "1.234,56" and "R$ 28,90" as Excel may save it. */
function csvPrice(text: string): number | null {
  const cents = priceCents(text) ?? parseBRL(text);
  return cents !== null && cents >= 0 ? cents : null;
}

/** When a sale ends: "2026-12-31 23:59:59" (WooCommerce) or "31/12/2026 23:59" (Excel); a bare date ends at its last second. */
function saleEndsAt(text: string): number | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  const brazilian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  const parts = iso
    ? { year: iso[1], month: iso[2], day: iso[3], time: iso.slice(4) }
    : brazilian
      ? { year: brazilian[3], month: brazilian[2], day: brazilian[1], time: brazilian.slice(4) }
      : null;
  if (!parts) return null;
  const two = (value: string | undefined) => (value ?? "").padStart(2, "0");
  const [hour, minute, second] = parts.time[0] === undefined ? ["23", "59", "59"] : parts.time.map(two);
  const time = Date.parse(
    `${parts.year}-${two(parts.month)}-${two(parts.day)}T${hour}:${minute}:${second ?? "00"}${SITE_OFFSET}`,
  );
  return Number.isFinite(time) ? time : null;
}

/** A row of the spreadsheet with its cells by meaning. */
type Row = {
  line: number;
  wpId: string;
  id: string;
  sku: string;
  name: string;
  types: string[];
  cell: (name: Column) => string;
  attributes: { name: string; values: string[] }[];
  weight: string;
  sides: Record<keyof typeof SIDES, string>;
  fiscal: Partial<Record<ImportedFiscalField, string>>;
};

function rowsOf(text: string): { rows: Row[]; units: { weight: WeightUnit; dimension: DimensionUnit } } {
  const lines = spreadsheetRows(text, "planilha de produtos");
  const keys = lines[0]?.keys ?? [];
  const found = Object.fromEntries(Object.entries(column).map(([name, headers]) => [name, columnOf(keys, ...headers)]));
  const missing = [found.type ? "" : "Tipo/Type", found.name ? "" : "Nome/Name"].filter(Boolean);
  if (lines.length === 0 || missing.length > 0) {
    const columns = missing.length > 0 ? missing : ["Tipo/Type", "Nome/Name"];
    throw invalid(
      `Este arquivo não é a planilha de produtos do WooCommerce (falta${columns.length > 1 ? "m as colunas" : " a coluna"} ${columns.join(" e ")}). Exporte-a em Produtos → Exportar.`,
    );
  }
  const keyOf = (pattern: RegExp) => keys.find((key) => pattern.test(key)) ?? null;
  const unitOf = (pattern: RegExp) => pattern.exec(keyOf(pattern) ?? "")?.[1];
  const units = {
    weight: (unitOf(WEIGHT) ?? "kg") as WeightUnit,
    dimension: (unitOf(SIDES.length) ?? unitOf(SIDES.width) ?? unitOf(SIDES.height) ?? "cm") as DimensionUnit,
  };
  const numbered = (pattern: RegExp) =>
    new Map(
      keys.flatMap((key) => {
        const match = pattern.exec(key);
        return match ? [[match[1] ?? match[2] ?? "", key] as const] : [];
      }),
    );
  const attributeNames = numbered(ATTRIBUTE_NAME);
  const attributeValues = numbered(ATTRIBUTE_VALUES);
  const metaKeys: readonly string[] = Object.values(FISCAL_META_KEYS).flat();
  const metaColumns = new Map(metaKeys.map((key) => [key, headerKey(`Meta: ${key}`)]));
  const measures = {
    weight: keyOf(WEIGHT),
    length: keyOf(SIDES.length),
    width: keyOf(SIDES.width),
    height: keyOf(SIDES.height),
  };

  const rows = lines.map((line): Row => {
    const plain = (key: string | null | undefined) => {
      const value = key ? line.get(key) : "";
      return NEUTRALISED.test(value) ? value.slice(1) : value;
    };
    const cell = (name: Column) => plain(found[name]);
    const id = /^\d+$/.test(cell("id")) ? cell("id") : "";
    const sku = cell("sku");
    const meta = fiscalValues((key) => plain(metaColumns.get(key)));
    return {
      line: line.line,
      wpId: id || (sku ? `sku:${sku}` : `linha:${line.line}`),
      id,
      sku,
      name: cell("name"),
      types: listOf(cell("type").toLowerCase()),
      cell,
      attributes: [...attributeNames].flatMap(([number, key]) => {
        const name = plain(key);
        return name ? [{ name, values: listOf(plain(attributeValues.get(number))) }] : [];
      }),
      weight: plain(measures.weight),
      sides: { length: plain(measures.length), width: plain(measures.width), height: plain(measures.height) },
      fiscal: { ...meta, gtin: cell("gtin") || meta.gtin },
    };
  });
  return { rows, units };
}

const baseType = (row: Row) => row.types.find((type) => type !== "virtual" && type !== "downloadable") ?? "simple";

/** Stock as the row says it: its units, its product's ("parent"), or only in or out of stock. */
function stockOfRow(row: Row, parent?: Row) {
  const units = row.cell("stock") === "parent" ? parent?.cell("stock") : row.cell("stock");
  const status = row.cell("inStock") || parent?.cell("inStock");
  return stockFrom(units || null, status === "0" ? "outofstock" : "instock");
}

function pricesOfRow(row: Row, now: Date) {
  return salePrices(
    {
      regular: csvPrice(row.cell("regular")),
      sale: csvPrice(row.cell("sale")),
      saleEndsAt: saleEndsAt(row.cell("saleEnds")),
      fallback: null,
    },
    now,
  );
}

/**
 * The options a variable product's variations vary by, in the product's order of its attributes, each
 * with every value the product offers; and each variation's value of each ("" for "any"), spelt as the
 * product spells it.
 */
function variationOptions(product: Row, variations: Row[]) {
  const named = new Map<string, { name: string; values: string[] }>();
  for (const attribute of product.attributes) named.set(foldCase(attribute.name), attribute);
  const used = new Set(variations.flatMap((variation) => variation.attributes.map((a) => foldCase(a.name))));
  for (const variation of variations) {
    for (const attribute of variation.attributes) {
      const key = foldCase(attribute.name);
      if (!named.has(key)) named.set(key, { name: attribute.name, values: [] });
    }
  }
  const options = [...named].filter(([key]) => used.has(key));
  const valuesOf = (variation: Row) =>
    options.map(([key, option]) => {
      const value = variation.attributes.find((attribute) => foldCase(attribute.name) === key)?.values[0] ?? "";
      return option.values.find((known) => foldCase(known) === foldCase(value)) ?? value;
    });
  return { options: options.map(([, option]) => option), valuesOf };
}

function variableProduct(product: Row, variations: Row[], now: Date) {
  const { options, valuesOf } = variationOptions(product, variations);
  const position = (row: Row) => Number.parseInt(row.cell("position"), 10) || 0;
  const leftOut: LeftOutValue[] = [];
  const records = [...variations]
    .sort((a, b) => position(a) - position(b))
    .map((variation): VariationRecord => {
      const values = valuesOf(variation);
      const fiscal = importedFiscal(variation.fiscal, variationWhose(values, variation.wpId));
      leftOut.push(...fiscal.leftOut);
      return {
        wpId: variation.wpId,
        values,
        sku: variation.sku,
        ...pricesOfRow(variation, now),
        ...stockOfRow(variation, product),
        fiscal: fiscal.fiscal,
      };
    });
  const built = variantsOf(options, records);
  return typeof built === "string" ? built : { ...built, leftOut };
}

function simpleProduct(row: Row, now: Date) {
  const { price, compareAt } = pricesOfRow(row, now);
  if (price === null) return "Produto sem preço.";
  const { stock, counted } = stockOfRow(row);
  const variant: ImportedVariant = {
    wpId: row.wpId,
    options: [],
    sku: row.sku,
    price_cents: price,
    compare_at_cents: compareAt,
    stock,
    fiscal: EMPTY_ITEM_FISCAL,
  };
  return { variants: [variant], options: [], uncounted: !counted, leftOut: [] };
}

const imageUrlsOf = (text: string) =>
  [...new Set(listOf(text))].filter((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol));

/**
 * Every product of WooCommerce's product spreadsheet (English or Portuguese headers), ready to be saved
 * or listed as skipped. A product's wpId is its ID, or "sku:<SKU>" in a spreadsheet made without IDs.
 */
export function productsOfCsv(
  text: string,
  now = new Date(),
): { products: ImportedProduct[]; skipped: SkippedCsvProduct[] } {
  const { rows, units } = rowsOf(text);
  const byId = new Map(rows.filter((row) => row.id).map((row) => [row.id, row]));
  const bySku = new Map(rows.filter((row) => row.sku).map((row) => [row.sku, row]));
  const parentOf = (row: Row) => {
    const parent = row.cell("parent");
    const id = /^id:(\d+)$/i.exec(parent)?.[1];
    return id ? byId.get(id) : bySku.get(parent);
  };
  const variationsOf = new Map<Row, Row[]>();
  for (const row of rows) {
    const parent = baseType(row) === "variation" ? parentOf(row) : undefined;
    if (parent && baseType(parent) === "variable") variationsOf.set(parent, [...(variationsOf.get(parent) ?? []), row]);
  }
  const attached = new Set([...variationsOf.values()].flat());
  const products: ImportedProduct[] = [];
  const skipped: SkippedCsvProduct[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const type = baseType(row);
    const skip = (reason: string) => skipped.push({ wpId: row.wpId, name: row.name, reason });
    if (type === "variation") {
      if (!attached.has(row))
        skip(`Variação sem o seu produto variável na planilha (Parent/Ascendente: ${row.cell("parent") || "vazio"}).`);
      continue;
    }
    if (seen.has(row.wpId)) {
      skip(`A planilha repete este produto (${row.wpId}): vale a primeira linha.`);
      continue;
    }
    seen.add(row.wpId);
    const reason = unsellableReason(type, {
      trashed: false,
      downloadable: row.types.includes("downloadable"),
      virtual: row.types.includes("virtual"),
    });
    if (reason) {
      skip(reason);
      continue;
    }
    const name = productSchema.shape.name.safeParse(row.name);
    if (!name.success) {
      skip(`Nome do produto recusado: ${name.error.issues[0]?.message ?? "inválido"}.`);
      continue;
    }
    const variations = variationsOf.get(row) ?? [];
    const built = type === "variable" ? variableProduct(row, variations, now) : simpleProduct(row, now);
    if (typeof built === "string") {
      skip(built);
      continue;
    }
    const own = importedFiscal(row.fiscal, "");
    const measured = [row, ...variations];
    const side = (key: keyof typeof SIDES) =>
      centimetresOf(measured.find((candidate) => candidate.sides[key])?.sides[key], units.dimension);
    const published = row.cell("published").toLowerCase();
    products.push({
      wpId: row.wpId,
      name: name.data,
      slug: slugify(name.data),
      status: published === "1" || published === "true" ? "published" : "draft",
      content: heldText(descriptionOf(row.cell("description"))),
      summary: descriptionOf(row.cell("short")),
      tags: [
        ...new Set([
          ...listOf(row.cell("categories")).map((path) => path.split(">").pop()?.trim() ?? ""),
          ...listOf(row.cell("tags")),
        ]),
      ].filter(Boolean),
      imageIds: [],
      imageUrls: imageUrlsOf(row.cell("images")),
      options: built.options,
      variants: built.variants,
      weight_grams: gramsOf(measured.find((candidate) => candidate.weight)?.weight, units.weight),
      length_cm: side("length"),
      width_cm: side("width"),
      height_cm: side("height"),
      uncountedStock: built.uncounted,
      fiscal: own.fiscal,
      leftOut: [...own.leftOut, ...built.leftOut],
    });
  }
  return { products, skipped };
}

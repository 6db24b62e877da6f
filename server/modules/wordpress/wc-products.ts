import { unserialize } from "php-serialize";
import { z } from "zod";
import { EMPTY_ITEM_FISCAL, type ItemFiscalInput } from "../../../common/schemas/fiscal.ts";
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_STOCK, MAX_VARIANTS } from "../../../common/schemas/product.ts";
import type { ImportText } from "./import-text.ts";
import { fiscalValues, importedFiscal, type LeftOutValue } from "./wc-fiscal.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

/**
 * WooCommerce's products in a WordPress export (product and product_variation items) as our catalogue's
 * products: options and one variant per combination, price and "de/por" sale price in cents, SKU,
 * stock, weight and sides converted to grams and centimetres, categories and tags as tags, images by
 * their attachment ids, the fiscal data the NF-e plugins keep (wc-fiscal.ts). What our shop cannot sell (grouped, external, downloadable or virtual products,
 * more than two options) is listed with the reason.
 */

export type WeightUnit = "kg" | "g" | "lbs" | "oz";
export type DimensionUnit = "m" | "cm" | "mm" | "in" | "yd";

export type ImportedVariant = {
  /** The export's post id; a spreadsheet's ID column (or "sku:…" for a row without one). */
  wpId: number | string;
  options: string[];
  sku: string;
  price_cents: number;
  compare_at_cents: number | null;
  stock: number;
  /** What its variation has of its own; a simple product's is the product's. */
  fiscal: ItemFiscalInput;
};

export type ImportedProduct = {
  /** The export's post id; a spreadsheet's ID column (or "sku:…" for a row without one). */
  wpId: number | string;
  name: string;
  slug: string;
  status: "published" | "draft";
  content: ImportText;
  summary: string;
  tags: string[];
  /** Attachment ids, the cover first. */
  imageIds: number[];
  /** The pictures' addresses, when a spreadsheet names them instead of attachments. */
  imageUrls: string[];
  options: { name: string; values: string[] }[];
  variants: ImportedVariant[];
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  /** Variants whose stock WooCommerce did not count, given UNCOUNTED_STOCK. */
  uncountedStock: boolean;
  fiscal: ItemFiscalInput;
  /** Fiscal values our checks refused, left empty. */
  leftOut: LeftOutValue[];
};

export type SkippedProduct = { wpId: number; name: string; reason: string };

/** Stock for a product "em estoque" whose units WooCommerce did not count: the report says so. */
export const UNCOUNTED_STOCK = 1000;

const GRAMS: Record<WeightUnit, number> = { kg: 1000, g: 1, lbs: 453.59237, oz: 28.349523125 };
const CENTIMETRES: Record<DimensionUnit, number> = { m: 100, cm: 1, mm: 0.1, in: 2.54, yd: 91.44 };

/** WooCommerce's _product_attributes, once PHP's serialisation is undone. */
const productAttributes = z.record(
  z.string(),
  z.object({
    name: z.string(),
    value: z.string().default(""),
    position: z.coerce.number().default(0),
    is_variation: z.coerce.number().default(0),
    is_taxonomy: z.coerce.number().default(0),
  }),
);

type Attribute = { key: string; name: string; taxonomy: boolean; values: string[] };

/** "28.90", "45", "62.5" (WooCommerce keeps a dot) in cents, without a float's rounding; null when empty or not a price. */
export function priceCents(text: string | undefined): number | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec((text ?? "").trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(3, "0").slice(0, 3);
  return Number(match[1]) * 100 + Math.round(Number(fraction) / 10);
}

const measure = (text: string | undefined, factor: number, max: number) => {
  const value = Number.parseFloat((text ?? "").replace(",", "."));
  return Number.isFinite(value) && value > 0 ? Math.min(Math.round(value * factor), max) : 0;
};

/** A weight as WooCommerce wrote it ("0.45", "0,45") in the shop's unit, in grams; 0 when empty. */
export const gramsOf = (text: string | undefined, unit: WeightUnit) => measure(text, GRAMS[unit], 1_000_000);

/** A side as WooCommerce wrote it in the shop's unit, in centimetres; 0 when empty. */
export const centimetresOf = (text: string | undefined, unit: DimensionUnit) => measure(text, CENTIMETRES[unit], 1000);

function attributeLabel(key: string, name: string, taxonomy: boolean): string {
  if (!taxonomy) return name.trim() || key;
  const words = key.replace(/^pa_/, "").replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function readAttributes(item: WxrItem): Attribute[] | null {
  const raw = item.meta._product_attributes;
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = unserialize(raw, {}, { strict: false });
  } catch {
    return null;
  }
  const attributes = productAttributes.safeParse(parsed);
  if (!attributes.success) return null;
  return Object.entries(attributes.data)
    .filter(([, attribute]) => attribute.is_variation === 1)
    .sort(([, a], [, b]) => a.position - b.position)
    .map(([key, attribute]) => {
      const taxonomy = attribute.is_taxonomy === 1;
      const values = taxonomy
        ? item.terms.filter((term) => term.taxonomy === key).map((term) => term.slug)
        : attribute.value
            .split("|")
            .map((value) => value.trim())
            .filter(Boolean);
      return { key, name: attributeLabel(key, attribute.name, taxonomy), taxonomy, values };
    })
    .map((attribute) => ({ ...attribute, values: [...new Set(attribute.values)] }));
}

/** A taxonomy attribute's value is a term's slug: its name is what a buyer reads. */
function valueLabel(site: WxrExport, attribute: Attribute, value: string): string {
  if (!attribute.taxonomy) return value;
  return site.terms.find((term) => term.taxonomy === attribute.key && term.slug === value)?.name ?? value;
}

/**
 * Stock as WooCommerce kept it: the units it counted (`units`, null when it did not count them), else
 * only in or out of stock (`status`, "outofstock" for out).
 */
export function stockFrom(units: string | null, status: string): { stock: number; counted: boolean } {
  if (units !== null) {
    const whole = Math.floor(Number.parseFloat(units));
    return { stock: Number.isFinite(whole) ? Math.min(Math.max(whole, 0), MAX_STOCK) : 0, counted: true };
  }
  return status === "outofstock" ? { stock: 0, counted: true } : { stock: UNCOUNTED_STOCK, counted: false };
}

function stockOf(item: WxrItem, fallback?: WxrItem): { stock: number; counted: boolean } {
  const source = item.meta._manage_stock === "yes" ? item : fallback?.meta._manage_stock === "yes" ? fallback : null;
  const status = item.meta._stock_status ?? fallback?.meta._stock_status ?? "instock";
  return stockFrom(source ? (source.meta._stock ?? "0") : null, status);
}

/**
 * The price and the struck-through "de" price: a sale price below the regular one, unless its sale has
 * ended (`saleEndsAt`, in milliseconds; null when it has no end). `fallback` stands in for a missing
 * regular price.
 */
export function salePrices(
  prices: { regular: number | null; sale: number | null; saleEndsAt: number | null; fallback: number | null },
  now: Date,
): { price: number | null; compareAt: number | null } {
  const { regular, sale, saleEndsAt } = prices;
  const saleOn = sale !== null && (saleEndsAt === null || saleEndsAt > now.getTime());
  if (saleOn && regular !== null && sale < regular) return { price: sale, compareAt: regular };
  return { price: regular ?? prices.fallback, compareAt: null };
}

function pricesOf(item: WxrItem, now: Date): { price: number | null; compareAt: number | null } {
  const saleEnds = Number.parseInt(item.meta._sale_price_dates_to ?? "", 10);
  return salePrices(
    {
      regular: priceCents(item.meta._regular_price),
      sale: priceCents(item.meta._sale_price),
      saleEndsAt: Number.isFinite(saleEnds) ? saleEnds * 1000 : null,
      fallback: priceCents(item.meta._price),
    },
    now,
  );
}

/** Why a product of this WooCommerce type ("simple", "variable", "grouped"…) is not brought; null when it is. */
export function unsellableReason(
  type: string,
  flags: { trashed: boolean; downloadable: boolean; virtual: boolean },
): string | null {
  if (flags.trashed) return "Está na lixeira do WordPress.";
  if (type === "grouped") return "Produto agrupado: os produtos do grupo são importados um a um.";
  if (type === "external") return "Produto externo, vendido em outro site.";
  if (flags.downloadable || flags.virtual)
    return "Produto para baixar ou virtual: a loja vende produtos que são entregues.";
  if (type !== "simple" && type !== "variable") return `Tipo de produto desconhecido (${type}).`;
  return null;
}

const productType = (item: WxrItem) => item.terms.find((term) => term.taxonomy === "product_type")?.slug ?? "simple";

function skipReason(item: WxrItem): string | null {
  return unsellableReason(productType(item), {
    trashed: item.status === "trash",
    downloadable: item.meta._downloadable === "yes",
    virtual: item.meta._virtual === "yes",
  });
}

type Built = { product: ImportedProduct } | { skipped: SkippedProduct };

/**
 * One variation of a variable product, whichever file it came from: its value of each option, in the
 * options' order ("" is WooCommerce's "any": it stands for each of the option's values), its prices
 * (price null: not for sale) and stock.
 */
export type VariationRecord = {
  wpId: number | string;
  values: string[];
  sku: string;
  price: number | null;
  compareAt: number | null;
  stock: number;
  counted: boolean;
  fiscal: ItemFiscalInput;
};

/**
 * A variable product's options and one variant per combination of their values, the first variation
 * naming a combination keeping it; or why the shop cannot sell it. `options` holds each option's name
 * and every value it offers (what an "any" variation stands for).
 */
export function variantsOf(
  options: { name: string; values: string[] }[],
  variations: VariationRecord[],
): { variants: ImportedVariant[]; options: ImportedProduct["options"]; uncounted: boolean } | string {
  if (options.length > MAX_OPTIONS)
    return `Tem ${options.length} opções de variação; a loja aceita até ${MAX_OPTIONS}.`;
  const combos = new Map<string, ImportedVariant>();
  let uncounted = false;
  for (const variation of variations) {
    const choices = options.map((option, position) => {
      const value = variation.values[position] ?? "";
      return value ? [value] : option.values;
    });
    const combinations = choices.reduce<string[][]>(
      (sets, values) => sets.flatMap((set) => values.map((value) => [...set, value])),
      [[]],
    );
    const { price } = variation;
    if (price === null) continue;
    uncounted ||= !variation.counted;
    for (const [index, labels] of combinations.entries()) {
      const key = labels.join("\u0000").toLowerCase();
      if (combos.has(key)) continue;
      combos.set(key, {
        wpId: variation.wpId,
        options: labels,
        // A SKU or a GTIN names one variant: an "any" variation's first combination keeps them.
        sku: index === 0 ? variation.sku : "",
        price_cents: price,
        compare_at_cents: variation.compareAt,
        stock: variation.stock,
        fiscal: index === 0 ? variation.fiscal : { ...variation.fiscal, gtin: null },
      });
    }
  }
  const variants = [...combos.values()];
  if (variants.length === 0) return "Produto variável sem variações com preço.";
  if (variants.length > MAX_VARIANTS) return `Tem ${variants.length} variações; a loja aceita até ${MAX_VARIANTS}.`;
  const built = options.map((option, index) => ({
    name: option.name,
    values: [...new Set(variants.map((variant) => variant.options[index] ?? ""))],
  }));
  if (built.some((option) => option.values.length > MAX_OPTION_VALUES))
    return `Uma opção tem mais de ${MAX_OPTION_VALUES} valores.`;
  return { variants, options: built, uncounted };
}

/** " da variação Azul / P", or its post id for a variation of "any" value: where a left-out value was. */
export const variationWhose = (values: string[], wpId: number | string) =>
  ` da variação ${values.filter(Boolean).join(" / ") || `#${wpId}`}`;

/** An item's fiscal data under the plugins' meta keys. */
const fiscalOfItem = (item: WxrItem, whose: string) =>
  importedFiscal(
    fiscalValues((key) => item.meta[key]),
    whose,
  );

function variableVariants(
  item: WxrItem,
  site: WxrExport,
  attributes: Attribute[],
  variations: WxrItem[],
  now: Date,
):
  | { variants: ImportedVariant[]; options: ImportedProduct["options"]; uncounted: boolean; leftOut: LeftOutValue[] }
  | string {
  const label = (attribute: Attribute, value: string) => (value ? valueLabel(site, attribute, value) : "");
  const leftOut: LeftOutValue[] = [];
  const built = variantsOf(
    attributes.map((attribute) => ({
      name: attribute.name,
      values: attribute.values.map((value) => label(attribute, value)),
    })),
    variations.map((variation) => {
      const { stock, counted } = stockOf(variation, item);
      const values = attributes.map((attribute) =>
        label(attribute, variation.meta[`attribute_${attribute.key}`]?.trim() ?? ""),
      );
      const fiscal = fiscalOfItem(variation, variationWhose(values, variation.id));
      leftOut.push(...fiscal.leftOut);
      return {
        wpId: variation.id,
        values,
        sku: variation.meta._sku ?? "",
        ...pricesOf(variation, now),
        stock,
        counted,
        fiscal: fiscal.fiscal,
      };
    }),
  );
  return typeof built === "string" ? built : { ...built, leftOut };
}

function buildProduct(
  item: WxrItem,
  site: WxrExport,
  variations: WxrItem[],
  units: { weight: WeightUnit; dimension: DimensionUnit },
  now: Date,
): Built {
  const skip = (reason: string): Built => ({ skipped: { wpId: item.id, name: item.title, reason } });
  const reason = skipReason(item);
  if (reason) return skip(reason);
  const type = productType(item);
  let options: ImportedProduct["options"] = [];
  let variants: ImportedVariant[];
  let uncounted = false;
  const own = fiscalOfItem(item, "");
  const leftOut = [...own.leftOut];
  if (type === "variable") {
    const attributes = readAttributes(item);
    if (attributes === null) return skip("As opções do produto (atributos) não puderam ser lidas.");
    const built = variableVariants(item, site, attributes, variations, now);
    if (typeof built === "string") return skip(built);
    ({ variants, options, uncounted } = built);
    leftOut.push(...built.leftOut);
  } else {
    const { price, compareAt } = pricesOf(item, now);
    if (price === null) return skip("Produto sem preço.");
    const { stock, counted } = stockOf(item);
    uncounted = !counted;
    const sku = item.meta._sku ?? "";
    variants = [
      {
        wpId: item.id,
        options: [],
        sku,
        price_cents: price,
        compare_at_cents: compareAt,
        stock,
        fiscal: EMPTY_ITEM_FISCAL,
      },
    ];
  }
  const firstWithWeight = [item, ...variations].find((candidate) => candidate.meta._weight);
  const side = (key: string) =>
    centimetresOf([item, ...variations].find((candidate) => candidate.meta[key])?.meta[key] ?? "", units.dimension);
  const gallery = (item.meta._product_image_gallery ?? "")
    .split(",")
    .map((id) => Number.parseInt(id, 10))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const cover = Number.parseInt(item.meta._thumbnail_id ?? "", 10);
  return {
    product: {
      wpId: item.id,
      name: item.title,
      slug: item.slug,
      status: item.status === "publish" ? "published" : "draft",
      content: item.content,
      summary: item.excerpt,
      tags: [
        ...new Set(
          item.terms
            .filter((term) => term.taxonomy === "product_cat" || term.taxonomy === "product_tag")
            .map((term) => term.name),
        ),
      ],
      imageIds: [...new Set([...(cover > 0 ? [cover] : []), ...gallery])],
      imageUrls: [],
      options,
      variants,
      weight_grams: gramsOf(firstWithWeight?.meta._weight, units.weight),
      length_cm: side("_length"),
      width_cm: side("_width"),
      height_cm: side("_height"),
      uncountedStock: uncounted,
      fiscal: own.fiscal,
      leftOut,
    },
  };
}

/**
 * Every WooCommerce product of the export, ready to be saved or listed as skipped. WooCommerce keeps
 * weights and sides in the shop's units (Configurações → Produtos), kg and cm unless changed there.
 */
export function productsOf(
  site: WxrExport,
  units: { weight: WeightUnit; dimension: DimensionUnit } = { weight: "kg", dimension: "cm" },
  now = new Date(),
): { products: ImportedProduct[]; skipped: SkippedProduct[] } {
  const variationsOf = new Map<number, WxrItem[]>();
  for (const item of site.items) {
    if (item.type !== "product_variation" || item.status === "trash") continue;
    variationsOf.set(item.parentId, [...(variationsOf.get(item.parentId) ?? []), item]);
  }
  const products: ImportedProduct[] = [];
  const skipped: SkippedProduct[] = [];
  for (const item of site.items) {
    if (item.type !== "product") continue;
    const variations = (variationsOf.get(item.id) ?? []).sort((a, b) => a.menuOrder - b.menuOrder);
    const built = buildProduct(item, site, variations, units, now);
    if ("product" in built) products.push(built.product);
    else skipped.push(built.skipped);
  }
  return { products, skipped };
}

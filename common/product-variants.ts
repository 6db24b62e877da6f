import { parseId } from "./schemas/id.ts";
import { foldCase } from "./schemas/product.ts";

/**
 * The product form's options and variants (app/components/conta/product-form.tsx). Each option has a
 * key of its own that survives renaming and removing options, so a variant row keeps its values by
 * option key rather than by position while the administrator edits the options.
 */
export type OptionDraft = { key: string; name: string; values: string[] };

/** A variant's fiscal fields as typed; one left empty is the product's. */
export type FiscalText = { ncm: string; origin: string; tax_situation: string; unit: string; gtin: string };
export const NO_FISCAL_TEXT: FiscalText = { ncm: "", origin: "", tax_situation: "", unit: "", gtin: "" };

/** A variant row as typed: amounts in reais ("52,90"), the stock as digits. */
export type VariantDraft = {
  /** The stored variant's id: kept so that carts holding it still find it. */
  id?: number;
  /** The variant's value of each option, by option key. */
  values: Record<string, string>;
  sku: string;
  price_cents: string;
  compare_at_cents: string;
  stock: string;
  fiscal: FiscalText;
};

/** Every combination of the options' values, the first option varying slowest; one empty one without options. */
export function optionCombinations(options: readonly { values: readonly string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) => combinations.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

const fits = (row: VariantDraft, combination: Record<string, string>) =>
  Object.entries(combination).every(([key, value]) => {
    const own = row.values[key];
    return own === undefined || foldCase(own) === foldCase(value);
  });

/**
 * One row per combination of the options' values. A combination takes the first row not yet taken
 * whose values agree with it (an option the row has no value for, a new one, agrees with anything):
 * that row keeps its id, SKU, prices, stock and fiscal data. A combination no free row fits copies the
 * prices, stock and fiscal data of a taken row that fits, else the first row's prices with no stock, and
 * never an id, a SKU or a GTIN (each belongs to one variant). While an option has no values yet the rows
 * stay as they are.
 */
export function syncVariants(options: readonly OptionDraft[], rows: readonly VariantDraft[]): VariantDraft[] {
  if (options.some((option) => option.values.length === 0)) return [...rows];
  const free = [...rows];
  return optionCombinations(options).map((combination) => {
    const values = Object.fromEntries(options.map((option, index) => [option.key, combination[index] ?? ""]));
    const index = free.findIndex((row) => fits(row, values));
    const kept = index === -1 ? undefined : free.splice(index, 1)[0];
    if (kept) return { ...kept, values };
    const like = rows.find((row) => fits(row, values));
    return {
      values,
      sku: "",
      price_cents: (like ?? rows[0])?.price_cents ?? "",
      compare_at_cents: (like ?? rows[0])?.compare_at_cents ?? "",
      stock: like?.stock ?? "0",
      fiscal: like ? { ...like.fiscal, gtin: "" } : NO_FISCAL_TEXT,
    };
  });
}

/** A row's values in the options' order, as the shared schema's `options` of a variant. */
export const variantOptionValues = (options: readonly OptionDraft[], row: VariantDraft) =>
  options.map((option) => row.values[option.key] ?? "");

/** A variant row as the product form posts it, all text as typed: its values in the options' order. */
export type VariantRow = {
  id?: string;
  options: string[];
  sku: string;
  price_cents: string;
  compare_at_cents: string;
  stock: string;
  fiscal: FiscalText;
};

/**
 * The form's rows as drafts of `options`, the options they were made for. A row without a value for an
 * option (one just added, with no values yet) has no value under its key, so it agrees with any value
 * the option gets.
 */
export function variantDrafts(options: readonly OptionDraft[], rows: readonly VariantRow[]): VariantDraft[] {
  return rows.map(({ id, options: values, ...row }) => {
    const stored = id === undefined ? null : parseId(id);
    return {
      ...(stored === null ? {} : { id: stored }),
      values: Object.fromEntries(
        options.flatMap((option, index) => (values[index] ? [[option.key, values[index]] as const] : [])),
      ),
      ...row,
    };
  });
}

/** Drafts as the form's rows for `options`. */
export function variantRows(options: readonly OptionDraft[], drafts: readonly VariantDraft[]): VariantRow[] {
  return drafts.map((draft) => ({
    ...(draft.id === undefined ? {} : { id: String(draft.id) }),
    options: variantOptionValues(options, draft),
    sku: draft.sku,
    price_cents: draft.price_cents,
    compare_at_cents: draft.compare_at_cents,
    stock: draft.stock,
    fiscal: draft.fiscal,
  }));
}

/** The rows for the options changed from `before` to `after`: syncVariants over the form's text. */
export const resyncRows = (
  before: readonly OptionDraft[],
  after: readonly OptionDraft[],
  rows: readonly VariantRow[],
) => variantRows(after, syncVariants(after, variantDrafts(before, rows)));

import { type ItemFiscalInput, itemFiscalInputSchema } from "../../../common/schemas/fiscal.ts";
import type { z } from "../../../common/zod.ts";

/**
 * Where a WooCommerce shop keeps a product's or a variation's fiscal data, the first key with a value
 * winning: WooCommerce's own GTIN field (`_global_unique_id`, WooCommerce 9.2 and later); WebmaniaBR's
 * "Nota Fiscal Eletrônica WooCommerce" (`_nfe_codigo_ncm`, `_nfe_codigo_ean`, `_nfe_origem`,
 * `_nfe_unidade`, and a variation's NCM in `variable_ncm`); the GTIN plugins "Product GTIN (EAN, UPC, ISBN)
 * for WooCommerce" (`_wpm_gtin_code`), "EAN for WooCommerce" (`_alg_ean`) and "UPC, EAN, and ISBN for
 * WooCommerce" (`hwp_product_gtin`, `hwp_var_gtin`); then the plain names of hand-made fields. No common
 * plugin keeps a CSOSN or CST per product (WebmaniaBR keeps a tax class of its own service), so the tax
 * situation is left to the shop's default.
 */
export const FISCAL_META_KEYS = {
  ncm: ["_nfe_codigo_ncm", "variable_ncm", "_ncm", "ncm"],
  origin: ["_nfe_origem", "_origem", "origem"],
  unit: ["_nfe_unidade", "_unidade"],
  gtin: [
    "_global_unique_id",
    "_nfe_codigo_ean",
    "_wpm_gtin_code",
    "_alg_ean",
    "hwp_product_gtin",
    "hwp_var_gtin",
    "_wc_gtin",
    "_gtin",
    "_ean",
  ],
} as const;
export type ImportedFiscalField = keyof typeof FISCAL_META_KEYS;

/** A value the import found and left out, for its report: "GTIN da variação Azul", "123", why. */
export type LeftOutValue = { field: string; value: string; reason: string };

const FIELD_NAMES: Record<ImportedFiscalField, string> = {
  ncm: "NCM",
  origin: "Origem",
  unit: "Unidade",
  gtin: "GTIN",
};

/** WebmaniaBR saves its origin select's "Selecionar" as the text "null". */
const NOT_CHOSEN = "null";

/**
 * The fiscal data of what `values` holds (each field's text as the export or spreadsheet has it). A value
 * our checks refuse (an NCM without its eight digits, a GTIN whose check digit is wrong) is left empty, so
 * the product's or the shop's applies, and listed in `leftOut` under the field's name and `whose` ("" for
 * the product, " da variação Azul").
 */
export function importedFiscal(
  values: Partial<Record<ImportedFiscalField, string>>,
  whose: string,
): { fiscal: ItemFiscalInput; leftOut: LeftOutValue[] } {
  const leftOut: LeftOutValue[] = [];
  const { shape } = itemFiscalInputSchema;
  const read = <T>(field: ImportedFiscalField, schema: z.ZodType<T | null>): T | null => {
    const value = values[field]?.trim() ?? "";
    if (value === "") return null;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    leftOut.push({ field: `${FIELD_NAMES[field]}${whose}`, value, reason: parsed.error.issues[0]?.message ?? "" });
    return null;
  };
  return {
    fiscal: {
      ncm: read("ncm", shape.ncm),
      origin: read("origin", shape.origin),
      tax_situation: null,
      unit: read("unit", shape.unit),
      gtin: read("gtin", shape.gtin),
    },
    leftOut,
  };
}

const firstValue = (keys: readonly string[], value: (key: string) => string | undefined) =>
  keys.map((key) => value(key)?.trim() ?? "").find((text) => text !== "" && text !== NOT_CHOSEN);

/** Each field's text under the first of its FISCAL_META_KEYS that has one, `value` reading a key. */
export const fiscalValues = (value: (key: string) => string | undefined) => ({
  ncm: firstValue(FISCAL_META_KEYS.ncm, value),
  origin: firstValue(FISCAL_META_KEYS.origin, value),
  unit: firstValue(FISCAL_META_KEYS.unit, value),
  gtin: firstValue(FISCAL_META_KEYS.gtin, value),
});

// An item's fiscal data as the note takes it: the variant's own where it differs, else the product's, else the
// shop's default; the origin defaults to 0 (nacional) and the GTIN to "SEM GTIN". A field nobody filled stays
// empty, and the note's check names it (note-draft.ts).
import { NO_GTIN } from "../../../common/brazil/gtin.ts";
import type { ItemFiscalInput } from "../../../common/schemas/fiscal.ts";
import type { ItemFiscal } from "./note-draft.ts";

/** `layers` from the most specific (the variant) to the most general (the shop's defaults). */
export function resolveItemFiscal(layers: readonly ItemFiscalInput[]): ItemFiscal {
  const first = <K extends keyof ItemFiscalInput>(key: K): ItemFiscalInput[K] | null => {
    for (const layer of layers) {
      const value = layer[key];
      if (value !== null) return value;
    }
    return null;
  };
  return {
    ncm: first("ncm") ?? "",
    origin: first("origin") ?? 0,
    taxSituation: first("tax_situation") ?? "",
    unit: first("unit") ?? "UN",
    gtin: first("gtin") ?? NO_GTIN,
  };
}

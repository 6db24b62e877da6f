import { CEP_FORMAT_MESSAGE, cepField, normalizeCep } from "../brazil/cep.ts";
import { isStateCode } from "../brazil/states.ts";
import { optionalTaxIdField } from "../brazil/tax-id.ts";
import { MAX_CART_LINES } from "../cart.ts";
import { optionalText, plainString, requiredText, z } from "../zod.ts";
import { cartItemSchema } from "./cart.ts";
import { shippingSettingsSchema } from "./shipping.ts";

/** The CEP typed on the cart or the product page for a shipping quote. */
export const postalCodeSchema = z.object({ postal_code: cepField() });

const optionalCep = plainString()
  .trim()
  .default("")
  .transform((value, context) => {
    if (value === "") return null;
    const cep = normalizeCep(value);
    if (cep === null) {
      context.addIssue({ code: "custom", message: CEP_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return cep;
  });

/**
 * What the shop's administrators set in /conta/shop: who sells (the next issue's receipts and shipping
 * documents need it), where parcels leave from, and how they travel. The Correios access code is never
 * sent back: left empty, the stored one stays.
 */
export const shopSettingsSchema = z
  .object({
    /** The seller's name on receipts and shipping documents: a shop always has one. */
    legal_name: requiredText(200),
    tax_id: optionalTaxIdField(),
    city: optionalText(120),
    uf: plainString()
      .trim()
      .toUpperCase()
      .default("")
      .refine((value) => value === "" || isStateCode(value), "Escolha um estado da lista"),
    origin_postal_code: optionalCep,
    shipping: shippingSettingsSchema.prefault({}),
  })
  .refine((shop) => !shop.shipping.correios.enabled || shop.origin_postal_code !== null, {
    path: ["origin_postal_code"],
    message: "Informe o CEP de origem para cotar com os Correios",
  });

export type ShopSettingsInput = z.infer<typeof shopSettingsSchema>;

/** A quote for the cart's items (or another list of variants) to a CEP. */
export const shippingQuoteSchema = z.object({
  postal_code: cepField(),
  items: z
    .array(cartItemSchema)
    .min(1, "Informe ao menos um item")
    .max(MAX_CART_LINES, `No máximo ${MAX_CART_LINES} itens`),
});
export type ShippingQuoteInput = z.infer<typeof shippingQuoteSchema>;

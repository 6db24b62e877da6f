import { z } from "../zod.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });

const regionViewSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("uf"), uf: z.string() }),
  z.strictObject({ kind: z.literal("cep_range"), from: z.string(), to: z.string() }),
]);

/** The shop's settings as /conta/shop shows them; the Correios access code is never sent back. */
export const shopSettingsViewSchema = z.strictObject({
  legal_name: z.string(),
  tax_id: z.string().meta({ description: "CPF or CNPJ, bare characters; empty until set." }),
  city: z.string(),
  uf: z.string(),
  origin_postal_code: z.string().nullable(),
  shipping: z.strictObject({
    table_rates: z.array(
      z.strictObject({
        name: z.string(),
        region: regionViewSchema,
        min_weight_grams: z.number().int(),
        max_weight_grams: z.number().int(),
        price_cents: cents,
        delivery_days: z.number().int(),
      }),
    ),
    pickup: z.strictObject({
      enabled: z.boolean(),
      address: z.string(),
      instructions: z.string(),
      delivery_days: z.number().int(),
    }),
    free_shipping: z.strictObject({ enabled: z.boolean(), min_subtotal_cents: cents }),
    correios: z.strictObject({
      enabled: z.boolean(),
      environment: z.enum(["production", "staging"]),
      user: z.string(),
      access_code: z.literal("").meta({ description: "Always empty: the code is write-only." }),
      access_code_set: z.boolean(),
      posting_card: z.string(),
      contract: z.string(),
      dr: z.number().int(),
      services: z.array(z.strictObject({ code: z.string(), name: z.string() })),
    }),
  }),
});
export type ShopSettingsView = z.infer<typeof shopSettingsViewSchema>;

export const shippingOptionViewSchema = z.strictObject({
  code: z.string().meta({ description: "What the cart keeps as the chosen option." }),
  name: z.string(),
  price_cents: cents,
  delivery_days: z.number().int(),
  provider: z.enum(["table", "pickup", "free", "correios"]),
  details: z.string().optional(),
});

export const shippingQuoteViewSchema = z.strictObject({
  options: z.array(shippingOptionViewSchema).meta({ description: "Cheapest first, then fastest." }),
  unavailable: z
    .array(z.enum(["table", "pickup", "free", "correios"]))
    .meta({ description: "Providers that failed or did not answer in time; the others' options still come." }),
});
export type ShippingQuoteView = z.infer<typeof shippingQuoteViewSchema>;

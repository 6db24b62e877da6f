import { paymentProviders } from "../schemas/payments.ts";
import { marginKinds, melhorEnvioEnvironments } from "../schemas/shipping.ts";
import { z } from "../zod.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });

const regionViewSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("uf"), uf: z.string() }),
  z.strictObject({ kind: z.literal("cep_range"), from: z.string(), to: z.string() }),
]);

const writeOnly = z.literal("").meta({ description: "Always empty: the secret is write-only." });

/** How the shop is paid, as /conta/shop shows it: Mercado Pago's secrets only as whether they are set. */
export const paymentSettingsViewSchema = z.strictObject({
  provider: z.enum(paymentProviders),
  pix: z.strictObject({ key: z.string(), receiver_name: z.string(), receiver_city: z.string() }),
  mercadopago: z.strictObject({
    access_token: writeOnly,
    access_token_set: z.boolean(),
    webhook_secret: writeOnly,
    webhook_secret_set: z.boolean(),
  }),
  manual: z.strictObject({ instructions: z.string() }),
  pix_discount_percent: z
    .number()
    .int()
    .meta({ description: "Whole percent off the items (never the shipping) when paid by Pix; 0: no discount." }),
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsViewSchema>;

/** A carrier whose quotes are failing now (server/modules/shop/carrier-health.ts). */
export const carrierFailureViewSchema = z.strictObject({
  provider: z.enum(["correios", "melhorenvio"]),
  label: z.string(),
  failures: z.number().int().meta({ description: "Quotes failed in a row since the last success." }),
  failing_since: z.string(),
  message: z.string().meta({ description: "Why, in pt-BR, for the owner." }),
  incident: z
    .boolean()
    .meta({ description: "It keeps failing (credentials refused, or several failures in a row): the owner is told." }),
});
export type CarrierFailureView = z.infer<typeof carrierFailureViewSchema>;

/** "Testar conexão": whether the carrier took the stored credentials (Melhor Envio's token, the Correios contract), and what to tell the owner. */
export const carrierTestViewSchema = z.strictObject({ ok: z.boolean(), message: z.string() });

/**
 * The shop's settings as /conta/shop shows them; the Correios access code, the Melhor Envio token and Mercado
 * Pago's secrets are never sent back.
 */
export const shopSettingsViewSchema = z.strictObject({
  legal_name: z.string(),
  address: z.string().meta({ description: "Street, number and district of the sender." }),
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
    melhor_envio: z.strictObject({
      enabled: z.boolean(),
      environment: z.enum(melhorEnvioEnvironments),
      token: writeOnly,
      token_set: z.boolean(),
      services: z.array(z.number().int()).meta({ description: "Melhor Envio's service ids offered at checkout." }),
      margin: z
        .strictObject({ kind: z.enum(marginKinds), value: z.number().int() })
        .meta({ description: "Added to each Melhor Envio price: `fixed` in cents, or `percent` in whole percent." }),
      extra_days: z.number().int().meta({ description: "Working days added to each Melhor Envio delay." }),
    }),
  }),
  payments: paymentSettingsViewSchema,
  order_expiry_hours: z
    .number()
    .int()
    .meta({ description: "An unpaid order is canceled after this many hours and its stock given back." }),
  notifications: z.strictObject({
    email: z.string().meta({ description: "Where the shop's e-mails go; empty: the site's public e-mail (settings)." }),
    new_order: z.boolean().meta({ description: "A new order was placed." }),
    payment_confirmed: z.boolean().meta({ description: "A payment provider confirmed an order's payment." }),
    payment_reversed: z
      .boolean()
      .meta({ description: "A payment provider reported a refund or a chargeback of a paid order." }),
    contact_message: z.boolean().meta({ description: "A message came through the contact form." }),
  }),
  whatsapp: z
    .string()
    .nullable()
    .meta({ description: "The shop's WhatsApp as wa.me's digits (5581999998888); null: no WhatsApp button." }),
  carrier_failures: z
    .array(carrierFailureViewSchema)
    .meta({ description: "Carriers whose quotes fail now; empty when every carrier switched on answers." }),
});
export type ShopSettingsView = z.infer<typeof shopSettingsViewSchema>;

export const shippingOptionViewSchema = z.strictObject({
  code: z.string().meta({ description: "What the cart keeps as the chosen option." }),
  name: z.string(),
  price_cents: cents,
  delivery_days: z.number().int(),
  provider: z.enum(["table", "pickup", "free", "correios", "melhorenvio"]),
  details: z.string().optional(),
});

export const shippingQuoteViewSchema = z.strictObject({
  options: z.array(shippingOptionViewSchema).meta({ description: "Cheapest first, then fastest." }),
  unavailable: z
    .array(z.enum(["table", "pickup", "free", "correios", "melhorenvio"]))
    .meta({ description: "Providers that failed or did not answer in time; the others' options still come." }),
});
export type ShippingQuoteView = z.infer<typeof shippingQuoteViewSchema>;

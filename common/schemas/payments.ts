import { z } from "../zod.ts";

export const paymentProviders = ["pix", "mercadopago", "manual"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/**
 * How the shop is paid, set in /conta/shop. Pix (static BR Code) needs only a key; Mercado Pago needs an
 * access token and the webhook secret (both write-only: left empty, the stored ones stay); manual is a
 * bank transfer or payment at pickup with the administrator's instructions.
 */
export const paymentSettingsSchema = z.object({
  provider: z.enum(paymentProviders).default("pix"),
  pix: z
    .object({
      key: z.string().trim().max(77).default(""),
      receiver_name: z.string().trim().max(25).default(""),
      receiver_city: z.string().trim().max(15).default(""),
    })
    .prefault({}),
  mercadopago: z
    .object({
      access_token: z.string().trim().max(300).default(""),
      webhook_secret: z.string().trim().max(300).default(""),
    })
    .prefault({}),
  manual: z.object({ instructions: z.string().trim().max(2000).default("") }).prefault({}),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

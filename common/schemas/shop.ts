import { CEP_FORMAT_MESSAGE, cepField, normalizeCep } from "../brazil/cep.ts";
import { isStateCode } from "../brazil/states.ts";
import { MAX_CART_LINES } from "../cart.ts";
import { normalizeWhatsapp, WHATSAPP_MESSAGE } from "../whatsapp.ts";
import { optionalText, plainString, requiredText, z } from "../zod.ts";
import { cartItemSchema } from "./cart.ts";
import { paymentSettingsInputSchema } from "./payments.ts";
import { shippingSettingsSchema } from "./shipping.ts";
import { optionalTaxIdField } from "./tax-id.ts";

/** The CEP typed on the cart or the product page for a shipping quote. */
export const postalCodeSchema = z.object({ postal_code: cepField() });

/** Blank or null (as the settings' view sends it back) is none. */
const optionalCep = plainString()
  .trim()
  .nullable()
  .default("")
  .transform((value, context) => {
    if (value === null || value === "") return null;
    const cep = normalizeCep(value);
    if (cep === null) {
      context.addIssue({ code: "custom", message: CEP_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return cep;
  });

export const MIN_ORDER_EXPIRY_HOURS = 1;
/** Thirty days: past that, stock held by an unpaid order is lost to other customers for too long. */
export const MAX_ORDER_EXPIRY_HOURS = 720;
export const DEFAULT_ORDER_EXPIRY_HOURS = 72;
const EXPIRY_MESSAGE = `Informe de ${MIN_ORDER_EXPIRY_HOURS} a ${MAX_ORDER_EXPIRY_HOURS} horas`;

/** Whole hours: a JSON number, or the digits a form sends. */
const expiryHours = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: EXPIRY_MESSAGE })
    .int(EXPIRY_MESSAGE)
    .min(MIN_ORDER_EXPIRY_HOURS, EXPIRY_MESSAGE)
    .max(MAX_ORDER_EXPIRY_HOURS, EXPIRY_MESSAGE)
    .default(DEFAULT_ORDER_EXPIRY_HOURS),
);

/** The shop's own e-mails, each of which can be switched off. */
export const ownerNotices = ["new_order", "payment_confirmed", "payment_reversed", "contact_message"] as const;
export type OwnerNotice = (typeof ownerNotices)[number];

const noticeSwitch = z.boolean("Informe true ou false").default(true);

/**
 * Where the shop is told of its sales and messages: `email`, or when empty the site's public e-mail
 * (settings); every notice on until switched off.
 */
export const ownerNotificationsSchema = z.object({
  email: plainString()
    .trim()
    .toLowerCase()
    .max(254, "No máximo 254 caracteres")
    .default("")
    .refine((value) => value === "" || z.email().safeParse(value).success, "Informe um e-mail válido"),
  new_order: noticeSwitch,
  payment_confirmed: noticeSwitch,
  payment_reversed: noticeSwitch,
  contact_message: noticeSwitch,
});
export type OwnerNotifications = z.infer<typeof ownerNotificationsSchema>;

/**
 * The shop's WhatsApp as typed, kept as wa.me's digits (5581999998888). Empty or null clears it; absent keeps
 * the stored one. An empty field is made null before the form's reader would drop it as no value, so
 * clearing it in /conta/shop clears the number.
 */
const whatsappField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  plainString({ error: WHATSAPP_MESSAGE })
    .trim()
    .max(30, WHATSAPP_MESSAGE)
    .transform((value, context) => {
      const number = normalizeWhatsapp(value);
      if (number === null) {
        context.addIssue({ code: "custom", message: WHATSAPP_MESSAGE });
        return z.NEVER;
      }
      return number;
    })
    .nullable()
    .optional(),
);

/**
 * What the shop's administrators set in /conta/shop: who sells (the next issue's receipts and shipping
 * documents need it), where parcels leave from, how they travel, how they are paid and how long an unpaid
 * order holds its stock, which e-mails the shop gets and its WhatsApp. The Correios access code and Mercado
 * Pago's secrets are never sent back: left empty, the stored ones stay. Without `payments`, `notifications`
 * or `whatsapp`, the stored ones stay as they are.
 */
export const shopSettingsSchema = z
  .object({
    /** The seller's name on receipts and shipping documents: a shop always has one. */
    legal_name: requiredText(200),
    /** Street, number and district: the sender's address on the declaração de conteúdo. */
    address: optionalText(300),
    tax_id: optionalTaxIdField(),
    city: optionalText(120),
    uf: plainString()
      .trim()
      .toUpperCase()
      .default("")
      .refine((value) => value === "" || isStateCode(value), "Escolha um estado da lista"),
    origin_postal_code: optionalCep,
    shipping: shippingSettingsSchema.prefault({}),
    payments: paymentSettingsInputSchema.optional(),
    order_expiry_hours: expiryHours,
    notifications: ownerNotificationsSchema.optional(),
    /** "Fale conosco pelo WhatsApp" on the product and order pages; null: no button. */
    whatsapp: whatsappField,
  })
  .refine((shop) => !shop.shipping.correios.enabled || shop.origin_postal_code !== null, {
    path: ["origin_postal_code"],
    message: "Informe o CEP de origem para cotar com os Correios",
  })
  .refine((shop) => !shop.shipping.melhor_envio.enabled || shop.origin_postal_code !== null, {
    path: ["origin_postal_code"],
    message: "Informe o CEP de origem para cotar com o Melhor Envio",
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

import { normalizeTaxId } from "../brazil/tax-id.ts";
import { MAX_RECEIVER_CITY, MAX_RECEIVER_NAME, pixText } from "../pix/br-code.ts";
import { plainString, z } from "../zod.ts";

export const paymentProviders = ["pix", "mercadopago", "manual"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const paymentProviderLabels: Record<PaymentProvider, string> = {
  pix: "Pix (código estático, confirmação manual)",
  mercadopago: "Mercado Pago (Pix e cartão, confirmação automática)",
  manual: "Transferência ou pagamento na retirada",
};

/** At a gateway that takes Pix and cards (Mercado Pago) the customer picks one at checkout. */
export const paymentChoices = ["pix", "card"] as const;
export type PaymentChoice = (typeof paymentChoices)[number];

/** The largest discount for paying by Pix a shop may set, in percent. */
export const MAX_PIX_DISCOUNT_PERCENT = 50;

/** The longest Pix key: an e-mail of 77 characters. */
export const MAX_PIX_KEY = 77;

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[\x21-\x7e]+@[\x21-\x7e]+\.[\x21-\x7e]+$/;

/**
 * A Pix key as typed to the form the Pix directory holds: a CPF or CNPJ bare, a mobile as +55 and its
 * digits, an e-mail or a random key (EVP) in lower case. Null when it is none of these. A number with
 * parentheses or a "+" is a phone; bare digits are a CPF or CNPJ when their check digits say so.
 */
export function normalizePixKey(text: string): string | null {
  const value = text.trim();
  if (EVP.test(value)) return value.toLowerCase();
  if (value.includes("@")) return EMAIL.test(value) && value.length <= MAX_PIX_KEY ? value.toLowerCase() : null;
  const looksLikePhone = value.startsWith("+") || value.includes("(");
  const digits = value.replace(/[\s().+-]/g, "");
  if (!looksLikePhone) {
    const taxId = normalizeTaxId(value);
    if (taxId !== null) return taxId;
  }
  if (/^55\d{10,11}$/.test(digits) && value.startsWith("+")) return `+${digits}`;
  if (/^\d{10,11}$/.test(digits)) return `+55${digits}`;
  return null;
}

export const PIX_KEY_MESSAGE = "Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular ou chave aleatória";

const pixKey = plainString()
  .trim()
  .max(MAX_PIX_KEY, PIX_KEY_MESSAGE)
  .default("")
  .transform((value, context) => {
    if (value === "") return "";
    const key = normalizePixKey(value);
    if (key === null) {
      context.addIssue({ code: "custom", message: PIX_KEY_MESSAGE });
      return z.NEVER;
    }
    return key;
  });

/** A name or city for the BR Code, kept as typed: the code drops the accents, which never makes it longer. */
const pixTextField = (max: number) =>
  plainString()
    .trim()
    .max(max, `No máximo ${max} caracteres`)
    .default("")
    .refine((value) => value === "" || pixText(value) !== "", "Use letras e números");

const PIX_DISCOUNT_MESSAGE = `Informe de 0 a ${MAX_PIX_DISCOUNT_PERCENT} %, em números inteiros`;

/** Whole percent: a JSON number, or the digits a form sends ("" is 0). Not z.coerce, which reads true as 1. */
const pixDiscountPercent = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim().replace(/\s*%$/, "");
    if (text === "") return 0;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  },
  z
    .number({ error: PIX_DISCOUNT_MESSAGE })
    .int(PIX_DISCOUNT_MESSAGE)
    .min(0, PIX_DISCOUNT_MESSAGE)
    .max(MAX_PIX_DISCOUNT_PERCENT, PIX_DISCOUNT_MESSAGE)
    .default(0),
);

const secret = plainString().trim().max(300, "No máximo 300 caracteres").default("");

/**
 * How the shop is paid, set in /conta/shop. Pix (static BR Code) needs only a key; Mercado Pago needs an
 * access token and the webhook secret (both write-only: left empty, the stored ones stay); manual is a
 * bank transfer or payment at pickup with the administrator's instructions. Also what the database keeps.
 */
export const paymentSettingsSchema = z.object({
  provider: z.enum(paymentProviders, "Escolha uma forma de pagamento da lista").default("pix"),
  pix: z
    .object({
      key: pixKey,
      receiver_name: pixTextField(MAX_RECEIVER_NAME),
      receiver_city: pixTextField(MAX_RECEIVER_CITY),
    })
    .prefault({}),
  mercadopago: z.object({ access_token: secret, webhook_secret: secret }).prefault({}),
  manual: z
    .object({ instructions: plainString().trim().max(2000, "No máximo 2000 caracteres").default("") })
    .prefault({}),
  /** Off at 0: the share taken off the items when the customer pays by Pix (static or at the gateway). */
  pix_discount_percent: pixDiscountPercent,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const PIX_KEY_MISSING = "Informe a chave Pix";
export const PIX_NAME_MISSING = "Informe o nome de quem recebe";
export const PIX_CITY_MISSING = "Informe a cidade de quem recebe";
export const MANUAL_INSTRUCTIONS_MISSING = "Escreva as instruções de pagamento";
export const ACCESS_TOKEN_MISSING = "Informe o access token do Mercado Pago";
export const WEBHOOK_SECRET_MISSING = "Informe a assinatura secreta dos webhooks";

/**
 * The settings as the form sends them: the chosen provider's fields are required. Mercado Pago's secrets
 * are checked by the shop's service, which knows whether stored ones stay.
 */
export const paymentSettingsInputSchema = paymentSettingsSchema.superRefine((payments, context) => {
  const require = (ok: boolean, path: string[], message: string) => {
    if (!ok) context.addIssue({ code: "custom", path, message });
  };
  if (payments.provider === "pix") {
    require(payments.pix.key !== "", ["pix", "key"], PIX_KEY_MISSING);
    require(payments.pix.receiver_name !== "", ["pix", "receiver_name"], PIX_NAME_MISSING);
    require(payments.pix.receiver_city !== "", ["pix", "receiver_city"], PIX_CITY_MISSING);
  }
  if (payments.provider === "manual")
    require(payments.manual.instructions !== "", ["manual", "instructions"], MANUAL_INSTRUCTIONS_MISSING);
});

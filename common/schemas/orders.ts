import { cepField, cepStateMismatch } from "../brazil/cep.ts";
import { isMunicipalityOf } from "../brazil/municipalities.ts";
import { isStateCode, STATE_PLACEHOLDER } from "../brazil/states.ts";
import {
  CORREIOS_CODE_MESSAGE,
  carrierLabels,
  carriers,
  DEFAULT_CARRIER,
  isCorreiosCode,
  normalizeCorreiosCode,
} from "../brazil/tracking.ts";
import { orderStatuses } from "../order-status.ts";
import { dayField, isWebAddress, optionalText, plainString, requiredText, z } from "../zod.ts";
import { couponCodeField } from "./cart.ts";
import { customerFields } from "./customer.ts";
import { noteCancelSchema } from "./fiscal.ts";
import { paymentChoices } from "./payments.ts";
import { optionalTaxIdField } from "./tax-id.ts";

/** A delivery address: the state from the list and a city of that state (spec §3 option lists 1 and 2). */
export const addressSchema = z
  .object({
    postal_code: cepField(),
    uf: plainString({ error: STATE_PLACEHOLDER })
      .trim()
      .toUpperCase()
      .refine((value) => isStateCode(value), "Selecione o estado"),
    city: requiredText(120),
    street: requiredText(200),
    number: requiredText(20),
    neighborhood: optionalText(120),
    complement: optionalText(120),
  })
  .refine((address) => !isStateCode(address.uf) || isMunicipalityOf(address.uf, address.city), {
    path: ["city"],
    message: "Escolha uma cidade do estado selecionado",
  })
  .superRefine((address, context) => {
    const mismatch = cepStateMismatch(address.postal_code, address.uf);
    if (mismatch) context.addIssue({ code: "custom", path: ["postal_code"], message: mismatch });
  });
export type AddressInput = z.infer<typeof addressSchema>;

/**
 * An administrator's correction of an order's delivery address and buyer's CPF/CNPJ (PUT
 * /api/orders/{id}/address): the checkout's address, with the neighbourhood a nota fiscal cannot go without,
 * and the CPF/CNPJ checked by its digits (empty or absent keeps the order's: a note cannot go without one).
 */
export const orderAddressCorrectionSchema = addressSchema
  .and(
    z.object({
      tax_id: optionalTaxIdField().meta({
        description: "The buyer's CPF or CNPJ on the order (and its nota fiscal); empty or absent keeps it.",
      }),
    }),
  )
  .superRefine((address, context) => {
    if (address.neighborhood === "")
      context.addIssue({ code: "custom", path: ["neighborhood"], message: "Informe o bairro: a nota fiscal exige" });
  });
export type OrderAddressCorrection = z.infer<typeof orderAddressCorrectionSchema>;

const FORM_EXPIRED = "O formulário expirou; recarregue a página e confirme de novo.";

/**
 * The order finalisation form (/loja/finalizar-pedido) and POST /api/shop/checkout: who buys (her
 * account's e-mail; name, CPF/CNPJ and phone are kept on the account and copied to the order), where it
 * goes, how it travels. The cart comes from the visitor's cookie, never from this form: the server prices
 * it again. `expected_total_cents` is the total she reviewed; a different one is refused so she reviews
 * again. `idempotency_key` is made when the form is shown: the same key places one order, however many
 * times it is sent.
 */
export const checkoutSchema = addressSchema.and(
  z.object({
    name: requiredText(200),
    ...customerFields,
    shipping: plainString({ error: "Escolha uma forma de entrega" })
      .trim()
      .min(1, "Escolha uma forma de entrega")
      .max(100, "Escolha uma forma de entrega"),
    // A v4 UUID as the form makes it (crypto.randomUUID), in lower case: "ABC..." and "abc..." are one key,
    // and the nil UUID or a hand-made pattern is not a key at all.
    idempotency_key: plainString({ error: FORM_EXPIRED })
      .trim()
      .toLowerCase()
      .pipe(z.uuid({ version: "v4", error: FORM_EXPIRED }))
      .meta({ description: "A v4 UUID made when the form is shown; the customer's own (case does not matter)." }),
    expected_total_cents: z.coerce
      .number({ error: "Total inválido" })
      .int("Total inválido")
      .min(0, "Total inválido")
      // Any whole number: a total above the order's maximum gets place-order.ts's own message.
      .max(Number.MAX_SAFE_INTEGER, "Total inválido")
      .optional(),
    /** The cart's coupon as she reviewed it; "" or absent: none. Priced again, never trusted. */
    coupon_code: z.preprocess((value) => (value === "" ? undefined : value), couponCodeField().optional()),
    /** At a gateway taking Pix and cards: how she pays (the Pix discount is for "pix"); else ignored. */
    payment_choice: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(paymentChoices, "Escolha Pix ou cartão").optional(),
    ),
  }),
);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** "" from a form's empty select counts as not given. */
const carrierField = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.enum(carriers, { error: "Escolha uma transportadora da lista" }).default(DEFAULT_CARRIER),
);

/** Other carriers' codes are free text, within what any of them prints on a label. */
const FREE_TRACKING_CODE = /^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u;

/**
 * A move of an order along the state machine. Marking it sent takes the carrier (Correios unless told) and
 * its tracking code: a Correios code must be a valid UPU S10 code, check digit included; another
 * carrier's is free text, and "Outra transportadora" may give its tracking page (https). For any other
 * move the tracking fields are left aside.
 */
export const orderStatusChangeSchema = z
  .object({
    // A form's untouched select sends nothing: the move is never guessed.
    status: z.enum(orderStatuses, {
      error: (issue) =>
        issue.input === undefined || issue.input === "" ? "Escolha a nova situação" : "Status inválido",
    }),
    note: optionalText(500),
    carrier: carrierField,
    tracking_code: plainString()
      .trim()
      .max(40, "No máximo 40 caracteres")
      .default("")
      .transform((value) => value.replace(/\s+/g, " ")),
    tracking_url: plainString().trim().max(500, "No máximo 500 caracteres").default(""),
    cancel_note: z
      .boolean("Marque ou desmarque “Cancelar também a nota fiscal”")
      .default(false)
      .meta({ description: "Canceling: cancel the order's authorised nota fiscal too, with `justification`." }),
    justification: plainString()
      .default("")
      .meta({ description: "Why the note is canceled (15-255 characters, kept by SEFAZ); only with cancel_note." }),
  })
  .superRefine((change, context) => {
    if (change.status === "canceled" && change.cancel_note) {
      // The note's own "Cancelar nota" schema: the same limits and words as SEFAZ keeps them.
      const checked = noteCancelSchema.safeParse({ justification: change.justification });
      for (const issue of checked.error?.issues ?? [])
        context.addIssue({ code: "custom", path: ["justification"], message: issue.message });
    }
    if (change.status !== "sent") return;
    const issue = (path: "tracking_code" | "tracking_url", message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (change.tracking_code === "") issue("tracking_code", "Informe o código de rastreamento");
    else if (change.carrier === "correios") {
      if (!isCorreiosCode(normalizeCorreiosCode(change.tracking_code))) issue("tracking_code", CORREIOS_CODE_MESSAGE);
    } else if (!FREE_TRACKING_CODE.test(change.tracking_code))
      issue("tracking_code", "Código de rastreamento inválido: use letras, números, pontos, barras ou hífens");
    if (change.tracking_url === "") return;
    if (change.carrier !== "other")
      issue("tracking_url", `O endereço de rastreamento vale só para “${carrierLabels.other}”`);
    else if (!isWebAddress(change.tracking_url) || !/^https:/i.test(change.tracking_url))
      issue("tracking_url", "Informe o endereço da página de rastreamento, começando com https://");
  })
  .transform((change) => ({
    ...change,
    tracking_code: change.carrier === "correios" ? normalizeCorreiosCode(change.tracking_code) : change.tracking_code,
    cancel_note: change.status === "canceled" && change.cancel_note,
    justification: change.justification.trim(),
  }));
export type OrderStatusChangeInput = z.infer<typeof orderStatusChangeSchema>;

/**
 * What an order may be waiting for from the shop, as the /conta home counts it: "shipping", paid and not
 * yet sent; "label", not yet sent and its Melhor Envio label's last attempt failed.
 */
export const orderNeeds = ["shipping", "label"] as const;
export type OrderNeed = (typeof orderNeeds)[number];
export const orderNeedLabels: Record<OrderNeed, string> = {
  shipping: "A enviar (pagos ou em processamento)",
  label: "Etiqueta com problema",
};

/** Filters of /conta/pedidos and GET /api/orders (text: number, name, e-mail or CPF/CNPJ). */
export const orderListQuerySchema = z
  .object({
    status: z.union([z.enum(orderStatuses), z.literal("")], { error: "Status inválido" }).default(""),
    needs: z.union([z.enum(orderNeeds), z.literal("")], { error: "Use shipping ou label" }).default(""),
    from: dayField("a data inicial"),
    to: dayField("a data final"),
  })
  .refine((query) => query.from === "" || query.to === "" || query.from <= query.to, {
    path: ["to"],
    message: "A data final deve ser igual ou posterior à inicial",
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

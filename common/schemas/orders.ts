import { cepField } from "../brazil/cep.ts";
import { isMunicipalityOf } from "../brazil/municipalities.ts";
import { isStateCode, STATE_PLACEHOLDER } from "../brazil/states.ts";
import { orderStatuses } from "../order-status.ts";
import { MAX_DATE_YEAR, MIN_DATE_YEAR, optionalText, plainString, requiredText, z } from "../zod.ts";
import { customerFields } from "./customer.ts";

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
  });
export type AddressInput = z.infer<typeof addressSchema>;

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
    idempotency_key: z.uuid("O formulário expirou; recarregue a página e confirme de novo."),
    expected_total_cents: z.coerce
      .number({ error: "Total inválido" })
      .int("Total inválido")
      .min(0, "Total inválido")
      .max(2_000_000_000, "Total inválido")
      .optional(),
  }),
);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** A move of an order along the state machine; a tracking code is required to mark it sent. */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(orderStatuses, { error: "Status inválido" }),
    note: optionalText(500),
    tracking_code: plainString()
      .trim()
      .toUpperCase()
      .max(40, "No máximo 40 caracteres")
      .default("")
      .refine((value) => value === "" || /^[A-Z0-9-]+$/.test(value), "Código de rastreamento inválido"),
  })
  .refine((change) => change.status !== "sent" || change.tracking_code !== "", {
    path: ["tracking_code"],
    message: "Informe o código de rastreamento",
  });
export type OrderStatusChangeInput = z.infer<typeof orderStatusChangeSchema>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day "2026-11-24" (São Paulo), or empty. */
const dayField = (label: string) =>
  plainString()
    .trim()
    .default("")
    .refine((value) => {
      if (value === "") return true;
      const match = DAY.exec(value);
      if (!match) return false;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      return (
        year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      );
    }, `Informe ${label} como AAAA-MM-DD`);

/** Filters of /conta/pedidos and GET /api/orders (text: number, name, e-mail or CPF/CNPJ). */
export const orderListQuerySchema = z
  .object({
    status: z.union([z.enum(orderStatuses), z.literal("")], { error: "Status inválido" }).default(""),
    from: dayField("a data inicial"),
    to: dayField("a data final"),
  })
  .refine((query) => query.from === "" || query.to === "" || query.from <= query.to, {
    path: ["to"],
    message: "A data final deve ser igual ou posterior à inicial",
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

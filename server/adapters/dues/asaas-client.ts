// Asaas's API v3 for subscriptions (docs.asaas.com; brazil-commerce.md, "Recurring dues"): the account's key in
// the `access_token` header and a User-Agent on every call; customers, subscriptions, each cycle's charge and
// charges of their own ("payment", pay_...), found again by our externalReference; a charge received in cash
// (POST /v3/payments/{id}/receiveInCash) or removed (DELETE /v3/payments/{id}); lists paged by offset and
// limit as {data, hasMore, totalCount}; refusals as 400 {errors: [{code, description}]}, a wrong key as 401.
// Amounts go out and come back in reais; this file turns them into integer cents and back. Webhooks carry the
// configured authToken in `asaas-access-token`; of their body only the event and its charge's id are read.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "../../../common/zod.ts";
import {
  type DuesBilling,
  type DuesCharge,
  type DuesChargeStatus,
  type DuesCycle,
  type DuesProvider,
  DuesProviderError,
  type DuesWebhookEventType,
  type DuesWebhookReading,
} from "./dues-provider.ts";

export const ASAAS_SANDBOX_URL = "https://api-sandbox.asaas.com";
export const ASAAS_PRODUCTION_URL = "https://api.asaas.com";

/** A member or an administrator waits on the page while we ask; past this they are told to try again. */
export const ASAAS_TIMEOUT_MS = 10_000;

/** Asaas refuses calls without a User-Agent from accounts created since 2024. */
export const ASAAS_USER_AGENT = "cms (associados)";

/** The most a list answers per page. */
const PAGE_LIMIT = 100;

/** What the member or administrator reads for each failure that is not Asaas's own refusal text. */
export const ASAAS_MESSAGES = {
  unauthorized: "O Asaas recusou a chave de API: confira-a em Configurações > Associados.",
  notFound: "O Asaas não encontrou este registro.",
  rateLimited: "O Asaas pediu uma pausa (requisições demais em pouco tempo): tente de novo em um minuto.",
  unreachable: "Não foi possível falar com o Asaas agora. Tente novamente.",
  unexpected: "O Asaas respondeu em um formato inesperado. Tente novamente em alguns minutos.",
} as const;

const BILLING_TYPES: Record<DuesBilling, string> = { pix: "PIX", boleto: "BOLETO", undefined: "UNDEFINED" };

const CYCLES: Record<DuesCycle, string> = {
  mensal: "MONTHLY",
  trimestral: "QUARTERLY",
  semestral: "SEMIANNUALLY",
  anual: "YEARLY",
};

/**
 * Asaas's charge statuses in our words. Paid: CONFIRMED (card or Pix confirmed, money not yet available),
 * RECEIVED, RECEIVED_IN_CASH (the association marked it paid by hand) and DUNNING_RECEIVED (paid after
 * negativação). partially_refunded: part of the money went back (PARTIALLY_REFUNDED), a refund is asked for or
 * under way (REFUND_REQUESTED, REFUND_IN_PROGRESS), or a card's issuer is taking it back (the CHARGEBACK
 * statuses): in each the member's payment no longer counts in full, and refundedCents says how much went
 * back. A status not listed makes the answer unexpected rather than guessed.
 */
const STATUSES: Record<string, Exclude<DuesChargeStatus, "deleted">> = {
  PENDING: "pending",
  AWAITING_RISK_ANALYSIS: "pending",
  OVERDUE: "overdue",
  DUNNING_REQUESTED: "overdue",
  CONFIRMED: "paid",
  RECEIVED: "paid",
  RECEIVED_IN_CASH: "paid",
  DUNNING_RECEIVED: "paid",
  REFUNDED: "refunded",
  PARTIALLY_REFUNDED: "partially_refunded",
  REFUND_REQUESTED: "partially_refunded",
  REFUND_IN_PROGRESS: "partially_refunded",
  CHARGEBACK_REQUESTED: "partially_refunded",
  CHARGEBACK_DISPUTE: "partially_refunded",
  AWAITING_CHARGEBACK_REVERSAL: "partially_refunded",
};

/** The statuses after money came in: paidAmountCents is the charge's value in these. */
const RECEIVED: readonly DuesChargeStatus[] = ["paid", "refunded", "partially_refunded"];

/** The payment events in our words; another PAYMENT_ event (PAYMENT_UPDATED, ...) is "other". */
const EVENTS: Record<string, DuesWebhookEventType> = {
  PAYMENT_CREATED: "created",
  PAYMENT_CONFIRMED: "paid",
  PAYMENT_RECEIVED: "paid",
  PAYMENT_OVERDUE: "overdue",
  PAYMENT_REFUNDED: "refunded",
  PAYMENT_PARTIALLY_REFUNDED: "refunded",
  PAYMENT_DELETED: "deleted",
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const reaisAnswer = z.number().nonnegative();
const optionalText = z.string().nullish();

const idAnswer = z.looseObject({ id: z.string().min(1) });
const deletedAnswer = z.looseObject({ id: z.string().min(1), deleted: z.literal(true) });

const paymentAnswer = z.looseObject({
  id: z.string().min(1),
  customer: z.string().min(1),
  subscription: optionalText,
  value: reaisAnswer,
  /** Filled when the payment came with interest or a fine: then `value` is what was paid. */
  originalValue: reaisAnswer.nullish(),
  netValue: reaisAnswer.nullish(),
  status: z.string().min(1),
  dueDate: day,
  paymentDate: day.nullish(),
  clientPaymentDate: day.nullish(),
  confirmedDate: day.nullish(),
  invoiceUrl: optionalText,
  bankSlipUrl: optionalText,
  externalReference: optionalText,
  deleted: z.boolean().nullish(),
  refunds: z.array(z.looseObject({ value: reaisAnswer, status: z.string() })).nullish(),
});
type PaymentAnswer = z.infer<typeof paymentAnswer>;

const pageAnswer = z.looseObject({ data: z.array(paymentAnswer), hasMore: z.boolean() });
const idsAnswer = z.looseObject({ data: z.array(idAnswer) });

const pixAnswer = z.looseObject({
  encodedImage: z.string().min(1),
  payload: z.string().min(1),
  expirationDate: optionalText,
});

/** An event's id as Asaas writes them ("evt_05b7...f621&368604920"): printable, no spaces. */
const EVENT_ID = /^evt_[\x21-\x7e]{1,200}$/;
const EVENT_NAME = /^[A-Z][A-Z_]{0,63}$/;
/** A charge's id ("pay_080225913252"). */
const CHARGE_ID = /^pay_[A-Za-z0-9]{1,64}$/;

/**
 * Only what is needed to know which charge an event is about: the rest of its body is not read, as nothing in
 * it is signed (the charge itself is asked of Asaas).
 */
const webhookAnswer = z.looseObject({
  id: z.string().regex(EVENT_ID),
  event: z.string().regex(EVENT_NAME),
  dateCreated: z.unknown().optional(),
  payment: z.looseObject({ id: z.string().regex(CHARGE_ID) }).optional(),
});

const errorAnswer = z.looseObject({
  errors: z.array(z.looseObject({ code: z.string().nullish(), description: z.string().nullish() })),
});

/** Reais as Asaas reads them: n / 100 prints as the decimal it stands for (3333 -> 33.33). */
function reais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError(`Not a positive whole number of cents: ${cents}`);
  return cents / 100;
}

/** Rounding takes away the binary fraction's error: 33.33 * 100 is 3332.9999999999995. */
const centsOf = (amount: number) => Math.round(amount * 100);

/** Asaas writes its moments in São Paulo's time without an offset ("2024-06-12 16:45:03"); Brazil has had no daylight saving since 2019. */
function instant(text: string | null | undefined): Date | null {
  if (!text) return null;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text);
  const time = Date.parse(local ? `${local[1]}T${local[2]}-03:00` : text);
  return Number.isFinite(time) ? new Date(time) : null;
}

function chargeOf(payment: PaymentAnswer): DuesCharge | null {
  const mapped = STATUSES[payment.status];
  if (!mapped) return null;
  const status: DuesChargeStatus = payment.deleted ? "deleted" : mapped;
  const valueCents = centsOf(payment.value);
  const refunds = (payment.refunds ?? [])
    .filter((refund) => refund.status !== "CANCELLED")
    .reduce((sum, refund) => sum + centsOf(refund.value), 0);
  return {
    id: payment.id,
    subscriptionId: payment.subscription ?? null,
    customerId: payment.customer,
    amountCents: centsOf(payment.originalValue ?? payment.value),
    netAmountCents: payment.netValue == null ? null : centsOf(payment.netValue),
    status,
    paidAmountCents: RECEIVED.includes(mapped) ? valueCents : 0,
    // A full refund may come without its list of refunds: then all of it went back.
    refundedCents: mapped === "refunded" && refunds === 0 ? valueCents : refunds,
    dueDate: payment.dueDate,
    paidOn: payment.paymentDate ?? payment.clientPaymentDate ?? payment.confirmedDate ?? null,
    invoiceUrl: payment.invoiceUrl ?? null,
    boletoUrl: payment.bankSlipUrl ?? null,
    externalReference: payment.externalReference ?? null,
  };
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests of equal length, so the time taken tells neither how much of a guess was right nor its length. */
function sameToken(given: string | null, token: string): boolean {
  if (given === null || token === "") return false;
  return timingSafeEqual(digest(given), digest(token));
}

function failureOf(status: number, body: unknown): DuesProviderError {
  if (status === 401) return new DuesProviderError(ASAAS_MESSAGES.unauthorized, status);
  if (status === 429) return new DuesProviderError(ASAAS_MESSAGES.rateLimited, status);
  if (status >= 500) return new DuesProviderError(ASAAS_MESSAGES.unreachable, status);
  const parsed = errorAnswer.safeParse(body);
  const reasons = parsed.success
    ? parsed.data.errors.flatMap((error) => (error.description ? [error.description] : []))
    : [];
  if (reasons.length > 0) return new DuesProviderError(`O Asaas recusou: ${reasons.join(" ")}`, status);
  if (status === 404) return new DuesProviderError(ASAAS_MESSAGES.notFound, status);
  return new DuesProviderError(`O Asaas recusou a solicitação (HTTP ${status}).`, status);
}

const unexpected = (status?: number) => new DuesProviderError(ASAAS_MESSAGES.unexpected, status);

/** A charge answered to a call: one of a status not listed in STATUSES is unexpected. */
function knownCharge(payment: PaymentAnswer): DuesCharge {
  const found = chargeOf(payment);
  if (!found) throw unexpected();
  return found;
}

export type AsaasClientOptions = {
  apiKey: string;
  /** ASAAS_SANDBOX_URL, ASAAS_PRODUCTION_URL, or a test's fake on 127.0.0.1. */
  baseUrl: string;
  userAgent?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createAsaasClient(options: AsaasClientOptions): DuesProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? ASAAS_TIMEOUT_MS;

  /** The answer's body checked by `schema`; a refusal, a silence or another shape is a DuesProviderError. */
  async function call<T>(
    schema: z.ZodType<T>,
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          access_token: options.apiKey,
          "user-agent": options.userAgent ?? ASAAS_USER_AGENT,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch {
      throw new DuesProviderError(ASAAS_MESSAGES.unreachable);
    }
    const parsed = readJson(text);
    if (!response.ok) throw failureOf(response.status, parsed);
    const answer = schema.safeParse(parsed);
    if (!answer.success) throw unexpected(response.status);
    return answer.data;
  }

  const id = (value: string) => encodeURIComponent(value);

  /** The first record a filtered list answers; Asaas leaves removed ones out unless asked for them. */
  async function firstOf(path: string): Promise<{ id: string } | null> {
    const [first] = (await call(idsAnswer, "GET", path)).data;
    return first ? { id: first.id } : null;
  }

  return {
    async createCustomer(customer) {
      const answer = await call(idAnswer, "POST", "/v3/customers", {
        name: customer.name,
        cpfCnpj: customer.taxId,
        email: customer.email,
        externalReference: customer.externalReference,
      });
      return { id: answer.id };
    },

    async findCustomer(externalReference) {
      return firstOf(`/v3/customers?externalReference=${id(externalReference)}&limit=1`);
    },

    async updateCustomer(customerId, change) {
      await call(idAnswer, "POST", `/v3/customers/${id(customerId)}`, { name: change.name, email: change.email });
    },

    async deleteCustomer(customerId) {
      await call(deletedAnswer, "DELETE", `/v3/customers/${id(customerId)}`);
    },

    async createSubscription(request) {
      const answer = await call(idAnswer, "POST", "/v3/subscriptions", {
        customer: request.customerId,
        billingType: BILLING_TYPES[request.billing],
        value: reais(request.amountCents),
        nextDueDate: request.nextDueDate,
        cycle: CYCLES[request.cycle],
        description: request.description,
        externalReference: request.externalReference,
      });
      return { id: answer.id };
    },

    async findSubscription(externalReference) {
      return firstOf(`/v3/subscriptions?externalReference=${id(externalReference)}&limit=1`);
    },

    async updateSubscription(subscriptionId, change) {
      await call(idAnswer, "POST", `/v3/subscriptions/${id(subscriptionId)}`, {
        ...(change.amountCents === undefined ? {} : { value: reais(change.amountCents) }),
        ...(change.nextDueDate === undefined ? {} : { nextDueDate: change.nextDueDate }),
        updatePendingPayments: false,
      });
    },

    async cancelSubscription(subscriptionId) {
      await call(deletedAnswer, "DELETE", `/v3/subscriptions/${id(subscriptionId)}`);
    },

    async subscriptionCharges(subscriptionId) {
      // By id: a charge made while the pages are read moves the others one place, and one may come twice.
      const charges = new Map<string, DuesCharge>();
      for (let offset = 0; ; ) {
        const page = await call(
          pageAnswer,
          "GET",
          `/v3/subscriptions/${id(subscriptionId)}/payments?offset=${offset}&limit=${PAGE_LIMIT}`,
        );
        for (const payment of page.data) charges.set(payment.id, knownCharge(payment));
        if (!page.hasMore) return [...charges.values()];
        // More promised and none given: asking again would ask for the same page forever.
        if (page.data.length === 0) throw unexpected();
        offset += page.data.length;
      }
    },

    async createCharge(request) {
      const answer = await call(paymentAnswer, "POST", "/v3/payments", {
        customer: request.customerId,
        billingType: BILLING_TYPES[request.billing],
        value: reais(request.amountCents),
        dueDate: request.dueDate,
        description: request.description,
        externalReference: request.externalReference,
      });
      return knownCharge(answer);
    },

    async findCharge(externalReference) {
      const page = await call(pageAnswer, "GET", `/v3/payments?externalReference=${id(externalReference)}&limit=10`);
      const live = page.data.map(knownCharge).filter((found) => found.status !== "deleted");
      return live[0] ?? null;
    },

    async updateCharge(chargeId, change) {
      await call(idAnswer, "POST", `/v3/payments/${id(chargeId)}`, { value: reais(change.amountCents) });
    },

    async charge(chargeId) {
      return knownCharge(await call(paymentAnswer, "GET", `/v3/payments/${id(chargeId)}`));
    },

    async receiveInCash(chargeId, payment) {
      const answer = await call(paymentAnswer, "POST", `/v3/payments/${id(chargeId)}/receiveInCash`, {
        paymentDate: payment.paidOn,
        value: reais(payment.amountCents),
        // She paid the association itself: an e-mail from Asaas about a charge she did not pay there would puzzle her.
        notifyCustomer: false,
      });
      return knownCharge(answer);
    },

    async deleteCharge(chargeId) {
      await call(deletedAnswer, "DELETE", `/v3/payments/${id(chargeId)}`);
    },

    async pixCode(chargeId) {
      const answer = await call(pixAnswer, "GET", `/v3/payments/${id(chargeId)}/pixQrCode`);
      return { payload: answer.payload, imageBase64: answer.encodedImage, expiresAt: instant(answer.expirationDate) };
    },

    readWebhook({ headers, body }, authToken): DuesWebhookReading {
      if (!sameToken(headers.get("asaas-access-token"), authToken)) return { kind: "unauthorized" };
      const parsed = webhookAnswer.safeParse(readJson(body));
      if (!parsed.success) return { kind: "malformed" };
      const { id: eventId, event, dateCreated, payment } = parsed.data;
      // Asaas sends the events of every kind the webhook was set to (subscriptions, transfers...): only 200 counts.
      if (!event.startsWith("PAYMENT_")) return { kind: "ignored" };
      if (!payment) return { kind: "malformed" };
      return {
        kind: "event",
        event: {
          eventId,
          type: EVENTS[event] ?? "other",
          name: event,
          occurredAt: typeof dateCreated === "string" ? instant(dateCreated) : null,
          chargeId: payment.id,
        },
      };
    },
  };
}

import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import QRCode from "qrcode";
import { buildPixCode } from "../../common/pix/br-code.ts";

// A stand-in for Asaas's API v3 on 127.0.0.1 (docs.asaas.com; brazil-commerce.md, "Recurring dues"), speaking
// the endpoints of recurring dues with their documented bodies: the key in the `access_token` header (401
// {"errors": [{"code": "invalid_access_token"}]} otherwise); POST /v3/customers; POST /v3/subscriptions, which
// makes the first charge for nextDueDate at once as Asaas does; POST /v3/customers/{id} (name, email) and
// DELETE /v3/customers/{id}, which removes her charges not yet paid; POST /v3/subscriptions/{id} (value,
// nextDueDate, updatePendingPayments); DELETE /v3/subscriptions/{id}, which removes the charges not yet paid;
// GET /v3/subscriptions/{id}/payments paged by offset and limit; POST /v3/payments (a charge of its own, not
// due before today) and POST /v3/payments/{id} (its value, while unpaid); POST /v3/payments/{id}/receiveInCash
// (paymentDate, value, notifyCustomer: RECEIVED_IN_CASH) and DELETE /v3/payments/{id}, both while unpaid;
// GET /v3/payments/{id} (a removed one too, `deleted: true`) and its /pixQrCode, a real BR Code for the
// charge's amount; GET /v3/customers, /v3/subscriptions and /v3/payments
// filtered by externalReference, the removed ones left out; refusals as 400 {"errors": [{"code",
// "description"}]}. Amounts in reais.
// Each change of a charge is a webhook event, kept in `webhooks` and POSTed to the webhook's address when one is
// set, with the authToken in `asaas-access-token`. Nothing is sent again on its own, whatever the answer: a test
// delivers one again, out of order, or forged, from `webhooks`.
//
// How to use it:
//
//   const asaas = await startFakeAsaas();        // options: apiKey, webhookToken, deliverTo (the webhook's URL)
//   ... point the client (baseUrl) at asaas.url, with asaas.apiKey ...
//   asaas.requests                   every request received: method, path with its query, headers, raw body
//   asaas.customers / subscriptions / payments   what the fake holds, by id, in Asaas's own fields
//   await asaas.makeCycleCharge(subscriptionId)  a new cycle's charge, as Asaas makes each cycle
//   await asaas.pay(paymentId)       the member pays it (RECEIVED); { amountCents } another amount, { inCash }
//                                    the association marks it paid by hand (RECEIVED_IN_CASH)
//   await asaas.overdue(paymentId)   its due day passed unpaid (OVERDUE)
//   await asaas.refund(paymentId, amountCents?)  all of it back (REFUNDED) or a part (PARTIALLY_REFUNDED)
//   asaas.webhooks                   every event made: its headers and body, and how the webhook answered
//   asaas.setWebhook(url)            events are POSTed there from now on (null: only kept in `webhooks`)
//   await asaas.flush()              waits for every delivery under way (those of API calls are not awaited)
//   asaas.slowMs = 300               every answer waits this long (a slow Asaas, a timeout)
//   asaas.pageLimit = 2              lists answer at most this many per page (Asaas: 100)
//   asaas.apiKey = "$aact_prod_..."  only this key is taken from now on (with reset() first: another account)
//   asaas.failNext(500)              the next request answers this status; with a body, that text as it is
//   asaas.reset(); await asaas.close()

export const FAKE_ASAAS_DEFAULTS = {
  apiKey: "$aact_hmlg_chave-de-teste-do-fake",
  /** Asaas takes authTokens of 32 to 255 characters. */
  webhookToken: "token-do-webhook-de-associados-do-fake-asaas",
};

/** What Asaas keeps of each charge paid by Pix or boleto in the fake (its real fee depends on the plan). */
export const FAKE_ASAAS_FEE_CENTS = 199;

/** Asaas's largest page. */
const MAX_PAGE = 100;

export type FakeAsaasRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export type FakeAsaasCustomer = {
  object: "customer";
  id: string;
  dateCreated: string;
  name: string;
  cpfCnpj: string;
  personType: "FISICA" | "JURIDICA";
  email: string | null;
  externalReference: string | null;
  deleted: boolean;
};

export type FakeAsaasBillingType = "PIX" | "BOLETO" | "CREDIT_CARD" | "UNDEFINED";
export type FakeAsaasCycle = "MONTHLY" | "QUARTERLY" | "SEMIANNUALLY" | "YEARLY";

export type FakeAsaasSubscription = {
  object: "subscription";
  id: string;
  dateCreated: string;
  customer: string;
  billingType: FakeAsaasBillingType;
  value: number;
  /** The next cycle's charge's due day: it moves on each time a charge is made. */
  nextDueDate: string;
  cycle: FakeAsaasCycle;
  description: string | null;
  externalReference: string | null;
  status: "ACTIVE" | "INACTIVE";
  deleted: boolean;
};

export type FakeAsaasPaymentStatus =
  | "PENDING"
  | "CONFIRMED"
  | "RECEIVED"
  | "OVERDUE"
  | "REFUNDED"
  | "RECEIVED_IN_CASH"
  | "REFUND_REQUESTED"
  | "PARTIALLY_REFUNDED";

export type FakeAsaasRefund = {
  dateCreated: string;
  status: "PENDING" | "CANCELLED" | "DONE";
  value: number;
  description: string | null;
};

/** A charge as GET /v3/payments/{id} answers it. */
export type FakeAsaasPayment = {
  object: "payment";
  id: string;
  dateCreated: string;
  customer: string;
  subscription: string | null;
  value: number;
  /** Set when the member paid another amount than charged: the amount charged. */
  originalValue: number | null;
  netValue: number;
  billingType: FakeAsaasBillingType;
  status: FakeAsaasPaymentStatus;
  description: string | null;
  dueDate: string;
  originalDueDate: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  invoiceUrl: string;
  bankSlipUrl: string | null;
  externalReference: string | null;
  deleted: boolean;
  refunds: FakeAsaasRefund[] | null;
};

export type FakeAsaasEvent =
  | "PAYMENT_CREATED"
  | "PAYMENT_UPDATED"
  | "PAYMENT_RECEIVED"
  | "PAYMENT_OVERDUE"
  | "PAYMENT_REFUNDED"
  | "PAYMENT_PARTIALLY_REFUNDED"
  | "PAYMENT_DELETED";

/** One event: what was (or would have been) POSTed, and the webhook's answer. */
export type FakeAsaasWebhook = {
  event: FakeAsaasEvent;
  /** Where it was sent; null when no webhook was set. */
  url: string | null;
  headers: Record<string, string>;
  body: string;
  /** The webhook's HTTP status; 0 when it could not be reached; null while not sent. */
  answered: number | null;
};

export type FakeAsaasOptions = Partial<typeof FAKE_ASAAS_DEFAULTS> & { deliverTo?: string | null };

export type FakeAsaas = {
  url: string;
  apiKey: string;
  webhookToken: string;
  requests: FakeAsaasRequest[];
  customers: Map<string, FakeAsaasCustomer>;
  subscriptions: Map<string, FakeAsaasSubscription>;
  payments: Map<string, FakeAsaasPayment>;
  webhooks: FakeAsaasWebhook[];
  slowMs: number;
  pageLimit: number;
  failNext(status: number, body?: string): void;
  setWebhook(url: string | null): void;
  makeCycleCharge(subscriptionId: string, dueDate?: string): Promise<FakeAsaasPayment>;
  pay(paymentId: string, payment?: { amountCents?: number; inCash?: boolean }): Promise<FakeAsaasPayment>;
  overdue(paymentId: string): Promise<FakeAsaasPayment>;
  refund(paymentId: string, amountCents?: number): Promise<FakeAsaasPayment>;
  flush(): Promise<void>;
  /** Forgets every request, record and event, and answers normally again (between tests). */
  reset(): void;
  close(): Promise<void>;
};

type Answer = { status: number; body: unknown };
type AsaasError = { code: string; description: string };

const BILLING_TYPES: readonly string[] = ["PIX", "BOLETO", "CREDIT_CARD", "UNDEFINED"] satisfies FakeAsaasBillingType[];
const CYCLE_MONTHS: Record<FakeAsaasCycle, number> = { MONTHLY: 1, QUARTERLY: 3, SEMIANNUALLY: 6, YEARLY: 12 };

const isBillingType = (value: unknown): value is FakeAsaasBillingType =>
  typeof value === "string" && BILLING_TYPES.includes(value);
const isCycle = (value: unknown): value is FakeAsaasCycle =>
  typeof value === "string" && Object.hasOwn(CYCLE_MONTHS, value);
/** The charges Asaas still waits money for: updatePendingPayments changes them, a deleted subscription removes them. */
const UNPAID: readonly FakeAsaasPaymentStatus[] = ["PENDING", "OVERDUE"];

const cents = (reais: number) => Math.round(reais * 100);

/** São Paulo's clock (-03:00, no daylight saving since 2019), as Asaas writes it: "2026-11-24 08:15:00". */
const saoPauloNow = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
const today = () => saoPauloNow().slice(0, 10);

function isDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `months` later on the same day, or the month's last when it has fewer days (31 January -> 28 February). */
function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, last))).toISOString().slice(0, 10);
}

/** Reais with at most two decimals, above zero: what Asaas takes as a value. */
const isAmount = (value: unknown): value is number =>
  typeof value === "number" && value > 0 && Number.isFinite(value) && cents(value) / 100 === value;

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

const refused = (...errors: AsaasError[]): Answer => ({ status: 400, body: { errors } });

/** Asaas answers an unknown id with a 404 and no body. */
const NOT_FOUND: Answer = { status: 404, body: undefined };

export async function startFakeAsaas(options: FakeAsaasOptions = {}): Promise<FakeAsaas> {
  const config = { ...FAKE_ASAAS_DEFAULTS, ...options };
  const failures: { status: number; body: string | undefined }[] = [];
  let webhookUrl = options.deliverTo ?? null;
  let deliveries = Promise.resolve();
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++serial).padStart(12, "0")}`;

  const post = async (webhook: FakeAsaasWebhook, url: string) => {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: webhook.headers,
        body: webhook.body,
        signal: AbortSignal.timeout(10_000),
      });
      webhook.answered = response.status;
      await response.arrayBuffer();
    } catch {
      webhook.answered = 0;
    }
  };

  /** Keeps the event and, with a webhook set, sends it after those before it (Asaas's sequential queue). */
  const emit = (event: FakeAsaasEvent, payment: FakeAsaasPayment): Promise<void> => {
    const webhook: FakeAsaasWebhook = {
      event,
      url: webhookUrl,
      headers: { "content-type": "application/json", "asaas-access-token": config.webhookToken },
      body: JSON.stringify({
        id: `evt_${randomBytes(16).toString("hex")}`,
        event,
        dateCreated: saoPauloNow(),
        payment,
      }),
      answered: null,
    };
    fake.webhooks.push(webhook);
    const url = webhookUrl;
    if (url !== null) deliveries = deliveries.then(() => post(webhook, url));
    return deliveries;
  };

  const find = (paymentId: string) => {
    const payment = fake.payments.get(paymentId);
    if (!payment || payment.deleted) throw new Error(`fake Asaas: no payment ${paymentId}`);
    return payment;
  };

  const netOf = (valueCents: number) => Math.max(0, valueCents - FAKE_ASAAS_FEE_CENTS) / 100;

  /** A new charge, pending: a subscription's cycle or one of its own. */
  const newPayment = (
    fields: Pick<
      FakeAsaasPayment,
      "customer" | "subscription" | "value" | "billingType" | "description" | "dueDate" | "externalReference"
    >,
  ): FakeAsaasPayment => {
    const id = nextId("pay");
    const number = id.slice("pay_".length);
    const payment: FakeAsaasPayment = {
      object: "payment",
      id,
      dateCreated: today(),
      ...fields,
      originalValue: null,
      netValue: netOf(cents(fields.value)),
      status: "PENDING",
      originalDueDate: fields.dueDate,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      invoiceUrl: `${fake.url}/i/${number}`,
      bankSlipUrl: fields.billingType === "BOLETO" ? `${fake.url}/b/pdf/${number}` : null,
      deleted: false,
      refunds: null,
    };
    fake.payments.set(id, payment);
    return payment;
  };

  /** What Asaas does each cycle: the charge for the due day, and the subscription's next due day a cycle later. */
  const chargeCycle = (subscription: FakeAsaasSubscription, dueDate: string) => {
    const payment = newPayment({
      customer: subscription.customer,
      subscription: subscription.id,
      value: subscription.value,
      billingType: subscription.billingType,
      description: subscription.description,
      dueDate,
      externalReference: subscription.externalReference,
    });
    subscription.nextDueDate = addMonths(dueDate, CYCLE_MONTHS[subscription.cycle]);
    return { payment, delivered: emit("PAYMENT_CREATED", payment) };
  };

  const fake: FakeAsaas = {
    url: "",
    apiKey: config.apiKey,
    webhookToken: config.webhookToken,
    requests: [],
    customers: new Map(),
    subscriptions: new Map(),
    payments: new Map(),
    webhooks: [],
    slowMs: 0,
    pageLimit: MAX_PAGE,
    failNext(status, body) {
      failures.push({ status, body });
    },
    setWebhook(url) {
      webhookUrl = url;
    },
    async makeCycleCharge(subscriptionId, dueDate) {
      const subscription = fake.subscriptions.get(subscriptionId);
      if (!subscription || subscription.deleted) throw new Error(`fake Asaas: no subscription ${subscriptionId}`);
      const { payment, delivered } = chargeCycle(subscription, dueDate ?? subscription.nextDueDate);
      await delivered;
      return payment;
    },
    async pay(paymentId, paid = {}) {
      const payment = find(paymentId);
      if (!UNPAID.includes(payment.status)) throw new Error(`fake Asaas: ${paymentId} is ${payment.status}`);
      if (paid.amountCents !== undefined && paid.amountCents !== cents(payment.value)) {
        payment.originalValue = payment.value;
        payment.value = paid.amountCents / 100;
      }
      const day = today();
      Object.assign(payment, {
        status: paid.inCash ? "RECEIVED_IN_CASH" : "RECEIVED",
        netValue: paid.inCash ? payment.value : netOf(cents(payment.value)),
        paymentDate: day,
        clientPaymentDate: day,
        confirmedDate: day,
      });
      await emit("PAYMENT_RECEIVED", payment);
      return payment;
    },
    async overdue(paymentId) {
      const payment = find(paymentId);
      if (payment.status !== "PENDING") throw new Error(`fake Asaas: ${paymentId} is ${payment.status}`);
      payment.status = "OVERDUE";
      await emit("PAYMENT_OVERDUE", payment);
      return payment;
    },
    async refund(paymentId, amountCents) {
      const payment = find(paymentId);
      if (!["RECEIVED", "CONFIRMED", "PARTIALLY_REFUNDED"].includes(payment.status))
        throw new Error(`fake Asaas: ${paymentId} is ${payment.status}, it cannot be refunded`);
      const refunds = payment.refunds ?? [];
      const left = cents(payment.value) - refunds.reduce((sum, refund) => sum + cents(refund.value), 0);
      const amount = amountCents ?? left;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
        throw new Error(`fake Asaas: ${paymentId} has ${left} cents left to refund, not ${amount}`);
      payment.refunds = [
        ...refunds,
        { dateCreated: saoPauloNow(), status: "DONE", value: amount / 100, description: null },
      ];
      const whole = amount === left;
      payment.status = whole ? "REFUNDED" : "PARTIALLY_REFUNDED";
      await emit(whole ? "PAYMENT_REFUNDED" : "PAYMENT_PARTIALLY_REFUNDED", payment);
      return payment;
    },
    flush: () => deliveries,
    reset() {
      fake.requests.length = 0;
      fake.apiKey = config.apiKey;
      fake.customers.clear();
      fake.subscriptions.clear();
      fake.payments.clear();
      fake.webhooks.length = 0;
      failures.length = 0;
      webhookUrl = options.deliverTo ?? null;
      fake.slowMs = 0;
      fake.pageLimit = MAX_PAGE;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  const createCustomer = (body: Record<string, unknown>): Answer => {
    const errors: AsaasError[] = [];
    const name = text(body.name);
    if (name === null) errors.push({ code: "invalid_name", description: "O nome do cliente é obrigatório." });
    const cpfCnpj = typeof body.cpfCnpj === "string" ? body.cpfCnpj.replace(/[.\-/]/g, "") : "";
    if (!/^(?:\d{11}|\d{14})$/.test(cpfCnpj))
      errors.push({ code: "invalid_object", description: "O CPF/CNPJ informado é inválido." });
    const email = text(body.email);
    if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      errors.push({ code: "invalid_email", description: "O email informado é inválido." });
    if (name === null || errors.length > 0) return refused(...errors);
    const customer: FakeAsaasCustomer = {
      object: "customer",
      id: nextId("cus"),
      dateCreated: today(),
      name,
      cpfCnpj,
      personType: cpfCnpj.length === 11 ? "FISICA" : "JURIDICA",
      email,
      externalReference: text(body.externalReference),
      deleted: false,
    };
    fake.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  };

  const valueErrors = (value: unknown): AsaasError[] =>
    isAmount(value)
      ? []
      : [{ code: "invalid_value", description: "O valor deve ser maior que zero, com no máximo duas casas decimais." }];
  const dueDateErrors = (value: unknown): AsaasError[] =>
    isDay(value) ? [] : [{ code: "invalid_nextDueDate", description: "A data de vencimento informada é inválida." }];

  const createSubscription = (body: Record<string, unknown>): Answer => {
    const { billingType, value, nextDueDate, cycle } = body;
    const customer = typeof body.customer === "string" ? fake.customers.get(body.customer) : undefined;
    const known = customer && !customer.deleted ? customer : undefined;
    if (!known || !isBillingType(billingType) || !isAmount(value) || !isDay(nextDueDate) || !isCycle(cycle))
      return refused(
        ...(known ? [] : [{ code: "invalid_customer", description: "O cliente informado não foi encontrado." }]),
        ...(isBillingType(billingType)
          ? []
          : [{ code: "invalid_billingType", description: "A forma de pagamento informada é inválida." }]),
        ...valueErrors(value),
        ...dueDateErrors(nextDueDate),
        ...(isCycle(cycle) ? [] : [{ code: "invalid_cycle", description: "A periodicidade informada é inválida." }]),
      );
    const subscription: FakeAsaasSubscription = {
      object: "subscription",
      id: nextId("sub"),
      dateCreated: today(),
      customer: known.id,
      billingType,
      value,
      nextDueDate,
      cycle,
      description: text(body.description),
      externalReference: text(body.externalReference),
      status: "ACTIVE",
      deleted: false,
    };
    fake.subscriptions.set(subscription.id, subscription);
    chargeCycle(subscription, nextDueDate);
    return { status: 200, body: subscription };
  };

  const updateSubscription = (subscription: FakeAsaasSubscription, body: Record<string, unknown>): Answer => {
    const errors = [
      ...(body.value === undefined ? [] : valueErrors(body.value)),
      ...(body.nextDueDate === undefined ? [] : dueDateErrors(body.nextDueDate)),
    ];
    if (errors.length > 0) return refused(...errors);
    if (isAmount(body.value)) subscription.value = body.value;
    if (isDay(body.nextDueDate)) subscription.nextDueDate = body.nextDueDate;
    if (body.updatePendingPayments === true && isAmount(body.value))
      for (const payment of fake.payments.values()) {
        if (payment.subscription !== subscription.id || payment.deleted || !UNPAID.includes(payment.status)) continue;
        payment.value = body.value;
        payment.netValue = netOf(cents(body.value));
        void emit("PAYMENT_UPDATED", payment);
      }
    return { status: 200, body: subscription };
  };

  const createPayment = (body: Record<string, unknown>): Answer => {
    const { billingType, value, dueDate } = body;
    const customer = typeof body.customer === "string" ? fake.customers.get(body.customer) : undefined;
    const known = customer && !customer.deleted ? customer : undefined;
    const due = isDay(dueDate) && dueDate >= today() ? dueDate : null;
    if (!known || !isBillingType(billingType) || !isAmount(value) || due === null)
      return refused(
        ...(known ? [] : [{ code: "invalid_customer", description: "O cliente informado não foi encontrado." }]),
        ...(isBillingType(billingType)
          ? []
          : [{ code: "invalid_billingType", description: "A forma de pagamento informada é inválida." }]),
        ...valueErrors(value),
        ...(due === null
          ? [{ code: "invalid_dueDate", description: "A data de vencimento não pode ser anterior à data atual." }]
          : []),
      );
    const payment = newPayment({
      customer: known.id,
      subscription: null,
      value,
      billingType,
      description: text(body.description),
      dueDate: due,
      externalReference: text(body.externalReference),
    });
    void emit("PAYMENT_CREATED", payment);
    return { status: 200, body: payment };
  };

  const updateCustomer = (customer: FakeAsaasCustomer, body: Record<string, unknown>): Answer => {
    const errors: AsaasError[] = [];
    const name = body.name === undefined ? customer.name : text(body.name);
    if (name === null) errors.push({ code: "invalid_name", description: "O nome do cliente é obrigatório." });
    const email = body.email === undefined ? customer.email : text(body.email);
    if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      errors.push({ code: "invalid_email", description: "O email informado é inválido." });
    if (name === null || errors.length > 0) return refused(...errors);
    Object.assign(customer, { name, email });
    return { status: 200, body: customer };
  };

  const NOT_UNPAID = refused({
    code: "invalid_action",
    description: "Só é possível executar esta ação em cobranças aguardando pagamento ou vencidas.",
  });

  /** The association says it was paid outside Asaas: no fee, no more notices to the member. */
  const receiveInCash = (payment: FakeAsaasPayment, body: Record<string, unknown>): Answer => {
    if (!UNPAID.includes(payment.status)) return NOT_UNPAID;
    const { paymentDate, value } = body;
    if (!isDay(paymentDate) || !isAmount(value))
      return refused(
        ...(isDay(paymentDate)
          ? []
          : [{ code: "invalid_paymentDate", description: "A data de pagamento informada é inválida." }]),
        ...valueErrors(value),
      );
    if (cents(value) !== cents(payment.value)) payment.originalValue = payment.value;
    Object.assign(payment, {
      status: "RECEIVED_IN_CASH",
      value,
      netValue: value,
      paymentDate,
      clientPaymentDate: paymentDate,
      confirmedDate: paymentDate,
    });
    void emit("PAYMENT_RECEIVED", payment);
    return { status: 200, body: payment };
  };

  const deletePayment = (payment: FakeAsaasPayment): Answer => {
    if (!UNPAID.includes(payment.status)) return NOT_UNPAID;
    payment.deleted = true;
    void emit("PAYMENT_DELETED", payment);
    return { status: 200, body: { deleted: true, id: payment.id } };
  };

  const updatePayment = (payment: FakeAsaasPayment, body: Record<string, unknown>): Answer => {
    if (payment.deleted || !UNPAID.includes(payment.status))
      return refused({ code: "invalid_action", description: "Só é possível alterar cobranças aguardando pagamento." });
    const errors = body.value === undefined ? [] : valueErrors(body.value);
    if (errors.length > 0) return refused(...errors);
    if (isAmount(body.value)) {
      payment.value = body.value;
      payment.netValue = netOf(cents(body.value));
    }
    void emit("PAYMENT_UPDATED", payment);
    return { status: 200, body: payment };
  };

  /** GET /v3/customers, /v3/subscriptions or /v3/payments: those not removed, filtered by externalReference. */
  const listOf = <T extends { deleted: boolean; externalReference: string | null }>(
    records: Iterable<T>,
    query: URLSearchParams,
  ): Answer => {
    const reference = query.get("externalReference");
    const all = [...records].filter(
      (record) => !record.deleted && (reference === null || record.externalReference === reference),
    );
    const offset = Math.max(0, Math.trunc(Number(query.get("offset") ?? 0)) || 0);
    const limit = Math.min(Math.max(1, Math.trunc(Number(query.get("limit") ?? 10)) || 10), MAX_PAGE, fake.pageLimit);
    const data = all.slice(offset, offset + limit);
    return {
      status: 200,
      body: { object: "list", hasMore: offset + data.length < all.length, totalCount: all.length, limit, offset, data },
    };
  };

  /** As Asaas does: the customer removed with her charges not yet paid; her paid ones stay in the account's books. */
  const deleteCustomer = (customer: FakeAsaasCustomer): Answer => {
    customer.deleted = true;
    for (const payment of fake.payments.values()) {
      if (payment.customer !== customer.id || payment.deleted || !UNPAID.includes(payment.status)) continue;
      payment.deleted = true;
      void emit("PAYMENT_DELETED", payment);
    }
    return { status: 200, body: { deleted: true, id: customer.id } };
  };

  const deleteSubscription = (subscription: FakeAsaasSubscription): Answer => {
    subscription.deleted = true;
    subscription.status = "INACTIVE";
    for (const payment of fake.payments.values()) {
      if (payment.subscription !== subscription.id || payment.deleted || !UNPAID.includes(payment.status)) continue;
      payment.deleted = true;
      void emit("PAYMENT_DELETED", payment);
    }
    return { status: 200, body: { deleted: true, id: subscription.id } };
  };

  const listPayments = (subscription: FakeAsaasSubscription, query: URLSearchParams): Answer => {
    const offset = Math.max(0, Math.trunc(Number(query.get("offset") ?? 0)) || 0);
    const limit = Math.min(Math.max(1, Math.trunc(Number(query.get("limit") ?? 10)) || 10), MAX_PAGE, fake.pageLimit);
    const all = [...fake.payments.values()].filter(
      (payment) => payment.subscription === subscription.id && !payment.deleted,
    );
    const data = all.slice(offset, offset + limit);
    return {
      status: 200,
      body: { object: "list", hasMore: offset + data.length < all.length, totalCount: all.length, limit, offset, data },
    };
  };

  const pixQrCode = async (payment: FakeAsaasPayment): Promise<Answer> => {
    if (payment.deleted || !UNPAID.includes(payment.status) || payment.billingType === "CREDIT_CARD")
      return refused({ code: "invalid_action", description: "Não é possível gerar o QR Code Pix para esta cobrança." });
    const payload = buildPixCode({
      key: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
      receiverName: "Associacao de Moradores",
      receiverCity: "Joinville",
      amountCents: cents(payment.value),
      txid: payment.id.replace(/[^A-Za-z0-9]/g, ""),
      initiation: "12",
    });
    const image = await QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: "M" });
    return {
      status: 200,
      body: {
        encodedImage: image.toString("base64"),
        payload,
        // Asaas's code stops paying twelve months after the due day.
        expirationDate: `${addMonths(payment.dueDate, 12)} 23:59:59`,
        description: payment.description,
      },
    };
  };

  const route = async (request: FakeAsaasRequest, url: URL): Promise<Answer> => {
    if (request.headers.access_token !== fake.apiKey)
      return {
        status: 401,
        body: { errors: [{ code: "invalid_access_token", description: "A chave de API fornecida é inválida" }] },
      };
    let parsed: unknown = {};
    if (request.body !== "") {
      try {
        parsed = JSON.parse(request.body);
      } catch {
        return refused({ code: "invalid_object", description: "O corpo da requisição não é um JSON válido." });
      }
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return refused({ code: "invalid_object", description: "O corpo da requisição deve ser um objeto." });
    const body = parsed as Record<string, unknown>;
    const { method } = request;
    const path = url.pathname;
    if (method === "POST" && path === "/v3/customers") return createCustomer(body);
    if (method === "POST" && path === "/v3/subscriptions") return createSubscription(body);
    if (method === "POST" && path === "/v3/payments") return createPayment(body);
    if (method === "GET" && path === "/v3/customers") return listOf(fake.customers.values(), url.searchParams);
    if (method === "GET" && path === "/v3/subscriptions") return listOf(fake.subscriptions.values(), url.searchParams);
    if (method === "GET" && path === "/v3/payments") return listOf(fake.payments.values(), url.searchParams);
    const customerPath = /^\/v3\/customers\/([^/]+)$/.exec(path);
    if (customerPath) {
      const customer = fake.customers.get(decodeURIComponent(customerPath[1] ?? ""));
      if (!customer || customer.deleted) return NOT_FOUND;
      if (method === "POST") return updateCustomer(customer, body);
      if (method === "DELETE") return deleteCustomer(customer);
      return method === "GET" ? { status: 200, body: customer } : NOT_FOUND;
    }
    const subscriptionPath = /^\/v3\/subscriptions\/([^/]+)(\/payments)?$/.exec(path);
    if (subscriptionPath) {
      const subscription = fake.subscriptions.get(decodeURIComponent(subscriptionPath[1] ?? ""));
      if (!subscription) return NOT_FOUND;
      if (subscriptionPath[2]) return method === "GET" ? listPayments(subscription, url.searchParams) : NOT_FOUND;
      if (subscription.deleted) return NOT_FOUND;
      if (method === "POST") return updateSubscription(subscription, body);
      if (method === "DELETE") return deleteSubscription(subscription);
      return NOT_FOUND;
    }
    const paymentPath = /^\/v3\/payments\/([^/]+)(?:\/(pixQrCode|receiveInCash))?$/.exec(path);
    const payment = paymentPath ? fake.payments.get(decodeURIComponent(paymentPath[1] ?? "")) : undefined;
    if (!payment) return NOT_FOUND;
    const action = `${method} ${paymentPath?.[2] ?? ""}`;
    if (action === "GET ") return { status: 200, body: payment };
    if (action === "GET pixQrCode") return pixQrCode(payment);
    if (action === "POST ") return updatePayment(payment, body);
    // A removed charge is still read by its id, but is not there to be received or removed again.
    if (payment.deleted) return NOT_FOUND;
    if (action === "POST receiveInCash") return receiveInCash(payment, body);
    if (action === "DELETE ") return deletePayment(payment);
    return NOT_FOUND;
  };

  const handle = async (incoming: http.IncomingMessage, response: http.ServerResponse, raw: string) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const request: FakeAsaasRequest = {
      method: incoming.method ?? "",
      path: `${url.pathname}${url.search}`,
      headers: incoming.headers,
      body: raw,
    };
    fake.requests.push(request);
    if (fake.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    const failure = failures.shift();
    const answer: Answer | { status: number; raw: string } = failure
      ? failure.body === undefined
        ? { status: failure.status, body: { errors: [{ code: "internal_error", description: "Erro interno" }] } }
        : { status: failure.status, raw: failure.body }
      : await route(request, url);
    if (response.destroyed) return;
    if ("raw" in answer) {
      response.writeHead(answer.status, { "content-type": "text/html" });
      response.end(answer.raw);
      return;
    }
    if (answer.body === undefined) {
      response.writeHead(answer.status).end();
      return;
    }
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(JSON.stringify(answer.body));
  };

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      handle(incoming, response, Buffer.concat(chunks).toString("utf8")).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

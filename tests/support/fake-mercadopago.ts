import { Buffer } from "node:buffer";
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildPixCode } from "../../common/pix/br-code.ts";

// A stand-in for Mercado Pago on 127.0.0.1: the payments and checkout-preference endpoints as documented
// (Bearer token, X-Idempotency-Key, amounts in reais), payments kept in memory, and webhooks sent the way
// Mercado Pago sends them (query data.id and type, signed x-signature and x-request-id headers), so tests
// can also send forged, replayed and out-of-order ones. Tests never reach the real API.

export const FAKE_MERCADOPAGO_DEFAULTS = {
  accessToken: "TEST-1234567890-112233-abcdef",
  webhookSecret: "segredo-do-webhook",
};

export type FakeMercadoPagoRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
};

/** A payment as GET /v1/payments/{id} answers it. */
export type FakePayment = {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  currency_id: "BRL";
  description: string;
  payment_method_id: string;
  payment_type_id: string;
  external_reference: string | null;
  notification_url: string | null;
  payer: unknown;
  date_created: string;
  date_last_updated: string;
  date_approved: string | null;
  point_of_interaction: {
    type: string;
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } | null;
  };
};

export type FakePreference = {
  id: string;
  init_point: string;
  external_reference: string | null;
  notification_url: string | null;
  items: { title: string; quantity: number; unit_price: number }[];
  back_urls: unknown;
  payer: unknown;
};

export type NotifyOptions = {
  /** Signed with another secret, as a forger would. */
  forge?: boolean;
  /** The header's ts as sent (seconds since the epoch by default, now). */
  ts?: number;
  /** x-request-id; a new UUID by default. Send one again with the same ts to replay a delivery. */
  requestId?: string;
  action?: "payment.created" | "payment.updated";
};

export type FakeMercadoPago = {
  url: string;
  requests: FakeMercadoPagoRequest[];
  payments: Map<string, FakePayment>;
  preferences: Map<string, FakePreference>;
  /** Waits this long before answering anything. */
  delayMs: number;
  /** Every endpoint answers a 500 while set. */
  failing: boolean;
  /** The payment is paid; with `amountCents`, for another amount than charged. */
  approve(paymentId: string, options?: { amountCents?: number }): FakePayment;
  reject(paymentId: string): FakePayment;
  /** A pending payment ends unpaid: its Pix expired, or the seller cancelled it. */
  cancel(paymentId: string): FakePayment;
  /** The seller gives an approved payment's money back. */
  refund(paymentId: string): FakePayment;
  /** The payer's card issuer takes an approved payment's money back (a chargeback). */
  chargeBack(paymentId: string): FakePayment;
  /** The customer pays a preference by card in Mercado Pago's checkout: a new payment for its order. */
  payByCard(preferenceId: string, options?: { amountCents?: number; approved?: boolean }): FakePayment;
  /** POSTs a payment's webhook to `url` exactly as Mercado Pago does; answers our server's reply. */
  notify(url: string, paymentId: string, options?: NotifyOptions): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

/** Mercado Pago writes its dates in its own offset: "2026-11-24T08:15:00.000-04:00". */
function mercadoPagoTime(epochMs: number): string {
  return new Date(epochMs - 4 * 3_600_000).toISOString().replace("Z", "-04:00");
}

const cents = (reais: number) => Math.round(reais * 100);

export async function startFakeMercadoPago(
  options: Partial<typeof FAKE_MERCADOPAGO_DEFAULTS> = {},
): Promise<FakeMercadoPago> {
  const config = { ...FAKE_MERCADOPAGO_DEFAULTS, ...options };
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let nextPaymentId = 1_325_000_001;
  let notifications = 0;
  // Every change is at least a second after the last: a later state always has a later date_last_updated.
  let clock = Date.now();
  const tick = () => {
    clock = Math.max(clock + 1000, Date.now());
    return mercadoPagoTime(clock);
  };

  const find = (paymentId: string) => {
    const payment = fake.payments.get(paymentId);
    if (!payment) throw new Error(`fake Mercado Pago: no payment ${paymentId}`);
    return payment;
  };

  const fake: FakeMercadoPago = {
    url: "",
    requests: [],
    payments: new Map(),
    preferences: new Map(),
    delayMs: 0,
    failing: false,
    approve(paymentId, approval = {}) {
      const payment = find(paymentId);
      const now = tick();
      if (approval.amountCents !== undefined) payment.transaction_amount = approval.amountCents / 100;
      Object.assign(payment, {
        status: "approved",
        status_detail: "accredited",
        date_approved: now,
        date_last_updated: now,
      });
      return payment;
    },
    reject(paymentId) {
      const payment = find(paymentId);
      Object.assign(payment, {
        status: "rejected",
        status_detail: "cc_rejected_other_reason",
        date_last_updated: tick(),
      });
      return payment;
    },
    cancel(paymentId) {
      const payment = find(paymentId);
      Object.assign(payment, { status: "cancelled", status_detail: "expired", date_last_updated: tick() });
      return payment;
    },
    refund(paymentId) {
      const payment = find(paymentId);
      Object.assign(payment, { status: "refunded", status_detail: "refunded", date_last_updated: tick() });
      return payment;
    },
    chargeBack(paymentId) {
      const payment = find(paymentId);
      Object.assign(payment, { status: "charged_back", status_detail: "settled", date_last_updated: tick() });
      return payment;
    },
    payByCard(preferenceId, card = {}) {
      const preference = fake.preferences.get(preferenceId);
      if (!preference) throw new Error(`fake Mercado Pago: no preference ${preferenceId}`);
      const total = preference.items.reduce((sum, item) => sum + cents(item.unit_price) * item.quantity, 0);
      const approved = card.approved ?? true;
      const now = tick();
      const payment: FakePayment = {
        id: nextPaymentId++,
        status: approved ? "approved" : "rejected",
        status_detail: approved ? "accredited" : "cc_rejected_insufficient_amount",
        transaction_amount: (card.amountCents ?? total) / 100,
        currency_id: "BRL",
        description: preference.items[0]?.title ?? "",
        payment_method_id: "visa",
        payment_type_id: "credit_card",
        external_reference: preference.external_reference,
        notification_url: preference.notification_url,
        payer: preference.payer,
        date_created: now,
        date_last_updated: now,
        date_approved: approved ? now : null,
        point_of_interaction: { type: "CHECKOUT", transaction_data: null },
      };
      fake.payments.set(String(payment.id), payment);
      return payment;
    },
    async notify(url, paymentId, notice = {}) {
      const target = new URL(url);
      target.searchParams.set("data.id", paymentId);
      target.searchParams.set("type", "payment");
      const ts = notice.ts ?? Math.floor(Date.now() / 1000);
      const requestId = notice.requestId ?? randomUUID();
      const secret = notice.forge ? "um-segredo-qualquer" : config.webhookSecret;
      const v1 = createHmac("sha256", secret).update(`id:${paymentId.toLowerCase()};request-id:${requestId};ts:${ts};`);
      notifications += 1;
      const response = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature": `ts=${ts},v1=${v1.digest("hex")}`,
          "x-request-id": requestId,
        },
        body: JSON.stringify({
          action: notice.action ?? "payment.updated",
          api_version: "v1",
          data: { id: paymentId },
          date_created: mercadoPagoTime(Date.now()),
          id: 120_000_000_000 + notifications,
          live_mode: false,
          type: "payment",
          user_id: "2213456789",
        }),
      });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  const error = (status: number, code: string, message: string, causes: string[] = []) => ({
    status,
    body: {
      message,
      error: code,
      status,
      cause: causes.map((description, index) => ({ code: index + 1, description })),
    },
  });

  const createPayment = (body: Record<string, unknown>) => {
    const amount = body.transaction_amount;
    if (typeof amount !== "number" || !(amount > 0) || cents(amount) / 100 !== amount)
      return error(400, "bad_request", "Invalid transaction_amount", ["transaction_amount must be positive"]);
    if (body.payment_method_id !== "pix")
      return error(400, "bad_request", "Invalid payment_method_id", ["payment_method_id not found"]);
    const payer = body.payer as { email?: unknown } | undefined;
    if (typeof payer?.email !== "string" || !payer.email.includes("@"))
      return error(400, "bad_request", "Invalid payer email", ["payer.email must be a valid email"]);
    const now = tick();
    const id = nextPaymentId++;
    const payment: FakePayment = {
      id,
      status: "pending",
      status_detail: "pending_waiting_transfer",
      transaction_amount: amount,
      currency_id: "BRL",
      description: typeof body.description === "string" ? body.description : "",
      payment_method_id: "pix",
      payment_type_id: "bank_transfer",
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      payer: body.payer,
      date_created: now,
      date_last_updated: now,
      date_approved: null,
      point_of_interaction: {
        type: "PIX",
        transaction_data: {
          qr_code: buildPixCode({
            key: "mercadopago@exemplo.com.br",
            receiverName: "Mercado Pago",
            receiverCity: "Sao Paulo",
            amountCents: cents(amount),
            txid: `MP${id}`,
            initiation: "12",
          }),
          qr_code_base64: Buffer.from(`png-do-pagamento-${id}`).toString("base64"),
          ticket_url: `${fake.url}/payments/${id}/ticket`,
        },
      },
    };
    fake.payments.set(String(id), payment);
    return { status: 201, body: payment };
  };

  const createPreference = (body: Record<string, unknown>) => {
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0)
      return error(400, "bad_request", "items needed", ["items must have at least one item"]);
    const id = `2213456789-${randomUUID()}`;
    const preference: FakePreference = {
      id,
      init_point: `${fake.url}/checkout/v1/redirect?pref_id=${id}`,
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
      items: items as FakePreference["items"],
      back_urls: body.back_urls,
      payer: body.payer,
    };
    fake.preferences.set(id, preference);
    return { status: 201, body: { ...preference, sandbox_init_point: preference.init_point } };
  };

  const route = (request: FakeMercadoPagoRequest): { status: number; body: unknown } => {
    if (fake.failing) return error(500, "internal_error", "Internal server error");
    if (request.authorization !== `Bearer ${config.accessToken}`)
      return error(401, "unauthorized", "invalid access token");
    const payment = /^\/v1\/payments\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && payment) {
      const found = fake.payments.get(decodeURIComponent(payment[1] ?? ""));
      return found ? { status: 200, body: found } : error(404, "not_found", "Payment not found");
    }
    const create =
      request.method === "POST" && request.path === "/v1/payments"
        ? createPayment
        : request.method === "POST" && request.path === "/checkout/preferences"
          ? createPreference
          : null;
    if (!create) return error(404, "not_found", "resource not found");
    if (!request.idempotencyKey)
      return error(400, "bad_request", "X-Idempotency-Key header is required", ["header X-Idempotency-Key missing"]);
    const key = `${request.path}\n${request.idempotencyKey}`;
    const earlier = idempotent.get(key);
    if (earlier) return earlier;
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return error(400, "bad_request", "invalid JSON");
    }
    if (typeof body !== "object" || body === null) return error(400, "bad_request", "invalid body");
    const answer = create(body as Record<string, unknown>);
    if (answer.status < 300) idempotent.set(key, answer);
    return answer;
  };

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const key = incoming.headers["x-idempotency-key"];
      const request: FakeMercadoPagoRequest = {
        method: incoming.method ?? "",
        path: url.pathname,
        authorization: incoming.headers.authorization,
        idempotencyKey: typeof key === "string" ? key : undefined,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      fake.requests.push(request);
      const answer = () => {
        if (response.destroyed) return;
        const { status, body } = route(request);
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

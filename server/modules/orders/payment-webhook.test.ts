import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { FAKE_MERCADOPAGO_DEFAULTS, startFakeMercadoPago } from "../../../tests/support/fake-mercadopago.ts";
import {
  cartLine,
  createProduct,
  type Placed,
  placeOrder as placeShopOrder,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { orderPayments, orders } from "./tables.ts";

const env: Record<string, string> = {};
const mercadoPago = withFakeServer(startFakeMercadoPago, env, "MERCADOPAGO_URL");
let server: http.Server;
let webhook = "";

const t = withTestApp({ env });

// Mercado Pago posts its notices to our server over HTTP: the test app listens on a port of its own.
beforeAll(async () => {
  server = http.createServer(getRequestListener((request) => t.app.fetch(request)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  webhook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/mercadopago/webhook`;
});
afterAll(() => {
  server.close();
  server.closeAllConnections();
});

/** The shop of these tests: one table rate across Pernambuco, its payments set by each test. */
const BOA_TERRA = {
  legal_name: "Cooperativa Boa Terra",
  shipping: {
    table_rates: [
      {
        name: "Entrega",
        region: { kind: "uf", uf: "PE" },
        min_weight_grams: 0,
        max_weight_grams: 30000,
        price_cents: 1500,
        delivery_days: 4,
      },
    ],
  },
};

let superToken = "";
let customerToken = "";
let product: ProductView;

beforeEach(async () => {
  mercadoPago().failing = false;
  // Order ids start again with each test's database: the fake forgets the earlier tests' charges.
  mercadoPago().payments.clear();
  mercadoPago().preferences.clear();
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShopSettings(t, superToken, {
    ...BOA_TERRA,
    payments: {
      provider: "mercadopago",
      mercadopago: {
        access_token: FAKE_MERCADOPAGO_DEFAULTS.accessToken,
        webhook_secret: FAKE_MERCADOPAGO_DEFAULTS.webhookSecret,
      },
    },
  });
  product = await createProduct(t, superToken, {
    name: "Mel",
    variants: [{ price_cents: 4990, stock: 10 }],
    weight_grams: 500,
  });
  customerToken = (await t.createUser("user", superToken)).token;
});

/** 2 x R$ 49,90 + R$ 15,00 of shipping: R$ 114,80, whose reais are not exact in binary (114.8 * 100 != 11480). */
async function placeOrder(key = randomUUID(), token = customerToken): Promise<Placed> {
  return placeShopOrder(t, token, [cartLine(product, 2)], {
    phone: "81987654321",
    shipping: "table:entrega",
    idempotency_key: key,
  });
}

function onlyPaymentOf(orderId: number) {
  const payments = [...mercadoPago().payments.values()].filter(
    (payment) => payment.external_reference === String(orderId),
  );
  expect(payments).toHaveLength(1);
  return String(payments[0]?.id);
}

async function orderNow(id: number): Promise<OrderView> {
  return (await t.request("GET", `/api/orders/${id}`, { token: superToken })).json<OrderView>();
}

describe("Mercado Pago", () => {
  it("charges each customer's order on its own when two forms made the same key (keys are per customer)", async () => {
    const key = randomUUID();
    const first = await placeOrder(key);
    const other = await placeOrder(key, (await t.createUser("user", superToken)).token);
    expect(other.order.id).not.toBe(first.order.id);
    expect(onlyPaymentOf(other.order.id)).not.toBe(onlyPaymentOf(first.order.id));
  });

  it("charges once with a dynamic Pix and a card checkout, and is paid by its verified webhook", async () => {
    const { order, payment } = await placeOrder();
    expect(order.total_cents).toBe(11480);
    expect(payment).toMatchObject({ kind: "provider", provider: "mercadopago", status: "pending" });
    if (payment.kind !== "provider") throw new Error("not a provider charge");
    expect(payment.copy_paste).toContain("br.gov.bcb.pix");
    expect(payment.card_checkout_url).toMatch(/^http/);
    // Opening the payment page again does not charge again.
    const again = (await t.request("GET", `/api/orders/${order.id}/payment`, { token: customerToken })).json<Placed>();
    expect(again.payment).toEqual(payment);
    const paymentId = onlyPaymentOf(order.id);
    const charge = mercadoPago().requests.find(
      (request) => request.path === "/v1/payments" && request.method === "POST",
    );
    expect(charge?.idempotencyKey).toBeTruthy();

    mercadoPago().approve(paymentId);
    const notice = await mercadoPago().notify(webhook, paymentId);
    expect(notice).toMatchObject({ status: 200 });
    expect(JSON.parse(notice.body)).toEqual({ outcome: "paid" });
    const paid = await orderNow(order.id);
    expect(paid.status).toBe("paid");
    expect(paid.history.at(-1)).toMatchObject({ from: "pending", to: "paid", actor: "Mercado Pago" });

    // The same notice again, or another for the same state, changes nothing.
    const repeated = await mercadoPago().notify(webhook, paymentId);
    expect(JSON.parse(repeated.body).outcome).toMatch(/stale|recorded/);
    expect((await orderNow(order.id)).history).toHaveLength(2);
  });

  it("refuses forged and replayed notices and never takes the body's word", async () => {
    const { order } = await placeOrder();
    const paymentId = onlyPaymentOf(order.id);
    mercadoPago().approve(paymentId);
    expect((await mercadoPago().notify(webhook, paymentId, { forge: true })).status).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 600;
    expect((await mercadoPago().notify(webhook, paymentId, { ts: old })).status).toBe(401);
    const unsigned = await fetch(`${webhook}?data.id=${paymentId}&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { id: paymentId }, type: "payment", status: "approved" }),
    });
    expect(unsigned.status).toBe(401);
    expect((await orderNow(order.id)).status).toBe("pending");
  });

  it("does not pay an order for an amount the provider did not confirm", async () => {
    const { order } = await placeOrder();
    const paymentId = onlyPaymentOf(order.id);
    mercadoPago().approve(paymentId, { amountCents: order.total_cents - 1 });
    const notice = await mercadoPago().notify(webhook, paymentId);
    expect(JSON.parse(notice.body)).toEqual({ outcome: "amount_mismatch" });
    expect((await orderNow(order.id)).status).toBe("pending");
  });

  it("marks a refused Pix failed, then pays the order by card through the checkout", async () => {
    const { order } = await placeOrder();
    const paymentId = onlyPaymentOf(order.id);
    mercadoPago().reject(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "failed" });
    expect((await orderNow(order.id)).status).toBe("failed");
    const [preference] = [...mercadoPago().preferences.values()].filter(
      (candidate) => candidate.external_reference === String(order.id),
    );
    if (!preference) throw new Error("no card checkout");
    const card = mercadoPago().payByCard(preference.id);
    expect(JSON.parse((await mercadoPago().notify(webhook, String(card.id))).body)).toEqual({ outcome: "paid" });
    const paid = await orderNow(order.id);
    expect(paid.history.map((event) => event.to)).toEqual(["pending", "failed", "pending", "paid"]);
  });

  it("ignores a notice older than what it already recorded", async () => {
    const { order } = await placeOrder();
    const paymentId = onlyPaymentOf(order.id);
    const later = new Date(Date.now() + 60_000);
    const approved = {
      provider: "mercadopago" as const,
      externalId: paymentId,
      orderId: order.id,
      status: "approved",
      approved: true,
      failed: false,
      amountCents: order.total_cents,
      updatedAt: later,
    };
    expect(await t.services.orders.recordProviderPayment(approved)).toBe("paid");
    const late = {
      ...approved,
      status: "rejected",
      approved: false,
      failed: true,
      updatedAt: new Date(later.getTime() - 30_000),
    };
    expect(await t.services.orders.recordProviderPayment(late)).toBe("stale");
    expect(await t.services.orders.recordProviderPayment(approved)).toBe("stale");
    const [row] = await t.database.db.select().from(orderPayments).where(eq(orderPayments.externalId, paymentId));
    expect(row?.status).toBe("approved");
    expect((await orderNow(order.id)).status).toBe("paid");
  });

  it("places the order while Mercado Pago is unreachable, and charges when the page is opened again", async () => {
    mercadoPago().failing = true;
    const { order, payment } = await placeOrder();
    expect(payment.kind).toBe("unavailable");
    if (payment.kind !== "unavailable") throw new Error("charged");
    expect(payment.message).toContain("Mercado Pago");
    mercadoPago().failing = false;
    const retried = (
      await t.request("GET", `/api/orders/${order.id}/payment`, { token: customerToken })
    ).json<Placed>();
    expect(retried.payment.kind).toBe("provider");
    onlyPaymentOf(order.id);
  });
});

describe("the shop's e-mails from Mercado Pago's notices", () => {
  const OWNER = "vendas@boaterra.example.com";

  /** The shop settings of beforeEach, with where and which e-mails the shop gets. */
  async function notify(notifications: Record<string, unknown>) {
    await saveShopSettings(t, superToken, { ...BOA_TERRA, notifications });
  }

  const ownerMails = () =>
    t.database.db.select().from(mailOutbox).where(like(mailOutbox.kind, "owner-payment-%")).orderBy(asc(mailOutbox.id));

  async function paidOrder() {
    const { order } = await placeOrder();
    const paymentId = onlyPaymentOf(order.id);
    mercadoPago().approve(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "paid" });
    return { order, paymentId };
  }

  it("tells the shop of a payment the gateway confirmed, answers going to the customer, no link without BASE_URL", async () => {
    await notify({ email: OWNER });
    const { order, paymentId } = await paidOrder();
    const [mail, ...more] = await ownerMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: "owner-payment-confirmed",
      to: OWNER,
      subject: `Pagamento confirmado pelo Mercado Pago: pedido nº ${order.number} (R$ 114,80)`,
    });
    expect(mail?.replyTo).toMatch(/@example\.com$/);
    expect(mail?.replyTo).toBe(order.customer.email);
    expect(mail?.text).toContain(`O Mercado Pago confirmou o pagamento ${paymentId}, de R$ 114,80`);
    expect(mail?.text).toContain("Maria da Silva");
    expect(mail?.text).toContain("2 × R$ 49,90");
    expect(mail?.text).not.toContain("/conta/pedidos");
    // A repeated notice tells nothing new.
    await mercadoPago().notify(webhook, paymentId);
    expect(await ownerMails()).toHaveLength(1);
  });

  it("records a refund of a paid order in its history, status unchanged, and tells the shop once", async () => {
    await notify({ email: OWNER });
    const { order, paymentId } = await paidOrder();
    mercadoPago().refund(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "reversed" });
    const after = await orderNow(order.id);
    expect(after.status).toBe("paid");
    expect(after.history.at(-1)).toMatchObject({
      from: "paid",
      to: "paid",
      actor: "Mercado Pago",
      note: `Pagamento ${paymentId} estornado (R$ 114,80), informou o Mercado Pago.`,
    });
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body).outcome).toMatch(/stale|recorded/);
    expect((await orderNow(order.id)).history).toHaveLength(3);
    const reversed = (await ownerMails()).filter((mail) => mail.kind === "owner-payment-reversed");
    expect(reversed).toHaveLength(1);
    expect(reversed[0]).toMatchObject({
      to: OWNER,
      replyTo: order.customer.email,
      subject: `Estorno no pedido nº ${order.number}: Mercado Pago`,
    });
    expect(reversed[0]?.text).toContain("O pedido continua como “Pagamento confirmado”");
  });

  it("tells a chargeback of an order already sent", async () => {
    await notify({ email: OWNER });
    const { order, paymentId } = await paidOrder();
    await t.database.db.update(orders).set({ status: "sent" }).where(eq(orders.id, order.id));
    mercadoPago().chargeBack(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "reversed" });
    const after = await orderNow(order.id);
    expect(after.status).toBe("sent");
    expect(after.history.at(-1)?.note).toContain("contestado no cartão (chargeback)");
    const [, reversed] = await ownerMails();
    expect(reversed?.subject).toBe(`Contestação (chargeback) no pedido nº ${order.number}: Mercado Pago`);
    expect(reversed?.text).toContain("O pedido continua como “Produto enviado”");
  });

  it("sends neither when switched off, and still records the payment and the refund", async () => {
    await notify({ email: OWNER, payment_confirmed: false, payment_reversed: false });
    const { order, paymentId } = await paidOrder();
    mercadoPago().refund(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "reversed" });
    expect((await orderNow(order.id)).history.map((event) => event.to)).toEqual(["pending", "paid", "paid"]);
    expect(await ownerMails()).toEqual([]);
  });

  it("goes to the site's public e-mail when the shop sets none, else to every administrator", async () => {
    await notify({});
    const { paymentId } = await paidOrder();
    expect((await ownerMails()).map((mail) => [mail.kind, mail.to])).toEqual([
      ["owner-payment-confirmed", SUPER.email],
    ]);
    const settings = (await t.request("GET", "/api/settings")).json<Record<string, unknown>>();
    const saved = await t.request("POST", "/api/settings", {
      token: superToken,
      body: { ...settings, email: "contato@boaterra.example.com" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    mercadoPago().chargeBack(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "reversed" });
    expect((await ownerMails()).map((mail) => [mail.kind, mail.to])).toEqual([
      ["owner-payment-confirmed", SUPER.email],
      ["owner-payment-reversed", "contato@boaterra.example.com"],
    ]);
  });

  it("takes an approved payment reported cancelled later as taken back", async () => {
    await notify({ email: OWNER });
    const { order, paymentId } = await paidOrder();
    mercadoPago().cancel(paymentId);
    expect(JSON.parse((await mercadoPago().notify(webhook, paymentId)).body)).toEqual({ outcome: "reversed" });
    expect((await orderNow(order.id)).history.at(-1)?.note).toBe(
      `Pagamento ${paymentId} cancelado (R$ 114,80), informou o Mercado Pago.`,
    );
    const [, reversed] = await ownerMails();
    expect(reversed?.subject).toBe(`Cancelamento no pedido nº ${order.number}: Mercado Pago`);
  });

  it("tells nothing of a pending Pix cancelled once the order was paid by card", async () => {
    await notify({ email: OWNER });
    const { order } = await placeOrder();
    const pixId = onlyPaymentOf(order.id);
    const [preference] = [...mercadoPago().preferences.values()].filter(
      (candidate) => candidate.external_reference === String(order.id),
    );
    if (!preference) throw new Error("no card checkout");
    const card = mercadoPago().payByCard(preference.id);
    expect(JSON.parse((await mercadoPago().notify(webhook, String(card.id))).body)).toEqual({ outcome: "paid" });
    mercadoPago().cancel(pixId);
    expect(JSON.parse((await mercadoPago().notify(webhook, pixId)).body)).toEqual({ outcome: "recorded" });
    expect((await ownerMails()).map((mail) => mail.kind)).toEqual(["owner-payment-confirmed"]);
  });
});

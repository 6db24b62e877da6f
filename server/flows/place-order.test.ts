import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type AppContext, appContext } from "../../app/lib/context.server.ts";
import { action } from "../../app/routes/site/checkout.tsx";
import { cartCookieValue, emptyCart } from "../../common/cart.ts";
import { MAX_PRICE_CENTS } from "../../common/money.ts";
import { checkoutSchema } from "../../common/schemas/orders.ts";
import type { OrderPaymentView, OrderView } from "../../common/views/orders.ts";
import type { ProductView } from "../../common/views/products.ts";
import {
  FAKE_MERCADOPAGO_DEFAULTS,
  type FakeMercadoPago,
  startFakeMercadoPago,
} from "../../tests/support/fake-mercadopago.ts";
import { RECIFE_CHECKOUT, RECIFE_SHOP_SETTINGS } from "../../tests/support/shop-fixture.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { sessionCookie } from "../http/session-cookie.ts";
import type { Actor } from "../kernel/access.ts";
import { mailOutbox } from "../modules/mail/tables.ts";
import { orders } from "../modules/orders/tables.ts";
import { productVariants } from "../modules/products/tables.ts";
import { PICKUP_CODE } from "../modules/shop/shipping/pickup.ts";
import type { Services } from "../services.ts";
import { appFlows } from "./index.ts";
import { placeOrder } from "./place-order.ts";

/*
 * What the order placement refuses or answers beyond the everyday (server/modules/orders/routes.test.ts): an
 * address whose CEP is another state's, idempotency keys (hers only, any case, real v4 UUIDs) and their
 * replays, an order with nothing to pay, and one above the maximum; and what it does once: the cart priced,
 * the shipping quoted, the coupon judged and the products read, in the transaction that takes the stock and
 * queues both e-mails, which a failure takes back with the rest.
 */

// Mercado Pago's fake starts before the app, which reads MERCADOPAGO_URL when it is built.
const env: Record<string, string> = {};
let mercadoPago: FakeMercadoPago;
beforeAll(async () => {
  mercadoPago = await startFakeMercadoPago();
  env.MERCADOPAGO_URL = mercadoPago.url;
});
afterAll(() => mercadoPago.close());

const t = withTestApp({ env, setUp: true });

type Customer = { id: number; email: string; token: string };
type Placed = { order: OrderView; payment: OrderPaymentView };
type Refusal = { message: string; errors?: Record<string, string[]> };

let honey: ProductView;
let seeds: ProductView;
let tractor: ProductView;

async function product(body: Record<string, unknown>): Promise<ProductView> {
  const response = await t.request("POST", "/api/products", {
    token: t.superToken,
    body: { status: "published", weight_grams: 500, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<ProductView>();
}

const line = (item: ProductView, quantity = 1) => ({
  product_id: item.id,
  variant_id: item.variants[0]?.id ?? 0,
  quantity,
});

const cartOf = (lines: ReturnType<typeof line>[]) => `cms_cart=${cartCookieValue({ ...emptyCart, items: lines })}`;

function checkout(who: Customer, lines: ReturnType<typeof line>[], overrides: Record<string, unknown> = {}) {
  return t.request("POST", "/api/shop/checkout", {
    token: who.token,
    headers: { cookie: cartOf(lines) },
    body: { ...RECIFE_CHECKOUT, idempotency_key: randomUUID(), ...overrides },
  });
}

const orderCount = async () => (await t.database.db.select({ value: count() }).from(orders))[0]?.value ?? -1;

const buyerOf = (who: Customer): Actor => ({ id: who.id, name: "Pessoa user", email: who.email, role: "user" });

/** "Confirmar pedido" on /loja/finalizar-pedido: the page's action, with the test app's services or `services`. */
async function confirmOnPage(buyer: Actor, cart: string, form: Record<string, string>, services = t.services) {
  const context = new RouterContextProvider();
  const app: Pick<AppContext, "services" | "flows" | "actor" | "clientAddress" | "sessionCookie"> = {
    services,
    flows: appFlows,
    actor: buyer,
    clientAddress: "203.0.113.9",
    sessionCookie: (token) => sessionCookie(token, false),
  };
  context.set(appContext, app as AppContext);
  const page = "http://localhost/loja/finalizar-pedido";
  const request = new Request(page, { method: "POST", body: new URLSearchParams(form), headers: { cookie: cart } });
  return action({ request, context, params: {}, url: new URL(page), pattern: "/loja/finalizar-pedido" });
}

function redirected(answer: unknown): Response {
  if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
  return answer;
}

beforeEach(async () => {
  const settings = (await t.request("GET", "/api/settings")).json<{ features: { shop: { enabled: boolean } } }>();
  settings.features.shop.enabled = true;
  expect((await t.request("POST", "/api/settings", { token: t.superToken, body: settings })).status).toBe(200);
  const shop = {
    ...RECIFE_SHOP_SETTINGS,
    shipping: {
      ...RECIFE_SHOP_SETTINGS.shipping,
      pickup: { enabled: true, address: "Rua do Sol, 20 - Santo Antônio", instructions: "", delivery_days: 1 },
    },
  };
  const saved = await t.request("PUT", "/api/shop/settings", { token: t.superToken, body: shop });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  honey = await product({ name: "Mel", variants: [{ price_cents: 2500, stock: 10 }] });
  seeds = await product({ name: "Sementes crioulas (doação)", variants: [{ price_cents: 0, stock: 10 }] });
  tractor = await product({ name: "Trator", variants: [{ price_cents: MAX_PRICE_CENTS, stock: 5 }] });
});

describe("the address's CEP and state", () => {
  it("refuses a CEP of another state with a 400 on the CEP, whatever the city", async () => {
    const maria = await t.createUser("user", t.superToken);
    const response = await checkout(maria, [line(honey)], { uf: "SP", city: "São Paulo" });
    expect(response.status).toBe(400);
    expect(response.json<Refusal>()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { postal_code: ["O CEP 50010-000 é de PE, não de SP"] },
    });
    expect(await orderCount()).toBe(0);
    // The same address in its own state goes through.
    expect((await checkout(maria, [line(honey)])).status).toBe(201);
  });
});

describe("idempotency keys", () => {
  it("are read in lower case: the same key in capitals answers the order it made", async () => {
    const maria = await t.createUser("user", t.superToken);
    const key = randomUUID();
    const first = await checkout(maria, [line(honey)], { idempotency_key: key });
    expect(first.status).toBe(201);
    const shouted = await checkout(maria, [line(honey)], { idempotency_key: key.toUpperCase() });
    expect(shouted.status).toBe(200);
    expect(shouted.json<Placed>().order.id).toBe(first.json<Placed>().order.id);
    expect(await orderCount()).toBe(1);
  });

  it("must be v4 UUIDs: the nil UUID and other shapes are refused with a 400", async () => {
    const maria = await t.createUser("user", t.superToken);
    const expired = "O formulário expirou; recarregue a página e confirme de novo.";
    for (const key of [
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "0b8f9a52-5d3e-1c59-9d43-2f1de2c0a6b1",
      "pedido-1",
      "",
    ]) {
      const response = await checkout(maria, [line(honey)], { idempotency_key: key });
      expect(response.status, key).toBe(400);
      expect(response.json<Refusal>().errors?.idempotency_key, key).toEqual([expired]);
    }
    expect(await orderCount()).toBe(0);
  });

  it("are each customer's own: the same key from someone else places her own order", async () => {
    const maria = await t.createUser("user", t.superToken);
    const joana = await t.createUser("user", t.superToken);
    const key = randomUUID();
    const hers = (await checkout(maria, [line(honey)], { idempotency_key: key })).json<Placed>().order;
    const other = await checkout(joana, [line(honey, 2)], { idempotency_key: key });
    expect(other.status).toBe(201);
    const placed = other.json<Placed>().order;
    expect(placed.id).not.toBe(hers.id);
    expect(placed.customer.email).toBe(joana.email);
    expect(placed.items[0]?.quantity).toBe(2);
  });

  it("replayed, answer her order and leave the cart she filled since alone (REST)", async () => {
    const maria = await t.createUser("user", t.superToken);
    const key = randomUUID();
    const first = await checkout(maria, [line(honey)], { idempotency_key: key });
    expect(first.headers.get("set-cookie")).toMatch(/^cms_cart=;/);
    const replay = await checkout(maria, [line(seeds, 3)], { idempotency_key: key });
    expect(replay.status).toBe(200);
    expect(replay.json<Placed>().order.id).toBe(first.json<Placed>().order.id);
    expect(replay.headers.get("set-cookie")).toBeNull();
  });

  it("replayed, answer her order and leave the cart she filled since alone (the checkout page)", async () => {
    const maria = await t.createUser("user", t.superToken);
    const form = { intent: "confirm", idempotency_key: randomUUID(), ...RECIFE_CHECKOUT };
    const first = redirected(await confirmOnPage(buyerOf(maria), cartOf([line(honey)]), form));
    expect(first.headers.get("set-cookie")).toMatch(/^cms_cart=;/);
    const replay = redirected(await confirmOnPage(buyerOf(maria), cartOf([line(seeds, 3)]), form));
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe(first.headers.get("location"));
    expect(replay.headers.get("set-cookie")).toBeNull();
    expect(await orderCount()).toBe(1);
  });
});

describe("an order with nothing to pay", () => {
  it("is confirmed as it is placed, without asking for a payment", async () => {
    const maria = await t.createUser("user", t.superToken);
    const response = await checkout(maria, [line(seeds, 2)], { shipping: PICKUP_CODE, expected_total_cents: 0 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { order, payment } = response.json<Placed>();
    expect(order).toMatchObject({ status: "paid", total_cents: 0 });
    expect(order.history.map((event) => [event.from, event.to, event.actor, event.note])).toEqual([
      [null, "pending", "Maria da Silva", "Pedido realizado"],
      ["pending", "paid", "Sistema", "Pedido sem valor a pagar: confirmado sem pagamento."],
    ]);
    expect(payment).toEqual({
      kind: "none",
      message: "Este pedido não tem valor a pagar. Situação do pedido: Pagamento confirmado.",
    });
    const later = await t.request("GET", `/api/orders/${order.id}/payment`, { token: maria.token });
    expect(later.json<{ payment: OrderPaymentView }>().payment).toEqual(payment);
    const mails = await t.database.db
      .select({ kind: mailOutbox.kind, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, maria.email))
      .orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["order-paid", "order-received"]);
    for (const mail of mails) expect(mail.text).not.toMatch(/Pix|Pague/);
  });
});

describe("an order above the maximum", () => {
  it("is refused with a 400 that says the maximum, and nothing is written", async () => {
    const maria = await t.createUser("user", t.superToken);
    const response = await checkout(maria, [line(tractor, 3)]);
    expect(response.status).toBe(400);
    expect(response.json<Refusal>()).toEqual({
      message:
        "O valor máximo de um pedido é R$ 20.000.000,00, e este soma R$ 30.000.015,00. Divida a compra em pedidos menores.",
    });
    // With the total she reviewed, as the checkout page sends it.
    const reviewed = await checkout(maria, [line(tractor, 3)], { expected_total_cents: 3_000_001_500 });
    expect(reviewed.status).toBe(400);
    expect(reviewed.json<Refusal>().message).toMatch(/^O valor máximo de um pedido é R\$ 20\.000\.000,00/);
    expect(await orderCount()).toBe(0);
    expect((await checkout(maria, [line(tractor, 1)])).status).toBe(201);
  });
});

/** What placing an order could do more than once, each counted on the services it is spied on. */
function spiesOn(services: Services) {
  return {
    "cart.price": vi.spyOn(services.cart, "price"),
    "cart.priceForOrder": vi.spyOn(services.cart, "priceForOrder"),
    "coupons.evaluate": vi.spyOn(services.coupons, "evaluate"),
    "coupons.hold": vi.spyOn(services.coupons, "hold"),
    "products.forCart": vi.spyOn(services.products, "forCart"),
    "shop.quote": vi.spyOn(services.shop, "quote"),
  };
}

function callCounts(spied: ReturnType<typeof spiesOn>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const spies of spied)
    for (const [name, spy] of Object.entries(spies)) counts[name] = (counts[name] ?? 0) + spy.mock.calls.length;
  return counts;
}

/**
 * The test app's services, spied outside every transaction and on each transaction's own services as it
 * opens (those are built per transaction); `onTransaction` may spy more there, to make a step fail.
 */
function watchedServices(onTransaction: (tx: Services) => void = () => {}) {
  const root = t.services;
  const outside = spiesOn(root);
  const inside: ReturnType<typeof spiesOn>[] = [];
  const services: Services = Object.create(root, {
    transaction: {
      value: <T>(work: (tx: Services) => Promise<T>) =>
        root.transaction((tx) => {
          inside.push(spiesOn(tx));
          onTransaction(tx);
          return work(tx);
        }),
    },
  });
  return {
    services,
    outside: () => callCounts([outside]),
    inside: () => callCounts(inside),
    transactions: () => inside.length,
  };
}

const NOTHING: Record<string, number> = {
  "cart.price": 0,
  "cart.priceForOrder": 0,
  "coupons.evaluate": 0,
  "coupons.hold": 0,
  "products.forCart": 0,
  "shop.quote": 0,
};

async function percentCoupon(code: string, percent: number) {
  const made = await t.request("POST", "/api/coupons", {
    token: t.superToken,
    body: { code, kind: "percent", percent },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.json<{ id: number; uses: number }>();
}

const stockOf = async (item: ProductView) =>
  (await t.request("GET", `/api/products/${item.id}`, { token: t.superToken })).json<ProductView>().variants[0]?.stock;

const outbox = async () =>
  (await t.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).orderBy(asc(mailOutbox.id))).map(
    (mail) => mail.kind,
  );

/** The checkout's input as the shared schema reads the form: R$ 50,00 of honey with PROMO10 and the regional rate. */
const couponInput = () =>
  checkoutSchema.parse({
    ...RECIFE_CHECKOUT,
    idempotency_key: randomUUID(),
    coupon_code: "PROMO10",
    // 2 × R$ 25,00 − 10 % + R$ 15,00 of shipping.
    expected_total_cents: 6000,
  });

const honeyCart = (quantity: number) => ({ ...emptyCart, items: [line(honey, quantity)] });

describe("one pricing per confirmation", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("prices the cart, judges the coupon and reads the products once, in the transaction; quotes once before it", async () => {
    await percentCoupon("PROMO10", 10);
    const maria = await t.createUser("user", t.superToken);
    const watched = watchedServices();
    const placed = await placeOrder(watched.services, buyerOf(maria), honeyCart(2), couponInput());
    expect(placed.created).toBe(true);
    expect(placed.order).toMatchObject({ coupon_code: "PROMO10", coupon_discount_cents: 500, total_cents: 6000 });
    expect(watched.transactions()).toBe(1);
    // The carriers are asked outside the transaction (server/flows/place-order.ts says why): the quote reads
    // the products' package data for them.
    expect(watched.outside()).toEqual({ ...NOTHING, "shop.quote": 1, "products.forCart": 1 });
    expect(watched.inside()).toEqual({
      ...NOTHING,
      "cart.priceForOrder": 1,
      "coupons.hold": 1,
      "products.forCart": 1,
    });
  });

  it("is the checkout page's too: its action prices nothing before the placement", async () => {
    await percentCoupon("PROMO10", 10);
    const maria = await t.createUser("user", t.superToken);
    const watched = watchedServices();
    const form = {
      ...RECIFE_CHECKOUT,
      intent: "confirm",
      idempotency_key: randomUUID(),
      coupon_code: "PROMO10",
      "total_table:entrega-regional": "6000",
    };
    const cart = `cms_cart=${cartCookieValue({ ...honeyCart(2), coupon: "PROMO10" })}`;
    expect(redirected(await confirmOnPage(buyerOf(maria), cart, form, watched.services)).status).toBe(302);
    expect(watched.outside()).toEqual({ ...NOTHING, "shop.quote": 1, "products.forCart": 1 });
    expect(watched.inside()).toEqual({
      ...NOTHING,
      "cart.priceForOrder": 1,
      "coupons.hold": 1,
      "products.forCart": 1,
    });
    expect(await orderCount()).toBe(1);
  });

  it("refuses a price changed since she reviewed the order, to review again; only then the page prices the cart", async () => {
    const maria = await t.createUser("user", t.superToken);
    const reviewed = { expected_total_cents: 2 * 2500 + 1500 };
    const variant = honey.variants[0];
    if (!variant) throw new Error("no variant");
    await t.database.db.update(productVariants).set({ priceCents: 2700 }).where(eq(productVariants.id, variant.id));

    const answer = await checkout(maria, [line(honey, 2)], reviewed);
    expect(answer.status).toBe(409);
    expect(answer.json<Refusal>().message).toBe(
      "O total do pedido mudou para R$ 69,00. Revise o pedido e confirme de novo.",
    );

    const watched = watchedServices();
    const form = {
      ...RECIFE_CHECKOUT,
      intent: "confirm",
      idempotency_key: randomUUID(),
      "total_table:entrega-regional": "6500",
    };
    const page = await confirmOnPage(buyerOf(maria), cartOf([line(honey, 2)]), form, watched.services);
    expect(page).toMatchObject({
      init: { status: 409 },
      data: {
        ok: false,
        message: "O total do pedido mudou para R$ 69,00. Revise o pedido e confirme de novo.",
        form: { totals: { "table:entrega-regional": { cents: 6900 } } },
      },
    });
    // The refusal's form drawn with the cart priced now: once in the transaction, once after it.
    expect(watched.inside()).toMatchObject({ "cart.priceForOrder": 1, "cart.price": 0 });
    expect(watched.outside()).toMatchObject({ "cart.priceForOrder": 0, "cart.price": 1 });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(honey)).toBe(10);
    expect(await outbox()).toEqual([]);
  });

  it("judges the coupon as it is at the confirmation: one changed since she reviewed the order is refused", async () => {
    const promo = await percentCoupon("PROMO10", 20);
    const maria = await t.createUser("user", t.superToken);
    const refused = await placeOrder(t.services, buyerOf(maria), honeyCart(2), couponInput()).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      kind: "conflict",
      message: "O total do pedido mudou para R$ 55,00. Revise o pedido e confirme de novo.",
    });
    expect(
      (await t.request("GET", `/api/coupons/${promo.id}`, { token: t.superToken })).json<{ uses: number }>().uses,
    ).toBe(0);
    expect(await stockOf(honey)).toBe(10);
  });
});

describe("the order and its e-mails", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("are committed together: hers and the shop's", async () => {
    const maria = await t.createUser("user", t.superToken);
    expect((await checkout(maria, [line(honey, 2)])).status).toBe(201);
    expect((await outbox()).sort()).toEqual(["order-received", "owner-new-order"]);
    expect(await stockOf(honey)).toBe(8);
  });

  it("are both taken back when a step after the stock fails, the stock and the coupon's use with them", async () => {
    const promo = await percentCoupon("PROMO10", 10);
    const maria = await t.createUser("user", t.superToken);
    const watched = watchedServices((tx) => {
      vi.spyOn(tx.customers, "rememberAddress").mockRejectedValue(new Error("disco cheio"));
    });
    await expect(placeOrder(watched.services, buyerOf(maria), honeyCart(2), couponInput())).rejects.toThrow(
      "disco cheio",
    );
    expect(await orderCount()).toBe(0);
    expect(await stockOf(honey)).toBe(10);
    expect(
      (await t.request("GET", `/api/coupons/${promo.id}`, { token: t.superToken })).json<{ uses: number }>().uses,
    ).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it("are queued in the order's transaction: a failure once they are queued leaves neither", async () => {
    const maria = await t.createUser("user", t.superToken);
    const admin = await t.services.auth.userForToken(t.superToken);
    let queued: string[] = [];
    const watched = watchedServices((tx) => {
      const tell = tx.orders.tellOfNewOrder;
      vi.spyOn(tx.orders, "tellOfNewOrder").mockImplementation(async (order) => {
        await tell(order);
        const page = await tx.mail.list(admin, { page: 1, per_page: 20, q: "" });
        queued = page.data.map((mail) => mail.kind).sort();
        throw new Error("queda de energia");
      });
    });
    await expect(
      placeOrder(
        watched.services,
        buyerOf(maria),
        honeyCart(1),
        checkoutSchema.parse({ ...RECIFE_CHECKOUT, idempotency_key: randomUUID() }),
      ),
    ).rejects.toThrow("queda de energia");
    expect(queued).toEqual(["order-received", "owner-new-order"]);
    expect(await outbox()).toEqual([]);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(honey)).toBe(10);
  });

  it("are not sent again for a replayed key", async () => {
    const maria = await t.createUser("user", t.superToken);
    const key = randomUUID();
    expect((await checkout(maria, [line(honey)], { idempotency_key: key })).status).toBe(201);
    expect((await checkout(maria, [line(honey)], { idempotency_key: key })).status).toBe(200);
    expect((await outbox()).sort()).toEqual(["order-received", "owner-new-order"]);
  });
});

describe("a Mercado Pago order", () => {
  it("is charged once it is committed: her e-mail, queued before, sends her to the payment page", async () => {
    const saved = await t.request("PUT", "/api/shop/settings", {
      token: t.superToken,
      body: {
        ...RECIFE_SHOP_SETTINGS,
        payments: {
          provider: "mercadopago",
          mercadopago: {
            access_token: FAKE_MERCADOPAGO_DEFAULTS.accessToken,
            webhook_secret: FAKE_MERCADOPAGO_DEFAULTS.webhookSecret,
          },
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const maria = await t.createUser("user", t.superToken);
    const placed = await checkout(maria, [line(honey, 2)], { payment_choice: "pix" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = placed.json<Placed>();
    expect(payment).toMatchObject({ kind: "provider", copy_paste: expect.stringContaining("br.gov.bcb.pix") });
    expect([...mercadoPago.payments.values()].map((charge) => charge.external_reference)).toEqual([String(order.id)]);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order-received"));
    expect(mail?.text).toContain("Pague R$ 65,00 na página do pedido, em Meus pedidos no site da loja.");
    expect(mail?.text).not.toContain("br.gov.bcb.pix");
  });
});

import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { type AppContext, appContext } from "../../../app/lib/context.server.ts";
import { action } from "../../../app/routes/site/checkout.tsx";
import { cartCookieValue, emptyCart } from "../../../common/cart.ts";
import { MAX_PRICE_CENTS } from "../../../common/money.ts";
import type { OrderPaymentView, OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { RECIFE_SHOP_SETTINGS } from "../../../tests/support/shop-fixture.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { sessionCookie } from "../../http/session-cookie.ts";
import type { Actor } from "../../kernel/access.ts";
import { mailOutbox } from "../mail/tables.ts";
import { PICKUP_CODE } from "../shop/shipping/pickup.ts";
import { orders } from "./tables.ts";

/*
 * What the order placement refuses or answers beyond the everyday (routes.test.ts): an address whose CEP is
 * another state's, idempotency keys (hers only, any case, real v4 UUIDs) and their replays, an order with
 * nothing to pay, and one above the maximum.
 */

const t = withTestApp({ setUp: true });

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

const RECIFE = {
  postal_code: "50010-000",
  uf: "PE",
  city: "Recife",
  street: "Rua da Aurora",
  number: "100",
  name: "Maria da Silva",
  tax_id: "529.982.247-25",
  phone: "(81) 98765-4321",
  shipping: "table:entrega-regional",
};

function checkout(who: Customer, lines: ReturnType<typeof line>[], overrides: Record<string, unknown> = {}) {
  return t.request("POST", "/api/shop/checkout", {
    token: who.token,
    headers: { cookie: cartOf(lines) },
    body: { ...RECIFE, idempotency_key: randomUUID(), ...overrides },
  });
}

const orderCount = async () => (await t.database.db.select({ value: count() }).from(orders))[0]?.value ?? -1;

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
    const buyer: Actor = { id: maria.id, name: "Pessoa user", email: maria.email, role: "user" };
    const context = new RouterContextProvider();
    const app: Pick<AppContext, "services" | "actor" | "clientAddress" | "sessionCookie"> = {
      services: t.services,
      actor: buyer,
      clientAddress: "203.0.113.9",
      sessionCookie: (token) => sessionCookie(token, false),
    };
    context.set(appContext, app as AppContext);
    const page = "http://localhost/loja/finalizar-pedido";
    const form = { intent: "confirm", idempotency_key: randomUUID(), ...RECIFE };
    const post = async (cart: string) => {
      const request = new Request(page, { method: "POST", body: new URLSearchParams(form), headers: { cookie: cart } });
      const answer = await action({
        request,
        context,
        params: {},
        url: new URL(page),
        pattern: "/loja/finalizar-pedido",
      });
      if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
      return answer;
    };
    const first = await post(cartOf([line(honey)]));
    expect(first.headers.get("set-cookie")).toMatch(/^cms_cart=;/);
    const replay = await post(cartOf([line(seeds, 3)]));
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

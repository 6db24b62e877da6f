import { beforeEach, describe, expect, it } from "vitest";
import type { ProductView } from "../../../common/views/products.ts";
import { FAKE_MERCADOPAGO_DEFAULTS, startFakeMercadoPago } from "../../../tests/support/fake-mercadopago.ts";
import {
  cartLine,
  createProduct,
  type Placed,
  postCheckout,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";

/*
 * What the discounts do to a placed order: the shop's discount for paying by Pix (static code, or the gateway's
 * Pix when she picks it) and the coupon she applied, counted once per order in the order's transaction.
 */

const env: Record<string, string> = {};
const mercadoPago = withFakeServer(startFakeMercadoPago, env, "MERCADOPAGO_URL");

const t = withTestApp({ env, setUp: true });

type Refusal = { message: string; errors?: Record<string, string[]> };
type Customer = { id: number; email: string; token: string };

let honey: ProductView;

const checkout = (who: Customer, quantity: number, overrides: Record<string, unknown> = {}) =>
  postCheckout(t, who.token, [cartLine(honey, quantity)], overrides);

const shopPays = (payments: Record<string, unknown>) =>
  saveShopSettings(t, t.superToken, { ...RECIFE_SHOP_SETTINGS, payments });

const STATIC_PIX = RECIFE_SHOP_SETTINGS.payments;
const MERCADO_PAGO = {
  provider: "mercadopago",
  mercadopago: {
    access_token: FAKE_MERCADOPAGO_DEFAULTS.accessToken,
    webhook_secret: FAKE_MERCADOPAGO_DEFAULTS.webhookSecret,
  },
};

beforeEach(async () => {
  mercadoPago().payments.clear();
  mercadoPago().preferences.clear();
  await switchShopFeature(t, t.superToken);
  await shopPays(STATIC_PIX);
  honey = await createProduct(t, t.superToken, {
    name: "Mel",
    weight_grams: 500,
    variants: [{ price_cents: 2500, stock: 50 }],
  });
});

describe("the discount for paying by Pix", () => {
  it("comes off the items (not the shipping) of a static Pix order, and the BR Code asks for the discounted total", async () => {
    await shopPays({ ...STATIC_PIX, pix_discount_percent: 5 });
    const maria = await t.createUser("user", t.superToken);
    // R$ 100,00 of honey and R$ 15,00 of shipping: 5 % of R$ 100,00 off.
    const placed = await checkout(maria, 4, { expected_total_cents: 11000 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order, payment } = placed.json<Placed>();
    expect(order).toMatchObject({
      subtotal_cents: 10000,
      shipping_cents: 1500,
      coupon_code: null,
      coupon_discount_cents: 0,
      pix_discount_cents: 500,
      total_cents: 11000,
    });
    if (payment.kind !== "pix_static") throw new Error(payment.kind);
    expect(payment.copy_paste).toContain("5406110.00");
  });

  it("takes the total she reviewed before the discount too, and refuses any other", async () => {
    await shopPays({ ...STATIC_PIX, pix_discount_percent: 5 });
    const maria = await t.createUser("user", t.superToken);
    expect((await checkout(maria, 4, { expected_total_cents: 11500 })).status).toBe(201);
    const changed = await checkout(maria, 4, { expected_total_cents: 11200 });
    expect(changed.status).toBe(409);
    expect(changed.json<Refusal>().message).toBe(
      "O total do pedido mudou para R$ 110,00. Revise o pedido e confirme de novo.",
    );
  });

  it("is not given when the shop is paid by transfer or at pickup", async () => {
    await shopPays({
      provider: "manual",
      manual: { instructions: "Transferência para a conta 123" },
      pix_discount_percent: 5,
    });
    const maria = await t.createUser("user", t.superToken);
    const placed = await checkout(maria, 4, { payment_choice: "pix" });
    expect(placed.status).toBe(201);
    expect(placed.json<Placed>().order).toMatchObject({
      pix_discount_cents: 0,
      total_cents: 11500,
      payment_choice: null,
    });
  });

  it("at Mercado Pago, is given when she chooses Pix, which then offers no card at that price", async () => {
    await shopPays({ ...MERCADO_PAGO, pix_discount_percent: 10 });
    const maria = await t.createUser("user", t.superToken);
    const byPix = await checkout(maria, 4, { payment_choice: "pix" });
    expect(byPix.status, JSON.stringify(byPix.body)).toBe(201);
    const pix = byPix.json<Placed>();
    expect(pix.order).toMatchObject({ pix_discount_cents: 1000, total_cents: 10500, payment_choice: "pix" });
    expect(pix.payment).toMatchObject({ kind: "provider", card_checkout_url: null });
    expect([...mercadoPago().payments.values()].map((payment) => payment.transaction_amount)).toEqual([105]);
    expect(mercadoPago().preferences.size).toBe(0);

    const byCard = await checkout(maria, 4, { payment_choice: "card" });
    expect(byCard.status).toBe(201);
    const card = byCard.json<Placed>();
    expect(card.order).toMatchObject({ pix_discount_cents: 0, total_cents: 11500, payment_choice: "card" });
    expect(card.payment).toMatchObject({ kind: "provider", card_checkout_url: expect.stringContaining("pref_id=") });
  });
});

async function coupon(body: Record<string, unknown>) {
  const made = await t.request("POST", "/api/coupons", { token: t.superToken, body: { kind: "percent", ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.json<{ id: number; uses: number }>();
}

const usesOf = async (id: number) =>
  (await t.request("GET", `/api/coupons/${id}`, { token: t.superToken })).json<{ uses: number }>().uses;

describe("a coupon on the order", () => {
  it("is priced again and copied with its discount, before the Pix discount", async () => {
    await shopPays({ ...STATIC_PIX, pix_discount_percent: 5 });
    await coupon({ code: "PROMO10", percent: 10 });
    const maria = await t.createUser("user", t.superToken);
    // R$ 100,00 − 10 % = R$ 90,00; 5 % of that by Pix = R$ 4,50; plus R$ 15,00 of shipping.
    const placed = await checkout(maria, 4, { coupon_code: "promo10", expected_total_cents: 10050 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.json<Placed>().order).toMatchObject({
      coupon_code: "PROMO10",
      coupon_discount_cents: 1000,
      pix_discount_cents: 450,
      total_cents: 10050,
    });
  });

  it("makes shipping free, and is refused with its reason when the cart no longer qualifies", async () => {
    await coupon({ code: "FRETEGRATIS", kind: "free_shipping", min_subtotal_cents: 10000 });
    const maria = await t.createUser("user", t.superToken);
    const free = await checkout(maria, 4, { coupon_code: "FRETEGRATIS" });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.json<Placed>().order).toMatchObject({
      shipping_cents: 1500,
      coupon_discount_cents: 1500,
      total_cents: 10000,
    });
    const short = await checkout(maria, 3, { coupon_code: "FRETEGRATIS" });
    expect(short.status).toBe(409);
    expect(short.json<Refusal>()).toMatchObject({
      message: "Valor mínimo de R$ 100,00. Revise o pedido e confirme de novo.",
      errors: { coupon_code: ["Valor mínimo de R$ 100,00"] },
    });
  });

  it("counts one use per customer, and a canceled order gives it back", async () => {
    const once = await coupon({ code: "BEMVINDA", percent: 15, max_uses_per_customer: 1 });
    const maria = await t.createUser("user", t.superToken);
    const first = await checkout(maria, 1, { coupon_code: "BEMVINDA" });
    expect(first.status).toBe(201);
    expect(await usesOf(once.id)).toBe(1);
    const again = await checkout(maria, 1, { coupon_code: "BEMVINDA" });
    expect(again.status).toBe(409);
    expect(again.json<Refusal>().message).toBe("Cupom já utilizado. Revise o pedido e confirme de novo.");
    const { order } = first.json<Placed>();
    const canceled = await t.request("POST", `/api/orders/${order.id}/status`, {
      token: maria.token,
      body: { status: "canceled", note: "Desisti." },
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await usesOf(once.id)).toBe(0);
    expect((await checkout(maria, 1, { coupon_code: "BEMVINDA" })).status).toBe(201);
  });

  it("of ten uses discounts at most ten of thirty orders placed at the same moment", async () => {
    const ten = await coupon({ code: "DEZ", percent: 20, max_uses: 10 });
    // Five customers placing six orders each (signing thirty in would meet the login's limit per address).
    const buyers = await Promise.all(Array.from({ length: 5 }, () => t.createUser("user", t.superToken)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        checkout(buyers[index % buyers.length] as Customer, 1, { coupon_code: "DEZ" }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed.length).toBeLessThanOrEqual(10);
    expect(placed.length).toBeGreaterThan(0);
    for (const answer of placed) expect(answer.json<Placed>().order.coupon_discount_cents).toBe(500);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json<Refusal>().message).toBe("Cupom esgotado. Revise o pedido e confirme de novo.");
    }
    expect(await usesOf(ten.id)).toBe(placed.length);
  });
});

import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { type AppContext, appContext } from "../../../app/lib/context.server.ts";
import { action, loader } from "../../../app/routes/site/checkout.tsx";
import { type Cart, cartCookieValue, emptyCart, readCartCookie } from "../../../common/cart.ts";
import type { PricedCart } from "../../../common/views/cart.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { appFlows } from "../../flows/index.ts";
import { sessionCookie } from "../../http/session-cookie.ts";
import type { Actor } from "../../kernel/access.ts";

/*
 * The cart's coupon (issue 26): kept in the cart's cookie, judged again by the coupons area on every
 * answer (never trusted from the cookie), through the REST API and the checkout page's loader and action,
 * on a real database.
 */

const t = withTestApp({ setUp: true });

let honey: ProductView;
let soap: ProductView;
let buyer: Actor;
let buyerToken = "";

const line = (product: ProductView, quantity: number) => ({
  product_id: product.id,
  variant_id: product.variants[0]?.id ?? 0,
  quantity,
});
const cookieOf = (cart: Partial<Cart>) => `cms_cart=${cartCookieValue({ ...emptyCart, ...cart })}`;

async function createProduct(body: Record<string, unknown>): Promise<ProductView> {
  const response = await t.request("POST", "/api/products", {
    token: t.superToken,
    body: { status: "published", weight_grams: 400, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<ProductView>();
}

async function createCoupon(body: Record<string, unknown>) {
  const response = await t.request("POST", "/api/coupons", { token: t.superToken, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

/** The shop's settings with a table rate of R$ 12,90 in São Paulo state and these payments. */
async function setShop(payments: Record<string, unknown>) {
  const shop = {
    legal_name: "Cooperativa Teste",
    uf: "SP",
    city: "São Paulo",
    origin_postal_code: "01001-000",
    shipping: {
      table_rates: [
        {
          name: "Entrega padrão",
          region: { kind: "uf", uf: "SP" },
          min_weight_grams: 0,
          max_weight_grams: 30000,
          price_cents: 1290,
          delivery_days: 3,
        },
      ],
    },
    payments,
  };
  const response = await t.request("PUT", "/api/shop/settings", { token: t.superToken, body: shop });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const PIX = { key: "pix@cooperativa.example.com", receiver_name: "Cooperativa Teste", receiver_city: "São Paulo" };

/** A browser's cart cookie: what the last answer set is sent with the next request. */
function visitor(initial: Partial<Cart>, token?: string) {
  let cookie = cookieOf(initial);
  return {
    async request(method: string, url: string, body?: unknown) {
      const response = await t.request(method, url, { body, token, headers: { cookie } });
      const set = response.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0] ?? "";
      return response;
    },
    cart: () => readCartCookie(cookie.slice("cms_cart=".length)),
  };
}

beforeEach(async () => {
  const settings = (await t.request("GET", "/api/settings")).json<{ features: { shop: { enabled: boolean } } }>();
  settings.features.shop.enabled = true;
  expect((await t.request("POST", "/api/settings", { token: t.superToken, body: settings })).status).toBe(200);
  honey = await createProduct({ name: "Mel", variants: [{ price_cents: 2500, stock: 20 }], tags: ["mel"] });
  soap = await createProduct({ name: "Sabão", variants: [{ price_cents: 1200, stock: 20 }], tags: ["higiene"] });
  await setShop({ provider: "pix", pix: PIX, pix_discount_percent: 5 });
  await createCoupon({ code: "PROMO10", kind: "percent", percent: 10, min_subtotal_cents: 5000 });
  await createCoupon({ code: "FRETEGRATIS", kind: "free_shipping" });
  await createCoupon({ code: "VELHO", kind: "fixed", amount_cents: 500, valid_until: "2020-12-31" });
  await createCoupon({ code: "SOMELMEL", kind: "percent", percent: 50, tags: ["mel"] });
  await createCoupon({ code: "UMAVEZ", kind: "fixed", amount_cents: 1000, max_uses_per_customer: 1 });
  const user = await t.createUser("user", t.superToken);
  buyer = { id: user.id, name: "Pessoa user", email: user.email, role: "user" };
  buyerToken = user.token;
});

describe("POST and DELETE /api/shop/cart/coupon", () => {
  it("applies a code typed in any case, prices it on the server and keeps it in the cookie; removing drops it", async () => {
    const browser = visitor({ items: [line(honey, 2), line(soap, 1)] });
    const applied = await browser.request("POST", "/api/shop/cart/coupon", { code: " promo10 " });
    expect(applied.status).toBe(200);
    expectDocumented("post", "/api/shop/cart/coupon", applied);
    const cart = applied.json<PricedCart>();
    expect(cart.subtotal_cents).toBe(6200);
    expect(cart.coupon).toEqual({
      code: "PROMO10",
      applied: true,
      reason: null,
      items_discount_cents: 620,
      free_shipping: false,
    });
    expect(cart.pix_discount_percent).toBe(5);
    expect(browser.cart().coupon).toBe("PROMO10");
    // Every later answer judges it again.
    expect((await browser.request("GET", "/api/shop/cart")).json<PricedCart>().coupon?.items_discount_cents).toBe(620);

    const removed = await browser.request("DELETE", "/api/shop/cart/coupon");
    expect(removed.status).toBe(200);
    expectDocumented("delete", "/api/shop/cart/coupon", removed);
    expect(removed.json<PricedCart>().coupon).toBeNull();
    expect(browser.cart()).toMatchObject({ coupon: null, items: [line(honey, 2), line(soap, 1)] });
  });

  it("refuses a code that does not apply with a 400 and the reason in errors.code, keeping the cart as it was", async () => {
    const browser = visitor({ items: [line(soap, 1)] });
    const refusals: [string, string][] = [
      ["PROMO10", "Valor mínimo de R$ 50,00"],
      ["VELHO", "Cupom expirado"],
      ["NAOEXISTE", "Cupom não encontrado"],
      ["SOMELMEL", "Este cupom não vale para os produtos do carrinho"],
    ];
    for (const [code, reason] of refusals) {
      const refused = await browser.request("POST", "/api/shop/cart/coupon", { code });
      expect(refused.status, code).toBe(400);
      expectDocumented("post", "/api/shop/cart/coupon", refused);
      expect(refused.json(), code).toEqual({ message: reason, errors: { code: [reason] } });
      expect(refused.headers.get("set-cookie"), code).toBeNull();
    }
    expect(browser.cart()).toEqual({ ...emptyCart, items: [line(soap, 1)] });
    const malformed = await browser.request("POST", "/api/shop/cart/coupon", { code: "PROMO 10%" });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({
      errors: { code: ["Use de 1 a 30 letras sem acento, números, - ou _"] },
    });
  });

  it("keeps a coupon that stopped applying, with the reason, so she sees why and can remove it", async () => {
    const browser = visitor({ items: [line(honey, 2), line(soap, 1)] });
    expect((await browser.request("POST", "/api/shop/cart/coupon", { code: "PROMO10" })).status).toBe(200);
    const fewer = await browser.request("DELETE", "/api/shop/cart/items/0");
    expect(fewer.json<PricedCart>().coupon).toEqual({
      code: "PROMO10",
      applied: false,
      reason: "Valor mínimo de R$ 50,00",
      items_discount_cents: 0,
      free_shipping: false,
    });
    expect(browser.cart().coupon).toBe("PROMO10");
    // Emptying the cart lets the coupon go with the purchase it was for.
    await browser.request("DELETE", "/api/shop/cart");
    expect(browser.cart().coupon).toBeNull();
  });

  it("prices a coupon from the cookie, never trusting it: free shipping, a tag's lines only, an unknown code", async () => {
    const priced = async (coupon: string) =>
      visitor({ items: [line(honey, 1), line(soap, 1)], coupon })
        .request("GET", "/api/shop/cart")
        .then((response) => response.json<PricedCart>().coupon);
    expect(await priced("FRETEGRATIS")).toMatchObject({ applied: true, items_discount_cents: 0, free_shipping: true });
    // Half of the honey only: the soap is not tagged "mel".
    expect(await priced("SOMELMEL")).toMatchObject({ applied: true, items_discount_cents: 1250 });
    expect(await priced("FORJADO")).toMatchObject({ applied: false, reason: "Cupom não encontrado" });
  });

  it("says a coupon of one use per customer was used, once she has used it", async () => {
    const browser = visitor({ items: [line(honey, 1)], postal_code: "01310100" }, buyerToken);
    expect((await browser.request("POST", "/api/shop/cart/coupon", { code: "UMAVEZ" })).status).toBe(200);
    const placed = await browser.request("POST", "/api/shop/checkout", {
      ...ORDER_FORM,
      coupon_code: "UMAVEZ",
      expected_total_cents: 2500 - 1000 + 1290 - 75,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const again = visitor({ items: [line(honey, 1)] }, buyerToken);
    const used = await again.request("POST", "/api/shop/cart/coupon", { code: "UMAVEZ" });
    expect(used.json()).toEqual({ message: "Cupom já utilizado", errors: { code: ["Cupom já utilizado"] } });
    // Nobody signed in: her uses are unknown until she signs in at the checkout.
    const anonymous = visitor({ items: [line(honey, 1)] });
    expect((await anonymous.request("POST", "/api/shop/cart/coupon", { code: "UMAVEZ" })).status).toBe(200);
  });

  it("is a 404 while the shop is closed", async () => {
    const settings = (await t.request("GET", "/api/settings")).json<{ features: { shop: { enabled: boolean } } }>();
    settings.features.shop.enabled = false;
    await t.request("POST", "/api/settings", { token: t.superToken, body: settings });
    const browser = visitor({ items: [line(honey, 1)] });
    expect((await browser.request("POST", "/api/shop/cart/coupon", { code: "PROMO10" })).status).toBe(404);
    expect((await browser.request("DELETE", "/api/shop/cart/coupon")).status).toBe(404);
  });
});

const ORDER_FORM = {
  name: "Ana Compradora",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
  organization: "",
  postal_code: "01310-100",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  complement: "",
  shipping: "table:entrega-padrao",
  idempotency_key: "0b8f9a52-5d3e-4c59-9d43-2f1de2c0a6b1",
};

describe("the checkout page's coupon and Pix discount", () => {
  const URL_ = "http://localhost/loja/finalizar-pedido";

  function contextFor(actor: Actor | null) {
    const context = new RouterContextProvider();
    const value: Pick<AppContext, "services" | "flows" | "actor" | "clientAddress" | "sessionCookie"> = {
      services: t.services,
      flows: appFlows,
      actor,
      clientAddress: "203.0.113.9",
      sessionCookie: (token) => sessionCookie(token, false),
    };
    context.set(appContext, value as AppContext);
    return context;
  }

  const args = (actor: Actor | null, request: Request) => ({
    request,
    context: contextFor(actor),
    params: {},
    url: new URL(URL_),
    pattern: "/loja/finalizar-pedido",
  });
  const load = (actor: Actor | null, cookie: string) =>
    loader(args(actor, new Request(URL_, { headers: { cookie } }))) as Promise<{
      data: Awaited<ReturnType<typeof loader>>["data"];
    }>;
  const post = (actor: Actor | null, cookie: string, body: Record<string, string>) =>
    action(args(actor, new Request(URL_, { method: "POST", body: new URLSearchParams(body), headers: { cookie } })));

  /** Two jars of honey (R$ 50,00) with PROMO10, to São Paulo. */
  const promoCart = () => cookieOf({ items: [line(honey, 2)], postal_code: "01310100", coupon: "PROMO10" });

  it("reviews each option's sums: the coupon's discount, then 5 % off by Pix on every order of a static Pix shop", async () => {
    const { data } = await load(buyer, promoCart());
    expect(data.coupon).toEqual({ code: "PROMO10", applied: true, reason: null, effect: "− R$ 5,00" });
    expect(data.pix).toEqual({ percent: 5, mode: "always" });
    // R$ 50,00 - R$ 5,00 + R$ 12,90; by Pix 5 % of R$ 45,00 (R$ 2,25) off the items.
    expect(data.form?.totals["table:entrega-padrao"]).toEqual({
      cents: 5790,
      text: "R$ 57,90",
      couponDiscount: "− R$ 5,00",
      pix: { discount: "− R$ 2,25", total: { cents: 5565, text: "R$ 55,65" } },
    });
  });

  it("places the order with the coupon and the Pix total she reviewed, and empties the cart, coupon and all", async () => {
    const answer = await post(buyer, promoCart(), {
      ...ORDER_FORM,
      intent: "confirm",
      coupon_code: "PROMO10",
      "total_table:entrega-padrao": "5790",
      "total_pix_table:entrega-padrao": "5565",
    });
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("set-cookie")).toMatch(/^cms_cart=1~01310100~~;/);
    const orderId = Number(/pedido=(\d+)/.exec(answer.headers.get("location") ?? "")?.[1]);
    const order = await t.request("GET", `/api/orders/${orderId}`, { token: t.superToken });
    expect(order.json()).toMatchObject({ total_cents: 5565, coupon_code: "PROMO10" });
  });

  it("offers Pix or card at Mercado Pago, and takes the total of the one she chose", async () => {
    await setShop({
      provider: "mercadopago",
      mercadopago: { access_token: "TEST-token", webhook_secret: "segredo" },
      pix_discount_percent: 5,
    });
    const { data } = await load(buyer, promoCart());
    expect(data.pix).toEqual({ percent: 5, mode: "choice" });
    expect(data.form?.values.payment_choice).toBe("pix");
    // By card, the total by Pix is not hers: she reviewed R$ 57,90.
    const byCard = await post(buyer, promoCart(), {
      ...ORDER_FORM,
      intent: "confirm",
      coupon_code: "PROMO10",
      payment_choice: "card",
      "total_table:entrega-padrao": "5790",
      "total_pix_table:entrega-padrao": "5565",
    });
    if (!(byCard instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(byCard)}`);
    const orderId = Number(/pedido=(\d+)/.exec(byCard.headers.get("location") ?? "")?.[1]);
    const order = await t.request("GET", `/api/orders/${orderId}`, { token: t.superToken });
    expect(order.json()).toMatchObject({ total_cents: 5790 });
  });

  it("gives no Pix discount at a shop paid by hand", async () => {
    await setShop({ provider: "manual", manual: { instructions: "Pague na retirada." }, pix_discount_percent: 5 });
    const { data } = await load(buyer, promoCart());
    expect(data.pix).toBeNull();
    expect(data.form?.totals["table:entrega-padrao"]?.pix).toBeNull();
  });

  it("applies and removes the coupon from the order form, keeping what she typed; a refusal is the field's error", async () => {
    const plain = cookieOf({ items: [line(soap, 1)], postal_code: "01310100" });
    const refused = await post(buyer, plain, { ...ORDER_FORM, number: "77", intent: "coupon", code: "promo10" });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        errors: { code: ["Valor mínimo de R$ 50,00"] },
        form: { values: { number: "77", code: "promo10" }, coupon: null },
      },
    });

    const applied = await post(buyer, plain, { ...ORDER_FORM, number: "77", intent: "coupon", code: "fretegratis" });
    expect(applied).toMatchObject({
      data: {
        ok: true,
        form: {
          values: { number: "77", code: "" },
          coupon: { code: "FRETEGRATIS", applied: true, effect: "frete grátis" },
          // R$ 12,00 with its shipping taken off by the coupon; by Pix 5 % of R$ 12,00.
          totals: {
            "table:entrega-padrao": { cents: 1200, couponDiscount: "− R$ 12,90", pix: { total: { cents: 1140 } } },
          },
        },
      },
    });
    const kept = new Headers((applied as { init: ResponseInit }).init.headers).get("set-cookie") ?? "";
    expect(kept).toMatch(/^cms_cart=2~01310100~~\d+\.\d+\.1~FRETEGRATIS;/);

    const withCoupon = cookieOf({ items: [line(soap, 1)], postal_code: "01310100", coupon: "FRETEGRATIS" });
    const removed = await post(buyer, withCoupon, { ...ORDER_FORM, intent: "coupon_remove" });
    expect(removed).toMatchObject({ data: { ok: true, form: { coupon: null } } });
    expect(new Headers((removed as { init: ResponseInit }).init.headers).get("set-cookie")).toMatch(/^cms_cart=1~/);
  });

  it("lets a visitor not yet signed in apply a coupon too, and shows her the sums with the cart's shipping", async () => {
    const cart = cookieOf({ items: [line(honey, 2)], postal_code: "01310100", shipping: "table:entrega-padrao" });
    const answer = await post(null, cart, { intent: "coupon", code: "PROMO10" });
    if (!(answer instanceof Response)) throw new Error(`expected a redirect, got ${JSON.stringify(answer)}`);
    expect(answer.headers.get("location")).toBe("/loja/finalizar-pedido");
    const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { data } = await load(null, cookie);
    expect(data.cartShipping?.sums).toEqual({
      cents: 5790,
      text: "R$ 57,90",
      couponDiscount: "− R$ 5,00",
      pix: { discount: "− R$ 2,25", total: { cents: 5565, text: "R$ 55,65" } },
    });
    expect(await post(null, cart, { intent: "coupon", code: "VELHO" })).toMatchObject({
      init: { status: 400 },
      data: { errors: { code: ["Cupom expirado"] }, typedCoupon: "VELHO" },
    });
  });

  it("tells her why when the coupon stopped applying before she confirmed", async () => {
    const cart = cookieOf({ items: [line(soap, 1)], postal_code: "01310100", coupon: "PROMO10" });
    const answer = await post(buyer, cart, {
      ...ORDER_FORM,
      intent: "confirm",
      coupon_code: "PROMO10",
      "total_table:entrega-padrao": "2370",
    });
    expect(answer).toMatchObject({
      data: { ok: false, errors: { coupon_code: ["Valor mínimo de R$ 50,00"] } },
    });
  });
});

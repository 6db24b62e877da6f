import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { PricedCart } from "../../../common/views/cart.ts";
import type { ProductView } from "../../../common/views/products.ts";
import type { ShippingQuoteView, ShopSettingsView } from "../../../common/views/shop.ts";
import { FAKE_MERCADOPAGO_DEFAULTS, startFakeMercadoPago } from "../../../tests/support/fake-mercadopago.ts";
import {
  cartBrowser,
  createProduct,
  SAO_PAULO_TABLE_RATE,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";

const env: Record<string, string> = {};
const mercadoPago = withFakeServer(startFakeMercadoPago, env, "MERCADOPAGO_URL");

const t = withTestApp({ env });

type ErrorBody = { message: string; errors?: Record<string, string[]> };

let token = "";
let shirt: ProductView;
let coffee: ProductView;

const setShop = (enabled: boolean) => switchShopFeature(t, token, enabled);
const create = (body: Record<string, unknown>) => createProduct(t, token, body);
const visitor = () => cartBrowser(t);

const variant = (product: ProductView, index = 0) => {
  const found = product.variants[index];
  if (!found) throw new Error("no such variant");
  return { product_id: product.id, variant_id: found.id };
};

beforeEach(async () => {
  token = await t.setupSite();
  await setShop(true);
  shirt = await create({
    name: "Camiseta",
    options: [{ name: "Tamanho", values: ["P", "M", "G"] }],
    variants: [
      { options: ["P"], price_cents: 4990, stock: 3 },
      { options: ["M"], price_cents: 5290, stock: 10 },
      { options: ["G"], price_cents: 5490, stock: 0 },
    ],
    weight_grams: 300,
  });
  coffee = await create({ name: "Café orgânico", variants: [{ price_cents: 2590, stock: 20 }], weight_grams: 500 });
});

describe("the cart (spec §4), in its cookie, priced by the server", () => {
  it("adds, adds again, updates, removes by position and clears", async () => {
    const browser = visitor();
    await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 1), quantity: 2 });
    await browser.request("POST", "/api/shop/cart/items", { ...variant(coffee), quantity: 1 });
    let cart = (
      await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 1), quantity: 1 })
    ).json<PricedCart>();
    expect(cart.lines.map((line) => [line.name, line.variant, line.quantity, line.line_total_cents])).toEqual([
      ["Camiseta", "Tamanho: M", 3, 15870],
      ["Café orgânico", "", 1, 2590],
    ]);
    expect(cart.subtotal_cents).toBe(18460);
    expect(cart.count).toBe(4);

    cart = (
      await browser.request("PUT", "/api/shop/cart/items", { ...variant(shirt, 1), quantity: 1 })
    ).json<PricedCart>();
    expect(cart.lines.map((line) => line.quantity)).toEqual([1, 1]);
    cart = (await browser.request("DELETE", "/api/shop/cart/items/1")).json<PricedCart>();
    expect(cart.lines.map((line) => line.name)).toEqual(["Camiseta"]);
    cart = (await browser.request("DELETE", "/api/shop/cart")).json<PricedCart>();
    expect(cart.lines).toEqual([]);
  });

  it("keeps the cart for 365 days, readable by the header's script, and never in a shared cache", async () => {
    const browser = visitor();
    const response = await browser.request("POST", "/api/shop/cart/items", { ...variant(coffee), quantity: 2 });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("Max-Age=31536000");
    expect(setCookie).not.toContain("HttpOnly");
    expect(browser.cookie()).toBe(`cms_cart=1~~~${coffee.id}.${coffee.variants[0]?.id}.2`);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("refuses more than the stock, a sold-out size, an unknown variant and silly quantities", async () => {
    const browser = visitor();
    const tooMany = await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 0), quantity: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json<ErrorBody>().message).toBe("Só há 3 unidades de Camiseta (P) em estoque; você pediu 4.");
    const soldOut = await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 2), quantity: 1 });
    expect(soldOut.json<ErrorBody>().message).toBe("Camiseta (G) está esgotado.");
    await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 0), quantity: 2 });
    const beyond = await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 0), quantity: 2 });
    expect(beyond.json<ErrorBody>().message).toBe("Só há 3 unidades de Camiseta (P) em estoque; você pediu 4.");
    const foreign = await browser.request("POST", "/api/shop/cart/items", {
      product_id: coffee.id,
      variant_id: shirt.variants[0]?.id,
      quantity: 1,
    });
    expect(foreign.status).toBe(404);
    for (const quantity of [0, 10 ** 9, -1, "dois"]) {
      const response = await browser.request("POST", "/api/shop/cart/items", { ...variant(coffee), quantity });
      expect(response.status, String(quantity)).toBe(400);
    }
  });

  it("drops what disappeared and lowers what the stock no longer covers, saying so", async () => {
    const browser = visitor();
    await browser.request("POST", "/api/shop/cart/items", { ...variant(shirt, 1), quantity: 5 });
    await browser.request("POST", "/api/shop/cart/items", { ...variant(coffee), quantity: 1 });
    await t.database.db.execute(sql`update product_variants set stock = 2 where id = ${shirt.variants[1]?.id ?? 0}`);
    await t.database.db.execute(sql`update products set status = 'draft' where id = ${coffee.id}`);
    const cart = (await browser.request("GET", "/api/shop/cart")).json<PricedCart>();
    expect(cart.lines.map((line) => [line.name, line.quantity])).toEqual([["Camiseta", 2]]);
    expect(cart.notices).toEqual([
      "Só há 2 unidades de Camiseta (M) em estoque; a quantidade foi ajustada.",
      "Um produto do seu carrinho não está mais disponível e foi retirado.",
    ]);
    expect(browser.cookie()).toBe(`cms_cart=1~~~${shirt.id}.${shirt.variants[1]?.id}.2`);
  });

  it("ignores a cookie it did not write, and is a 404 while the shop is off", async () => {
    const browser = visitor();
    browser.setCookie(`cms_cart=${"9".repeat(3000)}`);
    expect((await browser.request("GET", "/api/shop/cart")).json<PricedCart>().lines).toEqual([]);
    browser.setCookie("cms_cart=1~~~1.2");
    expect((await browser.request("GET", "/api/shop/cart")).status).toBe(200);
    await setShop(false);
    expect((await browser.request("GET", "/api/shop/cart")).status).toBe(404);
  });

  it("keeps the CEP and the chosen shipping, and forgets the choice when the CEP changes", async () => {
    const browser = visitor();
    let cart = (
      await browser.request("PUT", "/api/shop/cart/postal-code", { postal_code: "01310-100" })
    ).json<PricedCart>();
    expect(cart.postal_code).toBe("01310100");
    cart = (await browser.request("PUT", "/api/shop/cart/shipping", { shipping: "table:0" })).json<PricedCart>();
    expect(cart.shipping).toBe("table:0");
    cart = (
      await browser.request("PUT", "/api/shop/cart/postal-code", { postal_code: "20040-002" })
    ).json<PricedCart>();
    expect(cart.shipping).toBeNull();
    const bad = await browser.request("PUT", "/api/shop/cart/postal-code", { postal_code: "123" });
    expect(bad.status).toBe(400);
    expect(bad.json<ErrorBody>().errors?.postal_code).toEqual(["Informe um CEP válido, como 01310-100"]);
  });
});

describe("shop settings and shipping quotes", () => {
  const settings = {
    legal_name: "Cooperativa Vale Verde",
    tax_id: "11.222.333/0001-81",
    city: "Campinas",
    uf: "SP",
    origin_postal_code: "13010-000",
    shipping: {
      table_rates: [
        SAO_PAULO_TABLE_RATE,
        {
          name: "Entrega padrão",
          region: { kind: "uf", uf: "RJ" },
          min_weight_grams: 0,
          max_weight_grams: 5000,
          price_cents: 2490,
          delivery_days: 5,
        },
      ],
      pickup: { enabled: true, address: "Rua das Flores, 10, Campinas", delivery_days: 1 },
      correios: {
        enabled: true,
        user: "coop",
        access_code: "segredo-da-api",
        posting_card: "0067599079",
        contract: "9912208555",
        dr: 20,
      },
    },
  };

  it("lets only administrators read and save them, and never sends the Correios access code back", async () => {
    const customer = await t.createUser("user", token);
    expect((await t.request("GET", "/api/shop/settings")).status).toBe(401);
    expect((await t.request("PUT", "/api/shop/settings", { token: customer.token, body: settings })).status).toBe(403);
    const saved = await t.request("PUT", "/api/shop/settings", { token, body: settings });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = saved.json<ShopSettingsView>();
    expect(view.tax_id).toBe("11222333000181");
    expect(view.origin_postal_code).toBe("13010000");
    expect(view.shipping.correios.access_code).toBe("");
    expect(view.shipping.correios.access_code_set).toBe(true);
    expect(JSON.stringify(view)).not.toContain("segredo-da-api");

    const again = await t.request("PUT", "/api/shop/settings", {
      token,
      body: {
        ...settings,
        shipping: { ...settings.shipping, correios: { ...settings.shipping.correios, access_code: "" } },
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.json<ShopSettingsView>().shipping.correios.access_code_set).toBe(true);
  });

  it("takes back what it answers: the settings read and saved again unchanged, no origin CEP among them", async () => {
    const first = await t.request("PUT", "/api/shop/settings", {
      token,
      body: {
        ...settings,
        origin_postal_code: "",
        shipping: { ...settings.shipping, correios: { ...settings.shipping.correios, enabled: false } },
        payments: { provider: "manual", manual: { instructions: "Pague na retirada." } },
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const read = (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>();
    expect(read.origin_postal_code).toBeNull();
    const saved = await t.request("PUT", "/api/shop/settings", { token, body: read });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.json<ShopSettingsView>()).toEqual(read);
  });

  it("asks for the Correios access code when none is stored", async () => {
    const response = await t.request("PUT", "/api/shop/settings", {
      token,
      body: {
        ...settings,
        shipping: { ...settings.shipping, correios: { ...settings.shipping.correios, access_code: "" } },
      },
    });
    expect(response.status).toBe(400);
    expect(response.json<ErrorBody>().errors?.["shipping.correios.access_code"]).toEqual([
      "Informe o código de acesso à API",
    ]);
  });

  it("refuses a wrong CNPJ, a wrong CEP and Correios without an origin, in Portuguese", async () => {
    const response = await t.request("PUT", "/api/shop/settings", {
      token,
      body: { ...settings, tax_id: "11.222.333/0001-82", origin_postal_code: "", uf: "XX" },
    });
    expect(response.status).toBe(400);
    const errors = response.json<ErrorBody>().errors;
    expect(errors?.tax_id).toEqual(["Informe um CPF ou CNPJ válido"]);
    expect(errors?.uf).toEqual(["Escolha um estado da lista"]);
  });

  it("quotes the table rates and pickup for a cart, cheapest first, in cents", async () => {
    const table = { ...settings, shipping: { ...settings.shipping, correios: { enabled: false } } };
    expect((await t.request("PUT", "/api/shop/settings", { token, body: table })).status).toBe(200);
    const quote = await t.request("POST", "/api/shop/shipping/quote", {
      body: { postal_code: "01310-100", items: [{ ...variant(shirt, 1), quantity: 2 }] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const view = quote.json<ShippingQuoteView>();
    expect(
      view.options.map((option) => [option.provider, option.name, option.price_cents, option.delivery_days]),
    ).toEqual([
      ["pickup", expect.any(String), 0, 1],
      ["table", "Entrega padrão", 1290, 3],
    ]);
    expect(view.unavailable).toEqual([]);
    const rio = await t.request("POST", "/api/shop/shipping/quote", {
      body: { postal_code: "20040-002", items: [{ ...variant(coffee), quantity: 1 }] },
    });
    expect(rio.json<ShippingQuoteView>().options.find((option) => option.provider === "table")?.price_cents).toBe(2490);
    const bad = await t.request("POST", "/api/shop/shipping/quote", { body: { postal_code: "abc", items: [] } });
    expect(bad.status).toBe(400);
  });
});

describe("payment settings", () => {
  const base = { legal_name: "Cooperativa Vale Verde", city: "Campinas", uf: "SP" };
  const pix = { key: "529.982.247-25", receiver_name: "Cooperativa Vale Verde", receiver_city: "Campinas" };
  const mercadopago = {
    access_token: FAKE_MERCADOPAGO_DEFAULTS.accessToken,
    webhook_secret: FAKE_MERCADOPAGO_DEFAULTS.webhookSecret,
  };
  const save = (body: Record<string, unknown>, as = token) =>
    t.request("PUT", "/api/shop/settings", { token: as, body });

  it("start as Pix with nothing set and 72 hours to pay", async () => {
    const view = (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>();
    expect(view.payments).toEqual({
      provider: "pix",
      pix: { key: "", receiver_name: "", receiver_city: "" },
      mercadopago: { access_token: "", access_token_set: false, webhook_secret: "", webhook_secret_set: false },
      manual: { instructions: "" },
      pix_discount_percent: 0,
    });
    expect(view.order_expiry_hours).toBe(72);
    expect(await t.services.shop.orderExpiryHours()).toBe(72);
  });

  it("are saved by administrators only, and Mercado Pago's secrets never come back", async () => {
    const customer = await t.createUser("user", token);
    const body = { ...base, payments: { provider: "mercadopago", mercadopago }, order_expiry_hours: 48 };
    expect((await save(body, customer.token)).status).toBe(403);
    expect((await t.request("PUT", "/api/shop/settings", { body })).status).toBe(401);
    expect((await t.request("GET", "/api/shop/settings", { token: customer.token })).status).toBe(403);

    const saved = await save(body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = saved.json<ShopSettingsView>();
    expect(view.payments.provider).toBe("mercadopago");
    expect(view.payments.mercadopago).toEqual({
      access_token: "",
      access_token_set: true,
      webhook_secret: "",
      webhook_secret_set: true,
    });
    expect(view.order_expiry_hours).toBe(48);
    const read = await t.request("GET", "/api/shop/settings", { token });
    for (const text of [JSON.stringify(view), JSON.stringify(read.body)]) {
      expect(text).not.toContain(mercadopago.access_token);
      expect(text).not.toContain(mercadopago.webhook_secret);
    }
    expect(await t.services.shop.paymentSettings()).toMatchObject({ provider: "mercadopago", mercadopago });
    expect(await t.services.shop.orderExpiryHours()).toBe(48);
  });

  it("keep the stored secrets when their fields come empty, and the whole payments when they do not come", async () => {
    expect((await save({ ...base, payments: { provider: "mercadopago", mercadopago } })).status).toBe(200);
    const empty = { access_token: "", webhook_secret: "" };
    const again = await save({ ...base, payments: { provider: "mercadopago", mercadopago: empty } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await t.services.shop.paymentSettings()).mercadopago).toEqual(mercadopago);

    // Pix chosen: the Mercado Pago secrets stay for the payments of earlier orders.
    expect((await save({ ...base, payments: { provider: "pix", pix, mercadopago: empty } })).status).toBe(200);
    expect(await t.services.shop.paymentSettings()).toMatchObject({
      provider: "pix",
      pix: { key: "52998224725" },
      mercadopago,
    });
    expect((await save(base)).status).toBe(200);
    expect((await t.services.shop.paymentSettings()).provider).toBe("pix");
  });

  it("ask for what the chosen provider needs, in Portuguese", async () => {
    const noPix = await save({ ...base, payments: { provider: "pix" } });
    expect(noPix.status).toBe(400);
    expect(noPix.json<ErrorBody>().errors).toMatchObject({
      "payments.pix.key": ["Informe a chave Pix"],
      "payments.pix.receiver_name": ["Informe o nome de quem recebe"],
      "payments.pix.receiver_city": ["Informe a cidade de quem recebe"],
    });

    const noSecrets = await save({ ...base, payments: { provider: "mercadopago" } });
    expect(noSecrets.status).toBe(400);
    expect(noSecrets.json<ErrorBody>().errors).toEqual({
      "payments.mercadopago.access_token": ["Informe o access token do Mercado Pago"],
      "payments.mercadopago.webhook_secret": ["Informe a assinatura secreta dos webhooks"],
    });

    const noInstructions = await save({ ...base, payments: { provider: "manual" } });
    expect(noInstructions.json<ErrorBody>().errors?.["payments.manual.instructions"]).toEqual([
      "Escreva as instruções de pagamento",
    ]);

    const wrong = await save({
      ...base,
      payments: {
        provider: "boleto",
        pix: { key: "chave qualquer", receiver_name: "x".repeat(26), receiver_city: "Santa Bárbara d'Oeste" },
      },
      order_expiry_hours: 721,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json<ErrorBody>().errors).toMatchObject({
      "payments.provider": ["Escolha uma forma de pagamento da lista"],
      "payments.pix.key": ["Informe uma chave Pix válida: CPF, CNPJ, e-mail, celular ou chave aleatória"],
      "payments.pix.receiver_name": ["No máximo 25 caracteres"],
      "payments.pix.receiver_city": ["No máximo 15 caracteres"],
      order_expiry_hours: ["Informe de 1 a 720 horas"],
    });
    for (const hours of [0, -1, 1.5, "três", "1e3"]) {
      const response = await save({ ...base, order_expiry_hours: hours });
      expect(response.json<ErrorBody>().errors?.order_expiry_hours, String(hours)).toEqual([
        "Informe de 1 a 720 horas",
      ]);
    }
  });

  it("keep Pix keys as the Pix directory writes them", async () => {
    const keys: [string, string][] = [
      ["529.982.247-25", "52998224725"],
      ["11.222.333/0001-81", "11222333000181"],
      ["(11) 98765-4321", "+5511987654321"],
      ["+55 11 98765-4321", "+5511987654321"],
      ["Vendas@Cooperativa.com.br", "vendas@cooperativa.com.br"],
      ["123E4567-E12B-12D1-A456-426655440000", "123e4567-e12b-12d1-a456-426655440000"],
    ];
    for (const [typed, stored] of keys) {
      const response = await save({ ...base, payments: { provider: "pix", pix: { ...pix, key: typed } } });
      expect(response.status, typed).toBe(200);
      expect(response.json<ShopSettingsView>().payments.pix.key, typed).toBe(stored);
    }
  });

  it("give the server the gateway of the chosen provider", async () => {
    await save({ ...base, payments: { provider: "pix", pix: { ...pix, receiver_city: "São Paulo" } } });
    const charge = await (await t.services.shop.paymentGateway()).charge({
      orderId: 1,
      orderNumber: 1001,
      totalCents: 2590,
      description: "Pedido 1001",
      payer: { name: "Maria", email: "maria@exemplo.com.br", taxId: "52998224725" },
      idempotencyKey: "chave",
      notificationUrl: null,
      returnUrl: "https://loja.exemplo.com.br/checkout",
      expiresAt: new Date("2026-11-27T12:00:00Z"),
      offerCard: true,
    });
    expect(charge).toMatchObject({ kind: "pix_static", copyPaste: expect.stringContaining("6009Sao Paulo") });

    await save({ ...base, payments: { provider: "manual", manual: { instructions: "Pague na retirada." } } });
    expect((await t.services.shop.paymentGateway()).provider).toBe("manual");
  });

  it("charge through Mercado Pago at MERCADOPAGO_URL once it is chosen", async () => {
    await save({ ...base, payments: { provider: "mercadopago", mercadopago } });
    const gateway = await t.services.shop.paymentGateway();
    expect(gateway.provider).toBe("mercadopago");
    const charge = await gateway.charge({
      orderId: 42,
      orderNumber: 1042,
      totalCents: 2590,
      description: "Pedido 1042",
      payer: { name: "Maria", email: "maria@exemplo.com.br", taxId: "52998224725" },
      idempotencyKey: "pedido-42",
      notificationUrl: null,
      returnUrl: "https://loja.exemplo.com.br/checkout",
      expiresAt: new Date("2026-11-27T12:00:00Z"),
      offerCard: true,
    });
    if (charge.kind !== "provider") throw new Error(charge.kind);
    expect(mercadoPago().payments.get(charge.externalId)).toMatchObject({
      transaction_amount: 25.9,
      external_reference: "42",
    });
  });
});

describe("the shop's e-mail notices", () => {
  const base = { legal_name: "Cooperativa Vale Verde" };
  const save = (body: Record<string, unknown>) => t.request("PUT", "/api/shop/settings", { token, body });
  const ALL_ON = { new_order: true, payment_confirmed: true, payment_reversed: true, contact_message: true };

  it("start on, to the site's public e-mail, and are saved and read back", async () => {
    const view = (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>();
    expect(view.notifications).toEqual({ email: "", ...ALL_ON });
    const saved = await save({
      ...base,
      notifications: { email: " Vendas@Coop.Example.com ", new_order: false, contact_message: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.json<ShopSettingsView>().notifications).toEqual({
      ...ALL_ON,
      email: "vendas@coop.example.com",
      new_order: false,
      contact_message: false,
    });
    // Left out, they stay as they were.
    const kept = await save(base);
    expect(kept.json<ShopSettingsView>().notifications.email).toBe("vendas@coop.example.com");
    expect(kept.json<ShopSettingsView>().notifications.new_order).toBe(false);
  });

  it("go to the shop's address, else the site's public e-mail, else every administrator; each switched off on its own", async () => {
    // The setup leaves the public e-mail empty: the sale still reaches whoever runs the site.
    const admin = await t.createUser("admin", token, "gerente@coop.example.com");
    await t.createUser("user", token, "cliente@coop.example.com");
    expect(await t.services.shop.ownerAddresses("new_order")).toEqual([SUPER.email, admin.email]);
    const superActor = await t.services.auth.userForToken(token);
    expect(await t.services.shop.ownerRecipients(superActor)).toEqual({
      source: "admins",
      addresses: [SUPER.email, admin.email],
    });
    const settings = (await t.request("GET", "/api/settings")).json<Record<string, unknown>>();
    const publicEmail = await t.request("POST", "/api/settings", {
      token,
      body: { ...settings, email: "contato@coop.example.com" },
    });
    expect(publicEmail.status).toBe(200);
    expect(await t.services.shop.ownerAddresses("new_order")).toEqual(["contato@coop.example.com"]);
    expect(await t.services.shop.ownerRecipients(superActor)).toEqual({
      source: "site",
      addresses: ["contato@coop.example.com"],
    });
    expect(
      (await save({ ...base, notifications: { email: "vendas@coop.example.com", payment_reversed: false } })).status,
    ).toBe(200);
    expect(await t.services.shop.ownerAddresses("payment_confirmed")).toEqual(["vendas@coop.example.com"]);
    expect(await t.services.shop.ownerAddresses("payment_reversed")).toEqual([]);
    expect(await t.services.shop.ownerRecipients(superActor)).toEqual({
      source: "shop",
      addresses: ["vendas@coop.example.com"],
    });
    await expect(t.services.shop.ownerRecipients(null)).rejects.toMatchObject({ kind: "unauthenticated" });
  });

  it("refuse an address that is not an e-mail, in Portuguese", async () => {
    const response = await save({ ...base, notifications: { email: "vendas(at)coop", new_order: "sim" } });
    expect(response.status).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({
      "notifications.email": ["Informe um e-mail válido"],
      "notifications.new_order": ["Informe true ou false"],
    });
  });
});

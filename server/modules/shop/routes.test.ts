import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { PricedCart } from "../../../common/views/cart.ts";
import type { ProductView } from "../../../common/views/products.ts";
import type { ShippingQuoteView, ShopSettingsView } from "../../../common/views/shop.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp();

type ErrorBody = { message: string; errors?: Record<string, string[]> };
type Settings = { features: Record<"shop", { enabled: boolean }> };

let token = "";
let shirt: ProductView;
let coffee: ProductView;

async function setShop(enabled: boolean) {
  const settings = (await t.request("GET", "/api/settings")).json<Settings>();
  settings.features.shop.enabled = enabled;
  expect((await t.request("POST", "/api/settings", { token, body: settings })).status).toBe(200);
}

async function create(body: Record<string, unknown>): Promise<ProductView> {
  const response = await t.request("POST", "/api/products", { token, body: { status: "published", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<ProductView>();
}

/** A browser's cookie jar for one cookie: what the last answer set is sent with the next request. */
function visitor() {
  let cookie = "";
  return {
    async request(method: string, url: string, body?: unknown) {
      const response = await t.request(method, url, { body, headers: cookie ? { cookie } : {} });
      const set = response.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0] ?? "";
      return response;
    },
    cookie: () => cookie,
    setCookie: (value: string) => {
      cookie = value;
    },
  };
}

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
        {
          name: "Entrega padrão",
          region: { kind: "uf", uf: "SP" },
          min_weight_grams: 0,
          max_weight_grams: 5000,
          price_cents: 1290,
          delivery_days: 3,
        },
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

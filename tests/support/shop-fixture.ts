import { randomUUID } from "node:crypto";
import { CART_COOKIE, type CartItem, cartCookieValue, emptyCart, readCartCookie } from "../../common/cart.ts";
import type { OrderPaymentView, OrderView } from "../../common/views/orders.ts";
import type { ProductView } from "../../common/views/products.ts";
import type { ApiResponse, TestApp } from "./test-app.ts";

/**
 * A shop in Recife that ships across Pernambuco by a table rate and takes static Pix: the body of
 * PUT /api/shop/settings the order tests and the copier's fixture set up.
 */
export const RECIFE_SHOP_SETTINGS = {
  legal_name: "Cooperativa Boa Terra",
  address: "Rua do Sol, 20 - Santo Antônio",
  tax_id: "11.222.333/0001-81",
  city: "Recife",
  uf: "PE",
  origin_postal_code: "50010-000",
  shipping: {
    table_rates: [
      {
        name: "Entrega regional",
        region: { kind: "uf", uf: "PE" },
        min_weight_grams: 0,
        max_weight_grams: 30000,
        price_cents: 1500,
        delivery_days: 4,
      },
    ],
  },
  payments: {
    provider: "pix",
    pix: { key: "cooperativa@example.org", receiver_name: "Boa Terra", receiver_city: "Recife" },
  },
};

/**
 * Maria in Recife as the checkout's form sends her order: her details, her address and the Recife shop's
 * table rate. POST /api/shop/checkout takes it with an idempotency key (`postCheckout` adds one).
 */
export const RECIFE_CHECKOUT = {
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

/** What the fixtures below need of a test app (withTestApp's handle). */
type Api = Pick<TestApp, "request">;

/** The answer when it has `status`; else the test stops, saying what the API answered. */
function expectStatus(response: ApiResponse, status: number, what: string): ApiResponse {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response;
}

/** Switches the shop feature on (or off) in the site's settings, as an administrator does on /conta/settings. */
export async function switchShopFeature(api: Api, token: string, enabled = true): Promise<void> {
  const settings = (await api.request("GET", "/api/settings")).json<{ features: Record<string, object> }>();
  const features = { ...settings.features, shop: { ...settings.features.shop, enabled } };
  expectStatus(
    await api.request("POST", "/api/settings", { token, body: { ...settings, features } }),
    200,
    "saving the shop feature",
  );
}

/** Saves the shop's settings (PUT /api/shop/settings): the Recife shop unless `body` says otherwise. */
export async function saveShopSettings(api: Api, token: string, body: object = RECIFE_SHOP_SETTINGS): Promise<void> {
  expectStatus(await api.request("PUT", "/api/shop/settings", { token, body }), 200, "saving the shop's settings");
}

/** A product created through POST /api/products, published unless `body` says otherwise. */
export async function createProduct(api: Api, token: string, body: Record<string, unknown>): Promise<ProductView> {
  const response = await api.request("POST", "/api/products", { token, body: { status: "published", ...body } });
  return expectStatus(response, 201, "creating a product").json<ProductView>();
}

/** A cart's line: `quantity` of the product's variant at `index` (its first by default). */
export function cartLine(product: ProductView, quantity: number, index = 0): CartItem {
  const variant = product.variants[index];
  if (!variant) throw new Error(`${product.name} has no variant ${index}`);
  return { product_id: product.id, variant_id: variant.id, quantity };
}

/** The Cookie header of a browser whose cart holds `items`. */
export const cartCookie = (items: CartItem[]) => `${CART_COOKIE}=${cartCookieValue({ ...emptyCart, items })}`;

/** A signed-in customer's checkout of `items` (POST /api/shop/checkout): Maria's order unless `body` changes it. */
export const postCheckout = (api: Api, token: string, items: CartItem[], body: Record<string, unknown> = {}) =>
  api.request("POST", "/api/shop/checkout", {
    token,
    headers: { cookie: cartCookie(items) },
    body: { ...RECIFE_CHECKOUT, idempotency_key: randomUUID(), ...body },
  });

/** The order and its payment, as a placed checkout answers them. */
export type Placed = { order: OrderView; payment: OrderPaymentView };

/** A checkout that must be placed (201). */
export async function placeOrder(
  api: Api,
  token: string,
  items: CartItem[],
  body: Record<string, unknown> = {},
): Promise<Placed> {
  return expectStatus(await postCheckout(api, token, items, body), 201, "placing an order").json<Placed>();
}

/** A bag of coffee with the weight and sizes the carriers quote by: the body of POST /api/products. */
export const COFFEE = {
  name: "Café orgânico",
  variants: [{ price_cents: 2590, stock: 20 }],
  weight_grams: 500,
  length_cm: 20,
  width_cm: 15,
  height_cm: 10,
};

/** An address on Avenida Paulista, in São Paulo, as the checkout's form sends it. */
export const PAULISTA_ADDRESS = {
  postal_code: "01310-100",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
};

/** The shipping quote for `quantity` of the product's first variant to Avenida Paulista. */
export const quoteShipping = (api: Api, product: ProductView, quantity = 1) =>
  api.request("POST", "/api/shop/shipping/quote", {
    body: { postal_code: PAULISTA_ADDRESS.postal_code, items: [cartLine(product, quantity)] },
  });

/** A table rate across São Paulo state, for parcels up to 5 kg: R$ 12,90 in 3 days. */
export const SAO_PAULO_TABLE_RATE = {
  name: "Entrega padrão",
  region: { kind: "uf", uf: "SP" },
  min_weight_grams: 0,
  max_weight_grams: 5000,
  price_cents: 1290,
  delivery_days: 3,
};

/** A shop in São Paulo whose one way to ship is its table rate (for parcels up to 30 kg), checkout "table:entrega-padrao". */
export const SAO_PAULO_SHOP = {
  legal_name: "Cooperativa Teste",
  uf: "SP",
  city: "São Paulo",
  origin_postal_code: "01001-000",
  shipping: { table_rates: [{ ...SAO_PAULO_TABLE_RATE, max_weight_grams: 30000 }] },
};

/**
 * A browser for the cart's API: the cart cookie the last answer set goes with the next request, as a browser
 * sends it (`cookie` is the one it starts with), with the session's `token` when she is signed in.
 */
export function cartBrowser(api: Api, { cookie = "", token }: { cookie?: string; token?: string } = {}) {
  let held = cookie;
  return {
    async request(method: string, url: string, body?: unknown) {
      const response = await api.request(method, url, { body, token, headers: held ? { cookie: held } : {} });
      const set = response.headers.get("set-cookie");
      if (set) held = set.split(";")[0] ?? "";
      return response;
    },
    cookie: () => held,
    setCookie: (value: string) => {
      held = value;
    },
    /** The cart the cookie holds now. */
    cart: () => readCartCookie(held.slice(`${CART_COOKIE}=`.length)),
  };
}

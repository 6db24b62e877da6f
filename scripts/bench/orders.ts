/**
 * Orders placed per second (issue 34): a shop of 40 products with table rates and static Pix, 20 customers
 * signed in, then all 20 confirming orders at once through POST /api/shop/checkout for the measured seconds,
 * each sending her next order as soon as the last one is answered. Every order has two lines of products
 * several buyers share (their stock rows are locked in turn), and every other buyer applies the same coupon
 * (its row too), with the total she reviewed, as the checkout page sends it. A confirmation that is not a new
 * order (201) is counted as refused: the target is that none is.
 */
import { randomUUID } from "node:crypto";
import { cartCookieValue, emptyCart } from "../../common/cart.ts";
import { orderTotals, percentOf } from "../../common/order-totals.ts";
import type { ProductView } from "../../common/views/products.ts";
import type { SettingsView } from "../../common/views/settings.ts";
import { RECIFE_CHECKOUT, RECIFE_SHOP_SETTINGS } from "../../tests/support/shop-fixture.ts";
import type { Database } from "./results.ts";
import { apiClient, seed } from "./seed.ts";
import { figure, type Row } from "./table.ts";

const PRODUCTS = 40;
const COUPON = { code: "BENCH10", percent: 10 };
const SHIPPING = { code: "table:entrega-regional", cents: 1500 };
/** Maria in Recife, as the tests send her order, on the bench shop's table rate. */
const ADDRESS = { ...RECIFE_CHECKOUT, shipping: SHIPPING.code };
/** Orders each buyer places before the clock starts: the server's code paths warmed. */
const WARMUP_ORDERS = 2;

export type OrdersFigure = {
  database: Database;
  buyers: number;
  seconds: number;
  placed: number;
  refused: number;
  /** The first refusal's status and body, to tell why. */
  firstRefusal: string | null;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
};

type Buyer = { token: string; cookie: string; body: Record<string, unknown> };

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;

/** Opens the shop with the Recife fixture's table rate and static Pix, writes the products and the coupon. */
async function seedOrdersShop(api: ReturnType<typeof apiClient>): Promise<ProductView[]> {
  const settings = await api.get<SettingsView>("/api/settings");
  await api.post("/api/settings", {
    ...settings,
    features: { ...settings.features, shop: { ...settings.features.shop, enabled: true } },
  });
  await api.put("/api/shop/settings", RECIFE_SHOP_SETTINGS);
  const products: ProductView[] = [];
  for (let index = 0; index < PRODUCTS; index++)
    products.push(
      await api.post<ProductView>("/api/products", {
        name: `Mel de florada ${index + 1}`,
        status: "published",
        tags: [index % 2 ? "mel" : "cooperativa"],
        variants: [{ price_cents: 990 + index * 50, stock: 1_000_000 }],
        weight_grams: 300,
      }),
    );
  await api.post("/api/coupons", { code: COUPON.code, kind: "percent", percent: COUPON.percent });
  return products;
}

/** Buyer `index`'s account, signed in, and her cart: two products, one of them shared with the next buyer. */
async function buyerOf(
  api: ReturnType<typeof apiClient>,
  base: string,
  products: ProductView[],
  index: number,
): Promise<Buyer> {
  const email = `compradora-${index + 1}@bench.example`;
  const password = "perf-loopback-only";
  await api.post("/api/users", { name: `Compradora ${index + 1}`, email, role: "user", password });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`orders bench: login ${email} -> HTTP ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const lines = [products[index % PRODUCTS], products[(index + 1) % PRODUCTS]].map((product, position) => {
    const variant = product?.variants[0];
    if (!product || !variant) throw new Error("orders bench: a product without its variant");
    return { product_id: product.id, variant_id: variant.id, quantity: 1 + position, price: variant.price_cents };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const withCoupon = index % 2 === 0;
  const totals = orderTotals({
    subtotal_cents: subtotal,
    shipping_cents: SHIPPING.cents,
    coupon: withCoupon
      ? { code: COUPON.code, items_discount_cents: percentOf(subtotal, COUPON.percent), free_shipping: false }
      : null,
    pix_discount_percent: 0,
    by_pix: true,
  });
  const items = lines.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity }));
  return {
    token,
    cookie: `cms_cart=${cartCookieValue({ ...emptyCart, items })}`,
    body: {
      ...ADDRESS,
      expected_total_cents: totals.total_cents,
      ...(withCoupon ? { coupon_code: COUPON.code } : {}),
    },
  };
}

/** One confirmation: its time, and its status and body when it placed no new order. */
async function confirm(base: string, buyer: Buyer): Promise<{ ms: number; refusal: string | null }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/shop/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Token ${buyer.token}`, cookie: buyer.cookie },
    body: JSON.stringify({ ...buyer.body, idempotency_key: randomUUID() }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  return { ms, refusal: response.status === 201 ? null : `HTTP ${response.status}: ${text.slice(0, 300)}` };
}

/**
 * Seeds a fresh server (`base`: nothing set up yet) and measures `buyers` customers confirming at once for
 * `seconds`, after each placed WARMUP_ORDERS unmeasured.
 */
export async function benchOrders(
  base: string,
  database: Database,
  options: { buyers: number; seconds: number },
): Promise<OrdersFigure> {
  await seed(base);
  const api = apiClient(base);
  await api.login();
  const products = await seedOrdersShop(api);
  const buyers: Buyer[] = [];
  for (let index = 0; index < options.buyers; index++) buyers.push(await buyerOf(api, base, products, index));
  await Promise.all(
    buyers.map(async (buyer) => {
      for (let round = 0; round < WARMUP_ORDERS; round++) {
        const { refusal } = await confirm(base, buyer);
        if (refusal) throw new Error(`orders bench: a warm-up order was refused: ${refusal}`);
      }
    }),
  );
  const times: number[] = [];
  let refused = 0;
  let firstRefusal: string | null = null;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < until) {
        const { ms, refusal } = await confirm(base, buyer);
        if (refusal === null) times.push(ms);
        else {
          refused++;
          firstRefusal ??= refusal;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return {
    database,
    buyers: options.buyers,
    seconds: elapsed,
    placed: times.length,
    refused,
    firstRefusal,
    perSecond: times.length / elapsed,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
  };
}

/** The table's rows of the orders part: a figure without a target of its own, every confirmation placed. */
export function ordersRows(figures: OrdersFigure[]): Row[] {
  return figures.map((result) => ({
    figure: `orders placed per second, ${result.buyers} buyers confirming at once (${result.database})`,
    value:
      `${figure(result.perSecond)} orders/s (${result.placed} in ${figure(result.seconds)} s); ` +
      `p50 ${figure(result.p50Ms)} ms, p95 ${figure(result.p95Ms)} ms per confirmation` +
      (result.refused > 0 ? `; ${result.refused} refused, first: ${result.firstRefusal?.replaceAll("|", "\\|")}` : ""),
    ratio: "",
    target: "every confirmation places its order",
    misses: result.refused > 0 ? ["refused"] : [],
  }));
}

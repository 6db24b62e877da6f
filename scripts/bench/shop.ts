/**
 * The shop with a large catalogue (issue 11's performance part): 10,000 products written through the
 * REST API, then the shop's list in each order, with and without a search, a product page and a
 * shipping quote with table rates, each asked one at a time on a server without the page cache, so
 * every answer is made afresh and its time is the server's (loopback adds a few tenths of a
 * millisecond). Targets: p95 <= 50 ms for the pages, <= 10 ms for the quote, on the embedded database.
 * Then (issue 26) the same cart quoted again and again with Melhor Envio on, its fake answering after
 * 50 ms: the quote cache keeps p95 <= 100 ms.
 */
import type { ProductView } from "../../common/views/products.ts";
import type { SettingsView } from "../../common/views/settings.ts";
import type { ShopSettingsView } from "../../common/views/shop.ts";
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from "../../tests/support/fake-melhor-envio.ts";
import type { apiClient } from "./seed.ts";

type Api = ReturnType<typeof apiClient>;

const NOUNS = ["Café", "Camiseta", "Mel", "Cartilha", "Sabonete", "Caneca", "Geleia", "Boné", "Farinha", "Livro"];
const QUALITIES = ["orgânico", "artesanal", "da cooperativa", "agroecológico", "regional", "solidário", "do campo"];
const TAGS = ["alimentos", "vestuário", "publicações", "casa", "presentes", "cosméticos", "bebidas", "agroecologia"];

/** The i-th product of the catalogue: every tenth has sizes, every fifteenth is sold out. */
function product(index: number) {
  const name = `${NOUNS[index % NOUNS.length]} ${QUALITIES[index % QUALITIES.length]} ${index + 1}`;
  const stock = index % 15 === 0 ? 0 : 5 + (index % 40);
  const price = 990 + ((index * 137) % 20_000);
  const sized = index % 10 === 0;
  return {
    name,
    summary: `${name}: produzido por famílias associadas, com entrega para todo o Brasil.`,
    content: `<p>${name}. Produto de agricultura familiar, embalado na sede da cooperativa.</p>`,
    status: "published",
    tags: [TAGS[index % TAGS.length], TAGS[(index * 3 + 1) % TAGS.length]],
    options: sized ? [{ name: "Tamanho", values: ["P", "M", "G"] }] : [],
    variants: sized
      ? ["P", "M", "G"].map((size, position) => ({ options: [size], price_cents: price + position * 300, stock }))
      : [{ options: [], price_cents: price, stock }],
    weight_grams: 200 + (index % 30) * 50,
    length_cm: 20,
    height_cm: 5,
    width_cm: 15,
  };
}

/** How long the Melhor Envio fake takes to answer: a near, quick API. */
const MELHOR_ENVIO_DELAY_MS = 50;

/** Melhor Envio's fake for the shop's server (MELHOR_ENVIO_URL), answering after 50 ms. */
export async function startBenchMelhorEnvio(): Promise<FakeMelhorEnvio> {
  const melhorEnvio = await startFakeMelhorEnvio();
  melhorEnvio.setDelay(MELHOR_ENVIO_DELAY_MS);
  return melhorEnvio;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;

/** Times `count` requests made one after the other (after a few unmeasured ones) and gives p50 and p95. */
async function timed(count: number, request: (index: number) => Promise<Response>) {
  for (let index = 0; index < 5; index++) await (await request(index)).arrayBuffer();
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await request(index);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`shop bench: HTTP ${response.status} for request ${index}`);
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** Opens the shop, sets table rates and writes `count` products, four requests at a time. */
export async function seedShop(api: Api, count: number): Promise<ProductView> {
  const settings = await api.get<SettingsView>("/api/settings");
  await api.post("/api/settings", {
    ...settings,
    features: { ...settings.features, shop: { ...settings.features.shop, enabled: true } },
  });
  await api.put("/api/shop/settings", {
    legal_name: "Cooperativa Vale Verde",
    origin_postal_code: "13010-000",
    shipping: {
      table_rates: ["SP", "RJ", "MG", "PR", "SC", "RS", "BA", "PE"].flatMap((uf, row) => [
        {
          name: "Entrega padrão",
          region: { kind: "uf", uf },
          min_weight_grams: 0,
          max_weight_grams: 5000,
          price_cents: 1290 + row * 100,
          delivery_days: 3 + row,
        },
        {
          name: "Entrega padrão",
          region: { kind: "uf", uf },
          min_weight_grams: 5001,
          max_weight_grams: 30000,
          price_cents: 2990 + row * 100,
          delivery_days: 4 + row,
        },
      ]),
      pickup: { enabled: true, address: "Rua das Flores, 10, Campinas", delivery_days: 1 },
    },
  });
  let next = 0;
  let first: ProductView | null = null;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const created = await api.post<ProductView>("/api/products", product(index));
      if (index === 1) first = created;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (!first) throw new Error("shop bench: no product written");
  return first;
}

export type ShopFigure = { label: string; p50: number; p95: number; target: number };

/** The shop's figures, one request at a time against `base` (a server with PAGE_CACHE=off). */
export async function measureShop(base: string, sample: ProductView, requests = 100): Promise<ShopFigure[]> {
  const page = (path: string) => (index: number) =>
    fetch(`${base}${path}${path.includes("?") ? "&" : "?"}page=${1 + (index % 5)}`);
  const figures: ShopFigure[] = [];
  const measure = async (label: string, target: number, request: (index: number) => Promise<Response>) => {
    figures.push({ label, target, ...(await timed(requests, request)) });
  };
  await measure("/loja (mais recentes)", 50, page("/loja"));
  await measure("/loja?sort=best_sellers", 50, page("/loja?sort=best_sellers"));
  await measure("/loja?sort=alphabetical_order", 50, page("/loja?sort=alphabetical_order"));
  await measure("/loja?q=cafe", 50, page("/loja?q=cafe"));
  await measure("/loja?q=camiseta&sort=alphabetical_order", 50, page("/loja?q=camiseta&sort=alphabetical_order"));
  await measure("/loja?tag=alimentos&sort=best_sellers", 50, page("/loja?tag=alimentos&sort=best_sellers"));
  await measure(`/loja/${sample.slug}`, 50, () => fetch(`${base}/loja/${sample.slug}`));
  const variant = sample.variants[0];
  if (!variant) throw new Error("shop bench: the sample product has no variant");
  await measure("POST /api/shop/shipping/quote (table rates)", 10, (index) =>
    fetch(`${base}/api/shop/shipping/quote`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        postal_code: index % 2 ? "01310-100" : "20040-002",
        items: [{ product_id: sample.id, variant_id: variant.id, quantity: 1 + (index % 3) }],
      }),
    }),
  );
  return figures;
}

/**
 * Turns Melhor Envio on (beside the table rates and pickup) and times one cart quoted again and again, as a
 * customer does from the product page to the order: after the first, Melhor Envio's answer comes from the
 * server's quote cache.
 */
export async function measureMelhorEnvioQuote(
  api: Api,
  base: string,
  sample: ProductView,
  melhorEnvio: FakeMelhorEnvio,
  requests = 100,
): Promise<ShopFigure> {
  const { payments: _stored, ...current } = await api.get<ShopSettingsView>("/api/shop/settings");
  await api.put("/api/shop/settings", {
    ...current,
    shipping: {
      ...current.shipping,
      melhor_envio: {
        enabled: true,
        environment: "sandbox",
        token: melhorEnvio.token,
        services: [1, 2, 3, 17],
        margin: { kind: "fixed", value: 0 },
        extra_days: 0,
      },
    },
  });
  const variant = sample.variants[0];
  if (!variant) throw new Error("shop bench: the sample product has no variant");
  const body = JSON.stringify({
    postal_code: "20040-002",
    items: [{ product_id: sample.id, variant_id: variant.id, quantity: 2 }],
  });
  const asked = melhorEnvio.requests.length;
  const figure = await timed(requests, () =>
    fetch(`${base}/api/shop/shipping/quote`, { method: "POST", headers: { "content-type": "application/json" }, body }),
  );
  if (melhorEnvio.requests.length === asked)
    throw new Error("shop bench: the quote never asked Melhor Envio (is MELHOR_ENVIO_URL set?)");
  return { label: "POST /api/shop/shipping/quote (Melhor Envio at 50 ms, same cart)", target: 100, ...figure };
}

export function shopLines(figures: ShopFigure[]): string[] {
  return figures.map(
    ({ label, p50, p95, target }) =>
      `| ${label} | p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms | p95 <= ${target} ms | ${p95 <= target ? "✅" : "❌"} |`,
  );
}

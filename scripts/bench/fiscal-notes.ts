/**
 * Notas fiscais for many paid orders (issue 35): the shop issuing on payment against the local fake of Focus
 * NFe answering every call after 200 ms (its webhooks delivered to the server's BASE_URL), `notes` orders
 * placed, then all paid one after the other by an administrator; the time from the first payment until the
 * last note is authorised with its DANFE and XML copied into the storage, and notes per second. Meanwhile two
 * visitors ask for the home page and the shop's list without pause: their slowest answer is the target's
 * (at most 0.3 s), as issuing must never slow the site.
 */
import { randomUUID } from "node:crypto";
import { cartCookieValue, emptyCart } from "../../common/cart.ts";
import type { ProductView } from "../../common/views/products.ts";
import type { SettingsView } from "../../common/views/settings.ts";
import { type FakeFocusNfe, startFakeFocusNfe } from "../../tests/support/fake-focus-nfe.ts";
import { recifeFiscalSettings } from "../../tests/support/fiscal-fixture.ts";
import { RECIFE_CHECKOUT, RECIFE_SHOP_SETTINGS } from "../../tests/support/shop-fixture.ts";
import type { Database } from "./results.ts";
import { apiClient, seed } from "./seed.ts";
import { figure, type Row } from "./table.ts";
import { percentile, visitorsDuring } from "./visitors.ts";

/** How long the fake takes to answer each call: a provider across the country. */
const FOCUS_DELAY_MS = 200;
/** The visitors' target: every page answered within this while the notes are issued. */
const VISITOR_TARGET_MS = 300;
/**
 * BENCH_FISCAL_RATE_LIMIT=100: the fake enforces Focus NFe's documented limit, that many requests a minute per
 * token (the shop then waits out each pause); unset, no limit, as before.
 */
const RATE_LIMIT = Number(process.env.BENCH_FISCAL_RATE_LIMIT ?? 0);
/** Issuing gives up after this: the figure is then a failure, not a number. */
const DEADLINE_MS = 20 * 60_000;

export type FiscalNotesFigure = {
  database: Database;
  notes: number;
  /** From the first payment until every note is authorised with its files copied. */
  seconds: number;
  perSecond: number;
  /** How long paying every order took (inside `seconds`). */
  payingSeconds: number;
  authorized: number;
  visitorRequests: number;
  visitorP95Ms: number;
  visitorMaxMs: number;
  /** The fake's limit a minute (0: none) and how many requests it answered 429: the shop waits out each pause. */
  rateLimit: number;
  rateLimited: number;
};

/** The fake Focus NFe for the bench's server (FOCUS_NFE_URL), answering after 200 ms, limited when asked. */
export async function startBenchFocusNfe(): Promise<FakeFocusNfe> {
  if (!Number.isInteger(RATE_LIMIT) || RATE_LIMIT < 0)
    throw new Error("BENCH_FISCAL_RATE_LIMIT is a whole number of requests a minute");
  const focus = await startFakeFocusNfe();
  focus.delayMs = FOCUS_DELAY_MS;
  if (RATE_LIMIT > 0) focus.rateLimit = { limit: RATE_LIMIT, windowSeconds: 60 };
  return focus;
}

/** The notes whose DANFE the server has copied: one GET of its PDF each. */
const danfesCopied = (focus: FakeFocusNfe) =>
  new Set(focus.requests.filter((request) => request.path.includes("/DANFEs/")).map((request) => request.path)).size;

/**
 * Seeds a fresh server (`base`: nothing set up yet; its FOCUS_NFE_URL at `focus`, its BASE_URL its own address),
 * places `notes` orders and pays them, and measures until every note is authorised with its files.
 */
export async function benchFiscalNotes(
  base: string,
  database: Database,
  focus: FakeFocusNfe,
  notes: number,
): Promise<FiscalNotesFigure> {
  await seed(base);
  const api = apiClient(base);
  await api.login();
  const settings = await api.get<SettingsView>("/api/settings");
  await api.post("/api/settings", {
    ...settings,
    features: { ...settings.features, shop: { ...settings.features.shop, enabled: true } },
  });
  await api.put("/api/shop/settings", RECIFE_SHOP_SETTINGS);
  const product = await api.post<ProductView>("/api/products", {
    name: "Café da cooperativa",
    status: "published",
    variants: [{ price_cents: 2590, stock: 1_000_000 }],
    weight_grams: 500,
  });
  await api.put("/api/fiscal/settings", recifeFiscalSettings(focus.token));

  const email = `compradora-notas@bench.example`;
  const password = "perf-loopback-only";
  await api.post("/api/users", { name: "Compradora", email, role: "user", password });
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const variant = product.variants[0];
  if (!variant) throw new Error("fiscal bench: the product has no variant");
  const cookie = `cms_cart=${cartCookieValue({ ...emptyCart, items: [{ product_id: product.id, variant_id: variant.id, quantity: 2 }] })}`;
  const orderIds: number[] = [];
  for (let index = 0; index < notes; index++) {
    const response = await fetch(`${base}/api/shop/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Token ${token}`, cookie },
      body: JSON.stringify({
        ...RECIFE_CHECKOUT,
        neighborhood: "Santo Amaro",
        shipping: "table:entrega-regional",
        idempotency_key: randomUUID(),
      }),
    });
    if (response.status !== 201)
      throw new Error(`fiscal bench: checkout -> ${response.status} ${await response.text()}`);
    orderIds.push(((await response.json()) as { order: { id: number } }).order.id);
  }

  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const visited = visitorsDuring(base, ["/", "/loja"], finished);
  const started = performance.now();
  for (const id of orderIds) await api.post(`/api/orders/${id}/status`, { status: "paid" });
  const payingSeconds = (performance.now() - started) / 1000;
  while (danfesCopied(focus) < notes && performance.now() - started < DEADLINE_MS)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const seconds = (performance.now() - started) / 1000;
  finish();
  const times = (await visited).sort((a, b) => a - b);
  const authorized = danfesCopied(focus);
  return {
    database,
    notes,
    seconds,
    perSecond: authorized / seconds,
    payingSeconds,
    authorized,
    visitorRequests: times.length,
    visitorP95Ms: percentile(times, 0.95),
    visitorMaxMs: times.at(-1) ?? 0,
    rateLimit: focus.rateLimit?.limit ?? 0,
    rateLimited: focus.rateLimited,
  };
}

/** The table's rows: the notes' throughput, and the visitors' slowest answer against its target. */
export function fiscalNotesRows(figures: FiscalNotesFigure[]): Row[] {
  return figures.flatMap((result) => [
    {
      figure: `notas fiscais issued on payment, ${result.notes} orders, Focus NFe's fake at ${FOCUS_DELAY_MS} ms${result.rateLimit > 0 ? ` limited to ${result.rateLimit} requests a minute (${result.rateLimited} answered 429)` : ""} (${result.database})`,
      value:
        `${result.authorized} authorised with DANFE and XML copied in ${figure(result.seconds)} s ` +
        `(${figure(result.perSecond)} notes/s; paying them took ${figure(result.payingSeconds)} s)`,
      ratio: "",
      target: "every note authorised",
      misses: result.authorized < result.notes ? ["unfinished"] : [],
    },
    {
      figure: `visitors' pages (/ and /loja) while the notes are issued (${result.database})`,
      value: `${result.visitorRequests} answers, p95 ${figure(result.visitorP95Ms)} ms, slowest ${figure(result.visitorMaxMs)} ms`,
      ratio: "",
      target: `slowest <= ${VISITOR_TARGET_MS} ms`,
      misses: result.visitorMaxMs > VISITOR_TARGET_MS ? ["slow"] : [],
    },
  ]);
}

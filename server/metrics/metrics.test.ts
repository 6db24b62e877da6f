import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import type { PromMetrics } from "prom2javascript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../common/views/orders.ts";
import type { ProductView } from "../../common/views/products.ts";
import { parseMetrics, samplesOf, total } from "../../tests/support/prometheus-text.ts";
import { cartCookie, cartLine, RECIFE_CHECKOUT, RECIFE_SHOP_SETTINGS } from "../../tests/support/shop-fixture.ts";
import { SUPER } from "../../tests/support/test-app.ts";
import { createTestServices } from "../../tests/support/test-services.ts";
import { withTestDatabase } from "../../tests/support/with-test-services.ts";
import { createHttpApp, createSitePageCache, type DocumentHandler } from "../http/app.ts";
import { startScheduler } from "../modules/jobs/scheduler.ts";
import { mailOutbox } from "../modules/mail/tables.ts";
import { type Metrics, startMetrics } from "./metrics.ts";

const t = withTestDatabase();
const TOKEN = "token-das-metricas-0123456789";

/** A stand-in for React Router: every address is a public page. */
const render: DocumentHandler = async () =>
  new Response("<h1>Sobre nós</h1>", { headers: { "content-type": "text/html; charset=utf-8" } });

let metrics: Metrics;
afterAll(() => metrics?.stop());

/** The app as server/serve.ts builds it with METRICS_TOKEN set (`env` may unset it). */
function appWithMetrics(env: Record<string, string> = { METRICS_TOKEN: TOKEN }) {
  const services = createTestServices(t.database, env);
  metrics ??= startMetrics({ db: t.database.db });
  const pageCache = createSitePageCache(services);
  metrics.watch({ pageCache });
  const app = createHttpApp(services, env.METRICS_TOKEN ? render : undefined, pageCache, metrics);
  const call = async (
    method: string,
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return app.request(url, { method, headers, body });
  };
  return { services, call };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("GET /metrics", () => {
  it("is an unknown address without METRICS_TOKEN", async () => {
    const { call } = appWithMetrics({});
    const response = await call("GET", "/metrics", { headers: bearer(TOKEN) });
    expect(response.status).toBe(404);
  });

  it("answers only the bearer of METRICS_TOKEN, never to be kept", async () => {
    const { call } = appWithMetrics();
    for (const headers of [{}, bearer("outro-token-qualquer-0123456789"), { authorization: `Token ${TOKEN}` }]) {
      const refused = await call("GET", "/metrics", { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(await refused.text()).not.toContain("cms_");
    }
    const answered = await call("GET", "/metrics", { headers: bearer(TOKEN) });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    expect(answered.headers.get("x-page-cache")).toBeNull();
    const families = await parseMetrics(await answered.text());
    expect(families.process_cpu_user_seconds_total?.type).toBe("counter");
    expect(families.cms_render_workers?.type).toBe("gauge");
  });
});

describe("what a scrape counts", () => {
  let families: PromMetrics;
  let pageId = 0;

  beforeAll(async () => {
    const { call, services } = appWithMetrics();
    const json = async <T>(response: Response, status: number): Promise<T> => {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      return JSON.parse(text) as T;
    };
    await json(
      await call("POST", "/api/settings/setup", { body: { ...SUPER, password_confirmation: SUPER.password } }),
      201,
    );
    const login = async (email: string, password: string) =>
      (await json<{ token: string }>(await call("POST", "/api/auth/login", { body: { email, password } }), 200)).token;
    const admin = { authorization: `Token ${await login(SUPER.email, SUPER.password)}` };

    // Two reads of one page by id, and one of a page that does not exist: one route, not three addresses.
    const page = { title: "Sobre", slug: "sobre", content: "<p>x</p>", status: "published" };
    pageId = (await json<{ id: number }>(await call("POST", "/api/pages", { body: page, headers: admin }), 201)).id;
    await json(await call("GET", `/api/pages/${pageId}`), 200);
    await json(await call("GET", `/api/pages/${pageId}`), 200);
    expect((await call("GET", "/api/pages/987654")).status).toBe(404);

    // An order placed by a customer, then marked paid; its e-mails wait in the outbox (no SMTP_URL).
    const settings = await json<Record<string, unknown> & { features: Record<string, object> }>(
      await call("GET", "/api/settings"),
      200,
    );
    const features = { ...settings.features, shop: { ...settings.features.shop, enabled: true } };
    await json(await call("POST", "/api/settings", { body: { ...settings, features }, headers: admin }), 200);
    await json(await call("PUT", "/api/shop/settings", { body: RECIFE_SHOP_SETTINGS, headers: admin }), 200);
    const honey = await json<ProductView>(
      await call("POST", "/api/products", {
        headers: admin,
        body: { name: "Mel", status: "published", variants: [{ price_cents: 4990, stock: 10 }], weight_grams: 500 },
      }),
      201,
    );
    const customer = { name: "Maria", email: "maria@example.com", role: "user", password: "senha-forte-1" };
    await json(await call("POST", "/api/users", { body: customer, headers: admin }), 201);
    const placed = await json<{ order: OrderView }>(
      await call("POST", "/api/shop/checkout", {
        headers: {
          authorization: `Token ${await login(customer.email, customer.password)}`,
          cookie: cartCookie([cartLine(honey, 1)]),
        },
        body: { ...RECIFE_CHECKOUT, idempotency_key: randomUUID() },
      }),
      201,
    );
    await json(
      await call("POST", `/api/orders/${placed.order.id}/status`, { body: { status: "paid" }, headers: admin }),
      200,
    );
    // One e-mail the outbox gave up on.
    const [mail] = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
    if (!mail) throw new Error("no e-mail was queued");
    await t.database.db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, mail.id));

    // A background job that runs well, and one that fails.
    const scheduler = startScheduler({
      db: t.database.db,
      logger: pino({ level: "silent" }),
      jobs: [
        { name: "limpeza-de-teste", everyMs: 60_000, leaseMs: 60_000, run: async () => undefined },
        {
          name: "falha-de-teste",
          everyMs: 60_000,
          leaseMs: 60_000,
          run: async () => {
            throw new Error("falhou");
          },
        },
      ],
      onRun: metrics.jobRan,
    });
    await scheduler.tick();
    await scheduler.stop();
    // Last, as every change empties the page cache: a visitor's page, rendered and then answered from the page cache.
    expect((await call("GET", "/sobre")).headers.get("x-page-cache")).toBe("miss");
    expect((await call("GET", "/sobre")).headers.get("x-page-cache")).toBe("hit");
    expect(services.config.METRICS_TOKEN).toBe(TOKEN);

    const scraped = await call("GET", "/metrics", { headers: bearer(TOKEN) });
    expect(scraped.status).toBe(200);
    families = await parseMetrics(await scraped.text());
  });

  it("counts requests by route pattern, method and status, never by address", () => {
    const requests = "cms_http_requests_total";
    expect(families[requests]?.type).toBe("counter");
    expect(total(families, requests, { route: "/api/pages/:idOrSlug", method: "GET", status: "200" })).toBe(2);
    expect(total(families, requests, { route: "/api/pages/:idOrSlug", method: "GET", status: "404" })).toBe(1);
    expect(total(families, requests, { route: "/api/pages", method: "POST", status: "201" })).toBe(1);
    expect(total(families, requests, { route: "page", method: "GET", status: "200" })).toBe(1);
    expect(total(families, requests, { route: "page-cache", method: "GET", status: "200" })).toBe(1);
    const routes = new Set(samplesOf(families, requests).map((sample) => sample.labels?.route));
    expect([...routes].filter((route) => route?.includes(String(pageId)) || route === "/sobre")).toEqual([]);
  });

  it("keeps a latency histogram per route", () => {
    const latency = "cms_http_request_duration_seconds";
    expect(families[latency]?.type).toBe("histogram");
    const [reads] = samplesOf(families, latency, { route: "/api/pages/:idOrSlug", method: "GET" });
    expect(reads?.count).toBe(3);
    expect(reads?.buckets).toMatchObject({ "+Inf": 3 });
    expect(reads?.sum).toBeGreaterThan(0);
  });

  it("tells the page cache's hits, misses and bytes", () => {
    expect(total(families, "cms_page_cache_hits_total")).toBe(1);
    expect(total(families, "cms_page_cache_misses_total")).toBe(1);
    expect(total(families, "cms_page_cache_bytes")).toBeGreaterThan(0);
    expect(total(families, "cms_page_cache_entries")).toBe(1);
  });

  it("times the database's queries", () => {
    const queries = "cms_db_query_duration_seconds";
    expect(families[queries]?.type).toBe("histogram");
    const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(total(families, queries, { engine })).toBeGreaterThan(20);
  });

  it("counts the background jobs' runs and failures by job", () => {
    expect(total(families, "cms_job_runs_total", { job: "limpeza-de-teste" })).toBe(1);
    expect(total(families, "cms_job_runs_total", { job: "falha-de-teste" })).toBe(1);
    expect(total(families, "cms_job_failures_total", { job: "falha-de-teste" })).toBe(1);
    expect(samplesOf(families, "cms_job_failures_total", { job: "limpeza-de-teste" })).toEqual([]);
  });

  it("reads the outbox and the orders from the database", () => {
    expect(total(families, "cms_mail_outbox_failed")).toBe(1);
    expect(total(families, "cms_mail_outbox_queued")).toBeGreaterThanOrEqual(1);
    expect(families.cms_orders_placed_total?.type).toBe("counter");
    expect(total(families, "cms_orders_placed_total")).toBe(1);
    expect(total(families, "cms_orders_paid_total")).toBe(1);
  });

  it("reads the render queue and workers", () => {
    expect(total(families, "cms_render_pages_waiting")).toBe(0);
    expect(total(families, "cms_render_worker_pages")).toBe(0);
    expect(total(families, "cms_render_workers")).toBe(0);
  });
});

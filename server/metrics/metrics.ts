import cluster from "node:cluster";
import { sql } from "drizzle-orm";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/sql.ts";
import type { PageCache } from "../http/page-cache.ts";
import { mailOutbox } from "../modules/mail/tables.ts";
import { orderEvents, orders } from "../modules/orders/tables.ts";
import type { RenderPool } from "../render/render-pool.ts";
import { scrapeEveryWorker } from "./cluster.ts";
import { recordQueryTimes } from "./query-time.ts";

/** Seconds: a page-cache hit is well under the first, a slow render or export near the last ones. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: most queries take a millisecond or less; a search or an export, tens or hundreds of them. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Any other method (a scanner's) is counted as "other": a label's values must stay few. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** What the numbers read at scrape time come from; each part is registered by whoever holds it. */
type Watched = {
  pageCache?: PageCache | null;
  renderPool?: RenderPool | null;
  /** Pages waiting for their turn to render (server/http/fair-queue.ts, counted by server/http/app.ts). */
  pagesWaiting?: () => number;
};

function counterReading(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

function gaugeReading(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

const siteRow = z.object({ placed: z.number(), paid: z.number(), queued: z.number(), failed: z.number() });

/**
 * The site's own numbers, read from the database at scrape time in one statement: the same for every
 * process, so they are read once per scrape by the process that answers it, never added up over processes.
 * Orders placed and paid are counted from the orders' history (a paid order is one that ever moved to
 * paid), so they survive restarts and count the orders of every process and machine once.
 */
function siteMetrics(db: Db) {
  const registry = new Registry();
  const placed = new Counter({ name: "cms_orders_placed_total", help: "Orders placed.", registers: [registry] });
  const paid = new Counter({
    name: "cms_orders_paid_total",
    help: "Orders whose payment was confirmed.",
    registers: [registry],
  });
  const queued = new Gauge({
    name: "cms_mail_outbox_queued",
    help: "E-mails waiting in the outbox to be sent (first try or a retry).",
    registers: [registry],
  });
  const failed = new Gauge({
    name: "cms_mail_outbox_failed",
    help: "E-mails the outbox gave up on after every retry.",
    registers: [registry],
  });
  return async (): Promise<string> => {
    const [row] = await queryRows(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM ${orders}) AS placed,
        (SELECT count(DISTINCT ${orderEvents.orderId})::int FROM ${orderEvents} WHERE ${orderEvents.toStatus} = 'paid') AS paid,
        (SELECT count(*)::int FROM ${mailOutbox} WHERE ${mailOutbox.status} = 'pending') AS queued,
        (SELECT count(*)::int FROM ${mailOutbox} WHERE ${mailOutbox.status} = 'failed') AS failed`,
      siteRow,
    );
    if (!row) throw new Error("the site's numbers were not read");
    placed.reset();
    placed.inc(row.placed);
    paid.reset();
    paid.inc(row.paid);
    queued.set(row.queued);
    failed.set(row.failed);
    return registry.metrics();
  };
}

/**
 * The process's metrics for GET /metrics (server/metrics/metrics-route.ts), started by server/serve.ts
 * when METRICS_TOKEN is set: prom-client's default process metrics, and the `cms_` ones. Requests are
 * counted by route pattern or kind of page (server/http/app.ts, node-listener.ts); database queries are
 * timed on both engines (query-time.ts); the page cache and the render pool are read at scrape time.
 * With WORKERS=N each process keeps its own numbers and a scrape adds them up (cluster.ts).
 */
export function startMetrics(options: { db: Db }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "cms_http_requests_total",
    help: "Requests answered, by route pattern (or kind of page: page, page-cache, redirect, asset), method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: "cms_http_request_duration_seconds",
    help: "Time to answer a request, by route pattern (or kind of page) and method.",
    labelNames: ["route", "method"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const querySeconds = new Histogram({
    name: "cms_db_query_duration_seconds",
    help: "Time of a database query, waiting for the connection or the embedded database included, by engine.",
    labelNames: ["engine"] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "cms_job_runs_total",
    help: "Background job runs, by job.",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "cms_job_failures_total",
    help: "Background job runs that failed, by job.",
    labelNames: ["job"] as const,
    registers: [registry],
  });

  const watched: Watched = {};
  counterReading(
    registry,
    "cms_page_cache_hits_total",
    "Public pages answered from the page cache.",
    () => watched.pageCache?.stats.hits ?? 0,
  );
  counterReading(
    registry,
    "cms_page_cache_misses_total",
    "Public pages rendered because the page cache did not have them.",
    () => watched.pageCache?.stats.misses ?? 0,
  );
  gaugeReading(
    registry,
    "cms_page_cache_bytes",
    "Bytes the page cache holds (every encoding of every page).",
    () => watched.pageCache?.size().bytes ?? 0,
  );
  gaugeReading(
    registry,
    "cms_page_cache_entries",
    "Pages the page cache holds.",
    () => watched.pageCache?.size().entries ?? 0,
  );
  gaugeReading(
    registry,
    "cms_render_pages_waiting",
    "Pages waiting for their turn to render.",
    () => watched.pagesWaiting?.() ?? 0,
  );
  gaugeReading(
    registry,
    "cms_render_worker_pages",
    "Pages handed to the render workers and not yet answered.",
    () => watched.renderPool?.waiting ?? 0,
  );
  gaugeReading(
    registry,
    "cms_render_workers",
    "Render worker threads running or starting.",
    () => watched.renderPool?.size ?? 0,
  );

  recordQueryTimes((engine, seconds) => querySeconds.observe({ engine }, seconds));
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    // Its constructor is what makes a worker answer the primary's requests for this registry's numbers.
    new AggregatorRegistry();
  }
  const readSite = siteMetrics(options.db);

  return {
    contentType: registry.contentType,

    /** One answer: `route` is a pattern or a kind of page, never the address itself. */
    answered(route: string, method: string, status: number, milliseconds: number): void {
      const known = METHODS.has(method) ? method : "other";
      requests.inc({ route, method: known, status });
      requestSeconds.observe({ route, method: known }, milliseconds / 1000);
    },

    jobRan(job: string, failed: boolean): void {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },

    watch(parts: Watched): void {
      Object.assign(watched, parts);
    },

    /** Every process's numbers (added up by the primary with WORKERS=N), then the site's. */
    async scrape(): Promise<string> {
      const [processes, site] = await Promise.all([
        cluster.isWorker ? scrapeEveryWorker() : registry.metrics(),
        readSite(),
      ]);
      return processes + site;
    },

    /** Query times go nowhere again (tests start several). */
    stop(): void {
      recordQueryTimes(null);
    },
  };
}

export type Metrics = ReturnType<typeof startMetrics>;

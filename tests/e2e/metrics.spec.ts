import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite } from "../../server/db/client.ts";
import { parseMetrics, total } from "../support/prometheus-text.ts";
import { expect, test, uniqueId, waitForHydratedPage } from "./fixtures.ts";
import { setUpSite } from "./own-server.ts";
import { childEnv, freePort, type ServerProcess, spawnServer, stopServer } from "./server-process.ts";
import { CONFIGURED_URL } from "./site.ts";

/*
 * /metrics and the request id on the real server, built for production, with a server of this spec's
 * own. On PostgreSQL it runs WORKERS=2 (a primary and two processes sharing the port), so a scrape, whichever
 * process answers it, must count both processes' requests; on the embedded database, one process.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const TOKEN = `metricas-${randomBytes(16).toString("hex")}`;
const ADMIN = { title: "Cooperativa Medida", admin_name: "Ana Souza", email: "ana@medida.example" };
const PASSWORD = "senha-forte-de-teste-1";
const workers = process.env.TEST_DATABASE_URL ? 2 : 1;

let workDir: string;
let databaseName: string | null = null;
let databaseUrl: string | undefined;
let serverEnv: NodeJS.ProcessEnv;
let port: number;
let server: ServerProcess;

const start = () =>
  spawnServer({ site: siteDir(), name: "metrics", port, env: serverEnv, logPath: path.join(workDir, "server.log") });

function siteDir(): string {
  const build = process.env.E2E_SITE_DIR;
  if (!build) throw new Error("E2E_SITE_DIR is set by tests/e2e/global-setup.ts");
  return build;
}

async function onPostgres(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A GET on a connection of its own (no keep-alive): the cluster hands each new connection to the next
 * worker in turn, so a series of them reaches every process.
 */
function getAlone(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on("error", reject);
  });
}

const scrape = () => getAlone(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });

/** The server's log lines (pino's JSON; both workers write to the same output). */
async function logLines(): Promise<Record<string, unknown>[]> {
  const text = await fs.readFile(server.logPath, "utf8");
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Makes every query on the posts fail, as a damaged database would: the search then fails to load. */
async function breakPostsTable(): Promise<void> {
  const rename = sql`ALTER TABLE posts RENAME TO posts_quebrada`;
  if (databaseUrl) {
    await onPostgres(databaseUrl, "ALTER TABLE posts RENAME TO posts_quebrada");
    return;
  }
  // The embedded database belongs to the server's process while it runs.
  await stopServer(server);
  const database = await openPglite({ dataDir: path.join(serverEnv.DATA_DIR ?? "", "db") });
  await database.db.execute(rename);
  await database.close();
  server = await start();
}

test.beforeAll(async () => {
  // A first start of a server builds its database: slow on a busy machine.
  test.setTimeout(180_000);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-metrics-"));
  serverEnv = {
    ...childEnv(),
    DATA_DIR: path.join(workDir, "data"),
    LOG_LEVEL: "info",
    RENDER_WORKERS: "0",
    METRICS_TOKEN: TOKEN,
    WORKERS: String(workers),
  };
  delete serverEnv.FILES_URL;
  delete serverEnv.DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    databaseName = `cms_e2e_metrics_${randomBytes(5).toString("hex")}`;
    await onPostgres(serverUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    serverEnv.DATABASE_URL = databaseUrl;
  }
  await fs.mkdir(serverEnv.DATA_DIR ?? "", { recursive: true });
  port = await freePort();
  serverEnv.BASE_URL = `http://127.0.0.1:${port}`;
  server = await start();
  await setUpSite(server.url, ADMIN, PASSWORD);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && databaseName) await onPostgres(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await fs.rm(workDir, { recursive: true, force: true });
});

test("a site without METRICS_TOKEN has no /metrics: it is a page not found", async ({ request }) => {
  const response = await request.get(`${CONFIGURED_URL}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Página não encontrada");
});

test(`a scrape counts the requests every process answered (${workers} process${workers > 1 ? "es" : ""})`, async () => {
  expect((await getAlone(`${server.url}/metrics`)).status).toBe(401);
  expect((await getAlone(`${server.url}/metrics`, { authorization: "Bearer outro-token-0123456789" })).status).toBe(
    401,
  );
  const requests = 40;
  for (let index = 0; index < requests; index++) {
    expect((await getAlone(`${server.url}/api/health`)).status).toBe(200);
  }
  // Each scrape may reach either process: every one of them must see all the requests.
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const metrics = await parseMetrics(answer.body);
    expect(total(metrics, "cms_http_requests_total", { route: "/api/health", status: "200" })).toBeGreaterThanOrEqual(
      requests,
    );
    expect(total(metrics, "cms_http_request_duration_seconds", { route: "/api/health" })).toBeGreaterThanOrEqual(
      requests,
    );
    expect(metrics.process_cpu_user_seconds_total?.type).toBe("counter");
  }
});

test("the site's own numbers are read once per scrape, never added up over the processes", async () => {
  // A reset link for the administrator: one e-mail waits in the outbox (no SMTP_URL).
  const reset = await fetch(`${server.url}/api/auth/password-reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email }),
  });
  expect(reset.status).toBe(202);
  await expect.poll(async () => total(await parseMetrics((await scrape()).body), "cms_mail_outbox_queued")).toBe(1);
  for (let attempt = 0; attempt < 4; attempt++) {
    const metrics = await parseMetrics((await scrape()).body);
    expect(total(metrics, "cms_mail_outbox_queued")).toBe(1);
    expect(total(metrics, "cms_mail_outbox_failed")).toBe(0);
    expect(total(metrics, "cms_orders_placed_total")).toBe(0);
  }
});

test("a page-cache hit has a request id of its own", async () => {
  await getAlone(`${server.url}/`);
  const hits = [];
  for (let attempt = 0; attempt < 4; attempt++) hits.push(await getAlone(`${server.url}/`));
  const fromCache = hits.filter((hit) => hit.headers["x-page-cache"] === "hit");
  expect(fromCache.length).toBeGreaterThan(0);
  for (const hit of fromCache) expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const metrics = await parseMetrics((await scrape()).body);
  expect(total(metrics, "cms_page_cache_hits_total")).toBeGreaterThanOrEqual(fromCache.length);
  expect(total(metrics, "cms_http_requests_total", { route: "page-cache" })).toBeGreaterThanOrEqual(fromCache.length);
});

test("a page that fails shows a code, the request id its log lines carry", async ({ page }) => {
  await breakPostsTable();
  const address = `${server.url}/busca?q=${uniqueId()}`;
  const failed = await getAlone(address);
  expect(failed.status).toBe(500);
  const id = String(failed.headers["x-request-id"]);
  expect(failed.body).toContain(`Código do erro: <code data-error-code="">${id}</code>`);
  await expect
    .poll(async () => (await logLines()).filter((line) => line.requestId === id).map((line) => line.msg))
    .toEqual(expect.arrayContaining(["page error", "request"]));

  // A page not found shows its code as well.
  const missing = await getAlone(`${server.url}/nada-por-aqui-${uniqueId()}`);
  expect(missing.status).toBe(404);
  expect(missing.body).toContain(`Código do erro: <code data-error-code="">${missing.headers["x-request-id"]}</code>`);

  // In the browser too, still there once React has taken the page over, which finds the same page.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto(`${server.url}/busca?q=${uniqueId()}`);
  expect(response?.status()).toBe(500);
  const shown = response?.headers()["x-request-id"] ?? "";
  await waitForHydratedPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ocorreu um erro" })).toBeVisible();
  await expect(page.getByText(`Código do erro: ${shown}`)).toBeVisible();
  expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);

  // A search from a page that works fails in the browser's navigation: the code is its data request's id.
  await page.goto(`${server.url}/contato`);
  await waitForHydratedPage(page);
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Buscar" });
  await search.fill(`cooperativas ${uniqueId()}`);
  const dataRequest = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/busca.data");
  await search.press("Enter");
  const dataAnswer = await dataRequest;
  expect(dataAnswer.status()).toBe(500);
  const navigationId = dataAnswer.headers()["x-request-id"] ?? "";
  expect(navigationId).not.toBe(shown);
  await expect(page.getByRole("heading", { level: 1, name: "Ocorreu um erro" })).toBeVisible();
  await expect(page.getByText(`Código do erro: ${navigationId}`)).toBeVisible();
  await expect
    .poll(async () => (await logLines()).filter((line) => line.requestId === navigationId).map((line) => line.msg))
    .toEqual(expect.arrayContaining(["page error"]));
});

import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestDatabase } from "../../tests/support/with-test-services.ts";
import { createLocalStorage } from "../adapters/storage/local-storage.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { auditEntries } from "../modules/audit/tables.ts";
import { createServices } from "../services.ts";
import { createHttpApp, createSitePageCache, type DocumentHandler } from "./app.ts";
import { createNodeListener } from "./node-listener.ts";

/*
 * Every answer names its request (X-Request-Id), and every log line written for it carries that id:
 * the app's request line, its errors, and what the services log meanwhile. Served as server/serve.ts
 * serves it: page-cache hits answered before the app (node-listener.ts).
 */

const t = withTestDatabase();
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Line = Record<string, unknown> & { msg?: string; requestId?: string };

/** The site as server/serve.ts serves it; `trustProxy` as TRUST_PROXY=true says it sits behind our proxy. */
async function serve({ trustProxy = false } = {}) {
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-request-id-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, TRUST_PROXY: String(trustProxy) });
  const logger = createLogger({ LOG_LEVEL: "info", NODE_ENV: "production" }, destination);
  const services = createServices({
    config,
    database: t.database,
    storage: createLocalStorage(path.join(dataDir, "files"), undefined),
    logger,
  });
  const render: DocumentHandler = async (request) => {
    if (new URL(request.url).pathname === "/pagina-com-defeito") throw new Error("defeito de teste");
    return new Response("<h1>Página</h1>", { headers: { "content-type": "text/html; charset=utf-8" } });
  };
  const pageCache = createSitePageCache(services);
  const app = createHttpApp(services, render, pageCache);
  const { listener } = await createNodeListener({
    app: getRequestListener(app.fetch),
    pageCache,
    baseUrl: undefined,
    logger,
    trustProxy,
  });
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (address: string, init: RequestInit = {}) => fetch(`${base}${address}`, { redirect: "manual", ...init });
  const lines = (): Line[] => raw.map((line) => JSON.parse(line) as Line);
  return { call, lines, raw };
}

const idOf = (response: Response) => response.headers.get("x-request-id") ?? "";

describe("the request id", () => {
  it("is in the answer's header and in the request's log line", async () => {
    const { call, lines } = await serve();
    const answer = await call("/api/health");
    expect(answer.status).toBe(200);
    expect(idOf(answer)).toMatch(UUID);
    expect(lines().filter((line) => line.msg === "request")).toEqual([
      expect.objectContaining({ requestId: idOf(answer), path: "/api/health", status: 200 }),
    ]);
  });

  it("is never the one a client sent without TRUST_PROXY, in the answer, the log or the audit log", async () => {
    const { call, lines } = await serve();
    const sent = "forjado-por-um-cliente";
    const health = await call("/api/health", { headers: { "x-request-id": sent } });
    expect(idOf(health)).toMatch(UUID);
    const json = { "content-type": "application/json", "x-request-id": sent };
    const setup = await call("/api/settings/setup", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ...SUPER, password_confirmation: SUPER.password }),
    });
    expect(setup.status).toBe(201);
    const login = await call("/api/auth/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: SUPER.email, password: SUPER.password }),
    });
    expect(login.status).toBe(200);
    expect(idOf(login)).toMatch(UUID);
    const [entry] = await t.database.db
      .select({ requestId: auditEntries.requestId })
      .from(auditEntries)
      .where(eq(auditEntries.action, "auth.signed_in"));
    expect(entry?.requestId).toBe(idOf(login));
    await call("/sobre");
    const hit = await call("/sobre", { headers: { "x-request-id": sent } });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(idOf(hit)).toMatch(UUID);
    expect(lines().map((line) => line.requestId)).not.toContain(sent);
  });

  it("is the one our proxy sent (TRUST_PROXY) when it is a short token, else a new one", async () => {
    const { call, lines } = await serve({ trustProxy: true });
    const sent = "edge-4f2a.9b:17_x";
    expect(idOf(await call("/api/health", { headers: { "x-request-id": sent } }))).toBe(sent);
    const unsafe = ["curto", '"}{"admin":true', "<script>alert(1)</script>", "id com espaços", "a".repeat(101)];
    for (const value of unsafe) {
      const answer = await call("/api/health", { headers: { "x-request-id": value } });
      expect(idOf(answer)).toMatch(UUID);
    }
    const logged = lines().map((line) => line.requestId);
    expect(logged).toContain(sent);
    for (const value of unsafe) expect(logged).not.toContain(value);
  });

  it("names the lines the services write during the request, once each", async () => {
    const { call, lines, raw } = await serve();
    // Without BASE_URL the reset link is not sent, and the auth service says so in the log.
    const answer = await call("/api/auth/password-reset", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: SUPER.email }),
    });
    expect(answer.status).toBe(202);
    const told = lines().find((line) => line.msg?.startsWith("password reset e-mail not sent"));
    expect(told?.requestId).toBe(idOf(answer));
    expect(lines().find((line) => line.msg === "request")?.requestId).toBe(idOf(answer));
    for (const line of raw) expect(line.split('"requestId"').length - 1).toBeLessThanOrEqual(1);
  });

  it("is on an error's answer and in its log line", async () => {
    const { call, lines } = await serve();
    const answer = await call("/pagina-com-defeito");
    expect(answer.status).toBe(500);
    expect(idOf(answer)).toMatch(UUID);
    expect(lines().find((line) => line.msg === "unhandled error")?.requestId).toBe(idOf(answer));
  });

  it("is on a 404, a redirect, a page and a page-cache hit", async () => {
    const { call } = await serve({ trustProxy: true });
    const missing = await call("/api/nada-aqui");
    expect(missing.status).toBe(404);
    expect(idOf(missing)).toMatch(UUID);

    const json = { "content-type": "application/json" };
    const setup = await call("/api/settings/setup", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ ...SUPER, password_confirmation: SUPER.password }),
    });
    expect(setup.status).toBe(201);
    const login = await call("/api/auth/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: SUPER.email, password: SUPER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await call("/api/redirects", {
      method: "POST",
      headers: { ...json, authorization: `Token ${token}` },
      body: JSON.stringify({ from: "/antigo", to: "/novo" }),
    });
    expect(created.status).toBe(201);
    const moved = await call("/antigo");
    expect(moved.status).toBe(301);
    expect(idOf(moved)).toMatch(UUID);

    const rendered = await call("/sobre");
    expect(rendered.headers.get("x-page-cache")).toBe("miss");
    const hits = [await call("/sobre"), await call("/sobre")];
    for (const hit of hits) {
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(idOf(hit)).toMatch(UUID);
    }
    expect(new Set([idOf(rendered), ...hits.map(idOf)]).size).toBe(3);
    const sent = "balanceador-0001";
    const named = await call("/sobre", { headers: { "x-request-id": sent } });
    expect(named.headers.get("x-page-cache")).toBe("hit");
    expect(idOf(named)).toBe(sent);
    const unsafe = await call("/sobre", { headers: { "x-request-id": "<b>oi</b>" } });
    expect(idOf(unsafe)).toMatch(UUID);
  });
});

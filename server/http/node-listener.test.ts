import http, { type RequestListener } from "node:http";
import net, { type AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { type Logger, pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { SUPER } from "../../tests/support/test-app.ts";
import { createTestServices } from "../../tests/support/test-services.ts";
import { withTestDatabase } from "../../tests/support/with-test-services.ts";
import { createHttpApp, createSitePageCache, type DocumentHandler } from "./app.ts";
import { createNodeListener } from "./node-listener.ts";

const t = withTestDatabase();
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real HTTP server built like server/main.ts builds it, counting what reaches the app. */
async function serve(env: Record<string, string> = {}, logger?: Logger) {
  const services = createTestServices(t.database, env);
  const render: DocumentHandler = async (_request, vars) => {
    const settings = await vars.services.settings.get();
    const greeting = vars.actor ? `<p>Olá, ${vars.actor.name}</p>` : "";
    return new Response(`<h1>${settings?.title ?? "Site novo"}</h1>${greeting}`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
  const pageCache = createSitePageCache(services);
  const app = createHttpApp(services, render, pageCache);
  const appListener = getRequestListener(app.fetch);
  let reachedApp = 0;
  const countingApp: RequestListener = (request, response) => {
    reachedApp++;
    return appListener(request, response);
  };
  const { listener, logHits } = await createNodeListener({
    app: countingApp,
    pageCache,
    baseUrl: undefined,
    logger: logger ?? services.logger,
  });
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}${path}`, { method, headers });
  return { base, get, reachedApp: () => reachedApp, listener, appListener: countingApp, logHits };
}

async function signIn(base: string): Promise<string> {
  const json = { "content-type": "application/json" };
  const setup = await fetch(`${base}/api/settings/setup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ ...SUPER, password_confirmation: SUPER.password }),
  });
  expect(setup.status).toBe(201);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: SUPER.email, password: SUPER.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

describe("the page cache in front of the app", () => {
  it("answers a stored page without reaching the app, with the headers the app would have added", async () => {
    const { get, reachedApp } = await serve();
    const miss = await get("/sobre", { "accept-encoding": "identity" });
    expect(miss.headers.get("x-page-cache")).toBe("miss");
    const body = await miss.text();
    expect(reachedApp()).toBe(1);

    const hit = await get("/sobre", { "accept-encoding": "identity" });
    expect(reachedApp()).toBe(1);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(await hit.text()).toBe(body);
    for (const name of ["x-content-type-options", "x-frame-options", "referrer-policy", "content-type", "etag"]) {
      expect(hit.headers.get(name)).toBe(miss.headers.get(name));
    }

    const brotli = await fetch(hit.url, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    const unchanged = await get("/sobre", { "if-none-match": hit.headers.get("etag") ?? "" });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    const head = await get("/sobre", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(reachedApp()).toBe(1);
  });

  it("logs the hits of an interval as one line: how many, how many 304, the bytes sent", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const { get, logHits } = await serve({}, logger);
    const plain = { "accept-encoding": "identity" };
    const miss = await get("/sobre", plain);
    const size = (await miss.arrayBuffer()).byteLength;
    await (await get("/sobre", plain)).arrayBuffer();
    await (await get("/sobre", plain)).arrayBuffer();
    const notModified = await get("/sobre", { ...plain, "if-none-match": miss.headers.get("etag") ?? "" });
    expect(notModified.status).toBe(304);
    expect(lines.filter((line) => line.msg === "page cache hits")).toEqual([]);

    logHits();
    expect(lines.filter((line) => line.msg === "page cache hits")).toEqual([
      expect.objectContaining({ hits: 3, notModified: 1, bytes: 2 * size, seconds: 60 }),
    ]);
    logHits();
    expect(lines.filter((line) => line.msg === "page cache hits")).toHaveLength(1);
  });

  it("sends brotli as stored, the same page as the plain one", async () => {
    const { get, base } = await serve();
    const plain = await (await get("/", { "accept-encoding": "identity" })).text();
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/`, { headers: { "accept-encoding": "br" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve(Buffer.concat(chunks)));
        })
        .on("error", reject);
    });
    expect(brotliDecompressSync(raw).toString()).toBe(plain);
  });

  it("hands a signed-in request to the app, and shows a committed change on the next request", async () => {
    const { base, get, reachedApp } = await serve();
    expect(await (await get("/")).text()).toBe("<h1>Site novo</h1>");
    await get("/");
    const before = reachedApp();
    const token = await signIn(base);
    expect(await (await get("/")).text()).toBe(`<h1>${SUPER.title}</h1>`);
    const signedIn = await get("/", { cookie: `cms_session=${token}` });
    expect(await signedIn.text()).toContain(`Olá, ${SUPER.admin_name}`);
    const byToken = await get("/", { authorization: `Token ${token}` });
    expect(await byToken.text()).toContain("Olá");
    const flash = await get("/", { cookie: "cms_flash=eyJ0eXBlIjoic3VjY2VzcyJ9" });
    expect(flash.headers.get("x-page-cache")).not.toBe("hit");
    // setup + login, the page after the change, the signed-in pair and the flash: all reached the app.
    expect(reachedApp()).toBe(before + 6);
  });

  it("reads the headers as Node would, whatever their case and however often they are sent", async () => {
    const { base, get, reachedApp } = await serve();
    await get("/");
    const token = await signIn(base);
    await get("/");
    const before = reachedApp();
    const { port } = new URL(base);
    const rawGet = (headerLines: string[]) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), "127.0.0.1");
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("end", () => resolve(Buffer.concat(chunks).toString()));
        socket.on("error", reject);
        // Written, not ended: the server closes the connection once it has answered (Connection: close).
        socket.write(["GET / HTTP/1.1", ...headerLines, "Connection: close", "", ""].join("\r\n"));
      });
    const hit = await rawGet([`HOST: ${new URL(base).host}`, "ACCEPT-ENCODING: identity"]);
    expect(hit).toMatch(/x-page-cache: hit/i);
    expect(hit).toContain(`<h1>${SUPER.title}</h1>`);
    // The session is in the second Cookie line: it is a signed-in request all the same.
    const signedIn = await rawGet([
      `Host: ${new URL(base).host}`,
      "Cookie: tema=claro",
      `cookie: cms_session=${token}`,
    ]);
    expect(signedIn).not.toMatch(/x-page-cache: hit/i);
    expect(signedIn).toContain(`Olá, ${SUPER.admin_name}`);
    const byToken = await rawGet([`Host: ${new URL(base).host}`, `AUTHORIZATION: Token ${token}`]);
    expect(byToken).toContain("Olá");
    expect(reachedApp()).toBe(before + 2);
  });

  it("is the app itself with PAGE_CACHE=off", async () => {
    const { listener, appListener } = await serve({ PAGE_CACHE: "off" });
    expect(listener).toBe(appListener);
  });
});

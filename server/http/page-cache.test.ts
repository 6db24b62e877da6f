import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SUPER } from "../../tests/support/test-app.ts";
import { createTestServices } from "../../tests/support/test-services.ts";
import { withTestDatabase } from "../../tests/support/with-test-services.ts";
import { createHttpApp, type DocumentHandler } from "./app.ts";
import { createPageCache, readHitHeaders } from "./page-cache.ts";

const t = withTestDatabase();

/** The real app around a stand-in for React Router that counts its renders. */
function site(env: Record<string, string> = {}) {
  let renders = 0;
  const render: DocumentHandler = async (request, vars) => {
    renders++;
    const { pathname } = new URL(request.url);
    const html = { "content-type": "text/html; charset=utf-8" };
    if (pathname === "/flash")
      return new Response("<p>Salvo!</p>", { headers: { ...html, "set-cookie": "cms_flash=; Max-Age=0" } });
    if (pathname === "/nada") return new Response("<h1>Página não encontrada</h1>", { status: 404, headers: html });
    const settings = await vars.services.settings.get();
    const greeting = vars.actor ? `<p>Olá, ${vars.actor.name}</p>` : "";
    return new Response(`<h1>${settings?.title ?? "Site novo"}</h1>${greeting}`, { headers: html });
  };
  const services = createTestServices(t.database, env);
  const app = createHttpApp(services, render);
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return { app, services, get, renders: () => renders };
}

async function setUp(app: ReturnType<typeof site>["app"]): Promise<string> {
  const setup = await app.request("/api/settings/setup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...SUPER, password_confirmation: SUPER.password }),
  });
  expect(setup.status).toBe(201);
  const login = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: SUPER.email, password: SUPER.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

describe("the anonymous page cache", () => {
  it("renders a public page once, then answers from memory with an ETag and 304 when it matches", async () => {
    const { get, renders } = site();
    const first = await get("/sobre");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const second = await get("/sobre");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    const unchanged = await get("/sobre", { "if-none-match": etag ?? "" });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(renders()).toBe(1);
  });

  it("answers brotli or gzip when the browser asks for it, the same page either way", async () => {
    const { get } = site();
    const plain = await (await get("/", { "accept-encoding": "identity" })).text();
    const brotli = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(plain);
    const gzipped = await get("/", { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(plain);
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("shows a committed change on the very next request", async () => {
    const { app, get, renders } = site();
    expect(await (await get("/")).text()).toBe("<h1>Site novo</h1>");
    await setUp(app);
    expect(await (await get("/")).text()).toBe(`<h1>${SUPER.title}</h1>`);
    expect(renders()).toBe(2);
  });

  it("never answers a signed-in person from the cache, nor keeps what was made for them", async () => {
    const { app, get, renders } = site();
    const token = await setUp(app);
    await get("/");
    const signedIn = await get("/", { cookie: `cms_session=${token}` });
    expect(await signedIn.text()).toContain(`Olá, ${SUPER.admin_name}`);
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    const byToken = await get("/", { authorization: `Token ${token}` });
    expect(await byToken.text()).toContain("Olá");
    const visitor = await get("/");
    expect(visitor.headers.get("x-page-cache")).toBe("hit");
    expect(await visitor.text()).not.toContain("Olá");
    expect(renders()).toBe(3);
  });

  it("keeps no answer that sets a cookie, carries a flash, fails, or is not a public page read", async () => {
    const { app, get, renders } = site();
    await get("/flash");
    await get("/flash");
    await get("/", { cookie: "cms_flash=eyJ0eXBlIjoic3VjY2VzcyJ9" });
    await get("/nada");
    await get("/nada");
    await get("/conta/pages");
    await get("/conta/pages");
    await app.request("/", { method: "POST" });
    expect(renders()).toBe(8);
    expect((await get("/")).headers.get("x-page-cache")).toBe("miss");
  });

  it("answers HEAD from a cached page without a body", async () => {
    const { app, get } = site();
    await get("/agenda");
    const head = await app.request("/agenda", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("is off with PAGE_CACHE=off", async () => {
    const { get, renders } = site({ PAGE_CACHE: "off" });
    await get("/");
    const again = await get("/");
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(again.headers.get("etag")).toBeNull();
    expect(renders()).toBe(2);
  });
});

describe("createPageCache", () => {
  const page = (text: string) => new Response(text, { headers: { "content-type": "text/html" } });

  it("stays within its bytes, dropping the least recently used page first", async () => {
    const big = "x".repeat(4000);
    const one = await createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000 }).store("/a", page(big), 0);
    const cache = createPageCache({ maxBytes: one.bytes * 2 + 10, maxAgeMs: 60_000 });
    await cache.store("/a", page(big), 0);
    await cache.store("/b", page(big), 0);
    cache.get("/a");
    await cache.store("/c", page(big), 0);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
    expect(cache.size().bytes).toBeLessThanOrEqual(one.bytes * 2 + 10);
  });

  it("renders again after its maximum age, and never keeps a page rendered before a change", async () => {
    let clock = 0;
    const cache = createPageCache({ maxBytes: 1_000_000, maxAgeMs: 60_000, now: () => clock });
    await cache.store("/agenda", page("antes"), cache.generation());
    clock = 59_999;
    expect(cache.get("/agenda")).toBeDefined();
    clock = 60_000;
    expect(cache.get("/agenda")).toBeUndefined();
    const started = cache.generation();
    cache.clear();
    await cache.store("/agenda", page("antiga"), started);
    expect(cache.get("/agenda")).toBeUndefined();
  });
});

describe("readHitHeaders", () => {
  it("reads names in any case and joins repeats as Node's request.headers does", () => {
    expect(
      readHitHeaders([
        "HOST",
        "a.example",
        "Host",
        "b.example",
        "Cookie",
        "tema=claro",
        "COOKIE",
        "cms_session=abc",
        "Authorization",
        "Token 1",
        "authorization",
        "Token 2",
        "If-None-Match",
        '"x"',
        "if-none-match",
        '"y"',
        "Accept-Encoding",
        "gzip",
        "accept-encoding",
        "br",
        "Accept-Language",
        "pt-BR",
      ]),
    ).toEqual({
      host: "a.example",
      cookie: "tema=claro; cms_session=abc",
      authorization: "Token 1",
      ifNoneMatch: '"x", "y"',
      acceptEncoding: "gzip, br",
    });
    expect(readHitHeaders([])).toEqual({});
  });
});

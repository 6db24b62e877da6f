import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** The build's files a public page names: its scripts, its stylesheet and the font it preloads. */
async function pageAssets(request: APIRequestContext) {
  const html = await (await request.get("/")).text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  const style = html.match(/\/assets\/[\w.-]+\.css/)?.[0];
  const font = html.match(/\/assets\/[\w.-]+\.woff2/)?.[0];
  expect(script, "a script in the home page").toBeDefined();
  expect(style, "a stylesheet in the home page").toBeDefined();
  expect(font, "a preloaded font in the home page").toBeDefined();
  return { script: script ?? "", style: style ?? "", font: font ?? "" };
}

const vary = (headers: Record<string, string>) =>
  (headers.vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

test.describe("the build's files, compressed at build time", () => {
  test("one the build does not have is a short 404, not a page", async ({ request }) => {
    const missing = await request.get("/assets/entry.client-de-um-deploy-antigo.js");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await missing.text()).toBe("Arquivo não encontrado.");
  });

  test("are sent in brotli, else gzip, else as they are, as the browser asks", async ({ request }) => {
    const { script, style } = await pageAssets(request);
    for (const path of [script, style, "/favicon.svg"]) {
      const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.status(), path).toBe(200);
      const original = await plain.body();
      for (const [acceptEncoding, expected] of [
        ["br, gzip", "br"],
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["identity", undefined],
        ["deflate", undefined],
      ] as const) {
        const response = await request.get(path, { headers: { "Accept-Encoding": acceptEncoding } });
        const what = `${path} asked with Accept-Encoding: ${acceptEncoding}`;
        expect(response.status(), what).toBe(200);
        const headers = response.headers();
        expect(headers["content-encoding"], what).toBe(expected);
        // Every answer, the plain one too: a shared cache must keep one per encoding.
        expect(vary(headers), what).toEqual(["accept-encoding"]);
        // Playwright decodes the body: the compressed copy is the very file.
        expect((await response.body()).equals(original), what).toBe(true);
        if (expected) expect(Number(headers["content-length"]), what).toBeLessThan(original.length);
        if (path.startsWith("/assets/")) {
          expect(headers["cache-control"], what).toBe("public, max-age=31536000, immutable");
        }
      }
    }
  });

  test("a font is sent as it is, whatever the browser accepts", async ({ request }) => {
    const { font } = await pageAssets(request);
    const response = await request.get(font, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("font/woff2");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(vary(headers)).toEqual([]);
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

test.describe("answers made per request", () => {
  test("a public page kept by the page cache names its charset and varies on the encoding once", async ({
    request,
  }) => {
    for (const encoding of ["identity", "br"]) {
      // Other specs' writes clear the cache meanwhile: ask until both a miss and a hit were seen.
      const seen = new Set<string>();
      for (let attempt = 0; attempt < 6 && seen.size < 2; attempt++) {
        const response = await request.get(`/?encoding-${encoding}`, { headers: { "Accept-Encoding": encoding } });
        const headers = response.headers();
        seen.add(headers["x-page-cache"] ?? "");
        expect(headers["content-type"], `${encoding} ${headers["x-page-cache"]}`).toBe("text/html; charset=utf-8");
        expect(vary(headers), `${encoding} ${headers["x-page-cache"]}`).toEqual(["accept-encoding"]);
      }
      expect([...seen].sort(), encoding).toEqual(["hit", "miss"]);
    }
  });

  test("a signed-in page and an API list are sent in brotli when the browser offers it", async ({ api }) => {
    const account = await api.get("/conta", {
      headers: { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(account.status()).toBe(200);
    expect(account.headers()["content-encoding"]).toBe("br");
    expect(account.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(vary(account.headers())).toEqual(["accept-encoding"]);
    expect(await account.text()).toContain("</html>");
    const list = await api.get("/api/pages?per_page=50", { headers: { "Accept-Encoding": "gzip" } });
    expect(list.headers()["content-encoding"]).toBe("gzip");
    expect(Array.isArray(((await list.json()) as { data: unknown[] }).data)).toBe(true);
  });
});

import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers } from "./compress-answers.ts";

const page = `<!doctype html><main>${"<p>Cooperativa Vale Verde, ação e produção.</p>".repeat(200)}</main>`;

function site() {
  const app = new Hono();
  app.use(compressAnswers());
  app.get("/page", (c) => c.html(page));
  app.get("/small", (c) => c.body('{"ok":true}', 200, { "Content-Type": "application/json", "Content-Length": "11" }));
  app.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
  app.get("/encoded", (c) =>
    c.body(new Uint8Array(4096), 200, { "Content-Type": "text/html", "Content-Encoding": "br" }),
  );
  app.get("/varied", (c) => c.html(page, 200, { Vary: "Accept-Encoding" }));
  app.get("/export", (c) => {
    const lines = Array.from({ length: 2000 }, (_, index) => `@book{item${index}, title = {Título ${index}}}\n`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const line of lines) controller.enqueue(new TextEncoder().encode(line));
        controller.close();
      },
    });
    return c.body(stream, 200, { "Content-Type": "text/plain; charset=utf-8" });
  });
  const get = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
  return { get };
}

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("answers made per request", () => {
  it("are sent in brotli when the browser offers it, else gzip, else as they are", async () => {
    const { get } = site();
    const brotli = await get("/page", "gzip, deflate, br");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
    const compressed = await bytes(brotli);
    expect(compressed.byteLength).toBeLessThan(Buffer.byteLength(page) / 10);
    expect(brotliDecompressSync(compressed).toString()).toBe(page);

    const gzipped = await get("/page", "gzip");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gzipped)).toString()).toBe(page);

    const plain = await get("/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    expect(await plain.text()).toBe(page);
  });

  it("names Accept-Encoding in Vary once, even when the answer already did", async () => {
    const { get } = site();
    for (const encoding of [undefined, "br"]) {
      expect((await get("/varied", encoding)).headers.get("vary"), String(encoding)).toBe("Accept-Encoding");
      expect((await get("/page", encoding)).headers.get("vary"), String(encoding)).toBe("Accept-Encoding");
    }
  });

  it("streams a long text export through the compressor whole", async () => {
    const { get } = site();
    const answer = await get("/export", "br");
    expect(answer.headers.get("content-encoding")).toBe("br");
    const text = brotliDecompressSync(await bytes(answer)).toString();
    expect(text.split("\n")).toHaveLength(2001);
    expect(text).toContain("Título 1999");
  });

  it("leaves alone answers known to be small, images and answers already encoded", async () => {
    const { get } = site();
    expect((await get("/small", "br")).headers.get("content-encoding")).toBeNull();
    expect((await get("/image", "br")).headers.get("content-encoding")).toBeNull();
    const encoded = await get("/encoded", "gzip");
    expect(encoded.headers.get("content-encoding")).toBe("br");
    expect((await bytes(encoded)).byteLength).toBe(4096);
  });
});

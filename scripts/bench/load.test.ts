import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_ENCODING, preflight } from "./load.ts";

const HTML = "<!doctype html><p>olá</p>";

/** Answers like the page cache: brotli to those who accept it, unless the path says it only has gzip. */
const server = http.createServer((request, response) => {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const headers = { "content-type": "text/html", "x-page-cache": "hit" };
  if (request.url === "/moved") return response.writeHead(301, { location: "/" }).end();
  if (request.url === "/gzip-only" && accepted.includes("gzip")) {
    return response.writeHead(200, { ...headers, "content-encoding": "gzip" }).end(zlib.gzipSync(HTML));
  }
  if (request.url !== "/gzip-only" && accepted.includes("br")) {
    return response.writeHead(200, { ...headers, "content-encoding": "br" }).end(zlib.brotliCompressSync(HTML));
  }
  response.writeHead(200, headers).end(HTML);
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("preflight", () => {
  it("gives the page cache's header of a path that answers 200", async () => {
    expect(await preflight(`${base}/`)).toBe("hit");
  });

  it("throws on a redirect, which the load would measure instead of the page", async () => {
    await expect(preflight(`${base}/moved`)).rejects.toThrow(/HTTP 301, not 200/);
  });

  it("accepts brotli when the browser's Accept-Encoding gets brotli", async () => {
    expect(await preflight(`${base}/`, BROWSER_ENCODING)).toBe("hit");
  });

  it("throws when the browser's Accept-Encoding gets another encoding than the row names", async () => {
    await expect(preflight(`${base}/gzip-only`, BROWSER_ENCODING)).rejects.toThrow(
      /with Accept-Encoding: gzip, deflate, br -> Content-Encoding gzip, not br/,
    );
    await expect(preflight(`${base}/gzip-only`, { accept: "identity", expect: "br" })).rejects.toThrow(
      /Content-Encoding none, not br/,
    );
  });
});

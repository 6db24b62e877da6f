/**
 * Page weight as a first visit downloads it: the HTML as sent to a browser asking for brotli, then the
 * JavaScript, CSS and fonts its markup asks for (`<script src>`, the inline module's imports,
 * `<link rel=modulepreload|stylesheet>`, font preloads). Budgets are in gzip, so what the server sends
 * uncompressed is gzipped here; what it sends is the first visit's size.
 */
import http from "node:http";
import zlib from "node:zlib";

export type Assets = { scripts: string[]; styles: string[]; fonts: string[] };

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const LINK = /<link\b([^>]*)>/gi;
const ATTRIBUTE = /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// `import "x"`, `import * as a from "x"`, `import { a } from "x"`, `import("x")`; not `"imports": [...]`.
const MODULE_IMPORT = /\bimport\s*(?:\(\s*|[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = "", double, single, bare] of tag.matchAll(ATTRIBUTE)) {
    attributes.set(name.toLowerCase(), double ?? single ?? bare ?? "");
  }
  return attributes;
}

/** The same-origin assets a page's HTML makes the browser fetch, as absolute URLs, each once. */
export function assetsOf(html: string, pageUrl: string): Assets {
  const origin = new URL(pageUrl).origin;
  const found = { scripts: new Set<string>(), styles: new Set<string>(), fonts: new Set<string>() };
  const add = (kind: keyof Assets, reference: string | undefined) => {
    if (!reference) return;
    const url = new URL(reference, pageUrl);
    if (url.origin === origin) found[kind].add(url.href);
  };
  for (const [, rawAttributes = "", body = ""] of html.matchAll(SCRIPT)) {
    const attributes = attributesOf(rawAttributes);
    add("scripts", attributes.get("src"));
    if (!attributes.has("src") && attributes.get("type") === "module") {
      for (const [, specifier] of body.matchAll(MODULE_IMPORT)) add("scripts", specifier);
    }
  }
  for (const [, rawAttributes = ""] of html.matchAll(LINK)) {
    const attributes = attributesOf(rawAttributes);
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const as = attributes.get("as")?.toLowerCase();
    const href = attributes.get("href");
    if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) add("scripts", href);
    else if (rel.includes("stylesheet") || (rel.includes("preload") && as === "style")) add("styles", href);
    else if (rel.includes("preload") && as === "font") add("fonts", href);
  }
  return { scripts: [...found.scripts], styles: [...found.styles], fonts: [...found.fonts] };
}

type RawAnswer = { status: number; encoding: string; body: Buffer };

/** GET without the decompression fetch does, so the sizes are the bytes on the wire. */
function rawGet(url: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers["content-encoding"] ?? "identity"),
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    request.on("error", reject);
  });
}

function decoded({ encoding, body }: RawAnswer): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "identity") return body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

const gzipBytes = (answer: RawAnswer) =>
  answer.encoding === "gzip" ? answer.body.byteLength : zlib.gzipSync(decoded(answer)).byteLength;

type Sized = { sentBytes: number; gzipBytes: number };

export type PageWeight = {
  path: string;
  htmlEncoding: string;
  htmlSentBytes: number;
  htmlGzipBytes: number;
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
  fontFiles: number;
  fontBytes: number;
  /** HTML, JavaScript, CSS and fonts as sent to a browser accepting brotli and gzip. */
  firstVisitBytes: number;
};

/** Measures pages one after another; assets shared between pages are fetched once. */
export function pageWeigher(base: string) {
  const sizes = new Map<string, Promise<Sized>>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      size = rawGet(url, "br, gzip").then((answer) => {
        if (answer.status !== 200) throw new Error(`GET ${url} -> HTTP ${answer.status}`);
        return { sentBytes: answer.body.byteLength, gzipBytes: gzipBytes(answer) };
      });
      sizes.set(url, size);
    }
    return size;
  };
  const total = async (urls: string[]) => {
    const all = await Promise.all(urls.map(sizeOf));
    return {
      sent: all.reduce((sum, size) => sum + size.sentBytes, 0),
      gzip: all.reduce((sum, size) => sum + size.gzipBytes, 0),
    };
  };

  return async function weigh(path: string): Promise<PageWeight> {
    const url = `${base}${path}`;
    const html = await rawGet(url, "br, gzip");
    if (html.status !== 200) throw new Error(`GET ${path} -> HTTP ${html.status}`);
    const assets = assetsOf(decoded(html).toString("utf8"), url);
    const [js, css, fonts] = await Promise.all([total(assets.scripts), total(assets.styles), total(assets.fonts)]);
    return {
      path,
      htmlEncoding: html.encoding,
      htmlSentBytes: html.body.byteLength,
      htmlGzipBytes: gzipBytes(html),
      jsFiles: assets.scripts.length,
      jsGzipBytes: js.gzip,
      cssFiles: assets.styles.length,
      cssGzipBytes: css.gzip,
      fontFiles: assets.fonts.length,
      fontBytes: fonts.sent,
      firstVisitBytes: html.body.byteLength + js.sent + css.sent + fonts.sent,
    };
  };
}

import { pipeline, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { preferredEncoding } from "./accept-encoding.ts";

/** Below this an answer is sent as it is: compressing would save less than it costs. */
const THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compresses what is made per request (pages for someone signed in or with PAGE_CACHE=off, API answers):
 * brotli when the browser offers it, else gzip. Quality 4 keeps brotli about as cheap as gzip's default;
 * the work streams through zlib on libuv's threads, so a large export is never held whole. Answers
 * that already carry an encoding (the page cache's, the build's files) are left alone.
 */
const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const length = res.headers.get("Content-Length");
    const type = res.headers.get("Content-Type") ?? "";
    const skip =
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 206 ||
      res.headers.has("Content-Encoding") ||
      (length !== null && Number(length) < THRESHOLD_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "");
    if (skip || !res.body) return;
    // Once, even when the answer already names it (a page-cache miss sent as it is).
    if (!VARIES_ON_ENCODING.test(res.headers.get("Vary") ?? "")) c.header("Vary", "Accept-Encoding", { append: true });
    const encoding = preferredEncoding(c.req.header("Accept-Encoding") ?? "");
    if (encoding === "identity") return;
    const compressor =
      encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
    // A failure on either side ends both: the browser sees a cut answer, never a hung one.
    pipeline(Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), compressor, () => {});
    const body = Readable.toWeb(compressor) as unknown as ReadableStream<Uint8Array>;
    const compressed = new Response(body, res);
    compressed.headers.delete("Content-Length");
    compressed.headers.set("Content-Encoding", encoding);
    const etag = compressed.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) compressed.headers.set("ETag", `W/${etag}`);
    c.res = compressed;
  };
}

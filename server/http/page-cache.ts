import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { FLASH_COOKIE } from "../../common/cookie-names.ts";
import { accountPaths } from "../../common/site-paths.ts";
import { isApiPath } from "./api-path.ts";
import type { AppEnv } from "./env.ts";
import { readCookie, SESSION_COOKIE, SESSION_ENDED_COOKIE } from "./session-cookie.ts";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** One public page as every visitor gets it, kept in each encoding a browser may ask for. */
type Entry = {
  headers: [string, string][];
  etag: string;
  bodies: { identity: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer> };
  bytes: number;
  expiresAt: number;
};

export type PageCacheOptions = {
  /** The cache's bound: the bodies of every encoding count. */
  maxBytes: number;
  /**
   * Pages that change with the clock alone (a post due at a set time, an event becoming past) are
   * rendered again after this long; every write is seen at once (see `clear`).
   */
  maxAgeMs: number;
  now?: () => number;
};

/**
 * The anonymous page cache: public pages rendered once and answered from memory, least recently
 * used first out. Any committed change anywhere clears it (server/http/app.ts wires it to the
 * services' announcements), so an edit shows on the next request.
 */
export function createPageCache({ maxBytes, maxAgeMs, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let used = 0;
  // A render that started before a change must not be stored after it.
  let generation = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    used -= entry.bytes;
  }

  return {
    generation: () => generation,

    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        drop(key);
        return undefined;
      }
      // Map order is the recency order: a hit moves to the end.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    /** Keeps a rendered page unless something changed since `startedAt` (a generation) or it is too big. */
    async store(key: string, response: Response, startedAt: number): Promise<Entry> {
      const identity = new Uint8Array(await response.arrayBuffer());
      const [gzipped, brotli] = await Promise.all([
        compressGzip(identity),
        // Quality 5: most of brotli's gain over gzip at a fraction of the maximum's time.
        compressBrotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      ]);
      const headers = [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase()));
      const entry: Entry = {
        headers,
        etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
        bodies: { identity, gzip: new Uint8Array(gzipped), br: new Uint8Array(brotli) },
        bytes: identity.byteLength + gzipped.byteLength + brotli.byteLength,
        expiresAt: now() + maxAgeMs,
      };
      if (startedAt !== generation || entry.bytes > maxBytes) return entry;
      drop(key);
      entries.set(key, entry);
      used += entry.bytes;
      for (const oldest of entries.keys()) {
        if (used <= maxBytes) break;
        drop(oldest);
      }
      return entry;
    },

    clear() {
      generation++;
      entries.clear();
      used = 0;
    },

    size: () => ({ entries: entries.size, bytes: used }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Set again for each answer (length, encoding) or by the app around it (request id). */
const UNSTORED_HEADERS = new Set(["content-length", "content-encoding", "etag", "vary", "x-request-id"]);

/** Not the same for every visitor (the sign-in and sign-out routes), or not a page at all (files). */
const UNCACHED_PATH = /^\/(?:login|sair|files)(?:[/.]|$)/;

/** A request any visitor could have made: no session, no flash to show, no session-end notice. */
function anonymousPageRequest(c: Context<AppEnv>): boolean {
  const { path } = c.req;
  if (isApiPath(path) || accountPaths.contains(path) || UNCACHED_PATH.test(path)) return false;
  if (c.get("actor") || c.req.header("authorization")) return false;
  const cookies = c.req.header("cookie");
  return [SESSION_COOKIE, SESSION_ENDED_COOKIE, FLASH_COOKIE].every((name) => readCookie(cookies, name) === null);
}

/** An answer made for everyone: a whole page that sets no cookie and asks no one not to keep it. */
function sharedAnswer(response: Response): boolean {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/.test(cacheControl) &&
    response.headers.has("content-type")
  );
}

function preferredEncoding(acceptEncoding: string): "br" | "gzip" | "identity" {
  const accepted = acceptEncoding
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, quality]) => quality?.trim() !== "q=0")
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}

function answer(c: Context<AppEnv>, entry: Entry, state: "hit" | "miss"): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("Vary", "Accept-Encoding");
  headers.set("X-Page-Cache", state);
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim() === entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = preferredEncoding(c.req.header("accept-encoding") ?? "");
  const body = entry.bodies[encoding];
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(c.req.method === "HEAD" ? null : body, { status: 200, headers });
}

/** Answers anonymous GET and HEAD requests for public pages from the cache, filling it on a miss. */
export function servePageCache(cache: PageCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { method } = c.req;
    if ((method !== "GET" && method !== "HEAD") || !anonymousPageRequest(c)) return next();
    const key = c.req.url;
    const hit = cache.get(key);
    if (hit) return answer(c, hit, "hit");
    const startedAt = cache.generation();
    await next();
    if (method !== "GET" || !sharedAnswer(c.res)) return;
    c.res = answer(c, await cache.store(key, c.res, startedAt), "miss");
  };
}

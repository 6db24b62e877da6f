import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { FLASH_COOKIE } from "../../common/cookie-names.ts";
import { accountPaths } from "../../common/site-paths.ts";
import { type Encoding, preferredEncoding } from "./accept-encoding.ts";
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
  const stats = { hits: 0, misses: 0 };

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

    /**
     * Pages answered from the cache, and pages rendered because it had none (server/metrics/), counted
     * by `servePageCache` and `serveCachedPages`.
     */
    stats,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Set again for each answer (length, encoding, request id). */
const UNSTORED_HEADERS = new Set(["content-length", "content-encoding", "etag", "vary", "x-request-id"]);

/** Not the same for every visitor (the sign-in and sign-out routes), or not a page at all (files). */
const UNCACHED_PATH = /^\/(?:login|sair|files)(?:[/.]|$)/;

const PERSONAL_COOKIES = [SESSION_COOKIE, SESSION_ENDED_COOKIE, FLASH_COOKIE];

/** Headers any visitor could have sent: no credentials, no session, no flash to show, no session-end notice. */
function anonymousHeaders(authorization: string | undefined, cookies: string | undefined): boolean {
  return !authorization && PERSONAL_COOKIES.every((name) => readCookie(cookies, name) === null);
}

function anonymousPageRequest(c: Context<AppEnv>): boolean {
  const { path } = c.req;
  if (isApiPath(path) || accountPaths.contains(path) || UNCACHED_PATH.test(path)) return false;
  return !c.get("actor") && anonymousHeaders(c.req.header("authorization"), c.req.header("cookie"));
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

type CacheRequest = { method: string; ifNoneMatch?: string; acceptEncoding?: string };
/** How one request gets a stored page: 304 when its ETag matches, else 200 in the encoding it prefers. */
type AnswerKind = { status: 200 | 304; encoding: Encoding };

function answerKind(entry: Entry, request: CacheRequest): AnswerKind {
  const matches = request.ifNoneMatch?.split(",").some((tag) => tag.trim() === entry.etag);
  return { status: matches ? 304 : 200, encoding: preferredEncoding(request.acceptEncoding ?? "") };
}

function answerHeaders(entry: Entry, kind: AnswerKind, state: "hit" | "miss"): [string, string][] {
  const headers: [string, string][] = [
    ...entry.headers,
    ["ETag", entry.etag],
    ["Vary", "Accept-Encoding"],
    ["X-Page-Cache", state],
  ];
  if (kind.status === 304) return headers;
  if (kind.encoding !== "identity") headers.push(["Content-Encoding", kind.encoding]);
  headers.push(["Content-Length", String(entry.bodies[kind.encoding].byteLength)]);
  return headers;
}

const answerBody = (entry: Entry, kind: AnswerKind, method: string) =>
  kind.status === 304 || method === "HEAD" ? null : entry.bodies[kind.encoding];

function answer(c: Context<AppEnv>, entry: Entry, state: "hit" | "miss"): Response {
  const method = c.req.method;
  const kind = answerKind(entry, {
    method,
    ifNoneMatch: c.req.header("if-none-match"),
    acceptEncoding: c.req.header("accept-encoding"),
  });
  return new Response(answerBody(entry, kind, method), {
    status: kind.status,
    headers: answerHeaders(entry, kind, state),
  });
}

/** Answers anonymous GET and HEAD requests for public pages from the cache, filling it on a miss. */
export function servePageCache(cache: PageCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { method } = c.req;
    if ((method !== "GET" && method !== "HEAD") || !anonymousPageRequest(c)) return next();
    const key = c.req.url;
    const hit = cache.get(key);
    if (hit) {
      cache.stats.hits++;
      return answer(c, hit, "hit");
    }
    cache.stats.misses++;
    const startedAt = cache.generation();
    await next();
    if (method !== "GET" || !sharedAnswer(c.res)) return;
    c.res = answer(c, await cache.store(key, c.res, startedAt), "miss");
  };
}

/**
 * Answers page-cache hits straight from Node's request, before Hono builds a Request or runs any
 * middleware: a hit then costs about what a bare "hello" does. Same rules as `servePageCache` (an
 * anonymous GET or HEAD for an address stored by it: Hono's request URL is scheme, Host and target,
 * and an address it would have normalised differently simply misses here and goes the long way), and
 * the same headers plus those every answer gets from the middleware a hit skips (`everyAnswerHeaders`),
 * and an X-Request-Id of its own (`requestIdFor` the one the request brought, as the app does). Returns
 * the body's bytes sent and the request id for a hit, or null when the request is not one: the caller
 * then hands it to the app.
 */
export function serveCachedPages(
  cache: PageCache,
  everyAnswerHeaders: [string, string][],
  requestIdFor: (sent: string | undefined) => string,
) {
  // A hit's headers depend only on the page and the kind of answer: flattened once for each.
  const flatHeaders = new WeakMap<Entry, Map<string, string[]>>();
  const headersOf = (entry: Entry, kind: AnswerKind): string[] => {
    const key = `${kind.status} ${kind.encoding}`;
    let kinds = flatHeaders.get(entry);
    if (!kinds) {
      kinds = new Map();
      flatHeaders.set(entry, kinds);
    }
    let flat = kinds.get(key);
    if (!flat) {
      flat = [...everyAnswerHeaders, ...answerHeaders(entry, kind, "hit")].flat();
      kinds.set(key, flat);
    }
    return flat;
  };
  return (request: IncomingMessage, response: ServerResponse): { bytes: number; requestId: string } | null => {
    const { method, url } = request;
    if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/")) return null;
    const headers = readHitHeaders(request.rawHeaders);
    if (!headers.host || !anonymousHeaders(headers.authorization, headers.cookie)) return null;
    const scheme = "encrypted" in request.socket && request.socket.encrypted ? "https" : "http";
    const entry = cache.get(`${scheme}://${headers.host}${url}`);
    if (!entry) return null;
    const kind = answerKind(entry, {
      method,
      ifNoneMatch: headers.ifNoneMatch,
      acceptEncoding: headers.acceptEncoding,
    });
    cache.stats.hits++;
    const body = answerBody(entry, kind, method);
    const requestId = requestIdFor(headers.requestId);
    response.writeHead(kind.status, headersOf(entry, kind).concat("X-Request-Id", requestId));
    response.end(body);
    return { bytes: body?.byteLength ?? 0, requestId };
  };
}

/** The request headers a page-cache hit depends on. */
export type HitHeaders = {
  host?: string;
  authorization?: string;
  cookie?: string;
  ifNoneMatch?: string;
  acceptEncoding?: string;
  requestId?: string;
};

/**
 * Reads the headers a hit needs from Node's raw list, joined as Node joins repeats in
 * `request.headers` (the first Host and Authorization; cookies with "; ", lists with ", "): building
 * `request.headers` itself, an object with a property per header, costs a hit as much as the rest of it.
 */
export function readHitHeaders(rawHeaders: string[]): HitHeaders {
  const read: HitHeaders = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? "";
    const value = rawHeaders[i + 1] ?? "";
    switch (name.length) {
      case 4:
        if (read.host === undefined && name.toLowerCase() === "host") read.host = value;
        break;
      case 6:
        if (name.toLowerCase() === "cookie")
          read.cookie = read.cookie === undefined ? value : `${read.cookie}; ${value}`;
        break;
      case 13:
        if (read.authorization === undefined && name.toLowerCase() === "authorization") read.authorization = value;
        else if (name.toLowerCase() === "if-none-match") read.ifNoneMatch = joinList(read.ifNoneMatch, value);
        break;
      case 12:
        if (read.requestId === undefined && name.toLowerCase() === "x-request-id") read.requestId = value;
        break;
      case 15:
        if (name.toLowerCase() === "accept-encoding") read.acceptEncoding = joinList(read.acceptEncoding, value);
        break;
    }
  }
  return read;
}

const joinList = (before: string | undefined, value: string) => (before === undefined ? value : `${before}, ${value}`);

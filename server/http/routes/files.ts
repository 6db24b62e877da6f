import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

const PREFIX = "/files/";

/**
 * The storage key in the raw url, decoded exactly once. Hono's `c.req.path`
 * is already partly decoded; decoding it again would turn `%252e` into `.`.
 */
function keyOf(url: string): string | null {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(PREFIX)) return null;
  try {
    return decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    return null;
  }
}

/** Uploaded files; their keys never change, so browsers may keep them for a year. */
export const filesRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = keyOf(c.req.url);
  const file = key ? await c.get("services").storage.get(key) : null;
  if (!file) return c.json({ message: "Arquivo não encontrado." }, 404);
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  };
  // An SVG opened on its own runs its scripts with our origin; keep it inert.
  if (file.contentType === "image/svg+xml") {
    headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  }
  return c.body(file.body, 200, headers);
});

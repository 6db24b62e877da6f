import { Hono } from "hono";
import { sitePaths } from "../../../common/site-paths.ts";
import type { AppEnv } from "../../http/env.ts";
import { PRIVATE_PREFIX } from "../fiscal/note-files.ts";

const PREFIX = `${sitePaths.files}/`;

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

/**
 * RFC 6266 attachment with the name in UTF-8 (RFC 5987) and a plain ASCII fallback for old clients.
 * encodeURIComponent leaves ' ( ) * as they are, which RFC 5987 does not allow.
 */
export function attachment(name: string): string {
  const fallback = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Uploaded files; their keys never change, so browsers may keep them for a year. Images open in
 * the browser; documents (PDF, office files) are downloaded, so a crafted PDF never runs in our origin.
 */
export const filesRoutes: Hono<AppEnv> = new Hono<AppEnv>().get("/*", async (c) => {
  const found = keyOf(c.req.url);
  // The notas fiscais' files are the buyer's and the shop's only (server/modules/fiscal/note-files.ts).
  const key = found?.startsWith(PRIVATE_PREFIX) ? null : found;
  const file = key ? await c.get("services").storage.get(key) : null;
  if (!key || !file) return c.json({ message: "Arquivo não encontrado." }, 404);
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  };
  if (!file.contentType.startsWith("image/")) {
    const name = (await c.get("services").uploads.originalName(key)) ?? key.split("/").at(-1) ?? key;
    headers["Content-Disposition"] = attachment(name);
  }
  // An SVG opened on its own runs its scripts with our origin; keep it inert.
  if (file.contentType === "image/svg+xml") {
    headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  }
  return c.body(file.body, 200, headers);
});

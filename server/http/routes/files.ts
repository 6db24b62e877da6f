import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Uploaded files; their keys never change, so browsers may keep them for a year. */
export const filesRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/files\//, ""));
  const file = await c.get("services").storage.get(key);
  if (!file) return c.json({ message: "Arquivo não encontrado." }, 404);
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
});

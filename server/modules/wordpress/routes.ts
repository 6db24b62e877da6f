import { Hono } from "hono";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readId } from "../../http/input.ts";

/** Where the export is sent: the API's 25 MB limit leaves it to this route's own (upload.ts). */
export const WORDPRESS_UPLOAD_PATH = "/api/wordpress-imports";

export const wordpressRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", adminOnly, async (c) => c.json(await c.get("services").wordpress.list(c.get("actor"))))
  .post("/", adminOnly, async (c) =>
    c.json(await c.get("services").wordpress.previewUpload(c.get("actor"), c.req.raw), 201),
  )
  .get("/:id", adminOnly, async (c) => c.json(await c.get("services").wordpress.get(c.get("actor"), readId(c))))
  .post("/:id/start", adminOnly, async (c) =>
    c.json(await c.get("services").wordpress.start(c.get("actor"), readId(c)), 202),
  );

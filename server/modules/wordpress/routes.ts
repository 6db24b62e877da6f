import { Hono } from "hono";
import { previewWordPressUpload, startWordPressImport } from "../../flows/wordpress-import.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readId } from "../../http/input.ts";

/** Where the export is sent: the API's 25 MB limit leaves it to this route's own (upload.ts). */
export const WORDPRESS_UPLOAD_PATH = "/api/wordpress-imports";

export const wordpressRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", adminOnly, async (c) => c.json(await c.get("services").wordpress.list(c.get("actor"))))
  .post("/", adminOnly, async (c) =>
    c.json(await previewWordPressUpload(c.get("services"), c.get("actor"), c.req.raw), 201),
  )
  .get("/:id", adminOnly, async (c) => c.json(await c.get("services").wordpress.get(c.get("actor"), readId(c))))
  .post("/:id/start", adminOnly, async (c) =>
    c.json(await startWordPressImport(c.get("services"), c.get("actor"), readId(c)), 202),
  );

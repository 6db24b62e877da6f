import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { listQuerySchema } from "../../../common/pagination.ts";
import { contentListQuerySchema, pageSchema } from "../../../common/schemas/content.ts";
import type { AppEnv } from "../../http/env.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";
import { requireAdmin } from "../../kernel/access.ts";

// Permission is checked before the body is read, so a stranger learns nothing from validation errors.
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c.get("actor"));
  await next();
});

export const pagesRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, contentListQuerySchema) };
    return c.json(await c.get("services").pages.list(c.get("actor"), query));
  })
  .get("/tags", async (c) => c.json(await c.get("services").pages.tags(c.get("actor"))))
  .get("/:idOrSlug", async (c) => c.json(await c.get("services").pages.get(c.get("actor"), c.req.param("idOrSlug"))))
  .post("/", adminOnly, async (c) => {
    const input = await readBody(c, pageSchema);
    return c.json(await c.get("services").pages.create(c.get("actor"), input), 201);
  })
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, pageSchema);
    return c.json(await c.get("services").pages.update(c.get("actor"), id, input));
  })
  .delete("/:id", adminOnly, async (c) => {
    await c.get("services").pages.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });

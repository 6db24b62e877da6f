import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { listQuerySchema } from "../../../common/pagination.ts";
import { eventListQuerySchema, eventSchema } from "../../../common/schemas/content.ts";
import type { AppEnv } from "../../http/env.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";
import { requireAdmin } from "../../kernel/access.ts";

// Permission is checked before the body is read, so a stranger learns nothing from validation errors.
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c.get("actor"));
  await next();
});

export const eventsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, eventListQuerySchema) };
    return c.json(await c.get("services").events.list(c.get("actor"), query));
  })
  .get("/tags", async (c) => c.json(await c.get("services").events.tags(c.get("actor"))))
  .get("/:idOrSlug", async (c) => c.json(await c.get("services").events.get(c.get("actor"), c.req.param("idOrSlug"))))
  .post("/", adminOnly, async (c) => {
    const input = await readBody(c, eventSchema);
    return c.json(await c.get("services").events.create(c.get("actor"), input), 201);
  })
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, eventSchema);
    return c.json(await c.get("services").events.update(c.get("actor"), id, input));
  })
  .delete("/:id", adminOnly, async (c) => {
    await c.get("services").events.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });

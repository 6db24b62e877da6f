import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import { redirectListQuerySchema, redirectSchema } from "../../../common/schemas/redirects.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";

export const redirectsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .use(adminOnly)
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, redirectListQuerySchema) };
    return c.json(await c.get("services").redirects.list(c.get("actor"), query));
  })
  .post("/", async (c) => {
    const values = await readBody(c, redirectSchema);
    return c.json(await c.get("services").redirects.create(c.get("actor"), values), 201);
  })
  .get("/:id", async (c) => c.json(await c.get("services").redirects.get(c.get("actor"), readId(c))))
  .put("/:id", async (c) => {
    const id = readId(c);
    const values = await readBody(c, redirectSchema);
    return c.json(await c.get("services").redirects.update(c.get("actor"), id, values));
  })
  .delete("/:id", async (c) => {
    await c.get("services").redirects.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });

import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import { couponListQuerySchema, couponSchema } from "../../../common/schemas/coupons.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";

export const couponsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .use(adminOnly)
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, couponListQuerySchema) };
    return c.json(await c.get("services").coupons.list(c.get("actor"), query));
  })
  .post("/", async (c) => {
    const values = await readBody(c, couponSchema);
    return c.json(await c.get("services").coupons.create(c.get("actor"), values), 201);
  })
  .get("/:id", async (c) => c.json(await c.get("services").coupons.get(c.get("actor"), readId(c))))
  .put("/:id", async (c) => {
    const id = readId(c);
    const values = await readBody(c, couponSchema);
    return c.json(await c.get("services").coupons.update(c.get("actor"), id, values));
  })
  .delete("/:id", async (c) => {
    const outcome = await c.get("services").coupons.remove(c.get("actor"), readId(c));
    return c.json({ outcome });
  });

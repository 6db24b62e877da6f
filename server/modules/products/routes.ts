import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import { productListQuerySchema, productSchema } from "../../../common/schemas/product.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";

/** The catalogue: anyone reads the published products while the shop is open, administrators write. */
export const productsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, productListQuerySchema) };
    return c.json(await c.get("services").products.list(c.get("actor"), query));
  })
  .get("/tags", async (c) => c.json(await c.get("services").products.tags(c.get("actor"))))
  .get("/:idOrSlug", async (c) => c.json(await c.get("services").products.get(c.get("actor"), c.req.param("idOrSlug"))))
  .post("/", adminOnly, async (c) => {
    const input = await readBody(c, productSchema);
    return c.json(await c.get("services").products.create(c.get("actor"), input), 201);
  })
  .post("/:id/duplicate", adminOnly, async (c) =>
    c.json(await c.get("services").products.duplicate(c.get("actor"), readId(c)), 201),
  )
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, productSchema);
    return c.json(await c.get("services").products.update(c.get("actor"), id, input));
  })
  .delete("/:id", adminOnly, async (c) => {
    const outcome = await c.get("services").products.remove(c.get("actor"), readId(c));
    return c.json({ outcome });
  });

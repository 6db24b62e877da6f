import { Hono } from "hono";
import { menuOrderSchema, menuSchema } from "../../../common/schemas/menu.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId } from "../../http/input.ts";
import { isAdmin } from "../../kernel/access.ts";

export const menusRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  // Public: the header's enabled items; administrators get the full tree.
  .get("/", async (c) => {
    const { menus } = c.get("services");
    return c.json(isAdmin(c.get("actor")) ? await menus.list(c.get("actor")) : await menus.listEnabled());
  })
  .post("/", adminOnly, async (c) => {
    const values = await readBody(c, menuSchema);
    return c.json(await c.get("services").menus.create(c.get("actor"), values), 201);
  })
  .post("/reorder", adminOnly, async (c) => {
    const order = await readBody(c, menuOrderSchema);
    return c.json(await c.get("services").menus.reorder(c.get("actor"), order));
  })
  .get("/:id", adminOnly, async (c) => c.json(await c.get("services").menus.get(c.get("actor"), readId(c))))
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const values = await readBody(c, menuSchema);
    return c.json(await c.get("services").menus.update(c.get("actor"), id, values));
  })
  .delete("/:id", adminOnly, async (c) => {
    await c.get("services").menus.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });

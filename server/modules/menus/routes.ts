import { Hono } from "hono";
import { menuOrderSchema, menuSchema } from "../../../common/schemas/menu.ts";
import type { AppEnv } from "../../http/env.ts";
import { readBody, readId } from "../../http/input.ts";
import { isAdmin, requireAdmin } from "../../kernel/access.ts";

export const menusRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  // Public: the header's enabled items; administrators get the full tree.
  .get("/", async (c) => {
    const { menus } = c.get("services");
    return c.json(isAdmin(c.get("actor")) ? await menus.list(c.get("actor")) : await menus.listEnabled());
  })
  .post("/", async (c) => {
    requireAdmin(c.get("actor"));
    const values = await readBody(c, menuSchema);
    return c.json(await c.get("services").menus.create(c.get("actor"), values), 201);
  })
  .post("/reorder", async (c) => {
    requireAdmin(c.get("actor"));
    const order = await readBody(c, menuOrderSchema);
    return c.json(await c.get("services").menus.reorder(c.get("actor"), order));
  })
  .get("/:id", async (c) => {
    requireAdmin(c.get("actor"));
    return c.json(await c.get("services").menus.get(c.get("actor"), readId(c)));
  })
  .put("/:id", async (c) => {
    requireAdmin(c.get("actor"));
    const id = readId(c);
    const values = await readBody(c, menuSchema);
    return c.json(await c.get("services").menus.update(c.get("actor"), id, values));
  })
  .delete("/:id", async (c) => {
    requireAdmin(c.get("actor"));
    await c.get("services").menus.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });

import { Hono } from "hono";
import { shippingQuoteSchema, shopSettingsSchema } from "../../../common/schemas/shop.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody } from "../../http/input.ts";

/** The shop's settings (administrators) and the shipping quote (anyone, while the shop is open). */
export const shopRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/settings", adminOnly, async (c) => c.json(await c.get("services").shop.settings(c.get("actor"))))
  .put("/settings", adminOnly, async (c) => {
    const input = await readBody(c, shopSettingsSchema);
    return c.json(await c.get("services").shop.updateSettings(c.get("actor"), input));
  })
  .post("/melhor-envio/test", adminOnly, async (c) =>
    c.json(await c.get("services").shop.testMelhorEnvio(c.get("actor"))),
  )
  .post("/correios/test", adminOnly, async (c) => c.json(await c.get("services").shop.testCorreios(c.get("actor"))))
  .post("/shipping/quote", async (c) => {
    const input = await readBody(c, shippingQuoteSchema);
    return c.json(await c.get("services").shop.quote(c.get("actor"), input));
  });

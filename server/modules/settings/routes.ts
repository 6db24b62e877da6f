import { Hono } from "hono";
import { settingsSchema } from "../../../common/schemas/settings.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { saveSiteSettings } from "../../flows/site-settings.ts";
import { setUpSite } from "../../flows/site-setup.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody } from "../../http/input.ts";

export const settingsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await c.get("services").settings.get()))
  .post("/", adminOnly, async (c) => {
    const values = await readBody(c, settingsSchema);
    return c.json(await saveSiteSettings(c.get("services"), c.get("actor"), values, c.get("sessionToken")));
  })
  .get("/security", adminOnly, async (c) => c.json(await c.get("services").settings.securityFor(c.get("actor"))))
  .post("/setup", async (c) => {
    const input = await readBody(c, setupSchema);
    const { settings } = await setUpSite(c.get("services"), input);
    return c.json(settings, 201);
  });

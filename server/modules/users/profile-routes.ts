import { Hono } from "hono";
import { profileSchema } from "../../../common/schemas/user.ts";
import type { AppEnv } from "../../http/env.ts";
import { readBody } from "../../http/input.ts";
import { requireUser } from "../../kernel/access.ts";

export const profileRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", async (c) => {
    const actor = requireUser(c.get("actor"));
    const { id, name, email, role } = await c.get("services").users.profile(actor);
    return c.json({ id, name, email, role });
  })
  .put("/", async (c) => {
    const actor = requireUser(c.get("actor"));
    const services = c.get("services");
    const input = await readBody(c, profileSchema);
    return c.json(await services.users.updateProfile(actor, input, c.get("sessionToken")));
  });

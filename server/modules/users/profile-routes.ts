import { Hono } from "hono";
import { profileUpdateSchema } from "../../../common/schemas/customer.ts";
import { type ProfileView, sessionsEndedMessage } from "../../../common/views/auth.ts";
import { updateOwnProfile } from "../../flows/accounts.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { readBody } from "../../http/input.ts";

export const profileRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", signedIn, async (c) => {
    const { id, name, email, role } = await c.get("services").users.profile(c.get("actor"));
    const answer: ProfileView = { id, name, email, role };
    return c.json(answer);
  })
  .put("/", signedIn, async (c) => {
    const services = c.get("services");
    const input = await readBody(c, profileUpdateSchema);
    return c.json(await updateOwnProfile(services, c.get("actor"), input, c.get("sessionToken")));
  })
  .get("/sessions", signedIn, async (c) =>
    c.json(await c.get("services").auth.sessionsOf(c.get("actor"), c.get("sessionToken"))),
  )
  .post("/sessions/end-others", signedIn, async (c) => {
    const ended = await c.get("services").auth.endOtherSessions(c.get("actor"), c.get("sessionToken"));
    return c.json({ message: sessionsEndedMessage(ended) });
  });

import { Hono } from "hono";
import { accountDeletionSchema } from "../../../common/schemas/customer.ts";
import { deleteAccount } from "../../flows/delete-account.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { readBody, readId } from "../../http/input.ts";
import { clearedSessionCookie } from "../../http/session-cookie.ts";
import { requireUser } from "../../kernel/access.ts";

/** The signed-in person's own data beyond the profile (server/modules/users/profile-routes.ts). */
export const customerRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/account", signedIn, async (c) => c.json(await c.get("services").customers.account(c.get("actor"))))
  .get("/export", signedIn, async (c) => {
    const data = await c.get("services").customers.exportData(c.get("actor"));
    const day = data.exported_at.slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="meus-dados-${day}.json"`);
    return c.json(data);
  })
  .delete("/", signedIn, async (c) => {
    const services = c.get("services");
    const { password } = await readBody(c, accountDeletionSchema);
    await deleteAccount(services, c.get("actor"), password);
    c.header("Set-Cookie", clearedSessionCookie(services.config.secureCookies));
    return c.body(null, 204);
  })
  .get("/addresses", signedIn, async (c) =>
    c.json(await c.get("services").customers.addresses(requireUser(c.get("actor")).id)),
  )
  .delete("/addresses/:id", signedIn, async (c) => {
    await c.get("services").customers.deleteAddress(c.get("actor"), readId(c));
    return c.body(null, 204);
  });

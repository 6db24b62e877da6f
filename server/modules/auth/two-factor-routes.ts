import { Hono } from "hono";
import { twoFactorCodeSchema, twoFactorConfirmSchema, twoFactorDisableSchema } from "../../../common/schemas/auth.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { readBody } from "../../http/input.ts";

/** One's own verification in two steps, under /api/profile/two-factor (two-factor-service.ts). */
export const twoFactorRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", signedIn, async (c) => c.json(await c.get("services").auth.twoFactorStatus(c.get("actor"))))
  .post("/setup", signedIn, async (c) => c.json(await c.get("services").auth.startTwoFactor(c.get("actor")), 201))
  .delete("/setup", signedIn, async (c) => {
    await c.get("services").auth.cancelTwoFactorSetup(c.get("actor"));
    return c.body(null, 204);
  })
  .post("/confirm", signedIn, async (c) => {
    const input = await readBody(c, twoFactorConfirmSchema);
    return c.json(await c.get("services").auth.confirmTwoFactor(c.get("actor"), input, c.get("sessionToken")));
  })
  .post("/recovery-codes", signedIn, async (c) => {
    const input = await readBody(c, twoFactorCodeSchema);
    return c.json(await c.get("services").auth.renewRecoveryCodes(c.get("actor"), input));
  })
  .post("/disable", signedIn, async (c) => {
    const input = await readBody(c, twoFactorDisableSchema);
    await c.get("services").auth.disableTwoFactor(c.get("actor"), input);
    return c.json({ message: "Verificação em duas etapas desativada." });
  });

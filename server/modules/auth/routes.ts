import { Hono } from "hono";
import { loginSchema } from "../../../common/schemas/auth.ts";
import type { SessionView } from "../../../common/views/auth.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { readBody } from "../../http/input.ts";
import { clearedSessionCookie, sessionCookie } from "../../http/session-cookie.ts";

export const authRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const services = c.get("services");
    const input = await readBody(c, loginSchema);
    const { session, user } = await services.auth.login(input, c.get("clientAddress"));
    c.header("Set-Cookie", sessionCookie(session.token, services.config.secureCookies));
    const answer: SessionView = { token: session.token, expires_at: session.expiresAt.toISOString(), user };
    return c.json(answer);
  })
  .post("/logout", signedIn, async (c) => {
    const services = c.get("services");
    const token = c.get("sessionToken");
    if (token) await services.auth.logout(token);
    c.header("Set-Cookie", clearedSessionCookie(services.config.secureCookies));
    return c.json({ message: "Sessão encerrada." });
  });

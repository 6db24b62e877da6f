import { Hono } from "hono";
import { RESET_REQUESTED } from "../../../common/password-reset-messages.ts";
import { loginSchema, TWO_FACTOR_ENROL_ON_SITE } from "../../../common/schemas/auth.ts";
import { registrationSchema } from "../../../common/schemas/customer.ts";
import { passwordResetRequestSchema, passwordResetSchema } from "../../../common/schemas/password-reset.ts";
import type { SecondStepView, SessionView } from "../../../common/views/auth.ts";
import { signUp } from "../../flows/sign-up.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { readBody } from "../../http/input.ts";
import { clearedSessionCookie, sessionCookie } from "../../http/session-cookie.ts";
import type { Actor } from "../../kernel/access.ts";
import type { Services } from "../../services.ts";
import type { Session } from "./auth-service.ts";

function signedInAnswer(services: Services, session: Session, user: Actor): { answer: SessionView; cookie: string } {
  return {
    answer: { token: session.token, expires_at: session.expiresAt.toISOString(), user },
    cookie: sessionCookie(session.token, services.config.secureCookies),
  };
}

const RESET_THEN_CODE = "Senha alterada. Entre com a nova senha e o código de verificação.";
const RESET_THEN_ENROL = `Senha alterada. ${TWO_FACTOR_ENROL_ON_SITE}`;

export const authRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const services = c.get("services");
    const input = await readBody(c, loginSchema);
    const { session, user } = await services.auth.login(input, c.get("clientAddress"));
    const { answer, cookie } = signedInAnswer(services, session, user);
    c.header("Set-Cookie", cookie);
    return c.json(answer);
  })
  .post("/logout", signedIn, async (c) => {
    const services = c.get("services");
    const token = c.get("sessionToken");
    if (token) await services.auth.logout(token);
    c.header("Set-Cookie", clearedSessionCookie(services.config.secureCookies));
    return c.json({ message: "Sessão encerrada." });
  })
  .post("/register", async (c) => {
    const services = c.get("services");
    const input = await readBody(c, registrationSchema);
    const { user, session } = await signUp(services, input, c.get("clientAddress"));
    const { answer, cookie } = signedInAnswer(services, session, user);
    c.header("Set-Cookie", cookie);
    return c.json(answer, 201);
  })
  .post("/password-reset", async (c) => {
    const services = c.get("services");
    const { email } = await readBody(c, passwordResetRequestSchema);
    await services.auth.requestPasswordReset(email, c.get("clientAddress"));
    return c.json({ message: RESET_REQUESTED }, 202);
  })
  .post("/password-reset/confirm", async (c) => {
    const services = c.get("services");
    const input = await readBody(c, passwordResetSchema);
    // An account with a second step gets no session here: it signs in again with the new password and a code.
    const done = await services.transaction(async (tx) => {
      const user = await tx.auth.resetPassword(input);
      const purpose = await tx.auth.secondStepOf(user);
      return purpose === null ? { user, session: await tx.auth.openSession(user, "senha redefinida") } : { purpose };
    });
    if ("purpose" in done) {
      const answer: SecondStepView = {
        message: done.purpose === "code" ? RESET_THEN_CODE : RESET_THEN_ENROL,
        two_factor_required: true,
      };
      return c.json(answer);
    }
    const { answer, cookie } = signedInAnswer(services, done.session, done.user);
    c.header("Set-Cookie", cookie);
    return c.json(answer);
  });

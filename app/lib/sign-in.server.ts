import { redirect } from "react-router";
import { failureOf } from "../../common/failure.ts";
import { safeRedirect } from "../../common/safe-redirect.ts";
import { CHALLENGE_GONE, twoFactorCodeSchema } from "../../common/schemas/auth.ts";
import { sitePaths } from "../../common/site-paths.ts";
import type { AppContext, Services } from "./context.server.ts";
import { flashHeader } from "./flash.server.ts";
import { formAction } from "./form-action.server.ts";
import { withRedirectTo } from "./sign-in-steps.ts";

/** Where a right password leads on the pages: a session, or a challenge for the step still to take. */
export type SignInStep = Awaited<ReturnType<Services["auth"]["beginSignIn"]>>;

/**
 * The challenge between a right password and a session (server/modules/auth/auth-service.ts): its token
 * lives in this cookie only, HttpOnly and SameSite=Lax, sent to the sign-in's own pages, until it expires.
 */
const CHALLENGE_COOKIE = "cms_login_challenge";

const challengeCookie = (app: AppContext, token: string, maxAgeSeconds: number) =>
  `${CHALLENGE_COOKIE}=${token}; Path=${sitePaths.login}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${
    app.services.config.secureCookies ? "; Secure" : ""
  }`;

export const clearedChallengeCookie = (app: AppContext) => challengeCookie(app, "", 0);

/** The challenge's token this browser holds, if any. */
export function challengeTokenOf(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === CHALLENGE_COOKIE && value && /^[\w-]{1,100}$/.test(value)) return value;
  }
  return null;
}

/**
 * The answer to a right password: the session's cookie and on to `target`, or the challenge's cookie and
 * on to the step it asks for (the code, or adding an authenticator first). `headers` may carry a flash.
 */
export function signInAnswer(app: AppContext, step: SignInStep, target: string, headers = new Headers()): Response {
  if (step.kind === "session") {
    headers.append("Set-Cookie", app.sessionCookie(step.session.token));
    headers.append("Set-Cookie", clearedChallengeCookie(app));
    return redirect(target, { headers });
  }
  const seconds = Math.max(1, Math.round((step.expiresAt.getTime() - Date.now()) / 1000));
  headers.append("Set-Cookie", challengeCookie(app, step.token, seconds));
  const page = step.purpose === "code" ? sitePaths.loginCode : sitePaths.loginEnrol;
  return redirect(withRedirectTo(page, target), { headers });
}

/**
 * Back to the e-mail and password when the challenge is gone (expired, answered, too many wrong codes),
 * saying why: `error`'s message when it is a refusal, else that the verification expired.
 */
export async function backToLogin(app: AppContext, redirectTo: string, error?: unknown): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await flashHeader("error", failureOf(error)?.body.message ?? CHALLENGE_GONE));
  headers.append("Set-Cookie", clearedChallengeCookie(app));
  return redirect(withRedirectTo(sitePaths.login, redirectTo), { headers });
}

/** The challenge this browser holds, while it may still be answered; null when none or gone. */
export async function openChallenge(app: AppContext, request: Request) {
  const token = challengeTokenOf(request);
  const challenge = token ? await app.services.auth.challengeOf(token) : null;
  return token && challenge ? { token, ...challenge } : null;
}

/**
 * The action of a step that takes a code (the code's page, the enrolment's): `answer` gets the code when
 * this browser holds a challenge of `purpose`. A challenge that ends (expired, too many wrong codes) or is
 * another step's goes back to the password; a wrong code while it stays open is the form's refusal.
 */
export function codeStepAction<R>(
  app: AppContext,
  request: Request,
  purpose: "code" | "enrol",
  answer: (token: string, code: string, target: string) => Promise<R>,
) {
  return formAction(request, twoFactorCodeSchema, async (input, form) => {
    const target = safeRedirect(form.get("redirectTo"));
    const challenge = await openChallenge(app, request);
    if (challenge?.purpose !== purpose) return backToLogin(app, target);
    try {
      return await answer(challenge.token, input.code, target);
    } catch (error) {
      if (await openChallenge(app, request)) throw error;
      return backToLogin(app, target, error);
    }
  });
}

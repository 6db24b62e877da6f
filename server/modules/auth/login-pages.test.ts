import { describe, expect, it } from "vitest";
import { action as login } from "../../../app/routes/site/login.tsx";
import { action as loginCode } from "../../../app/routes/site/login-code.tsx";
import { action as loginEnrol } from "../../../app/routes/site/login-enrol.tsx";
import {
  cookiesOf,
  cookieValue,
  type PageArgs,
  pageArgs,
  pagePost,
  redirectOf,
} from "../../../tests/support/page-route.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { codeOf, twoFactorApi } from "../../../tests/support/two-factor.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { settings } from "../settings/tables.ts";

/*
 * The sign-in pages' actions as the document handler runs them (services in the React Router context) on a
 * real database: the password's page hands a challenge cookie to the code's page, which alone opens the
 * session. The browser's side (forms, JavaScript off, a phone's width, axe) is tests/e2e/two-factor.spec.ts.
 */

const t = withTestApp({ setUp: true });

type PageAction = (args: PageArgs<Record<string, string>>) => unknown;

/** Posts a form to a page's action, with the cookies the browser holds. */
const post = (action: PageAction, path: string, body: Record<string, string>, cookie = "") =>
  action(pageArgs(t.services, pagePost(path, body, { cookie }), { params: {}, pattern: path }));

const enrolSuper = async () => (await twoFactorApi(t).enrol(t.superToken)).secret;

describe("the sign-in pages", () => {
  it("hand a right password on to the code's own step, which alone opens the session", async () => {
    const secret = await enrolSuper();
    const answer = await post(login, "/login", {
      email: SUPER.email,
      password: SUPER.password,
      redirectTo: "/conta/pages",
    });
    expect(redirectOf(answer).headers.get("location")).toBe("/login/verificacao?redirectTo=%2Fconta%2Fpages");
    const cookies = cookiesOf(answer);
    expect(cookieValue(cookies, "cms_session")).toBeUndefined();
    const challenge = cookies.find((cookie) => cookie.startsWith("cms_login_challenge="));
    expect(challenge).toMatch(/^cms_login_challenge=[\w-]{40,}; Path=\/login; HttpOnly; SameSite=Lax; Max-Age=600$/);
    const held = `cms_login_challenge=${cookieValue(cookies, "cms_login_challenge")}`;

    const wrong = await post(loginCode, "/login/verificacao", { code: "000000", redirectTo: "/conta/pages" }, held);
    expect(wrong).toMatchObject({
      init: { status: 401 },
      data: { result: { error: { code: ["Código de verificação inválido ou já usado"] } } },
    });

    const done = await post(
      loginCode,
      "/login/verificacao",
      { code: codeOf(secret, 1), redirectTo: "/conta/pages" },
      held,
    );
    expect(redirectOf(done).headers.get("location")).toBe("/conta/pages");
    const session = cookieValue(cookiesOf(done), "cms_session");
    expect(await t.services.auth.userForToken(session ?? "")).toMatchObject({ email: SUPER.email });
    expect(cookiesOf(done)).toContainEqual(expect.stringMatching(/^cms_login_challenge=; .*Max-Age=0/));

    // The challenge is spent: the page goes back to the password, saying why.
    const again = await post(loginCode, "/login/verificacao", { code: codeOf(secret, 1), redirectTo: "/" }, held);
    expect(redirectOf(again).headers.get("location")).toBe("/login");
  });

  it("turn an administrator the site requires it of to the enrolment, then show her recovery codes with the session", async () => {
    await t.database.db.update(settings).set({ requireTwoFactor: true });
    const answer = await post(login, "/login", { email: SUPER.email, password: SUPER.password, redirectTo: "/conta" });
    expect(redirectOf(answer).headers.get("location")).toBe("/login/ativar-verificacao?redirectTo=%2Fconta");
    const token = cookieValue(cookiesOf(answer), "cms_login_challenge") ?? "";
    const setup = await t.services.auth.enrolmentOf(token);
    if (!setup) throw new Error("expected the secret to add");

    const done = await post(
      loginEnrol,
      "/login/ativar-verificacao",
      { code: codeOf(setup.secret), redirectTo: "/conta" },
      `cms_login_challenge=${token}`,
    );
    expect(done).toMatchObject({ data: { ok: true, target: "/conta" } });
    expect((done as { data: { recoveryCodes: string[] } }).data.recoveryCodes).toHaveLength(10);
    const session = cookieValue(cookiesOf(done), "cms_session");
    expect(await t.services.auth.userForToken(session ?? "")).toMatchObject({ email: SUPER.email });
  });

  it("take only their own step's challenge: the code's page never turns on an enrolment, nor shows its codes", async () => {
    await t.database.db.update(settings).set({ requireTwoFactor: true });
    const answer = await post(login, "/login", { email: SUPER.email, password: SUPER.password, redirectTo: "/conta" });
    const token = cookieValue(cookiesOf(answer), "cms_login_challenge") ?? "";
    const setup = await t.services.auth.enrolmentOf(token);
    if (!setup) throw new Error("expected the secret to add");
    const held = `cms_login_challenge=${token}`;

    const refused = await post(loginCode, "/login/verificacao", { code: codeOf(setup.secret), redirectTo: "/" }, held);
    expect(redirectOf(refused).headers.get("location")).toBe("/login");
    expect(cookieValue(cookiesOf(refused), "cms_session")).toBeUndefined();
    expect((await t.services.auth.twoFactorStatus(await t.services.auth.userForToken(t.superToken))).enabled).toBe(
      false,
    );

    // And the enrolment's page takes no code challenge.
    await t.database.db.update(settings).set({ requireTwoFactor: false });
    const secret = await enrolSuper();
    const codeStep = await post(login, "/login", { email: SUPER.email, password: SUPER.password, redirectTo: "/" });
    const codeHeld = `cms_login_challenge=${cookieValue(cookiesOf(codeStep), "cms_login_challenge")}`;
    const wrongPage = await post(
      loginEnrol,
      "/login/ativar-verificacao",
      { code: codeOf(secret, 1), redirectTo: "/" },
      codeHeld,
    );
    expect(cookieValue(cookiesOf(redirectOf(wrongPage)), "cms_session")).toBeUndefined();
  });
});

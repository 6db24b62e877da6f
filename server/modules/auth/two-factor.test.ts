import { asc, desc, eq, sql } from "drizzle-orm";
import { TOTP, URI } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHALLENGE_EXHAUSTED,
  CHALLENGE_GONE,
  TWO_FACTOR_ENROL_ON_SITE,
  TWO_FACTOR_REQUIRED_BY_SITE,
} from "../../../common/schemas/auth.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { atStepStart, codeOf, fromNewAddress, STEP_MS, twoFactorApi } from "../../../tests/support/two-factor.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import type { Actor } from "../../kernel/access.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { settings } from "../settings/tables.ts";
import { loginChallenges, recoveryCodes, sessions, twoFactorSecrets } from "./tables.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

afterEach(() => {
  vi.useRealTimers();
});

const nextStep = () => vi.setSystemTime(Date.now() + STEP_MS);

const login = (body: Record<string, unknown>) =>
  t.request("POST", "/api/auth/login", { body, headers: fromNewAddress() });

const { twoFactor, enrol } = twoFactorApi(t);

async function actorOf(token: string): Promise<Actor> {
  return (await t.request("GET", "/api/profile", { token })).json<Actor>();
}

/** A super user requires it of administrators (or stops): the settings' column (their form is tested with them). */
async function requireTwoFactor(on: boolean) {
  await t.database.db.update(settings).set({ requireTwoFactor: on });
}

const entries = (action: string) =>
  t.database.db.select().from(auditEntries).where(eq(auditEntries.action, action)).orderBy(asc(auditEntries.id));

const sessionsOf = async (userId: number) =>
  (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("turning it on in 'Meus dados'", () => {
  it("shows the secret as a QR code of an otpauth URI named after the site, then confirms it with a first code", async () => {
    const token = await t.setupSite();
    const before = await twoFactor("GET", "", token);
    expectDocumented("get", "/api/profile/two-factor", before);
    expect(before.json()).toEqual({
      enabled: false,
      enabled_at: null,
      required: false,
      recovery_codes_left: 0,
      setup: null,
    });

    const setup = await twoFactor("POST", "/setup", token);
    expect(setup.status).toBe(201);
    expectDocumented("post", "/api/profile/two-factor/setup", setup);
    const { secret, otpauth_uri, qr_svg } = setup.json<{ secret: string; otpauth_uri: string; qr_svg: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = URI.parse(otpauth_uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({
      issuer: SUPER.title,
      label: SUPER.email,
      algorithm: "SHA1",
      digits: 6,
      period: 30,
    });
    expect(parsed.secret.base32).toBe(secret);
    expect(qr_svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Until its first code, the page shows the same secret again.
    const pending = (await twoFactor("GET", "", token)).json<{ enabled: boolean; setup: { secret: string } }>();
    expect(pending.enabled).toBe(false);
    expect(pending.setup.secret).toBe(secret);
    // Sign-in does not ask for a code yet.
    expect((await login({ email: SUPER.email, password: SUPER.password })).status).toBe(200);

    const wrong = await twoFactor("POST", "/confirm", token, { password: SUPER.password, code: codeOf(secret, 5) });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Código de verificação inválido ou já usado.",
      errors: { code: ["Código de verificação inválido ou já usado"] },
    });

    const confirmed = await twoFactor("POST", "/confirm", token, { password: SUPER.password, code: codeOf(secret) });
    expect(confirmed.status).toBe(200);
    expectDocumented("post", "/api/profile/two-factor/confirm", confirmed);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    // Only their hashes are kept.
    const stored = await t.database.db.select().from(recoveryCodes);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash.slice(0, 8));

    const after = (await twoFactor("GET", "", token)).json();
    expect(after).toMatchObject({
      enabled: true,
      enabled_at: expect.any(String),
      recovery_codes_left: 10,
      setup: null,
    });
    expect((await twoFactor("POST", "/setup", token)).status).toBe(409);
    expect(
      (await twoFactor("POST", "/confirm", token, { password: SUPER.password, code: codeOf(secret, 1) })).status,
    ).toBe(409);

    const user = await actorOf(token);
    expect(await entries("two_factor.enabled")).toEqual([
      expect.objectContaining({ actorId: user.id, actorName: user.name, recordId: String(user.id) }),
    ]);
  });

  it("forgets a secret that never got its first code", async () => {
    const token = await t.setupSite();
    await twoFactor("POST", "/setup", token);
    expect((await twoFactor("DELETE", "/setup", token)).status).toBe(204);
    expect(await t.database.db.select().from(twoFactorSecrets)).toEqual([]);
    const confirm = await twoFactor("POST", "/confirm", token, { password: SUPER.password, code: "123456" });
    expect(confirm.status).toBe(409);
  });

  it("is for signed-in people only, customers included", async () => {
    const superToken = await t.setupSite();
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["POST", "/setup", undefined],
      ["DELETE", "/setup", undefined],
      ["POST", "/confirm", { password: "x", code: "123456" }],
      ["POST", "/recovery-codes", { code: "123456" }],
      ["POST", "/disable", { password: "x", code: "123456" }],
    ] as const) {
      const anonymous = await twoFactor(method, path, undefined, body);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    const customer = await t.createUser("user", superToken);
    const { codes } = await enrol(customer.token, customer.password);
    expect(codes).toHaveLength(10);
    const admin = await t.createUser("admin", superToken);
    expect((await twoFactor("GET", "", admin.token)).status).toBe(200);
  });
});

describe("signing in with the code", () => {
  it("asks token clients for `code` in the same request, refuses a wrong one, and takes each code once", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = await enrol(token);
    const credentials = { email: SUPER.email, password: SUPER.password };

    const missing = await login(credentials);
    expect(missing.status).toBe(401);
    expectDocumented("post", "/api/auth/login", missing);
    expect(missing.json()).toEqual({
      message:
        "Informe o código de verificação do aplicativo autenticador (ou um código de recuperação) no campo code.",
      errors: {
        code: [
          "Informe o código de verificação do aplicativo autenticador (ou um código de recuperação) no campo code",
        ],
      },
    });
    expect(missing.headers.get("set-cookie")).toBeNull();

    const wrong = await login({ ...credentials, code: codeOf(secret, 4) });
    expect(wrong.status).toBe(401);
    expect(wrong.json<{ errors: unknown }>().errors).toEqual({ code: ["Código de verificação inválido ou já usado"] });
    // The wrong password stays the same answer, whatever the code.
    const wrongPassword = await login({ ...credentials, password: "errada123", code: codeOf(secret, 1) });
    expect(wrongPassword.json()).toEqual({ message: "E-mail ou senha inválidos." });

    // The code confirming the app was this step's: the next step's code signs in, once.
    const code = codeOf(secret, 1);
    const signedIn = await login({ ...credentials, code });
    expect(signedIn.status).toBe(200);
    expectDocumented("post", "/api/auth/login", signedIn);
    expect(signedIn.headers.get("set-cookie")).toMatch(/^cms_session=/);
    const again = await login({ ...credentials, code });
    expect(again.status).toBe(401);
    // An earlier step's code is refused too once a later one was used, though still within the drift.
    nextStep();
    expect((await login({ ...credentials, code: codeOf(secret, -1) })).status).toBe(401);
    // That was the third wrong code: the next app code waits a minute (the account's delay).
    expect((await login({ ...credentials, code: codeOf(secret, 1) })).status).toBe(429);
    vi.setSystemTime(Date.now() + 60_000);
    const typed = codeOf(secret, 1);
    expect((await login({ ...credentials, code: `${typed.slice(0, 3)} ${typed.slice(3)}` })).status).toBe(200);
  });

  it("goes through a challenge of its own on the pages: the session only after the code", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = await enrol(token);
    const user = await actorOf(token);
    const sessionsBefore = await sessionsOf(user.id);

    const step = await t.services.auth.beginSignIn({ email: SUPER.email, password: SUPER.password }, "192.0.2.10");
    if (step.kind !== "challenge") throw new Error("expected a challenge");
    expect(step.purpose).toBe("code");
    expect(step.expiresAt.getTime() - Date.now()).toBe(10 * 60_000);
    expect(await sessionsOf(user.id)).toBe(sessionsBefore);
    // Only the token's hash is stored.
    const [stored] = await t.database.db.select().from(loginChallenges);
    expect(stored?.tokenHash).not.toBe(step.token);
    expect(await t.services.auth.challengeOf(step.token)).toMatchObject({ purpose: "code", user: { id: user.id } });

    const wrong = await failure(t.services.auth.answerChallenge(step.token, codeOf(secret, 3), "code"));
    expect(wrong.fieldErrors).toEqual({ code: ["Código de verificação inválido ou já usado"] });
    expect(await sessionsOf(user.id)).toBe(sessionsBefore);

    nextStep();
    const done = await t.services.auth.answerChallenge(step.token, codeOf(secret), "code");
    expect(done.recoveryCodes).toBeNull();
    expect(await t.services.auth.userForToken(done.session.token)).toMatchObject({ id: user.id });
    // The challenge is spent.
    expect(await t.services.auth.challengeOf(step.token)).toBeNull();
    const spent = await failure(t.services.auth.answerChallenge(step.token, codeOf(secret, 1), "code"));
    expect(spent.message).toBe(CHALLENGE_GONE);
  });

  it("ends a challenge after five wrong codes, and one that expired", async () => {
    const token = await t.setupSite();
    const { secret } = await enrol(token);
    const begin = async () => {
      const step = await t.services.auth.beginSignIn({ email: SUPER.email, password: SUPER.password }, "192.0.2.20");
      if (step.kind !== "challenge") throw new Error("expected a challenge");
      return step.token;
    };
    const challenge = await begin();
    // Wrong recovery codes: the app's codes would soon wait (the account's growing delay, tested below).
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await failure(t.services.auth.answerChallenge(challenge, "abcd-efgh-jkmn-pqrs", "code"));
      expect(refused.fieldErrors, `attempt ${attempt}`).toEqual({
        code: ["Código de verificação inválido ou já usado"],
      });
    }
    const fifth = await failure(t.services.auth.answerChallenge(challenge, "abcd-efgh-jkmn-pqrs", "code"));
    expect(fifth.message).toBe(CHALLENGE_EXHAUSTED);
    const sixth = await failure(t.services.auth.answerChallenge(challenge, codeOf(secret, 1), "code"));
    expect(sixth.message).toBe(CHALLENGE_GONE);

    const expiring = await begin();
    await t.database.db.execute(sql`UPDATE login_challenges SET expires_at = now() - interval '1 second'`);
    expect(await t.services.auth.challengeOf(expiring)).toBeNull();
    const late = await failure(t.services.auth.answerChallenge(expiring, codeOf(secret, 1), "code"));
    expect(late.message).toBe(CHALLENGE_GONE);
    // The sessions' purge job takes expired challenges away too.
    expect(await t.database.db.select().from(loginChallenges)).toHaveLength(1);
    await t.services.auth.purgeExpired();
    expect(await t.database.db.select().from(loginChallenges)).toEqual([]);
  });

  it("counts a wrong code against the account's delay, not against the address or the password's limit", async () => {
    const token = await t.setupSite();
    const { secret } = await enrol(token);
    const credentials = { email: SUPER.email, password: SUPER.password };
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login({ ...credentials, code: "000000" })).status, `attempt ${attempt}`).toBe(401);
    }
    // The third wrong code started the delay: the app's codes wait, whatever the address.
    const delayed = await login({ ...credentials, code: codeOf(secret, 1) });
    expect(delayed.status).toBe(429);
    expectDocumented("post", "/api/auth/login", delayed);
    // The password's own limit was not spent by the codes: the pages still reach the code step.
    expect(await t.services.auth.beginSignIn(credentials, "192.0.2.40")).toMatchObject({ kind: "challenge" });
  });
});

describe("recovery codes", () => {
  it("sign in once each, in any case and grouping, and say so in the audit log", async () => {
    const token = await t.setupSite();
    const { codes } = await enrol(token);
    const [first, second] = codes as [string, string];
    const credentials = { email: SUPER.email, password: SUPER.password };
    expect((await login({ ...credentials, code: first })).status).toBe(200);
    expect((await login({ ...credentials, code: first })).status).toBe(401);
    expect((await login({ ...credentials, code: second.replaceAll("-", "").toUpperCase() })).status).toBe(200);
    expect((await twoFactor("GET", "", token)).json()).toMatchObject({ recovery_codes_left: 8 });
    const used = await entries("two_factor.recovery_code_used");
    expect(used).toHaveLength(2);
    expect(used[1]?.details).toEqual({ "Códigos de recuperação restantes": 8 });

    // On the pages' step as well.
    const step = await t.services.auth.beginSignIn(credentials, "192.0.2.70");
    if (step.kind !== "challenge") throw new Error("expected a challenge");
    const third = codes[2] as string;
    expect((await t.services.auth.answerChallenge(step.token, third, "code")).user.email).toBe(SUPER.email);
  });

  it("are renewed for a code: the old ones stop working", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret, codes } = await enrol(token);
    const wrong = await twoFactor("POST", "/recovery-codes", token, { code: codeOf(secret) });
    expect(wrong.status).toBe(400);
    const renewed = await twoFactor("POST", "/recovery-codes", token, { code: codeOf(secret, 1) });
    expect(renewed.status).toBe(200);
    expectDocumented("post", "/api/profile/two-factor/recovery-codes", renewed);
    const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    const credentials = { email: SUPER.email, password: SUPER.password };
    expect((await login({ ...credentials, code: codes[0] })).status).toBe(401);
    expect((await login({ ...credentials, code: fresh[0] })).status).toBe(200);
    expect(await entries("two_factor.recovery_codes_renewed")).toHaveLength(1);
  });

  it("count the codes typed while signed in towards the account's delay", async () => {
    const token = await t.setupSite();
    const { secret, codes } = await enrol(token);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await twoFactor("POST", "/recovery-codes", token, { code: "000000" })).status).toBe(400);
    }
    const blocked = await twoFactor("POST", "/recovery-codes", token, { code: codeOf(secret, 1) });
    expect(blocked.status).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(
      /^Muitos códigos errados nesta conta\. Tente o código do aplicativo de novo a partir de \d\d\/\d\d\/\d{4}, \d\d:\d\d, ou entre agora com um código de recuperação\.$/,
    );
    // A recovery code is never delayed.
    expect((await twoFactor("POST", "/recovery-codes", token, { code: codes[0] })).status).toBe(200);
  });
});

describe("turning it off", () => {
  it("takes the password and a code", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = await enrol(token);
    const disable = (body: Record<string, string>) => twoFactor("POST", "/disable", token, body);

    const wrongPassword = await disable({ password: "errada123", code: codeOf(secret, 1) });
    expect(wrongPassword.status).toBe(400);
    expectDocumented("post", "/api/profile/two-factor/disable", wrongPassword);
    expect(wrongPassword.json()).toEqual({
      message: "A senha não confere.",
      errors: { password: ["A senha não confere"] },
    });
    const wrongCode = await disable({ password: SUPER.password, code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.json<{ errors: unknown }>().errors).toEqual({
      code: ["Código de verificação inválido ou já usado"],
    });
    expect((await twoFactor("GET", "", token)).json()).toMatchObject({ enabled: true });

    const done = await disable({ password: SUPER.password, code: codeOf(secret, 1) });
    expect(done.status).toBe(200);
    expectDocumented("post", "/api/profile/two-factor/disable", done);
    expect((await twoFactor("GET", "", token)).json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await t.database.db.select().from(recoveryCodes)).toEqual([]);
    expect((await login({ email: SUPER.email, password: SUPER.password })).status).toBe(200);
    expect((await disable({ password: SUPER.password, code: codeOf(secret, 1) })).status).toBe(409);
    expect(await entries("two_factor.disabled")).toHaveLength(1);
  });
});

describe("the site's requirement for administrators", () => {
  it("gives an administrator without it no session until she adds an authenticator; customers are unaffected", async () => {
    atStepStart();
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    const customer = await t.createUser("user", superToken);
    await requireTwoFactor(true);

    expect((await twoFactor("GET", "", customer.token)).json()).toMatchObject({ required: false });
    const adminSessions = await sessionsOf(admin.id);

    const refused = await login({ email: admin.email, password: admin.password });
    expect(refused.status).toBe(403);
    expectDocumented("post", "/api/auth/login", refused);
    expect(refused.json()).toEqual({
      message: TWO_FACTOR_ENROL_ON_SITE,
      errors: { two_factor: [TWO_FACTOR_ENROL_ON_SITE] },
    });
    expect(refused.headers.get("set-cookie")).toBeNull();
    // The super user has none either: the same.
    expect((await login({ email: SUPER.email, password: SUPER.password })).status).toBe(403);
    expect((await login({ email: customer.email, password: customer.password })).status).toBe(200);

    const step = await t.services.auth.beginSignIn({ email: admin.email, password: admin.password }, "192.0.2.80");
    if (step.kind !== "challenge") throw new Error("expected a challenge");
    expect(step.purpose).toBe("enrol");
    expect(await sessionsOf(admin.id)).toBe(adminSessions);
    const setup = await t.services.auth.enrolmentOf(step.token);
    if (!setup) throw new Error("expected the secret to add");
    expect(URI.parse(setup.otpauth_uri)).toMatchObject({ issuer: SUPER.title, label: admin.email });
    // Not a recovery code, not a wrong code.
    expect((await failure(t.services.auth.answerChallenge(step.token, "abcd-efgh-jkmn-pqrs", "enrol"))).kind).toBe(
      "unauthenticated",
    );
    const entriesBefore = (await t.database.db.select().from(auditEntries)).length;
    const done = await t.services.auth.answerChallenge(step.token, codeOf(setup.secret), "enrol");
    expect(done.recoveryCodes).toHaveLength(10);
    // Turning it on ended her other sessions: only the new one is left.
    expect(await sessionsOf(admin.id)).toBe(1);
    expect(await t.services.auth.userForToken(done.session.token)).toMatchObject({ id: admin.id, role: "admin" });
    expect((await twoFactor("GET", "", done.session.token)).json()).toMatchObject({ enabled: true, required: true });
    const written = (await t.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id))).slice(
      entriesBefore,
    );
    expect(written.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["two_factor.enabled", admin.id],
      ["auth.signed_in", admin.id],
    ]);

    // From now on she signs in with a code, and cannot turn it off while the site requires it.
    expect((await login({ email: admin.email, password: admin.password })).status).toBe(401);
    expect((await login({ email: admin.email, password: admin.password, code: codeOf(setup.secret, 1) })).status).toBe(
      200,
    );
    const disable = await twoFactor("POST", "/disable", done.session.token, {
      password: admin.password,
      code: codeOf(setup.secret, 1),
    });
    expect(disable.status).toBe(403);
    expect(disable.json()).toEqual({ message: TWO_FACTOR_REQUIRED_BY_SITE });

    await requireTwoFactor(false);
    expect((await login({ email: SUPER.email, password: SUPER.password })).status).toBe(200);
  });

  it("sends an administrator who started adding one on the profile to the enrolment all the same", async () => {
    const superToken = await t.setupSite();
    await twoFactor("POST", "/setup", superToken);
    await requireTwoFactor(true);
    const step = await t.services.auth.beginSignIn({ email: SUPER.email, password: SUPER.password }, "192.0.2.90");
    expect(step).toMatchObject({ kind: "challenge", purpose: "enrol" });
  });
});

describe("'Esqueci minha senha'", () => {
  async function resetLink(email: string): Promise<string> {
    await t.request("POST", "/api/auth/password-reset", { body: { email }, headers: fromNewAddress() });
    await t.services.auth.resetRequestsSettled();
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "password-reset"))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error("no reset link");
    return token;
  }
  const newPassword = { password: "nova-senha-1", password_confirmation: "nova-senha-1" };

  it("changes the password without a session over the API when the account has a second step", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = await enrol(token);
    const user = await actorOf(token);
    const answer = await t.request("POST", "/api/auth/password-reset/confirm", {
      body: { token: await resetLink(SUPER.email), ...newPassword },
    });
    expect(answer.status).toBe(200);
    expectDocumented("post", "/api/auth/password-reset/confirm", answer);
    expect(answer.json()).toEqual({
      message: "Senha alterada. Entre com a nova senha e o código de verificação.",
      two_factor_required: true,
    });
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await login({ email: SUPER.email, password: newPassword.password })).status).toBe(401);
    const signedIn = await login({ email: SUPER.email, password: newPassword.password, code: codeOf(secret, 1) });
    expect(signedIn.status).toBe(200);
  });

  it("leads the pages to the code step, or to the enrolment the site requires, instead of a session", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    await enrol(customer.token, customer.password);
    const resetThenSignIn = async (email: string) => {
      const link = await resetLink(email);
      return t.services.transaction(async (tx) =>
        tx.auth.continueSignIn(await tx.auth.resetPassword({ token: link, ...newPassword })),
      );
    };
    expect(await resetThenSignIn(customer.email)).toMatchObject({ kind: "challenge", purpose: "code" });
    expect(await sessionsOf(customer.id)).toBe(0);

    const admin = await t.createUser("admin", superToken);
    await requireTwoFactor(true);
    expect(await resetThenSignIn(admin.email)).toMatchObject({ kind: "challenge", purpose: "enrol" });
    expect(await sessionsOf(admin.id)).toBe(0);
    const api = await t.request("POST", "/api/auth/password-reset/confirm", {
      body: { token: await resetLink(admin.email), ...newPassword },
    });
    expect(api.json()).toEqual({ message: `Senha alterada. ${TWO_FACTOR_ENROL_ON_SITE}`, two_factor_required: true });
    expect(await sessionsOf(admin.id)).toBe(0);

    // Without a second step, the link still signs in.
    const other = await t.createUser("user", superToken);
    const signedIn = await resetThenSignIn(other.email);
    expect(signedIn.kind).toBe("session");
  });
});

describe("the audit log", () => {
  it("records administrators' sign-ins, not customers', and every refused sign-in without the password or code", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    const signedInBefore = (await entries("auth.signed_in")).length;
    await login({ email: customer.email, password: customer.password });
    expect(await entries("auth.signed_in")).toHaveLength(signedInBefore);
    await login({ email: SUPER.email, password: SUPER.password });
    const signedIn = await entries("auth.signed_in");
    expect(signedIn).toHaveLength(signedInBefore + 1);
    const superUser = await actorOf(superToken);
    expect(signedIn.at(-1)).toMatchObject({
      actorId: superUser.id,
      actorName: superUser.name,
      recordId: String(superUser.id),
      address: expect.stringMatching(/^198\.51\.100\./),
      details: { "E-mail": SUPER.email, Como: "senha" },
    });

    await login({ email: SUPER.email, password: "senha-errada-1" });
    await login({ email: "ninguem@example.com", password: "senha-errada-2" });
    const failed = await entries("auth.sign_in_failed");
    expect(failed).toEqual([
      expect.objectContaining({
        actorId: superUser.id,
        details: { "E-mail": SUPER.email, Motivo: "senha incorreta" },
      }),
      expect.objectContaining({
        actorId: null,
        actorName: "Sistema",
        recordId: null,
        recordLabel: "ninguem@example.com",
        details: { "E-mail": "ninguem@example.com", Motivo: "e-mail sem conta" },
      }),
    ]);

    const { codes } = await enrol(customer.token, customer.password);
    await login({ email: customer.email, password: customer.password, code: "000000" });
    const wrongCode = (await entries("auth.sign_in_failed")).at(-1);
    expect(wrongCode).toMatchObject({
      actorId: customer.id,
      details: { Motivo: "código de verificação inválido" },
    });
    const everything = JSON.stringify(await t.database.db.select().from(auditEntries));
    for (const secret of ["senha-errada-1", "senha-errada-2", "000000", customer.password, ...codes])
      expect(everything).not.toContain(secret);
  });

  it("writes no entry when the change rolls back", async () => {
    const token = await t.setupSite();
    const actor = await actorOf(token);
    const { secret } = (await twoFactor("POST", "/setup", token)).json<{ secret: string }>();
    await expect(
      t.services.transaction(async (tx) => {
        await tx.auth.confirmTwoFactor(actor, { password: SUPER.password, code: codeOf(secret) }, token);
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entries("two_factor.enabled")).toEqual([]);
    expect((await twoFactor("GET", "", token)).json()).toMatchObject({ enabled: false });
  });
});

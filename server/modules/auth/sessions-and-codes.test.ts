import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_GONE } from "../../../common/schemas/auth.ts";
import { settingsSchema } from "../../../common/schemas/settings.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { atStepStart, codeOf, fromNewAddress, STEP_MS, twoFactorApi } from "../../../tests/support/two-factor.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { saveSiteSettings } from "../../flows/site-settings.ts";
import type { Actor } from "../../kernel/access.ts";
import { createServices } from "../../services.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { delayAfter, FREE_WRONG_CODES } from "./code-guesses.ts";
import { sessions, twoFactorSecrets, wrongCodes } from "./tables.ts";

/*
 * Issue 33, items 1-4 and 17: what a stolen session or a known password could do to the second factor
 * before, each refused now (docs/decisions/0020-sessions-and-second-factor.md).
 */

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

afterEach(() => {
  vi.useRealTimers();
});

const OFFICE = { "x-forwarded-for": "203.0.113.77" };

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

const { twoFactor, enrol } = twoFactorApi(t);
const login = (body: Record<string, unknown>, headers: Record<string, string> = fromNewAddress()) =>
  t.request("POST", "/api/auth/login", { body, headers });
const works = async (token: string) => (await t.request("GET", "/api/profile", { token })).status === 200;
const actorOf = async (token: string) => (await t.request("GET", "/api/profile", { token })).json<Actor>();

const mailsTo = (to: string, kind: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.id))
    .then((rows) => rows.filter((row) => row.kind === kind));
const entries = (action: string) =>
  t.database.db.select().from(auditEntries).where(eq(auditEntries.action, action)).orderBy(asc(auditEntries.id));

describe("turning two-factor on takes the password (item 1)", () => {
  it("refuses a session alone: the old attack (setup, then confirm with the secret's code) no longer turns it on", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = (await twoFactor("POST", "/setup", token)).json<{ secret: string }>();
    const attack = await twoFactor("POST", "/confirm", token, { code: codeOf(secret) });
    expect(attack.status).toBe(400);
    expect(attack.json()).toMatchObject({ errors: { password: ["Informe a sua senha"] } });
    const guessed = await twoFactor("POST", "/confirm", token, { password: "outra-senha-1", code: codeOf(secret) });
    expect(guessed.status).toBe(400);
    expectDocumented("post", "/api/profile/two-factor/confirm", guessed);
    expect(guessed.json()).toEqual({ message: "A senha não confere.", errors: { password: ["A senha não confere"] } });
    expect((await twoFactor("GET", "", token)).json()).toMatchObject({ enabled: false });
    // The owner still signs in with her password alone.
    expect((await login({ email: SUPER.email, password: SUPER.password })).status).toBe(200);

    const done = await twoFactor("POST", "/confirm", token, { password: SUPER.password, code: codeOf(secret) });
    expect(done.status).toBe(200);
    expectDocumented("post", "/api/profile/two-factor/confirm", done);
  });

  it("e-mails the person when it is turned on and when it is turned off", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = await enrol(token, SUPER.password);
    const [on] = await mailsTo(SUPER.email, "two-factor-changed");
    expect(on?.subject).toBe("Verificação em duas etapas ativada");
    expect(on?.text).toMatch(/foi ativada em \d\d\/\d\d\/\d{4}, \d\d:\d\d/);
    later(STEP_MS);
    const off = await twoFactor("POST", "/disable", token, { password: SUPER.password, code: codeOf(secret) });
    expect(off.status).toBe(200);
    const sent = await mailsTo(SUPER.email, "two-factor-changed");
    expect(sent.map((mail) => mail.subject)).toEqual([
      "Verificação em duas etapas ativada",
      "Verificação em duas etapas desativada",
    ]);
  });

  it("lets a super user reset another person's second factor: her sessions end, the audit log and an e-mail say so", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    const other = await t.createUser("admin", superToken);
    await enrol(admin.token, admin.password);
    const before = await login({ email: admin.email, password: admin.password });
    expect(before.status).toBe(401);

    const reset = (token: string, id: number) =>
      t.request("POST", `/api/users/${id}/two-factor/reset`, { token, headers: fromNewAddress() });
    const byAdmin = await reset(other.token, admin.id);
    expect(byAdmin.status).toBe(403);
    expectDocumented("post", "/api/users/{id}/two-factor/reset", byAdmin);
    const own = await reset(superToken, (await actorOf(superToken)).id);
    expect(own.status).toBe(400);
    const none = await reset(superToken, other.id);
    expect(none.status).toBe(409);
    expect((await reset(superToken, 999_999)).status).toBe(404);

    const done = await reset(superToken, admin.id);
    expect(done.status).toBe(200);
    expectDocumented("post", "/api/users/{id}/two-factor/reset", done);
    expect(await works(admin.token)).toBe(false);
    expect(await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, admin.id))).toEqual(
      [],
    );
    expect((await login({ email: admin.email, password: admin.password })).status).toBe(200);
    const superUser = await actorOf(superToken);
    expect(await entries("two_factor.reset")).toEqual([
      expect.objectContaining({
        actorId: superUser.id,
        recordId: String(admin.id),
        details: { "E-mail": admin.email, "Sessões encerradas": 1 },
      }),
    ]);
    const [mail] = await mailsTo(admin.email, "two-factor-changed").then((rows) => rows.slice(-1));
    expect(mail?.subject).toBe("Verificação em duas etapas redefinida");
  });
});

describe("sessions end at every tightening (item 2)", () => {
  it("ends the other sessions when two-factor is turned on, in 'Meus dados' or at the enrolment the site requires", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    const stolen = await t.login(customer.email, customer.password);
    await enrol(customer.token, customer.password);
    expect(await works(stolen)).toBe(false);
    expect(await works(customer.token)).toBe(true);
    expect((await entries("two_factor.enabled")).at(-1)?.details).toEqual({ "Outras sessões encerradas": 1 });
  });

  it("ends the sessions of administrators without it when a super user requires it, so an old token cannot switch it off", async () => {
    const superToken = await t.setupSite();
    const superUser = await actorOf(superToken);
    const admin = await t.createUser("admin", superToken);
    const protectedAdmin = await t.createUser("admin", superToken);
    await enrol(protectedAdmin.token, protectedAdmin.password);
    const otherSuper = await t.createUser("super", superToken);
    const customer = await t.createUser("user", superToken);
    const view = await t.services.settings.get();
    if (!view) throw new Error("site not set up");
    await saveSiteSettings(t.services, superUser, { ...settingsSchema.parse(view), require_two_factor: true });

    expect(await works(admin.token)).toBe(false);
    expect(await works(otherSuper.token)).toBe(false);
    expect(await works(protectedAdmin.token)).toBe(true);
    expect(await works(customer.token)).toBe(true);
    // The super user who decided it stays signed in.
    expect(await works(superToken)).toBe(true);
    const off = await t.request("POST", "/api/settings", {
      token: otherSuper.token,
      body: { require_two_factor: false },
    });
    expect(off.status).toBe(401);
  });

  it("ends the deciding super user's other sessions too while she has no second factor, keeping the one deciding", async () => {
    const deciding = await t.setupSite();
    const oldToken = (await login({ email: SUPER.email, password: SUPER.password })).json<{ token: string }>().token;
    expect(await works(oldToken)).toBe(true);
    const view = await t.services.settings.get();
    if (!view) throw new Error("site not set up");
    const on = await t.request("POST", "/api/settings", {
      token: deciding,
      body: { ...settingsSchema.parse(view), require_two_factor: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(await works(deciding)).toBe(true);
    expect(await works(oldToken)).toBe(false);
    const off = await t.request("POST", "/api/settings", {
      token: oldToken,
      body: { ...settingsSchema.parse(view), require_two_factor: false },
    });
    expect(off.status).toBe(401);
  });

  it("ends a person's sessions when her role changes", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    const change = await t.request("PUT", `/api/users/${customer.id}`, {
      token: superToken,
      body: { name: "Pessoa user", email: customer.email, role: "admin", password: "" },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(await works(customer.token)).toBe(false);
    // A change of name alone keeps them.
    const again = await t.login(customer.email, customer.password);
    await t.request("PUT", `/api/users/${customer.id}`, {
      token: superToken,
      body: { name: "Outro nome", email: customer.email, role: "admin", password: "" },
    });
    expect(await works(again)).toBe(true);
  });

  it("lists one's sessions in 'Meus dados' with their device and address, and ends the others", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    const phone = await t.request("POST", "/api/auth/login", {
      body: { email: customer.email, password: customer.password },
      headers: {
        "x-forwarded-for": "198.51.100.200",
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      },
    });
    const phoneToken = phone.json<{ token: string }>().token;
    const list = await t.request("GET", "/api/profile/sessions", { token: customer.token });
    expect(list.status).toBe(200);
    expectDocumented("get", "/api/profile/sessions", list);
    const rows = list.json<{ device: string; address: string; current: boolean }[]>();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.current)).toHaveLength(1);
    expect(rows).toContainEqual(
      expect.objectContaining({ device: "Safari no iOS", address: "198.51.100.200", current: false }),
    );

    const ended = await t.request("POST", "/api/profile/sessions/end-others", { token: customer.token });
    expect(ended.status).toBe(200);
    expectDocumented("post", "/api/profile/sessions/end-others", ended);
    expect(ended.json()).toEqual({ message: "1 outra sessão foi encerrada." });
    expect(await works(phoneToken)).toBe(false);
    expect(await works(customer.token)).toBe(true);
    expect((await entries("auth.other_sessions_ended")).at(-1)).toMatchObject({
      actorId: customer.id,
      details: { "Sessões encerradas": 1 },
    });
    expect((await t.database.db.select().from(sessions).where(eq(sessions.userId, customer.id))).length).toBe(1);
  });
});

describe("guessing the code (item 3)", () => {
  it("keeps a year of guessing under 1 %: the delay schedule's bound", () => {
    expect([0, 1, 2, 3, 4, 5, 13, 14, 40].map(delayAfter)).toEqual([
      0,
      0,
      0,
      60_000,
      120_000,
      240_000,
      1024 * 60_000,
      24 * 3600_000,
      24 * 3600_000,
    ]);
    // The fastest guesser: each wrong code as soon as the delay allows, over a year.
    const year = 365 * 24 * 3600_000;
    const week = 7 * 24 * 3600_000;
    const times: number[] = [];
    for (let now = 0; now < year; ) {
      times.push(now);
      const inWindow = times.filter((at) => at > now - week).length;
      now += Math.max(delayAfter(inWindow), 1);
    }
    expect(times.length).toBeLessThanOrEqual(19 * 53);
    expect((times.length * 3) / 1_000_000).toBeLessThan(0.01);
  });

  it("makes the account's app codes wait longer after each wrong one, while a recovery code still signs in", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret, codes } = await enrol(token, SUPER.password);
    const credentials = { email: SUPER.email, password: SUPER.password };
    for (let wrong = 1; wrong <= FREE_WRONG_CODES; wrong++)
      expect((await login({ ...credentials, code: "000000" })).status, `wrong ${wrong}`).toBe(401);
    // After the third, a minute; the right code is refused unchecked until then.
    const waiting = await login({ ...credentials, code: codeOf(secret, 1) });
    expect(waiting.status).toBe(429);
    expect(waiting.json<{ message: string }>().message).toContain("ou entre agora com um código de recuperação");
    later(59_000);
    expect((await login({ ...credentials, code: codeOf(secret, 1) })).status).toBe(429);
    later(2_000);
    expect((await login({ ...credentials, code: "000000" })).status).toBe(401);
    // Now two minutes.
    later(61_000);
    expect((await login({ ...credentials, code: codeOf(secret, 1) })).status).toBe(429);
    later(60_000);
    expect((await login({ ...credentials, code: "000000" })).status).toBe(401);
    later(3 * 60_000);
    expect((await login({ ...credentials, code: codeOf(secret, 1) })).status).toBe(429);
    // A recovery code is taken at any moment.
    expect((await login({ ...credentials, code: codes[0] })).status).toBe(200);
    // A right code does not clear the count: the next wrong one waits still longer.
    later(60_000);
    const right = await login({ ...credentials, code: codeOf(secret) });
    expect(right.status).toBe(200);
    expect((await login({ ...credentials, code: "000000" })).status).toBe(401);
    later(5 * 60_000);
    expect((await login({ ...credentials, code: codeOf(secret) })).status).toBe(429);
  });

  it("keeps the delay in the database: a restarted process (or another one) sees it", async () => {
    atStepStart();
    const token = await t.setupSite();
    const { secret } = await enrol(token, SUPER.password);
    const credentials = { email: SUPER.email, password: SUPER.password };
    for (let wrong = 1; wrong <= FREE_WRONG_CODES; wrong++) await login({ ...credentials, code: "000000" });
    expect(await t.database.db.select().from(wrongCodes)).toHaveLength(FREE_WRONG_CODES);
    const { config, storage } = t.services;
    const restarted = createServices({ config, database: t.database, storage, logger: pino({ level: "silent" }) });
    const user = await restarted.auth.userForToken(token);
    if (!user) throw new Error("expected the session");
    const refused = await failure(restarted.auth.login({ ...credentials, code: codeOf(secret, 1) }, "192.0.2.9"));
    expect(refused.kind).toBe("rate_limited");
  });

  it("tells the owner at the first burst that someone has her password, once, and writes it in the audit log", async () => {
    atStepStart();
    const token = await t.setupSite();
    await enrol(token, SUPER.password);
    const credentials = { email: SUPER.email, password: SUPER.password };
    for (let wrong = 1; wrong < FREE_WRONG_CODES; wrong++) await login({ ...credentials, code: "000000" });
    expect(await mailsTo(SUPER.email, "two-factor-guessing")).toEqual([]);
    await login({ ...credentials, code: "000000" });
    const [mail, ...more] = await mailsTo(SUPER.email, "two-factor-guessing");
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Alguém tem a sua senha: troque-a agora");
    expect(mail?.text).toContain("Esqueci minha senha");
    expect(await entries("two_factor.codes_delayed")).toHaveLength(1);
    later(60_000);
    await login({ ...credentials, code: "000000" });
    expect(await mailsTo(SUPER.email, "two-factor-guessing")).toHaveLength(1);
  });
});

describe("the enrolment at sign-in belongs to its own sign-in (item 4)", () => {
  it("gives each sign-in its own secret, and answers each step only with its own challenge", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    await t.database.db.execute(sql`UPDATE settings SET require_two_factor = true`);
    const begin = async () => {
      const step = await t.services.auth.beginSignIn({ email: admin.email, password: admin.password }, "192.0.2.5");
      if (step.kind !== "challenge" || step.purpose !== "enrol") throw new Error("expected an enrolment");
      return step.token;
    };
    const hers = await begin();
    const mine = await begin();
    const herSetup = await t.services.auth.enrolmentOf(hers);
    const mySetup = await t.services.auth.enrolmentOf(mine);
    expect(herSetup?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(mySetup?.secret).not.toBe(herSetup?.secret);
    // Her page still shows her secret, and the second sign-in's code does not fit her challenge.
    expect((await t.services.auth.enrolmentOf(hers))?.secret).toBe(herSetup?.secret);
    const crossed = await failure(t.services.auth.answerChallenge(hers, codeOf(mySetup?.secret ?? ""), "enrol"));
    expect(crossed.fieldErrors).toEqual({ code: ["Código de verificação inválido ou já usado"] });
    // The code step does not take an enrolment challenge.
    const wrongStep = await failure(t.services.auth.answerChallenge(hers, codeOf(herSetup?.secret ?? ""), "code"));
    expect(wrongStep.message).toBe(CHALLENGE_GONE);
    expect((await t.services.auth.twoFactorStatus(await actorOf(admin.token))).enabled).toBe(false);

    const done = await t.services.auth.answerChallenge(hers, codeOf(herSetup?.secret ?? ""), "enrol");
    expect(done.recoveryCodes).toHaveLength(10);
    // The other sign-in's enrolment is over: the account has its authenticator now.
    expect(await t.services.auth.enrolmentOf(mine)).toBeNull();
  });
});

describe("wrong codes are limited per account, not per address (item 17)", () => {
  it("lets a second administrator behind the same address sign in after the first one's wrong codes", async () => {
    atStepStart();
    const superToken = await t.setupSite();
    const first = await t.createUser("admin", superToken);
    const second = await t.createUser("admin", superToken);
    await enrol(first.token, first.password);
    const { secret } = await enrol(second.token, second.password);
    for (let attempt = 1; attempt <= 12; attempt++)
      await login({ email: first.email, password: first.password, code: "000000" }, OFFICE);
    const signedIn = await login({ email: second.email, password: second.password, code: codeOf(secret, 1) }, OFFICE);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });
});

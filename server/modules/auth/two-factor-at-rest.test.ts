import { randomBytes } from "node:crypto";
import { isNotNull } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SUPER } from "../../../tests/support/test-app.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { settings } from "../settings/tables.ts";
import { loginChallenges, twoFactorSecrets } from "./tables.ts";
import { matchingStep } from "./totp.ts";
import { openTotpSecret, sealTotpSecret } from "./two-factor-at-rest.ts";

/*
 * The TOTP secrets under SECRETS_KEY: an account's (two_factor_secrets) and an enrolment challenge's own
 * (login_challenges) are stored sealed, and their codes still sign in. Sealing at start and backups:
 * server/modules/secrets/secrets-at-rest.test.ts, server/backup/backup-secrets.test.ts.
 */

const KEY = randomBytes(32).toString("base64");
const t = withTestApp({ env: { SECRETS_KEY: KEY, TRUST_PROXY: "true" }, setUp: true });

const STEP_MS = 30_000;
let address = 0;
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${++address % 250}` });
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * STEP_MS });

afterEach(() => {
  vi.useRealTimers();
});

describe("TOTP secrets with SECRETS_KEY", () => {
  it("are stored sealed when turned on in 'Meus dados', and their codes sign in", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1000 });
    const setup = await t.request("POST", "/api/profile/two-factor/setup", {
      token: t.superToken,
      headers: fromNewAddress(),
    });
    expect(setup.status).toBe(201);
    const { secret } = setup.json<{ secret: string }>();
    const [row] = await t.database.db.select().from(twoFactorSecrets);
    expect(row?.secret).toMatch(/^cms-secret:v1:/);
    expect(row?.secret).not.toContain(secret);

    const confirmed = await t.request("POST", "/api/profile/two-factor/confirm", {
      token: t.superToken,
      body: { password: SUPER.password, code: codeOf(secret) },
      headers: fromNewAddress(),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    vi.setSystemTime(Date.now() + STEP_MS);
    const signedIn = await t.request("POST", "/api/auth/login", {
      body: { email: SUPER.email, password: SUPER.password, code: codeOf(secret) },
      headers: fromNewAddress(),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });

  it("are stored sealed on an enrolment challenge, whose page shows the secret its code confirms", async () => {
    await t.database.db.update(settings).set({ requireTwoFactor: true });
    const step = await t.services.auth.beginSignIn({ email: SUPER.email, password: SUPER.password }, "192.0.2.7");
    if (step.kind !== "challenge") throw new Error("expected the enrolment");
    const [challenge] = await t.database.db.select().from(loginChallenges).where(isNotNull(loginChallenges.secret));
    expect(challenge?.secret).toMatch(/^cms-secret:v1:/);
    const setup = await t.services.auth.enrolmentOf(step.token);
    if (!setup) throw new Error("expected the secret to add");
    expect(challenge?.secret).not.toContain(setup.secret);

    const done = await t.services.auth.answerChallenge(step.token, codeOf(setup.secret), "enrol");
    expect(done.recoveryCodes).toHaveLength(10);
    const [row] = await t.database.db.select().from(twoFactorSecrets);
    expect(row?.secret).toMatch(/^cms-secret:v1:/);
  });

  it("read as a random secret nobody has under another key, which matches no code and breaks nothing", () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const sealed = sealTotpSecret(t.services, secret);
    const otherKey = createTestServices(t.database, { SECRETS_KEY: randomBytes(32).toString("hex") });
    const opened = openTotpSecret(otherKey, sealed);
    expect(opened).not.toBe(secret);
    expect(opened).not.toBe("");
    expect(matchingStep(opened, codeOf(secret))).toBeNull();
    expect(openTotpSecret(t.services, sealed)).toBe(secret);
  });
});

import { Secret, TOTP } from "otpauth";
import { expect, vi } from "vitest";
import { SUPER, type TestApp } from "./test-app.ts";

/*
 * The second factor as its tests drive it: an authenticator app's codes, the clock at a step's start, and
 * 'Meus dados' endpoints (/api/profile/two-factor) through the test app.
 */

/** The authenticator's time step. */
export const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
export const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });

/**
 * Date.now() at the start of a fresh time step, frozen: codes of "now" and of the next step stay those steps.
 * The test file gives the real clock back after each test (vi.useRealTimers).
 */
export function atStepStart() {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1000 });
}

let address = 0;
/**
 * A request from an address of its own, so the per-address sign-in limit stays out of the way (on a test app
 * with TRUST_PROXY, which reads X-Forwarded-For).
 */
export const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${++address % 250}` });

/** 'Meus dados' second factor of a test app: its endpoints, and turning it on with the account's password. */
export function twoFactorApi(api: Pick<TestApp, "request">) {
  const twoFactor = (method: string, path: string, token: string | undefined, body?: unknown) =>
    api.request(method, `/api/profile/two-factor${path}`, { token, body, headers: fromNewAddress() });

  /** Turns it on through the REST API: the secret and the ten recovery codes. */
  async function enrol(token: string, password = SUPER.password): Promise<{ secret: string; codes: string[] }> {
    const setup = await twoFactor("POST", "/setup", token);
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    const { secret } = setup.json<{ secret: string }>();
    const confirmed = await twoFactor("POST", "/confirm", token, { password, code: codeOf(secret) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return { secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  return { twoFactor, enrol };
}

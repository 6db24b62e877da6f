import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESET_LINK_DEAD, RESET_NEEDS_BASE_URL, RESET_REQUESTED } from "../../../common/password-reset-messages.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { REPEAT_WINDOW_SECONDS } from "./password-reset.ts";
import { passwordResets } from "./tables.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

let address = 0;
/** Each request from its own client address, unless a test is about the per-address limit. */
const from = (ip = `198.51.100.${++address % 250}`) => ({ "x-forwarded-for": ip });

const ask = (email: string, ip?: string, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/auth/password-reset", { body: { email }, headers: { ...from(ip), ...headers } });

const confirm = (token: string, password = "nova-senha-1") =>
  t.request("POST", "/api/auth/password-reset/confirm", {
    body: { token, password, password_confirmation: password },
    headers: from(),
  });

/** The e-mails to `email`, once the links asked for so far are written (they are, after the answer). */
async function mailsTo(email: string) {
  await t.services.auth.resetRequestsSettled();
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** The token of the latest link e-mailed to `email`. */
async function linkTokenOf(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const latest = mails.at(-1);
  const match = /https:\/\/coop\.example\/redefinir-senha\?token=([\w-]+)/.exec(latest?.text ?? "");
  if (!match?.[1]) throw new Error(`no reset link in ${JSON.stringify(latest?.text)}`);
  return match[1];
}

/** Every link made so far as if made a moment longer ago than a repeated request's window. */
const earlierLinks = () =>
  t.database.db
    .update(passwordResets)
    .set({ createdAt: sql`created_at - make_interval(secs => ${REPEAT_WINDOW_SECONDS + 1})` });

afterEach(() => {
  vi.useRealTimers();
});

describe("asking for a link", () => {
  it("answers the same 202 whether or not the address has an account, and e-mails only an account", async () => {
    await t.setupSite();
    const known = await ask(SUPER.email.toUpperCase());
    const unknown = await ask("ninguem@example.com");
    for (const response of [known, unknown]) {
      expect(response.status).toBe(202);
      expectDocumented("post", "/api/auth/password-reset", response);
      expect(response.json()).toEqual({ message: RESET_REQUESTED });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await mailsTo("ninguem@example.com")).toEqual([]);
    const [mail] = await mailsTo(SUPER.email);
    expect(mail).toMatchObject({ kind: "password-reset", status: "pending" });
    expect(mail?.text).toContain(SUPER.admin_name);

    // Only the token's SHA-256 is kept, valid for an hour.
    const token = await linkTokenOf(SUPER.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await t.database.db.select().from(passwordResets);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("builds the link on BASE_URL whatever Host the request names", async () => {
    await t.setupSite();
    expect((await ask(SUPER.email, undefined, { host: "evil.example" })).status).toBe(202);
    const [mail] = await mailsTo(SUPER.email);
    expect(mail?.text).toMatch(/https:\/\/coop\.example\/redefinir-senha\?token=/);
    expect(mail?.text + String(mail?.html)).not.toContain("evil.example");
  });

  it("answers before it looks the address up, so its time cannot tell who has an account", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    const waiting = Symbol("still waiting");
    // While the users table is locked, whatever reads it waits: the answers must not.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`);
      for (const email of [user.email, "ninguem@example.com"]) {
        const answer = await Promise.race([
          ask(email),
          new Promise<typeof waiting>((resolve) => setTimeout(() => resolve(waiting), 10_000)),
        ]);
        expect(answer === waiting ? "waited for the lookup" : answer.status, email).toBe(202);
      }
    });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo("ninguem@example.com")).toEqual([]);
  });

  it("answers a request sent again within seconds as the first, without a second e-mail", async () => {
    const superToken = await t.setupSite();
    const responses = await Promise.all([ask(SUPER.email), ask(SUPER.email)]);
    for (const response of responses) {
      expect(response.status).toBe(202);
      expect(response.json()).toEqual({ message: RESET_REQUESTED });
    }
    expect(await mailsTo(SUPER.email)).toHaveLength(1);
    expect(await t.database.db.select().from(passwordResets)).toHaveLength(1);
    // Once the moment has passed, or once the link was used, a new request is a new link.
    await earlierLinks();
    await ask(SUPER.email);
    expect(await mailsTo(SUPER.email)).toHaveLength(2);
    const user = await t.createUser("user", superToken);
    await ask(user.email);
    expect((await confirm(await linkTokenOf(user.email))).status).toBe(200);
    await ask(user.email);
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it("validates the address in Portuguese", async () => {
    const response = await ask("não-é-email");
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { email: ["Informe um e-mail válido"] },
    });
  });

  it("limits requests for one e-mail, known or not, and from one address", async () => {
    await t.setupSite();
    for (const email of [SUPER.email, "ninguem@example.com"]) {
      for (let attempt = 1; attempt <= 3; attempt++) expect((await ask(email)).status).toBe(202);
      const blocked = await ask(email);
      expect(blocked.status).toBe(429);
      expect(blocked.json()).toEqual({
        message: "Muitos pedidos de nova senha para este e-mail. Aguarde até uma hora e tente novamente.",
      });
    }
    // Asked again within seconds, the same e-mail is not sent again; the attempts count all the same.
    expect(await mailsTo(SUPER.email)).toHaveLength(1);

    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await ask(`pessoa${attempt}@example.com`, "203.0.113.5")).status).toBe(202);
    }
    const probing = await ask("outra@example.com", "203.0.113.5");
    expect(probing.status).toBe(429);
    expect(probing.json()).toEqual({
      message: "Muitos pedidos de nova senha a partir deste endereço. Aguarde até uma hora e tente novamente.",
    });
  });
});

describe("using the link", () => {
  it("sets the password, signs out every other session and signs this one in; the link works once", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    const otherDevice = await t.login(user.email, user.password);
    await ask(user.email);
    const token = await linkTokenOf(user.email);

    const used = await confirm(token);
    expect(used.status).toBe(200);
    expectDocumented("post", "/api/auth/password-reset/confirm", used);
    const session = used.json<{ token: string; user: Record<string, unknown> }>();
    expect(session.user).toEqual({ id: user.id, name: "Pessoa user", email: user.email, role: "user" });
    expect(used.headers.get("set-cookie")).toMatch(/^cms_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);

    expect((await t.request("GET", "/api/profile", { token: user.token })).status).toBe(401);
    expect((await t.request("GET", "/api/profile", { token: otherDevice })).status).toBe(401);
    expect((await t.request("GET", "/api/profile", { token: session.token })).status).toBe(200);
    // Someone else's sessions are untouched.
    expect((await t.request("GET", "/api/profile", { token: superToken })).status).toBe(200);

    await t.login(user.email, "nova-senha-1");
    const again = await confirm(token, "outra-senha-2");
    expect(again.status).toBe(400);
    expectDocumented("post", "/api/auth/password-reset/confirm", again);
    expect(again.json()).toEqual({ message: RESET_LINK_DEAD, errors: { token: [RESET_LINK_DEAD] } });
    await t.login(user.email, "nova-senha-1");
  });

  it("spends every other link of the account once one is used", async () => {
    await t.setupSite();
    await ask(SUPER.email);
    const first = await linkTokenOf(SUPER.email);
    await earlierLinks();
    await ask(SUPER.email);
    const second = await linkTokenOf(SUPER.email);
    expect(second).not.toBe(first);
    expect((await confirm(second)).status).toBe(200);
    expect((await confirm(first)).status).toBe(400);
  });

  it("refuses a link after an hour, and an unknown one, with the same message", async () => {
    await t.setupSite();
    await ask(SUPER.email);
    const token = await linkTokenOf(SUPER.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 59 * 60_000 });
    expect(await t.services.auth.isResetLinkUsable(token)).toBe(true);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await t.services.auth.isResetLinkUsable(token)).toBe(false);
    for (const response of [await confirm(token), await confirm("nao-existe")]) {
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ message: RESET_LINK_DEAD, errors: { token: [RESET_LINK_DEAD] } });
    }
    vi.useRealTimers();
    await t.login(SUPER.email, SUPER.password);
  });

  it("checks the new password like every other form", async () => {
    const response = await t.request("POST", "/api/auth/password-reset/confirm", {
      body: { token: "abc", password: "123", password_confirmation: "456" },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Verifique os campos destacados.",
      errors: { password: ["A senha deve ter pelo menos 6 caracteres"] },
    });
    const mismatch = await t.request("POST", "/api/auth/password-reset/confirm", {
      body: { token: "abc", password: "segredo123", password_confirmation: "segredo124" },
    });
    expect(mismatch.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { password_confirmation: ["As senhas digitadas não conferem"] },
    });
  });
});

describe("without BASE_URL", () => {
  const bare = withTestApp({ env: { TRUST_PROXY: "true" } });

  it("sends no link (never one built on the request's Host), answers as always and says why in the log", async () => {
    const superToken = await bare.setupSite();
    const warn = vi.spyOn(bare.services.logger, "warn");
    const response = await bare.request("POST", "/api/auth/password-reset", {
      body: { email: SUPER.email },
      headers: { host: "evil.example", "x-forwarded-for": "198.51.100.77" },
    });
    expect(response.status).toBe(202);
    expect(response.json()).toEqual({ message: RESET_REQUESTED });
    await bare.services.auth.resetRequestsSettled();
    expect(await bare.database.db.select().from(mailOutbox)).toEqual([]);
    expect(await bare.database.db.select().from(passwordResets)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("BASE_URL is not set"));
    warn.mockRestore();

    // Administrators are told on their screens; nobody else is.
    const admin = await bare.services.auth.userForToken(superToken);
    expect(bare.services.auth.resetMailNotice(admin)).toBe(RESET_NEEDS_BASE_URL);
    const user = await bare.createUser("user", superToken);
    expect(bare.services.auth.resetMailNotice(await bare.services.auth.userForToken(user.token))).toBeNull();
    expect(bare.services.auth.resetMailNotice(null)).toBeNull();
    expect(t.services.auth.resetMailNotice(admin)).toBeNull();
  });
});

import { createHash, randomBytes } from "node:crypto";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { passwordResets } from "../auth/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { users } from "./tables.ts";

const t = withTestApp({ env: { BASE_URL: "https://coop.example" } });

const mails = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

describe("GET /api/profile", () => {
  it("answers the signed-in person's id, name, e-mail and role", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    const response = await t.request("GET", "/api/profile", { token: user.token });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ id: user.id, name: "Pessoa user", email: user.email, role: "user" });
  });

  it("asks to sign in when there is no session", async () => {
    const response = await t.request("GET", "/api/profile");
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ message: "Faça login para continuar." });
  });
});

describe("PUT /api/profile", () => {
  it("changes the e-mail (lower-cased) only with the current password; the new e-mail signs in", async () => {
    const token = await t.setupSite();
    const body = { name: "Ana Maria", email: "Ana.Maria@Example.com" };
    const missing = await t.request("PUT", "/api/profile", { token, body });
    expect(missing.status).toBe(400);
    expectDocumented("put", "/api/profile", missing);
    expect(missing.json()).toEqual({
      message: "Informe a senha atual para trocar o e-mail.",
      errors: { current_password: ["Informe a senha atual para trocar o e-mail"] },
    });
    const wrong = await t.request("PUT", "/api/profile", { token, body: { ...body, current_password: "chute123" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toEqual({
      message: "A senha atual não confere.",
      errors: { current_password: ["A senha atual não confere"] },
    });
    expect(await mails()).toEqual([]);

    const response = await t.request("PUT", "/api/profile", {
      token,
      body: { ...body, current_password: SUPER.password },
    });
    expect(response.status).toBe(200);
    expectDocumented("put", "/api/profile", response);
    expect(response.json()).toMatchObject({ name: "Ana Maria", email: "ana.maria@example.com", role: "super" });
    expect((await t.request("GET", "/api/profile", { token })).json()).toMatchObject({ name: "Ana Maria" });
    await t.login("ana.maria@example.com", SUPER.password);
  });

  it("tells the old address, with the new one partly hidden, and spends the reset links sent there", async () => {
    const token = await t.setupSite();
    const link = randomBytes(32).toString("base64url");
    const [account] = await t.database.db.select({ id: users.id }).from(users);
    await t.database.db.insert(passwordResets).values({
      tokenHash: createHash("sha256").update(link).digest("hex"),
      userId: account?.id ?? 0,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const response = await t.request("PUT", "/api/profile", {
      token,
      body: { name: SUPER.admin_name, email: "nova.ana@example.org", current_password: SUPER.password },
    });
    expect(response.status).toBe(200);
    const [notice, ...others] = await mails();
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      kind: "email-changed",
      to: SUPER.email,
      subject: "O e-mail da sua conta foi alterado",
    });
    expect(notice?.text).toContain("foi trocado para no***@example.org");
    expect(notice?.text).not.toContain("nova.ana");
    expect(notice?.text).toContain("Se não foi você");
    expect(notice?.text).toContain("https://coop.example/contato");
    expect(await t.services.auth.isResetLinkUsable(link)).toBe(false);
    // Her data export lists the address she left.
    const exported = await t.request("GET", "/api/profile/export", { token });
    expect(exported.json<{ former_emails: string[] }>().former_emails).toEqual([SUPER.email]);

    // The same address in other capitals is no change: no password, no e-mail.
    const same = await t.request("PUT", "/api/profile", {
      token,
      body: { name: "Ana", email: "NOVA.ANA@example.org" },
    });
    expect(same.status).toBe(200);
    expect(await mails()).toHaveLength(1);
  });

  it("counts wrong passwords per account with the account deletion's, whatever the change", async () => {
    const token = await t.setupSite();
    const attempt = (body: Record<string, string>) =>
      t.request("PUT", "/api/profile", {
        token,
        body: { name: SUPER.admin_name, email: SUPER.email, current_password: "chute123", ...body },
      });
    expect((await attempt({ email: "outra@example.com" })).status).toBe(400);
    expect((await attempt({ password: "nova-senha", password_confirmation: "nova-senha" })).status).toBe(400);
    for (let tries = 0; tries < 3; tries++) {
      expect((await t.request("DELETE", "/api/profile", { token, body: { password: "errada" } })).status).toBe(400);
    }
    const blocked = await attempt({ email: "outra@example.com", current_password: SUPER.password });
    expect(blocked.status).toBe(429);
    expect(blocked.json()).toEqual({
      message: "Muitas tentativas com a senha errada. Aguarde até 15 minutos e tente novamente.",
    });
    await t.login(SUPER.email, SUPER.password);
  });

  it("cannot change the role through the profile", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    await t.request("PUT", "/api/profile", {
      token: user.token,
      body: { name: "Eu", email: user.email, role: "super" },
    });
    expect((await t.request("GET", "/api/profile", { token: user.token })).json()).toMatchObject({ role: "user" });
  });

  it("validates like the form", async () => {
    const token = await t.setupSite();
    const response = await t.request("PUT", "/api/profile", { token, body: { name: " ", email: "x" } });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { name: ["Campo obrigatório"], email: ["Informe um e-mail válido"] },
    });
  });

  it("refuses an e-mail that belongs to someone else with 409", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    const response = await t.request("PUT", "/api/profile", {
      token: user.token,
      body: { name: "Outra", email: SUPER.email.toUpperCase() },
    });
    expect(response.status).toBe(409);
    expect(response.json()).toEqual({
      message: "Este e-mail já está cadastrado.",
      errors: { email: ["Este e-mail já está cadastrado."] },
    });
  });

  it("changes the password only with the current password", async () => {
    const token = await t.setupSite();
    const base = {
      name: SUPER.admin_name,
      email: SUPER.email,
      password: "nova-senha",
      password_confirmation: "nova-senha",
    };

    const missing = await t.request("PUT", "/api/profile", { token, body: base });
    expect(missing.status).toBe(400);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      current_password: ["Informe a senha atual para trocar a senha"],
    });

    const wrong = await t.request("PUT", "/api/profile", { token, body: { ...base, current_password: "chute123" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toEqual({
      message: "A senha atual não confere.",
      errors: { current_password: ["A senha atual não confere"] },
    });

    const mismatch = await t.request("PUT", "/api/profile", {
      token,
      body: { ...base, current_password: SUPER.password, password_confirmation: "outra-senha" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      password_confirmation: ["As senhas digitadas não conferem"],
    });

    const short = await t.request("PUT", "/api/profile", {
      token,
      body: { ...base, current_password: SUPER.password, password: "12345", password_confirmation: "12345" },
    });
    expect(short.status).toBe(400);
    expect(short.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      "A senha deve ter pelo menos 6 caracteres",
    ]);

    // None of the refused attempts changed anything.
    await t.login(SUPER.email, SUPER.password);
  });

  it("a password change keeps this session, ends the others and takes the new password", async () => {
    const token = await t.setupSite();
    const elsewhere = await t.login(SUPER.email, SUPER.password);
    const response = await t.request("PUT", "/api/profile", {
      token,
      body: {
        name: SUPER.admin_name,
        email: SUPER.email,
        current_password: SUPER.password,
        password: "nova-senha",
        password_confirmation: "nova-senha",
      },
    });
    expect(response.status).toBe(200);
    expect((await t.request("GET", "/api/profile", { token })).status).toBe(200);
    expect((await t.request("GET", "/api/profile", { token: elsewhere })).status).toBe(401);
    await expect(t.login(SUPER.email, SUPER.password)).rejects.toThrow(/401/);
    await t.login(SUPER.email, "nova-senha");
  });

  it("a change without a new password keeps the other sessions", async () => {
    const token = await t.setupSite();
    const elsewhere = await t.login(SUPER.email, SUPER.password);
    await t.request("PUT", "/api/profile", { token, body: { name: "Ana", email: SUPER.email } });
    expect((await t.request("GET", "/api/profile", { token: elsewhere })).status).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp();

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
  it("changes name and e-mail (lower-cased); the new e-mail signs in", async () => {
    const token = await t.setupSite();
    const response = await t.request("PUT", "/api/profile", {
      token,
      body: { name: "Ana Maria", email: "Ana.Maria@Example.com" },
    });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ name: "Ana Maria", email: "ana.maria@example.com", role: "super" });
    expect((await t.request("GET", "/api/profile", { token })).json()).toMatchObject({ name: "Ana Maria" });
    await t.login("ana.maria@example.com", SUPER.password);
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

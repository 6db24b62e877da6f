import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registrationSchema } from "../../common/schemas/customer.ts";
import { expectDocumented } from "../../tests/support/documented.ts";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { REPEAT_WINDOW_SECONDS } from "../modules/customers/customers-service.ts";
import { joana } from "../modules/customers/test-fixtures.ts";
import { users } from "../modules/users/tables.ts";
import { signUp } from "./sign-up.ts";
import { failingInTransactions } from "./test-support.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

let address = 0;
const from = (ip = `198.51.100.${++address % 250}`) => ({ "x-forwarded-for": ip });

const register = (body: Record<string, unknown>, ip?: string) =>
  t.request("POST", "/api/auth/register", { body, headers: from(ip) });

describe("registration", () => {
  it("creates a customer (role user) with bare CPF and phone, signed in by cookie", async () => {
    const response = await register({ ...joana, email: " Joana@Example.com ", organization: "Coop Mel" });
    expect(response.status).toBe(201);
    expectDocumented("post", "/api/auth/register", response);
    const session = response.json<{ token: string; user: Record<string, unknown> }>();
    expect(session.user).toEqual({ id: expect.any(Number), name: "Joana Lima", email: joana.email, role: "user" });
    expect(response.headers.get("set-cookie")).toMatch(/^cms_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
    const account = await t.request("GET", "/api/profile/account", { token: session.token });
    expectDocumented("get", "/api/profile/account", account);
    expect(account.json()).toMatchObject({
      email: joana.email,
      role: "user",
      tax_id: "52998224725",
      phone: "11987654321",
      organization: "Coop Mel",
    });
  });

  it("accepts the alphanumeric CNPJ and a landline", async () => {
    const response = await register({ ...joana, tax_id: "12.abc.345/01de-35", phone: "11 3333-4444" });
    expect(response.status).toBe(201);
    const { token } = response.json<{ token: string }>();
    expect((await t.request("GET", "/api/profile/account", { token })).json()).toMatchObject({
      tax_id: "12ABC34501DE35",
      phone: "1133334444",
    });
  });

  it("refuses a CPF with wrong digits, a phone without DDD and unequal passwords, in Portuguese", async () => {
    const response = await register({
      ...joana,
      tax_id: "529.982.247-24",
      phone: "98765-4321",
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: {
        tax_id: ["Informe um CPF ou CNPJ válido"],
        phone: ["Informe um telefone com DDD (10 ou 11 dígitos)"],
      },
    });
    const mismatch = await register({ ...joana, password_confirmation: "outra-senha" });
    expect(mismatch.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: { password_confirmation: ["As senhas digitadas não conferem"] },
    });
    expect(await t.database.db.select().from(users)).toEqual([]);
  });

  it("refuses an e-mail that already has an account with 409, pointing to sign-in and reset", async () => {
    // The super user made a moment ago, with the very password sent: an administrator's account is never a repeated sign-up.
    await t.setupSite();
    const response = await register({ ...joana, email: SUPER.email.toUpperCase() });
    expect(response.status).toBe(409);
    expectDocumented("post", "/api/auth/register", response);
    const message =
      "Já existe uma conta com este e-mail. Entre com a sua senha ou use 'Esqueci minha senha' na página de login.";
    expect(response.json()).toEqual({ message, errors: { email: [message] } });
  });

  it("answers the same sign-up sent again within seconds as the first: the account it made, signed in", async () => {
    const [first, second] = await Promise.all([register(joana), register(joana)]);
    const third = await register(joana);
    for (const response of [first, second, third]) {
      expect(response.status).toBe(201);
      expectDocumented("post", "/api/auth/register", response);
    }
    const accounts = [first, second, third].map((response) => response.json<{ token: string; user: { id: number } }>());
    const ids = new Set(accounts.map((account) => account.user.id));
    expect(ids.size).toBe(1);
    for (const { token } of accounts)
      expect((await t.request("GET", "/api/profile/account", { token })).json()).toMatchObject({ email: joana.email });
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });

  it("refuses a sign-up with a taken e-mail and another password, or once the moment has passed", async () => {
    expect((await register(joana)).status).toBe(201);
    const otherPassword = await register({
      ...joana,
      password: "outra-senha-1",
      password_confirmation: "outra-senha-1",
    });
    expect(otherPassword.status).toBe(409);
    await t.database.db
      .update(users)
      .set({ createdAt: sql`created_at - make_interval(secs => ${REPEAT_WINDOW_SECONDS + 1})` });
    const later = await register(joana);
    expect(later.status).toBe(409);
    expect(later.json<{ errors: Record<string, string[]> }>().errors.email?.[0]).toMatch(/^Já existe uma conta/);
  });

  it("limits accounts made from one address", async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await register({ ...joana, email: `pessoa${attempt}@example.com` }, "203.0.113.7");
      expect(response.status, `attempt ${attempt}`).toBe(201);
    }
    const blocked = await register({ ...joana, email: "mais@example.com" }, "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect(blocked.json()).toEqual({
      message: "Muitas contas criadas a partir deste endereço. Aguarde até uma hora e tente novamente.",
    });
  });
});

describe("signUp", () => {
  it("makes her account and her session together, or neither", async () => {
    const input = registrationSchema.parse(joana);
    const failing = failingInTransactions(t.services, "auth", "createSession", "sessões indisponíveis");
    await expect(signUp(failing, input, "198.51.100.250")).rejects.toThrow("sessões indisponíveis");
    expect(await t.database.db.select().from(users)).toEqual([]);

    const { user, session } = await signUp(t.services, input, "198.51.100.250");
    expect(user).toEqual({ id: expect.any(Number), name: joana.name, email: joana.email, role: "user" });
    expect(await t.services.auth.userForToken(session.token)).toEqual(user);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderAddress } from "../../../common/views/orders.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { passwordResets, sessions } from "../auth/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { orderEvents, orderItems, orders } from "../orders/tables.ts";
import { products } from "../products/tables.ts";
import { users } from "../users/tables.ts";
import { REPEAT_WINDOW_SECONDS } from "./customers-service.ts";
import { customerAddresses } from "./tables.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

let address = 0;
const from = (ip = `198.51.100.${++address % 250}`) => ({ "x-forwarded-for": ip });

const joana = {
  name: "Joana Lima",
  email: "joana@example.com",
  password: "segredo123",
  password_confirmation: "segredo123",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
};

const register = (body: Record<string, unknown>, ip?: string) =>
  t.request("POST", "/api/auth/register", { body, headers: from(ip) });

async function registered(body: Record<string, unknown> = joana) {
  const response = await register(body);
  if (response.status !== 201) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
  return response.json<{ token: string; user: { id: number; email: string } }>();
}

const home: OrderAddress = {
  postal_code: "01310100",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  number: "1000",
  neighborhood: "Bela Vista",
  complement: "apto 12",
};

/** An order placed by `userId`, written straight to the tables (the orders service is not needed here). */
async function placeOrder(userId: number, email: string, key: string) {
  const db = t.database.db;
  const [product] = await db
    .insert(products)
    .values({ name: "Mel", sortName: "mel", slug: `mel-${key}` })
    .returning({ id: products.id });
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      idempotencyKey: key,
      customerName: "Joana Lima",
      customerEmail: email,
      customerPhone: "11987654321",
      customerTaxId: "52998224725",
      customerOrganization: "Coop Mel",
      address: home,
      shipping: { code: "table:0", provider: "table", name: "Entrega", price_cents: 1000, delivery_days: 3 },
      subtotalCents: 3000,
      shippingCents: 1000,
      totalCents: 4000,
      paymentMethod: "pix",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: orders.id });
  if (!product || !order) throw new Error("fixture insert returned nothing");
  await db.insert(orderItems).values({
    orderId: order.id,
    position: 0,
    productId: product.id,
    name: "Mel",
    unitPriceCents: 1500,
    quantity: 2,
    totalCents: 3000,
  });
  await db
    .insert(orderEvents)
    .values({ orderId: order.id, toStatus: "pending", actorId: userId, actorName: "Joana Lima" });
  return order.id;
}

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

describe("PUT /api/profile with the customer's fields", () => {
  it("changes CPF or CNPJ, phone and organization, and keeps them when left out", async () => {
    const { token } = await registered();
    const body = { name: "Joana", email: joana.email, tax_id: "11.222.333/0001-81", phone: "(21) 99876-5432" };
    expect((await t.request("PUT", "/api/profile", { token, body })).status).toBe(200);
    expect((await t.request("PUT", "/api/profile", { token, body: { name: "Jo", email: joana.email } })).status).toBe(
      200,
    );
    expect((await t.request("GET", "/api/profile/account", { token })).json()).toMatchObject({
      name: "Jo",
      tax_id: "11222333000181",
      phone: "21998765432",
      organization: "",
    });
    const wrong = await t.request("PUT", "/api/profile", { token, body: { ...body, tax_id: "123" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { tax_id: ["Informe um CPF ou CNPJ válido"] } });
  });
});

describe("saved addresses", () => {
  it("keeps one row per postal code, street and number, the latest first, ten at most", async () => {
    const { token, user } = await registered();
    const customers = t.services.customers;
    await customers.rememberAddress(user.id, home);
    await customers.rememberAddress(user.id, { ...home, street: "AVENIDA PAULISTA", complement: "apto 13" });
    let saved = await customers.addresses(user.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ street: "AVENIDA PAULISTA", complement: "apto 13" });

    for (let number = 1; number <= 11; number++) {
      await customers.rememberAddress(user.id, { ...home, number: String(number) });
    }
    saved = await customers.addresses(user.id);
    expect(saved.map((row) => row.number)).toEqual(["11", "10", "9", "8", "7", "6", "5", "4", "3", "2"]);

    const listed = await t.request("GET", "/api/profile/addresses", { token });
    expect(listed.status).toBe(200);
    expectDocumented("get", "/api/profile/addresses", listed);
    expect(listed.json<{ number: string }[]>().map((row) => row.number)).toEqual(saved.map((row) => row.number));
  });

  it("lets only their owner delete one; another customer gets 404, a visitor 401", async () => {
    const owner = await registered();
    const other = await registered({ ...joana, email: "rui@example.com" });
    await t.services.customers.rememberAddress(owner.user.id, home);
    const [saved] = await t.services.customers.addresses(owner.user.id);
    const path = `/api/profile/addresses/${saved?.id}`;

    const stranger = await t.request("DELETE", path, { token: other.token });
    expect(stranger.status).toBe(404);
    expectDocumented("delete", "/api/profile/addresses/{id}", stranger);
    expect(stranger.json()).toEqual({ message: "Endereço não encontrado." });
    expect((await t.request("GET", "/api/profile/addresses", { token: other.token })).json()).toEqual([]);
    const anonymous = await t.request("DELETE", path);
    expect(anonymous.status).toBe(401);
    expect((await t.request("GET", "/api/profile/addresses")).status).toBe(401);
    expect(await t.services.customers.addresses(owner.user.id)).toHaveLength(1);

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect(await t.services.customers.addresses(owner.user.id)).toEqual([]);
    expect((await t.request("DELETE", "/api/profile/addresses/abc", { token: owner.token })).status).toBe(400);
  });
});

describe("GET /api/profile/export", () => {
  it("downloads her account, addresses and orders with items and history, and no one else's", async () => {
    const joanaSession = await registered();
    const rui = await registered({ ...joana, email: "rui@example.com", name: "Rui" });
    await t.services.customers.rememberAddress(joanaSession.user.id, home);
    await t.services.customers.rememberAddress(rui.user.id, { ...home, street: "Rua do Rui" });
    const orderId = await placeOrder(joanaSession.user.id, joana.email, "pedido-joana");
    await placeOrder(rui.user.id, "rui@example.com", "pedido-rui");

    const response = await t.request("GET", "/api/profile/export", { token: joanaSession.token });
    expect(response.status).toBe(200);
    expectDocumented("get", "/api/profile/export", response);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const data = response.json<{
      account: Record<string, unknown>;
      addresses: { street: string }[];
      orders: { id: number; items: unknown[]; history: unknown[]; customer: Record<string, unknown> }[];
    }>();
    expect(data.account).toMatchObject({ email: joana.email, tax_id: "52998224725" });
    expect(data.addresses.map((row) => row.street)).toEqual(["Avenida Paulista"]);
    expect(data.orders.map((order) => order.id)).toEqual([orderId]);
    expect(data.orders[0]?.items).toEqual([
      expect.objectContaining({
        name: "Mel",
        variant: "",
        sku: "",
        unit_price_cents: 1500,
        quantity: 2,
        total_cents: 3000,
      }),
    ]);
    expect(data.orders[0]?.history).toEqual([
      { from: null, to: "pending", actor: "Joana Lima", note: "", at: expect.any(String) },
    ]);
    expect(JSON.stringify(data)).not.toContain("Rui");

    expect((await t.request("GET", "/api/profile/export")).status).toBe(401);
  });
});

describe("DELETE /api/profile", () => {
  it("asks for the password, then anonymises her orders and removes the user with everything tied to it", async () => {
    const session = await registered();
    const otherDevice = await t.login(joana.email, joana.password);
    const userId = session.user.id;
    await t.services.customers.rememberAddress(userId, home);
    const orderId = await placeOrder(userId, joana.email, "pedido-1");
    await t.request("POST", "/api/auth/password-reset", { body: { email: joana.email }, headers: from() });
    await t.services.auth.resetRequestsSettled();
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, joana.email))).toHaveLength(1);

    const wrong = await t.request("DELETE", "/api/profile", { token: session.token, body: { password: "errada" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toEqual({ message: "Senha incorreta.", errors: { password: ["Senha incorreta"] } });
    expect((await t.request("DELETE", "/api/profile", { token: session.token, body: {} })).status).toBe(400);
    expect((await t.request("DELETE", "/api/profile", { body: { password: joana.password } })).status).toBe(401);

    const deleted = await t.request("DELETE", "/api/profile", {
      token: session.token,
      body: { password: joana.password },
    });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("set-cookie")).toMatch(/^cms_session=; .*Max-Age=0/);

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db.select().from(customerAddresses)).toEqual([]);
    expect(await db.select().from(passwordResets)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, joana.email))).toEqual([]);
    expect((await t.request("GET", "/api/profile", { token: otherDevice })).status).toBe(401);

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId: null,
      customerName: "Cliente removido",
      customerEmail: `removido-${orderId}@anonimo.invalid`,
      customerPhone: "",
      customerTaxId: "",
      customerOrganization: "",
      address: {
        postal_code: "",
        uf: "SP",
        city: "São Paulo",
        street: "",
        number: "",
        neighborhood: "",
        complement: "",
      },
      totalCents: 4000,
    });
    expect(order?.anonymizedAt).toBeInstanceOf(Date);
    const [event] = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(event).toMatchObject({ actorId: null, actorName: "Cliente removido" });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toHaveLength(1);
  });

  it("removes every e-mail to any address she had, sent or waiting, and the shop's e-mails about her", async () => {
    const session = await registered();
    const userId = session.user.id;
    // An order placed before she changed her address, and the address changed since.
    await placeOrder(userId, "joana.antiga@example.com", "pedido-antigo");
    const changed = await t.request("PUT", "/api/profile", {
      token: session.token,
      body: { name: joana.name, email: "joana.nova@example.com", current_password: joana.password },
    });
    expect(changed.status).toBe(200);
    const queue = (to: string, replyTo?: string) =>
      t.services.mail.queue(
        "contact-message",
        to,
        { name: "Joana Lima", email: to, message: "Rua da Aurora, 100" },
        {
          ...(replyTo ? { replyTo } : {}),
        },
      );
    await queue("JOANA.ANTIGA@example.com");
    await queue("joana.nova@example.com");
    await queue("loja@example.com", "Joana.Nova@example.com");
    await queue("outra@example.com");
    await queue("loja@example.com", "outra@example.com");
    // One of hers was delivered already.
    await t.database.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(mailOutbox.to, joana.email));
    const before = await t.database.db.select({ to: mailOutbox.to }).from(mailOutbox);
    expect(before.map((mail) => mail.to).sort()).toEqual([
      "JOANA.ANTIGA@example.com",
      "joana.nova@example.com",
      joana.email,
      "loja@example.com",
      "loja@example.com",
      "outra@example.com",
    ]);

    const deleted = await t.request("DELETE", "/api/profile", {
      token: session.token,
      body: { password: joana.password },
    });
    expect(deleted.status).toBe(204);
    const left = await t.database.db.select({ to: mailOutbox.to, replyTo: mailOutbox.replyTo }).from(mailOutbox);
    expect(left.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: "loja@example.com", replyTo: "outra@example.com" },
      { to: "outra@example.com", replyTo: null },
    ]);
  });

  it("limits wrong passwords per account", async () => {
    const { token } = await registered();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await t.request("DELETE", "/api/profile", { token, body: { password: "errada" } })).status).toBe(400);
    }
    const blocked = await t.request("DELETE", "/api/profile", { token, body: { password: joana.password } });
    expect(blocked.status).toBe(429);
  });

  it("never lets the last super user leave, but a super with another super may", async () => {
    const superToken = await t.setupSite();
    const refused = await t.request("DELETE", "/api/profile", {
      token: superToken,
      body: { password: SUPER.password },
    });
    expect(refused.status).toBe(409);
    expectDocumented("delete", "/api/profile", refused);
    expect(refused.json()).toEqual({ message: "O último usuário Super não pode ser removido nem rebaixado." });

    const second = await t.createUser("super", superToken);
    const left = await t.request("DELETE", "/api/profile", {
      token: second.token,
      body: { password: second.password },
    });
    expect(left.status).toBe(204);
    expect((await t.request("GET", "/api/profile", { token: superToken })).status).toBe(200);
  });
});

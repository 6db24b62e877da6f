import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectDocumented } from "../../tests/support/documented.ts";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import type { Actor } from "../kernel/access.ts";
import { passwordResets, sessions } from "../modules/auth/tables.ts";
import { customerAddresses } from "../modules/customers/tables.ts";
import { home, joana, placeOrder, signUps } from "../modules/customers/test-fixtures.ts";
import { mailOutbox } from "../modules/mail/tables.ts";
import { orderEvents, orderItems, orders } from "../modules/orders/tables.ts";
import { users } from "../modules/users/tables.ts";
import { deleteAccount } from "./delete-account.ts";
import { failingInTransactions } from "./test-support.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

const { registered, from } = signUps(t);

describe("DELETE /api/profile", () => {
  it("asks for the password, then anonymises her orders and removes the user with everything tied to it", async () => {
    const session = await registered();
    const otherDevice = await t.login(joana.email, joana.password);
    const userId = session.user.id;
    await t.services.customers.rememberAddress(userId, home);
    const orderId = await placeOrder(t.database, userId, joana.email, "pedido-1");
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
    await placeOrder(t.database, userId, "joana.antiga@example.com", "pedido-antigo");
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

  it("leaves her account, orders and e-mails as they were when a step fails midway", async () => {
    const session = await registered();
    const userId = session.user.id;
    const actor: Actor = { id: userId, name: joana.name, email: joana.email, role: "user" };
    const orderId = await placeOrder(t.database, userId, joana.email, "pedido-1");
    await t.services.mail.queue("contact-message", joana.email, {
      name: joana.name,
      email: joana.email,
      message: "Oi",
    });
    // The account's row is the last to go: her orders and e-mails were changed by then.
    const failing = failingInTransactions(t.services, "users", "removeOwnAccount", "disco cheio");

    await expect(deleteAccount(failing, actor, joana.password)).rejects.toThrow("disco cheio");

    const db = t.database.db;
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).toEqual([{ id: userId }]);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId,
      customerName: "Joana Lima",
      customerEmail: joana.email,
      customerTaxId: "52998224725",
      address: home,
      anonymizedAt: null,
    });
    const [event] = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(event).toMatchObject({ actorId: userId, actorName: "Joana Lima" });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, joana.email))).toHaveLength(1);
    expect((await t.request("GET", "/api/profile", { token: session.token })).status).toBe(200);

    await deleteAccount(t.services, actor, joana.password);
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, joana.email))).toEqual([]);
  });
});

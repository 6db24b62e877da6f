import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { MailPage, MailView } from "../../../common/views/mail.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { startFakeSmtpServer } from "../../../tests/support/fake-smtp-server.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "./tables.ts";

const order = {
  number: 7,
  customerName: "Joana Silva",
  url: "https://www.coop.example.com/conta/pedidos/7",
  items: [{ name: "Café", variant: "500 g", quantity: 2, unitPriceCents: 3450, totalCents: 6900 }],
  subtotalCents: 6900,
  shippingCents: 1290,
  coupon: null,
  pixDiscountCents: 0,
  totalCents: 8190,
  shippingName: "Entrega padrão",
  deliveryDays: 3,
  address: "Rua das Flores, 10\nCampinas - SP",
};

describe("with SMTP_URL set", () => {
  const env: Record<string, string> = { BASE_URL: "https://www.coop.example.com", TRUST_PROXY: "true" };
  const smtp = withFakeServer(startFakeSmtpServer, env, "SMTP_URL");
  const t = withTestApp({ env });
  let stopDelivery = async () => {};
  afterEach(async () => {
    await stopDelivery();
    smtp().received.length = 0;
  });
  const startDelivery = () => {
    const delivery = t.services.mail.startDelivery();
    stopDelivery = delivery.stop;
  };

  it("sends an e-mail queued in a committed transaction, from the site's title at no-reply@ its domain", async () => {
    await t.setupSite();
    startDelivery();
    await t.services.transaction((services) => services.mail.queue("order-paid", "joana@example.com", { order }));
    const [mail] = await smtp().waitFor(1);
    expect(mail).toMatchObject({
      from: `"${SUPER.title}" <no-reply@coop.example.com>`,
      to: ["joana@example.com"],
      subject: "Pagamento confirmado: pedido nº 7",
    });
    expect(mail?.text).toContain("2 × R$ 34,50 = R$ 69,00");
    expect(mail?.html).toContain("R$ 81,90");
  });

  it("sends nothing of a transaction that rolled back", async () => {
    await t.setupSite();
    startDelivery();
    const rolledBack = t.services.transaction(async (services) => {
      await services.mail.queue("order-paid", "perdido@example.com", { order });
      throw new Error("the order failed");
    });
    await expect(rolledBack).rejects.toThrow("the order failed");
    await t.services.mail.queue("order-sent", "joana@example.com", {
      order,
      tracking: { code: "AA123456785BR", carrier: "Correios", url: null },
    });
    await smtp().waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp().received.map((mail) => mail.to)).toEqual([["joana@example.com"]]);
    expect(await t.database.db.$count(mailOutbox)).toBe(1);
  });

  it("tells the site's e-mail of a new contact message", async () => {
    const setup = await t.request("POST", "/api/settings/setup", {
      body: { ...SUPER, password_confirmation: SUPER.password, use_as_public_email: true },
    });
    expect(setup.status).toBe(201);
    startDelivery();
    const sent = await t.request("POST", "/api/contacts/contact", {
      body: { name: "Rui <b>", email: "rui@example.com", message: "Vocês entregam em Campinas?" },
      headers: { "x-forwarded-for": "198.51.100.20" },
    });
    expect(sent.status).toBe(201);
    const [mail] = await smtp().waitFor(1);
    expect(mail).toMatchObject({
      to: [SUPER.email],
      replyTo: "rui@example.com",
      subject: "Nova mensagem de contato de Rui <b>",
    });
    expect(mail?.text).toContain("Vocês entregam em Campinas?");
    expect(mail?.html).toContain("Rui &lt;b&gt;");
  });
});

describe("without SMTP_URL", () => {
  const t = withTestApp({ setUp: true, env: { TRUST_PROXY: "true" } });
  const list = async (query = "", token = t.superToken) => {
    const response = await t.request("GET", `/api/mail/outbox${query}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.json<MailPage>();
  };

  it("keeps e-mails pending in the outbox, none lost", async () => {
    const stop = t.services.mail.startDelivery().stop;
    await t.services.mail.queue("password-reset", "ana@example.com", { name: "Ana", link: "https://x.example/s/1" });
    await stop();
    const response = await t.request("GET", "/api/mail/outbox", { token: t.superToken });
    expectDocumented("get", "/api/mail/outbox", response);
    const page = response.json<MailPage>();
    expect(page.smtp_configured).toBe(false);
    expect(page.data).toEqual([
      {
        id: expect.any(Number),
        kind: "password-reset",
        to: "ana@example.com",
        subject: "Criar uma nova senha",
        text: expect.stringContaining("https://x.example/s/1"),
        status: "pending",
        attempts: 0,
        next_attempt_at: expect.stringMatching(/^\d{4}-/),
        last_error: null,
        sent_at: null,
        created_at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
  });

  it("is for administrators only", async () => {
    await t.services.mail.queue("password-reset", "ana@example.com", { name: "Ana", link: "https://x.example/s/1" });
    const [mail] = (await list()).data;
    const customer = await t.createUser("user", t.superToken);
    for (const [method, path] of [
      ["GET", "/api/mail/outbox"],
      ["POST", `/api/mail/outbox/${mail?.id}/retry`],
      ["POST", "/api/mail/outbox/abc/retry"],
    ] as const) {
      expect((await t.request(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, { token: customer.token })).status, `${method} ${path}`).toBe(403);
    }
    const admin = await t.createUser("admin", t.superToken);
    expect((await list("", admin.token)).data).toHaveLength(1);
    expect((await t.request("POST", `/api/mail/outbox/${mail?.id}/retry`, { token: admin.token })).status).toBe(200);
  });

  it("lists newest first, filtered by status and searched by recipient or subject", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@coop.org"])
      await t.services.mail.queue("account-created", to, { name: "Pessoa", loginUrl: "https://x.example/login" });
    await t.database.db.execute(sql`UPDATE mail_outbox SET created_at = now() - make_interval(days => 10 - id)`);
    await t.database.db.execute(
      sql`UPDATE mail_outbox SET status = 'failed', attempts = 8, last_error = 'connect ECONNREFUSED' WHERE "to" = 'b@example.com'`,
    );
    expect((await list()).data.map((mail) => mail.to)).toEqual(["c@coop.org", "b@example.com", "a@example.com"]);
    const failed = await list("?status=failed");
    expect(failed.data.map((mail) => [mail.to, mail.last_error])).toEqual([["b@example.com", "connect ECONNREFUSED"]]);
    expect((await list("?q=COOP.ORG")).data.map((mail) => mail.to)).toEqual(["c@coop.org"]);
    const paged = await list("?per_page=2&page=2");
    expect(paged.pagination).toEqual({ total: 3, page: 2, per_page: 2 });
    const bad = await t.request("GET", "/api/mail/outbox?status=todos", { token: t.superToken });
    expect(bad.status).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.status).toEqual(["Use pending, sent ou failed"]);
  });

  it("puts a failed e-mail back in the queue; a sent one or a missing one is refused", async () => {
    await t.services.mail.queue("account-created", "a@example.com", { name: "Ana", loginUrl: "https://x.example/l" });
    await t.services.mail.queue("account-created", "b@example.com", { name: "Bia", loginUrl: "https://x.example/l" });
    await t.database.db.execute(
      sql`UPDATE mail_outbox SET status = 'failed', attempts = 8, next_attempt_at = now() - interval '1 day' WHERE "to" = 'a@example.com'`,
    );
    await t.database.db.execute(
      sql`UPDATE mail_outbox SET status = 'sent', sent_at = now() WHERE "to" = 'b@example.com'`,
    );
    const [sent, failed] = (await list()).data;
    const retried = await t.request("POST", `/api/mail/outbox/${failed?.id}/retry`, { token: t.superToken });
    expect(retried.status).toBe(200);
    const view = retried.json<MailView>();
    expect(view).toMatchObject({ status: "pending", attempts: 8 });
    expect(Math.abs(new Date(view.next_attempt_at).getTime() - Date.now())).toBeLessThan(60_000);
    expectDocumented("post", "/api/mail/outbox/{id}/retry", retried);

    const again = await t.request("POST", `/api/mail/outbox/${sent?.id}/retry`, { token: t.superToken });
    expect(again.status).toBe(409);
    expect(again.json()).toEqual({ message: "Este e-mail já foi enviado." });
    const missing = await t.request("POST", "/api/mail/outbox/999999/retry", { token: t.superToken });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "E-mail não encontrado." });
  });
});

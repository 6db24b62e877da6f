import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { FAKE_SMTP_USER, type FakeSmtpServer, startFakeSmtpServer } from "../../../tests/support/fake-smtp-server.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import { createSmtpMailer } from "../../adapters/mail/smtp-mailer.ts";
import { createMailDelivery, MAX_ATTEMPTS, type MailDelivery } from "./mail-delivery.ts";
import { mailOutbox } from "./tables.ts";

const t = withTestDatabase();
const FROM = '"Cooperativa Vale Verde" <no-reply@coop.example.com>';

let servers: FakeSmtpServer[] = [];
let deliveries: MailDelivery[] = [];

afterEach(async () => {
  await Promise.all(deliveries.map((delivery) => delivery.stop()));
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  deliveries = [];
});

async function smtpServer(port?: number) {
  const server = await startFakeSmtpServer(port);
  servers.push(server);
  return server;
}

/** A fake that was started and closed again: its port refuses connections. */
async function downServer() {
  const server = await startFakeSmtpServer();
  await server.close();
  return server;
}

function delivery(url: string, intervalMs?: number) {
  const created = createMailDelivery({
    db: t.database.db,
    mailer: createSmtpMailer(url),
    from: async () => FROM,
    logger: pino({ level: "silent" }),
    intervalMs,
  });
  deliveries.push(created);
  return created;
}

async function queueContact(to: string, name = "Joana") {
  await createTestServices(t.database).mail.queue("contact-message", to, {
    name,
    email: "joana@example.com",
    message: "Quero saber do café.\nObrigada!",
  });
}

const outbox = () => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
/** As if the wait before the next attempt were over. */
const makeDue = () => t.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });

describe("the outbox delivery", () => {
  it("sends due e-mails over SMTP with their subject, bodies and sender, once", async () => {
    const server = await smtpServer();
    await queueContact("contato@coop.example.com");
    const sender = delivery(server.url);
    expect(await sender.deliverDue()).toBe(1);
    const [mail] = await server.waitFor(1);
    expect(mail).toMatchObject({
      from: FROM,
      to: ["contato@coop.example.com"],
      subject: "Nova mensagem de contato de Joana",
    });
    expect(mail?.text).toContain("Quero saber do café.\nObrigada!");
    expect(mail?.html).toContain("Quero saber do café.<br>Obrigada!");
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await sender.deliverDue()).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  it("retries while the server is down, later each time, and delivers once it is back", async () => {
    const down = await downServer();
    await queueContact("contato@coop.example.com");
    const sender = delivery(down.url, 50);
    expect(await sender.deliverDue()).toBe(1);
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);
    const wait = (failed?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThan(70_000);
    // Not due yet: nothing is tried.
    expect(await sender.deliverDue()).toBe(0);

    await makeDue();
    await sender.deliverDue();
    const [second] = await outbox();
    expect(second?.attempts).toBe(2);
    expect((second?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(4 * 60_000);

    // The server comes back on the same address; the interval finds the e-mail due.
    const server = await smtpServer(down.port);
    sender.start();
    await makeDue();
    const [mail] = await server.waitFor(1);
    expect(mail?.subject).toBe("Nova mensagem de contato de Joana");
    await expect.poll(async () => (await outbox())[0]?.status).toBe("sent");
    expect((await outbox())[0]).toMatchObject({ attempts: 3, lastError: null });
  });

  it("marks an e-mail failed after the last attempt and stops trying it", async () => {
    const down = await downServer();
    await queueContact("contato@coop.example.com");
    const sender = delivery(down.url);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue();
      expect(await sender.deliverDue()).toBe(1);
      const [row] = await outbox();
      expect(row).toMatchObject({ attempts: attempt, status: attempt < MAX_ATTEMPTS ? "pending" : "failed" });
    }
    await makeDue();
    expect(await sender.deliverDue()).toBe(0);
  });

  it("records the server's refusal of a recipient and of wrong credentials", async () => {
    const server = await smtpServer();
    await queueContact("recusado@coop.example.com");
    await delivery(server.url).deliverDue();
    expect((await outbox())[0]?.lastError).toMatch(/550.*Mailbox unavailable/);

    await t.database.db.delete(mailOutbox);
    await queueContact("contato@coop.example.com");
    await delivery(`smtp://${encodeURIComponent(FAKE_SMTP_USER)}:errada@127.0.0.1:${server.port}`).deliverDue();
    expect((await outbox())[0]?.lastError).toMatch(/Invalid username or password/);
    expect(server.received).toHaveLength(0);
  });

  it("sends each e-mail once when two processes deliver at the same time", async () => {
    const server = await smtpServer();
    for (let index = 1; index <= 25; index++) await queueContact(`pessoa${index}@coop.example.com`, `Pessoa ${index}`);
    const [first, second] = await Promise.all([delivery(server.url).deliverDue(), delivery(server.url).deliverDue()]);
    expect((first ?? 0) + (second ?? 0)).toBe(25);
    await server.waitFor(25);
    expect(new Set(server.received.map((mail) => mail.to[0])).size).toBe(25);
    expect(await t.database.db.$count(mailOutbox, eq(mailOutbox.status, "sent"))).toBe(25);
  });

  it("starts and stops without SMTP, keeping e-mails in the outbox", async () => {
    await queueContact("contato@coop.example.com");
    const idle = createMailDelivery({
      db: t.database.db,
      mailer: null,
      from: async () => FROM,
      logger: pino({ level: "silent" }),
    });
    idle.start();
    idle.wake();
    expect(await idle.deliverDue()).toBe(0);
    await idle.stop();
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 0 });
  });
});

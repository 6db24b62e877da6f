import { asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ContactView } from "../../../common/views/contacts.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { REMOVED_MESSAGE, REPEAT_WINDOW_SECONDS } from "./contacts-service.ts";
import { contacts } from "./tables.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true" } });

type ContactList = {
  data: ContactView[];
  pagination: { total: number; page: number; per_page: number };
  unread: number;
};

const SENT = "Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!";
let address = 0;
/** Each message from its own address, so the per-address throttle stays out of the way. */
const send = (body: Record<string, unknown>, from = `198.51.100.${++address}`) =>
  t.request("POST", "/api/contacts/contact", { body, headers: { "x-forwarded-for": from } });

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Joana",
  email: "Joana@Example.com",
  message: "Quero saber mais sobre a cooperativa.",
  ...overrides,
});

const OWNER = "vendas@boaterra.example.com";
const contactMails = () =>
  t.database.db
    .select({ to: mailOutbox.to, replyTo: mailOutbox.replyTo, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "contact-message"));

async function notify(token: string, notifications: Record<string, unknown>) {
  const saved = await t.request("PUT", "/api/shop/settings", {
    token,
    body: { legal_name: "Cooperativa Boa Terra", notifications },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const list = async (token: string) => (await t.request("GET", "/api/contacts", { token })).json<ContactList>().data;

describe("the public contact form", () => {
  it("stores a message and answers the spec's success text", async () => {
    const response = await send(message());
    expect(response.status).toBe(201);
    expect(response.json()).toEqual({ message: SENT });

    const token = await t.setupSite();
    const list = (await t.request("GET", "/api/contacts", { token })).json<ContactList>();
    expect(list.data).toEqual([
      {
        id: expect.any(Number),
        name: "Joana",
        email: "joana@example.com",
        message: "Quero saber mais sobre a cooperativa.",
        read: false,
        read_at: null,
        created_at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
  });

  it("validates name, e-mail and message with field errors", async () => {
    const response = await send({ name: "", email: "joana", message: "   " });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: {
        name: ["Campo obrigatório"],
        email: ["Informe um e-mail válido"],
        message: ["Campo obrigatório"],
      },
    });
    const missing = await send({});
    expect(Object.keys(missing.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      "email",
      "message",
      "name",
    ]);
  });

  it("accepts a filled honeypot with 201 but stores nothing", async () => {
    const response = await send(message({ website: "http://spam.example" }));
    expect(response.status).toBe(201);
    expect(response.json()).toEqual({ message: SENT });
    const token = await t.setupSite();
    expect((await t.request("GET", "/api/contacts", { token })).json<ContactList>().pagination.total).toBe(0);
  });

  it("throttles one address with 429 while others still send", async () => {
    const nth = (sent: number) => message({ message: `Mensagem número ${sent}` });
    for (let sent = 1; sent <= 5; sent++) expect((await send(nth(sent), "203.0.113.5")).status).toBe(201);
    const blocked = await send(nth(6), "203.0.113.5");
    expect(blocked.status).toBe(429);
    expect(blocked.json()).toEqual({
      message: "Você enviou muitas mensagens seguidas. Aguarde alguns minutos e tente novamente.",
    });
    expect((await send(nth(6), "203.0.113.6")).status).toBe(201);
    const token = await t.setupSite();
    expect((await t.request("GET", "/api/contacts", { token })).json<ContactList>().pagination.total).toBe(6);
  });

  it("answers the same message sent again within seconds as the first, storing and e-mailing it once", async () => {
    const token = await t.setupSite();
    await notify(token, { email: OWNER });
    const twice = await Promise.all([send(message(), "203.0.113.7"), send(message(), "203.0.113.8")]);
    const again = await send(message(), "203.0.113.7");
    for (const response of [...twice, again]) {
      expect(response.status).toBe(201);
      expect(response.json()).toEqual({ message: SENT });
    }
    expect((await list(token)).map((contact) => contact.message)).toEqual(["Quero saber mais sobre a cooperativa."]);
    expect(await contactMails()).toHaveLength(1);

    // Other words, or another name, are another message; so is the same one once the moment has passed.
    expect((await send(message({ message: "E sobre o café?" }), "203.0.113.7")).status).toBe(201);
    expect((await send(message({ name: "Joana Silva" }), "203.0.113.7")).status).toBe(201);
    await t.database.db.execute(
      sql`UPDATE contacts SET created_at = created_at - make_interval(secs => ${REPEAT_WINDOW_SECONDS + 1})`,
    );
    expect((await send(message(), "203.0.113.7")).status).toBe(201);
    expect(await list(token)).toHaveLength(4);
    expect(await contactMails()).toHaveLength(4);
  });

  it("does not count a repeated message against the sender's limit", async () => {
    const nth = (sent: number) => message({ message: `Mensagem número ${sent}` });
    for (let sent = 1; sent <= 5; sent++) expect((await send(nth(sent), "203.0.113.9")).status).toBe(201);
    const repeated = await send(nth(5), "203.0.113.9");
    expect(repeated.status).toBe(201);
    expect(repeated.json()).toEqual({ message: SENT });
    expect((await send(nth(6), "203.0.113.9")).status).toBe(429);
  });
});

describe("reading messages", () => {
  it("is for admins only", async () => {
    const token = await t.setupSite();
    await send(message());
    const customer = await t.createUser("user", token);
    for (const [method, path] of [
      ["GET", "/api/contacts"],
      ["GET", "/api/contacts/1"],
      ["PUT", "/api/contacts/1"],
      ["DELETE", "/api/contacts/1"],
    ] as const) {
      const body = method === "PUT" ? { read: true } : undefined;
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, { body, token: customer.token })).status, `${method} ${path}`).toBe(403);
    }
    // Permission comes before input checks: a stranger learns nothing from a malformed id.
    expect((await t.request("GET", "/api/contacts/abc")).status).toBe(401);
    expect((await t.request("DELETE", "/api/contacts/abc", { token: customer.token })).status).toBe(403);
    const admin = await t.createUser("admin", token);
    const list = (await t.request("GET", "/api/contacts", { token: admin.token })).json<ContactList>();
    expect(list.data[0]?.read).toBe(false);
  });

  it("lists newest first with paging, search, read/unread filter and the unread count", async () => {
    const token = await t.setupSite();
    await send(message({ name: "Primeira", email: "p@example.com", message: "Olá" }));
    await send(message({ name: "Segunda", email: "s@coop.org", message: "Preço do café?" }));
    await send(message({ name: "Terceira", email: "t@example.com", message: "Horário 100% certo?" }));
    // Spread the creation times so "newest first" does not lean on the id.
    await t.database.db.execute(sql`UPDATE contacts SET created_at = now() - make_interval(days => 10 - id)`);

    const all = (await t.request("GET", "/api/contacts", { token })).json<ContactList>();
    expect(all.data.map((contact) => contact.name)).toEqual(["Terceira", "Segunda", "Primeira"]);
    expect(all.pagination).toEqual({ total: 3, page: 1, per_page: 20 });
    expect(all.unread).toBe(3);

    const page2 = (await t.request("GET", "/api/contacts?per_page=2&page=2", { token })).json<ContactList>();
    expect(page2.data.map((contact) => contact.name)).toEqual(["Primeira"]);
    expect(page2.pagination).toEqual({ total: 3, page: 2, per_page: 2 });

    const list = async (query: string) =>
      (await t.request("GET", `/api/contacts?${query}`, { token })).json<ContactList>();
    expect((await list("q=CAFÉ")).data.map((contact) => contact.name)).toEqual(["Segunda"]);
    expect((await list("q=coop.org")).data.map((contact) => contact.name)).toEqual(["Segunda"]);
    expect((await list("q=primeira")).data.map((contact) => contact.name)).toEqual(["Primeira"]);
    expect((await list(`q=${encodeURIComponent("100%")}`)).data.map((contact) => contact.name)).toEqual(["Terceira"]);

    const second = all.data[1];
    if (!second) throw new Error("missing contact");
    await t.request("GET", `/api/contacts/${second.id}`, { token });
    const read = await list("status=read");
    expect(read.data.map((contact) => contact.name)).toEqual(["Segunda"]);
    expect(read.unread).toBe(2);
    expect((await list("status=unread")).data.map((contact) => contact.name)).toEqual(["Terceira", "Primeira"]);

    const bad = await t.request("GET", "/api/contacts?status=todas", { token });
    expect(bad.status).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.status).toEqual(["Use read ou unread"]);
  });

  it("opening a message marks it read; PUT {read:false} marks it unread again", async () => {
    const token = await t.setupSite();
    await send(message());
    const [contact] = (await t.request("GET", "/api/contacts", { token })).json<ContactList>().data;
    if (!contact) throw new Error("missing contact");

    const opened = await t.request("GET", `/api/contacts/${contact.id}`, { token });
    expect(opened.status).toBe(200);
    const view = opened.json<ContactView>();
    expect(view).toMatchObject({ id: contact.id, name: "Joana", read: true, read_at: expect.any(String) });

    // Opening again keeps the first reading time.
    expect((await t.request("GET", `/api/contacts/${contact.id}`, { token })).json<ContactView>().read_at).toBe(
      view.read_at,
    );

    const unread = await t.request("PUT", `/api/contacts/${contact.id}`, { token, body: { read: false } });
    expect(unread.status).toBe(200);
    expect(unread.json()).toMatchObject({ read: false, read_at: null });
    expect((await t.request("GET", "/api/contacts", { token })).json<ContactList>().unread).toBe(1);

    const readAgain = await t.request("PUT", `/api/contacts/${contact.id}`, { token, body: { read: true } });
    expect(readAgain.json()).toMatchObject({ read: true });

    const invalid = await t.request("PUT", `/api/contacts/${contact.id}`, { token, body: { read: "sim" } });
    expect(invalid.status).toBe(400);
    expect(invalid.json<{ errors: Record<string, string[]> }>().errors).toEqual({ read: ["Informe true ou false"] });
  });

  it("deletes a message; a missing one is 404", async () => {
    const token = await t.setupSite();
    await send(message());
    const [contact] = (await t.request("GET", "/api/contacts", { token })).json<ContactList>().data;
    if (!contact) throw new Error("missing contact");
    const deleted = await t.request("DELETE", `/api/contacts/${contact.id}`, { token });
    expect(deleted.status).toBe(204);
    expect((await t.request("GET", "/api/contacts", { token })).json<ContactList>().pagination.total).toBe(0);
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { read: true }],
      ["DELETE", undefined],
    ] as const) {
      const missing = await t.request(method, `/api/contacts/${contact.id}`, { token, body });
      expect(missing.status, method).toBe(404);
      expect(missing.json()).toEqual({ message: "Mensagem não encontrada." });
    }
  });
});

describe("telling the shop of a new message", () => {
  async function setPublicEmail(token: string, email: string) {
    const settings = (await t.request("GET", "/api/settings")).json<Record<string, unknown>>();
    expect((await t.request("POST", "/api/settings", { token, body: { ...settings, email } })).status).toBe(200);
  }

  it("e-mails the shop's notice address, the answer going to the sender", async () => {
    const token = await t.setupSite();
    await setPublicEmail(token, "contato@boaterra.example.com");
    await notify(token, { email: OWNER });
    expect((await send(message())).status).toBe(201);
    expect(await contactMails()).toEqual([
      {
        to: OWNER,
        replyTo: "joana@example.com",
        subject: "Nova mensagem de contato de Joana",
        text: expect.stringContaining("Quero saber mais sobre a cooperativa."),
      },
    ]);
  });

  it("falls back to the site's public e-mail, else every administrator, and sends nothing when switched off", async () => {
    const token = await t.setupSite();
    expect((await send(message({ message: "Primeira" }))).status).toBe(201);
    expect((await contactMails()).map((mail) => mail.to)).toEqual([SUPER.email]);
    await setPublicEmail(token, "contato@boaterra.example.com");
    expect((await send(message({ message: "Segunda" }))).status).toBe(201);
    expect((await contactMails()).map((mail) => mail.to)).toEqual([SUPER.email, "contato@boaterra.example.com"]);
    await notify(token, { email: OWNER, contact_message: false });
    expect((await send(message({ message: "Terceira" }))).status).toBe(201);
    expect(await contactMails()).toHaveLength(2);
    expect((await t.request("GET", "/api/contacts", { token })).json<ContactList>().pagination.total).toBe(3);
  });
});

describe("the audit log of messages", () => {
  it("records a message marked read or unread and a message deleted, by whom, without its words", async () => {
    const token = await t.setupSite();
    const admin = await t.createUser("admin", token);
    await send(message());
    const [contact] = (await t.request("GET", "/api/contacts", { token })).json<ContactList>().data;
    if (!contact) throw new Error("missing contact");
    await t.request("PUT", `/api/contacts/${contact.id}`, { token: admin.token, body: { read: true } });
    expect((await t.request("DELETE", `/api/contacts/${contact.id}`, { token: admin.token })).status).toBe(204);
    const logged = await t.database.db
      .select()
      .from(auditEntries)
      .where(inArray(auditEntries.action, ["contact.updated", "contact.deleted"]))
      .orderBy(asc(auditEntries.id));
    expect(logged).toEqual([
      expect.objectContaining({
        action: "contact.updated",
        actorId: admin.id,
        actorEmail: admin.email,
        recordKind: "contact",
        recordId: String(contact.id),
        recordLabel: `Mensagem nº ${contact.id}`,
        changes: { Lida: { before: false, after: true } },
      }),
      expect.objectContaining({
        action: "contact.deleted",
        actorId: admin.id,
        recordId: String(contact.id),
        changes: {
          Nome: { before: "Joana", after: null },
          "E-mail": { before: "joana@example.com", after: null },
          "Recebida em": { before: contact.created_at, after: null },
        },
      }),
    ]);
    expect(JSON.stringify(logged)).not.toContain("Quero saber mais");
  });

  it("writes no entry for a refused change", async () => {
    const token = await t.setupSite();
    const customer = await t.createUser("user", token);
    await send(message());
    const [contact] = (await t.request("GET", "/api/contacts", { token })).json<ContactList>().data;
    if (!contact) throw new Error("missing contact");
    expect((await t.request("DELETE", `/api/contacts/${contact.id}`, { token: customer.token })).status).toBe(403);
    expect((await t.request("DELETE", "/api/contacts/999999", { token })).status).toBe(404);
    const logged = await t.database.db.select().from(auditEntries).where(eq(auditEntries.recordKind, "contact"));
    expect(logged).toEqual([]);
  });
});

describe("a customer who deletes her account", () => {
  it("leaves her messages without her name, e-mail and words, as her orders; others' stay as sent", async () => {
    const token = await t.setupSite();
    const customer = await t.createUser("user", token, "joana@example.com");
    await send(message({ message: "Meu telefone é 11 99999-0000." }));
    await send(message({ name: "Outra Pessoa", email: "outra@example.com", message: "Olá!" }));
    const deleted = await t.request("DELETE", "/api/profile", {
      token: customer.token,
      body: { password: customer.password },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    const rows = await t.database.db.select().from(contacts).orderBy(asc(contacts.id));
    expect(rows.map(({ name, email, message }) => ({ name, email, message }))).toEqual([
      { name: "Cliente removido", email: `removido-contato-${rows[0]?.id}@anonimo.invalid`, message: REMOVED_MESSAGE },
      { name: "Outra Pessoa", email: "outra@example.com", message: "Olá!" },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/joana|99999/i);
    const inbox = (await t.request("GET", "/api/contacts", { token })).json<ContactList>();
    expect(inbox.pagination.total).toBe(2);
  });
});

import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import pg from "pg";
import { pino } from "pino";
import { inject } from "vitest";
import { z } from "zod";
import { databaseUrlFor } from "../../../tests/support/database-url.ts";
import { recifeFiscalSettings } from "../../../tests/support/fiscal-fixture.ts";
import { cartCookie, RECIFE_CHECKOUT, RECIFE_SHOP_SETTINGS } from "../../../tests/support/shop-fixture.ts";
import { createHttpApp } from "../../http/app.ts";
import { createDatabaseThrottle } from "../../kernel/throttle.ts";
import { loginChallenges, passwordResets, wrongCodes } from "../../modules/auth/tables.ts";
import { fiscalNoteEvents, fiscalNotes } from "../../modules/fiscal/tables.ts";
import { startScheduler } from "../../modules/jobs/scheduler.ts";
import { memberAsaasEvents } from "../../modules/members/tables.ts";
import { orderLabels, orderPayments } from "../../modules/orders/tables.ts";
import { carrierHealth } from "../../modules/shop/tables.ts";
import { makePdf } from "../../modules/uploads/test-documents.ts";
import type { Services } from "../../services.ts";
import { type Database, type Db, openPglite, openPostgres } from "../client.ts";
import { queryRows } from "../sql.ts";
import { readCatalog } from "./catalog.ts";
import { readSequences } from "./snapshot.ts";

/** The PostgreSQL server the tests use: TEST_DATABASE_URL's, else the local one (the move's target). */
export function postgresServerUrl(): string {
  const template = inject("databaseTemplate");
  return template.engine === "postgres" ? template.url : "postgres://postgres@127.0.0.1:5432/postgres";
}

/** A new PostgreSQL database that nothing has migrated, dropped by `drop`. */
export async function createEmptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = postgresServerUrl();
  const name = `cms_transfer_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(server, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A new, never migrated database on the engine the tests run on. */
export async function createEmptyDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (inject("databaseTemplate").engine === "pglite") {
    const database = await openPglite({});
    return { ...database, drop: () => database.close() };
  }
  const empty = await createEmptyPostgres();
  const database = await openPostgres(empty.url);
  return {
    ...database,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}

/** Every row of every public table, generated columns included, as PostgreSQL prints it, in key order. */
export async function tableContents(db: Db): Promise<Record<string, string[]>> {
  // Timestamps print in the session's time zone: one zone for both sides of a comparison.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const { tables } = await readCatalog(tx);
    const contents: Record<string, string[]> = {};
    for (const table of tables) {
      const order = table.key.map((column) => sql.identifier(column));
      const rows = await queryRows(
        tx,
        sql`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier("public")}.${sql.identifier(table.name)} AS t
            ORDER BY ${order.length > 0 ? sql.join(order, sql`, `) : sql`1`}`,
        z.object({ row: z.string() }),
      );
      contents[table.name] = rows.map(({ row }) => row);
    }
    return contents;
  });
}

/** Every public sequence's state. */
export async function sequenceStates(db: Db) {
  return readSequences(db, (await readCatalog(db)).sequences);
}

/**
 * Test support for the copier and the backups: a site with at least one row in every kind of table,
 * made through the REST app as an operator would (settings, users, sessions, content, nested menus,
 * library with an import, products with options and variants, an order with its items, events and
 * payment, mail, throttles, uploads). The tests assert that every table ends up with rows, so a new
 * area's table that this does not fill is noticed there.
 */
export async function fillEveryKindOfRow(services: Services, db: Db): Promise<void> {
  const app = createHttpApp(services);
  async function send(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; form?: FormData; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { "x-forwarded-for": "198.51.100.7", ...options.headers };
    if (options.token) headers.authorization = `Token ${options.token}`;
    let body: BodyInit | undefined = options.form;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    const response = await app.request(url, { method, headers, body });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
  const idOf = (answer: Record<string, unknown>) => Number(answer.id);

  await send("POST", "/api/settings/setup", {
    body: {
      title: "Cooperativa Cópia",
      admin_name: "Ana",
      email: "ana@example.com",
      password: "segredo123",
      password_confirmation: "segredo123",
    },
  });
  const token = String(
    (await send("POST", "/api/auth/login", { body: { email: "ana@example.com", password: "segredo123" } })).token,
  );
  const settings = await send("GET", "/api/settings");
  const features = settings.features as Record<string, { enabled: boolean }>;
  for (const feature of Object.values(features)) feature.enabled = true;
  await send("POST", "/api/settings", { token, body: settings });

  const about = await send("POST", "/api/pages", {
    token,
    body: {
      status: "published",
      title: "Sobre nós",
      summary: "Quem somos",
      content: "<p>História da <b>cooperativa</b>.</p>",
      tags: ["história", "equipe"],
    },
  });
  await send("POST", "/api/posts", {
    token,
    body: { status: "published", title: "Feira de sábado", content: "<p>Venha!</p>", tags: ["feira"] },
  });
  await send("POST", "/api/events", {
    token,
    body: {
      status: "published",
      title: "Assembleia",
      start_at: "2026-12-05T13:30:00.123Z",
      end_at: "2026-12-05T16:00:00Z",
    },
  });
  const parent = await send("POST", "/api/menus", { token, body: { name: "Institucional", url: "/sobre-nos" } });
  await send("POST", "/api/menus", { token, body: { name: "Sobre", page_id: idOf(about), parent_id: idOf(parent) } });
  // An old address, with a visit counted as visitors' are.
  await send("POST", "/api/redirects", { token, body: { from: "/2019/05/sobre-nos/?p=12", to: "/sobre-nos" } });
  await app.request("/2019/05/Sobre-Nos/?p=12");
  await services.redirects.flushHits();

  // A WordPress export imported (its records), and one only previewed (its files kept until it runs).
  const wordpressForm = () => {
    const form = new FormData();
    form.append("export", new File([readFileSync("tests/fixtures/wordpress/site.xml")], "site.xml"));
    form.append("files", "none");
    return form;
  };
  const imported = await send("POST", "/api/wordpress-imports", { token, form: wordpressForm() });
  await send("POST", `/api/wordpress-imports/${idOf(imported)}/start`, { token });
  await services.wordpress.settle();
  await send("POST", "/api/wordpress-imports", { token, form: wordpressForm() });

  await send("POST", "/api/medias", {
    token,
    body: {
      type: "book",
      title: "Manual de sementes crioulas",
      authors: ["Silva, Maria", "Souza, João"],
      year: 2024,
      tags: ["sementes"],
    },
  });
  await send("POST", "/api/medias/import", {
    token,
    body: { text: "@book{manual,\n  title = {Livro importado},\n  author = {Costa, Rita},\n  year = {2019}\n}\n" },
  });
  const form = new FormData();
  form.append("file", new File([new Uint8Array(makePdf("Ata da cópia"))], "ata.pdf", { type: "application/pdf" }));
  await send("POST", "/api/uploads/documents", { token, form });

  await send("PUT", "/api/shop/settings", {
    token,
    body: RECIFE_SHOP_SETTINGS,
  });
  const shirt = await send("POST", "/api/products", {
    token,
    body: {
      status: "published",
      name: "Camiseta",
      options: [{ name: "Tamanho", values: ["P", "M"] }],
      variants: [
        { options: ["P"], price_cents: 4990, stock: 5, sku: "CAM-P" },
        { options: ["M"], price_cents: 5290, stock: 10, sku: "CAM-M" },
      ],
      weight_grams: 300,
    },
  });
  const variants = shirt.variants as { id: number }[];
  const maria = await send("POST", "/api/users", {
    token,
    body: { name: "Maria Compradora", email: "maria@example.com", role: "user", password: "senha-forte-1" },
  });
  const buyerToken = String(
    (await send("POST", "/api/auth/login", { body: { email: "maria@example.com", password: "senha-forte-1" } })).token,
  );
  const items = [{ product_id: idOf(shirt), variant_id: Number(variants[0]?.id), quantity: 2 }];
  // A coupon the order below redeems (its use in coupon_redemptions).
  await send("POST", "/api/coupons", {
    token,
    body: { code: "FEIRA10", kind: "percent", percent: 10, product_ids: [idOf(shirt)], tags: ["feira"] },
  });
  const placed = await send("POST", "/api/shop/checkout", {
    token: buyerToken,
    headers: { cookie: cartCookie(items) },
    body: {
      ...RECIFE_CHECKOUT,
      neighborhood: "Boa Vista",
      coupon_code: "feira10",
      idempotency_key: randomUUID(),
    },
  });
  const order = placed.order as { id: number; number: number };
  await send("GET", `/api/orders/${order.id}/payment`, { token: buyerToken });
  // A payment provider's notice writes these (Mercado Pago, with its own fake elsewhere); one is recorded here.
  await db.insert(orderPayments).values({
    orderId: order.id,
    provider: "mercadopago",
    externalId: "123456789",
    status: "approved",
    amountCents: 11480,
    providerUpdatedAt: new Date("2026-11-20T12:34:56.789Z"),
  });
  // A Melhor Envio label bought for it, as order-labels.ts writes one (Melhor Envio has its own fake elsewhere).
  await db.insert(orderLabels).values({
    orderId: order.id,
    serviceId: 1,
    step: "printed",
    externalId: "9a1f0c4e-5b7d-4e2a-8c3b-1d2e3f4a5b6c",
    protocol: "ORD-202611000001",
    priceCents: 2850,
    labelUrl: "https://melhorenvio.com.br/imprimir/abc",
    trackingCode: "AB123456785BR",
    trackingUrl: "https://www.melhorrastreio.com.br/rastreio/ME00000001",
    trackingStatus: "posted",
    trackingEvents: [{ status: "posted", at: "2026-11-21T12:00:00.000Z" }],
    trackingCheckedAt: new Date("2026-11-21T12:30:00.000Z"),
  });
  // The shop issues notas fiscais (switched off here: nothing is asked of Focus NFe), and the order's note was
  // authorised, as fiscal-notes.ts writes one (Focus NFe has its own fake elsewhere), with a step of its history.
  await send("PUT", "/api/fiscal/settings", {
    token,
    body: recifeFiscalSettings("", { homologation_token: "token-de-homologacao" }),
  });

  const [note] = await db
    .insert(fiscalNotes)
    .values({
      orderId: order.id,
      orderNumber: order.number,
      customerName: "Maria da Silva",
      customerEmail: "maria@example.com",
      reference: `pedido-${order.number}`,
      environment: "homologacao",
      state: "authorized",
      sefazStatus: "100",
      sefazMessage: "Autorizado o uso da NF-e",
      accessKey: "26261211222333000181550010000000011000000017",
      number: "1",
      series: "1",
      authorizedAt: new Date("2026-11-21T12:00:00.000Z"),
    })
    .returning();
  if (!note) throw new Error("fiscal note insert returned nothing");
  await db
    .insert(fiscalNoteEvents)
    .values({ noteId: note.id, state: "authorized", actorName: "Focus NFe", text: "Nota autorizada: nº 1, série 1." });
  // A member's plan, a member registered, and a proposal approved: her number, her first due, her history.
  const plan = await send("POST", "/api/members/plans", {
    token,
    body: { name: "Mensal", amount_cents: 4990, cycle: "mensal", due_day: 10, grace_days: 5, suspend_after: 2 },
  });
  const memberAddress = { postal_code: "50030-230", uf: "PE", city: "Recife", street: "Rua da Aurora", number: "12" };
  const member = {
    kind: "pessoa",
    name: "Joana Sócia",
    tax_id: "111.444.777-35",
    email: "joana.socia@example.com",
    phone: "(81) 99999-1234",
    address: memberAddress,
    plan_id: idOf(plan),
  };
  await send("POST", "/api/members", { token, body: member });
  await send("POST", "/api/members/applications", {
    body: { ...member, name: "Lia Sócia", tax_id: "123.456.789-09", email: "lia@example.com", consent: true },
  });
  const proposals = (await send("GET", "/api/members?status=proposta", { token })).data as { id: number }[];
  await send("POST", `/api/members/${proposals[0]?.id}/status`, { token, body: { status: "ativo" } });
  // Her first due is due today: the job runner's turn e-mails its reminder of the day.
  const reminders = {
    before: { enabled: true, days: [5, 1] },
    on_day: { enabled: true },
    after: { enabled: false, days: [] },
  };
  await send("PUT", "/api/members/settings", { token, body: { reminders } });
  await services.members.runDues();
  // An Asaas webhook event, kept once by its id (server/modules/members/asaas-webhook.ts); the dues through Asaas
  // are not on here, so it names a charge of no due.
  await db.insert(memberAsaasEvents).values({
    eventId: "evt_05f3b1d2e9",
    event: "PAYMENT_RECEIVED",
    chargeId: "pay_080225913252",
    processedAt: new Date("2026-11-21T12:00:00.000Z"),
    attempts: 1,
    outcome: "no due",
  });
  // On PGlite the services count limits in memory; the table PostgreSQL's processes share is filled here.
  await createDatabaseThrottle(db, { name: "transfer-test", maxHits: 5, windowMs: 60_000, message: "Aguarde." }).take(
    "198.51.100.7",
  );
  await send("POST", "/api/contacts/contact", {
    body: { name: "Joana", email: "joana@example.com", message: "Quero saber mais." },
  });
  // A reset link as 'Esqueci minha senha' keeps it (its e-mail goes out only with BASE_URL, and after the answer).
  await db.insert(passwordResets).values({
    tokenHash: randomBytes(32).toString("hex"),
    userId: idOf(maria),
    expiresAt: new Date("2026-11-20T13:34:56.789Z"),
  });
  // Rita turns the verification in two steps on (her secret and recovery codes); a sign-in waits for her code.
  const rita = await send("POST", "/api/users", {
    token,
    body: { name: "Rita Editora", email: "rita@example.com", role: "admin", password: "senha-forte-2" },
  });
  const ritaToken = String(
    (await send("POST", "/api/auth/login", { body: { email: "rita@example.com", password: "senha-forte-2" } })).token,
  );
  const { secret } = (await send("POST", "/api/profile/two-factor/setup", { token: ritaToken })) as { secret: string };
  await send("POST", "/api/profile/two-factor/confirm", {
    token: ritaToken,
    body: { password: "senha-forte-2", code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
  });
  await db.insert(loginChallenges).values({
    tokenHash: randomBytes(32).toString("hex"),
    userId: idOf(rita),
    purpose: "code",
    expiresAt: new Date("2026-11-20T13:34:56.789Z"),
  });
  // Someone with her password typed a wrong code: it counts towards her account's delay.
  await db.insert(wrongCodes).values({ userId: idOf(rita), at: new Date("2026-11-20T13:30:00.000Z") });
  // Melhor Envio refused the shop's token a while ago, and the shop was told once.
  await db.insert(carrierHealth).values({
    provider: "melhorenvio",
    failures: 3,
    failingSince: new Date("2026-11-20T12:00:00.000Z"),
    lastKind: "unauthorized",
    lastMessage: "O Melhor Envio recusou o token salvo.",
    notifiedAt: new Date("2026-11-20T12:10:00.000Z"),
  });
  // A menu item whose parent has a greater id: rows read in id order come before the row they refer to.
  const root = await send("POST", "/api/menus", { token, body: { name: "Raiz", url: "/raiz" } });
  await db.execute(sql`UPDATE menus SET parent_id = ${idOf(root)} WHERE id = ${idOf(parent)}`);
  const scheduler = startScheduler({
    db: db,
    logger: pino({ level: "silent" }),
    jobs: [{ name: "transfer-test", everyMs: 60_000, leaseMs: 60_000, run: async () => {} }],
  });
  await scheduler.tick();
  await scheduler.stop();
}

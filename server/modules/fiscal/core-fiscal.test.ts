import { randomBytes } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import type { FiscalEnvironment } from "../../../common/schemas/fiscal.ts";
import type { FiscalNoteView } from "../../../common/views/fiscal.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { startFakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import { recifeFiscalSettings } from "../../../tests/support/fiscal-fixture.ts";
import {
  cartLine,
  createProduct,
  placeOrder,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { runDueNotes } from "../../flows/fiscal-notes.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { fiscalNoteEvents, fiscalNotes } from "./tables.ts";

/*
 * The fiscal core's guarantees against the local fake of Focus NFe with an account in each environment:
 * homologação and produção never mix (each note keeps its environment and its token; the accountant gets only
 * produção's documents, each in its month); a late or repeated report never undoes a newer state; the races of
 * a click, the job runner, a webhook and a poll send and record once; each step in the note's history and the
 * administrative ones in the audit log; a slow provider never slows a sale.
 */

// Nothing listens at BASE_URL: the fake's webhooks fail there and are handed to the app in-process.
const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1", SECRETS_KEY: randomBytes(32).toString("base64") };
const focus = withFakeServer(
  () => startFakeFocusNfe({ productionToken: `producao-${randomBytes(6).toString("hex")}` }),
  env,
  "FOCUS_NFE_URL",
);
const t = withTestApp({ env });

let superToken = "";
let coffee: ProductView;
let customerToken = "";

const saveFiscal = async (changes: Record<string, unknown> = {}) => {
  const saved = await t.request("PUT", "/api/fiscal/settings", {
    token: superToken,
    body: recifeFiscalSettings(focus().token, changes),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};
/** Produção from now on, with its own token (homologação's is kept). */
const switchToProduction = (changes: Record<string, unknown> = {}) =>
  saveFiscal({
    environment: "producao",
    homologation_token: "",
    production_token: focus().productionToken,
    ...changes,
  });

beforeEach(async () => {
  focus().reset();
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShopSettings(t, superToken, RECIFE_SHOP_SETTINGS);
  coffee = await createProduct(t, superToken, {
    name: "Café especial",
    variants: [{ price_cents: 3333, stock: 50 }],
    weight_grams: 500,
  });
  customerToken = (await t.createUser("user", superToken)).token;
});

async function placed(): Promise<OrderView> {
  return (await placeOrder(t, customerToken, [cartLine(coffee, 2)], { neighborhood: "Santo Amaro" })).order;
}

async function pay(orderId: number) {
  const paid = await t.request("POST", `/api/orders/${orderId}/status`, {
    token: superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

async function paidOrder(): Promise<OrderView> {
  const order = await placed();
  await pay(order.id);
  return order;
}

async function noteRow(orderId: number, environment: FiscalEnvironment = "homologacao") {
  const [row] = await t.database.db
    .select()
    .from(fiscalNotes)
    .where(and(eq(fiscalNotes.orderId, orderId), eq(fiscalNotes.environment, environment)));
  if (!row) throw new Error(`no ${environment} note row`);
  return row;
}

const notePosts = (environment: FiscalEnvironment) =>
  focus().requests.filter(
    (request) =>
      request.method === "POST" && request.path.startsWith("/v2/nfe?") && request.environment === environment,
  );

async function runJobsNow() {
  await t.database.db.update(fiscalNotes).set({ nextCheckAt: new Date(Date.now() - 1000) });
  await runDueNotes(t.services);
}

/** The webhooks the fake tried to deliver (nothing listens at BASE_URL here), handed to the app in-process. */
async function deliverWebhooks(hooks = focus().webhooks.splice(0)) {
  for (const hook of hooks) {
    const response = await t.request("POST", "/api/fiscal/webhook", { headers: hook.headers, body: hook.body });
    expect(response.status).toBe(200);
  }
  return hooks;
}

/** Waits until nothing is left to copy of the note and no one holds it. */
async function filesCopied(orderId: number, environment: FiscalEnvironment = "homologacao") {
  await expect
    .poll(
      async () => {
        const row = await noteRow(orderId, environment);
        return row.nextCheckAt === null && row.leaseUntil === null;
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(true);
}

/** The fake settles a note just sent on its next turn. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

async function authorizedOrder(environment: FiscalEnvironment = "homologacao"): Promise<OrderView> {
  const order = await paidOrder();
  await runDueNotes(t.services);
  await settled();
  await deliverWebhooks();
  await filesCopied(order.id, environment);
  expect((await noteRow(order.id, environment)).state).toBe("authorized");
  return order;
}

const issue = (orderId: number) => t.request("POST", `/api/fiscal/orders/${orderId}/note`, { token: superToken });

const thisMonth = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit" }).format(
    new Date(),
  );

async function exported(month: string): Promise<Record<string, string>> {
  const response = await t.app.request(`/api/fiscal/export?month=${month}`, {
    headers: { authorization: `Token ${superToken}` },
  });
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe("homologação and produção never mix", () => {
  it("gives an order authorised in homologação its real note after the switch, once, whatever the clicks", async () => {
    await saveFiscal();
    const order = await authorizedOrder();
    const test = await noteRow(order.id);
    await switchToProduction();

    // The order's current note is produção's: none yet, so the owner may issue it.
    const panel = await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(panel.json<{ note: FiscalNoteView | null }>().note).toBeNull();
    const clicks = await Promise.all([issue(order.id), issue(order.id)]);
    expect(clicks.map((click) => click.status)).toEqual([200, 200]);
    expect(notePosts("producao")).toHaveLength(1);
    const real = await noteRow(order.id, "producao");
    expect(real).toMatchObject({ reference: test.reference, state: "processing" });
    const sent = notePosts("producao")[0]?.body as { nome_destinatario?: string } | undefined;
    expect(sent?.nome_destinatario).toEqual(expect.not.stringContaining("HOMOLOGACAO"));
    // Never two produção notes: a click while it is processing is refused, and the database refuses a second row.
    expect((await issue(order.id)).status).toBe(409);
    await expect(
      t.database.db.insert(fiscalNotes).values({
        orderId: order.id,
        orderNumber: order.number,
        customerName: "x",
        customerEmail: "x@example.com",
        reference: test.reference,
        environment: "producao",
      }),
    ).rejects.toThrow();
    expect(await noteRow(order.id)).toMatchObject({ id: test.id, state: "authorized" });

    await settled();
    await deliverWebhooks();
    await filesCopied(order.id, "producao");
    const authorized = await noteRow(order.id, "producao");
    expect(authorized.state).toBe("authorized");
    expect(authorized.xmlKey).not.toBe(test.xmlKey);
    expect(authorized.xmlKey).toMatch(/^private\/fiscal\/\d{4}\/\d{2}\/pedido-\d+-nfe\.xml$/);
    const view = await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(view.json<{ note: FiscalNoteView }>().note).toMatchObject({ id: authorized.id, environment: "producao" });
  });

  it("asks about, and copies the files of, a note processing at the switch with its own environment's token", async () => {
    await saveFiscal();
    focus().loseWebhooks = true;
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    await switchToProduction();
    const before = focus().requests.length;
    await runJobsNow();
    const row = await noteRow(order.id);
    expect(row).toMatchObject({ state: "authorized", environment: "homologacao" });
    expect(row.danfeKey).toMatch(/^private\/fiscal\/homologacao\//);
    const calls = focus()
      .requests.slice(before)
      .filter((request) => request.path.includes(`pedido-${order.number}`) || request.path.includes("/arquivos"));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((request) => request.environment === "homologacao")).toBe(true);
    await expect(noteRow(order.id, "producao")).rejects.toThrow();
  });

  it("gives the accountant produção's documents only, each carta and the cancellation in the month it happened", async () => {
    await saveFiscal();
    const test = await authorizedOrder();
    await switchToProduction();
    const order = await authorizedOrder("producao");
    const path = `/api/fiscal/orders/${order.id}/note`;
    for (const correction of [
      "Onde se lê embalagem de 500 g, leia-se embalagem de 250 g.",
      "Onde se lê bloco B, leia-se bloco C, apartamento 12.",
    ]) {
      const done = await t.request("POST", `${path}/correction`, { token: superToken, body: { correction } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    const corrected = await noteRow(order.id, "producao");
    expect(corrected.corrections.map((carta) => carta.sequence)).toEqual([1, 2]);
    const keys = corrected.corrections.flatMap((carta) => [carta.xmlKey, carta.pdfKey]);
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(await t.services.storage.get(key ?? "")).not.toBeNull();
    const cancelled = await t.request("POST", `${path}/cancel`, {
      token: superToken,
      body: { justification: "Cliente desistiu da compra" },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const key = corrected.accessKey ?? "";
    const month = await exported(thisMonth());
    expect(Object.keys(month).sort()).toEqual(
      [
        `${key}-cancelamento.xml`,
        `${key}-carta-correcao-1.xml`,
        `${key}-carta-correcao-2.xml`,
        `${key}-nfe.xml`,
      ].sort(),
    );
    expect(month[`${key}-carta-correcao-1.xml`]).toContain("500 g");
    expect(month[`${key}-carta-correcao-2.xml`]).toContain("bloco C");
    expect(JSON.stringify(Object.keys(month))).not.toContain((await noteRow(test.id)).accessKey ?? "?");

    // Authorised the month before: its XML is that month's; the cartas and the cancellation stay in this one.
    const lastMonth = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await t.database.db.update(fiscalNotes).set({ authorizedAt: lastMonth }).where(eq(fiscalNotes.id, corrected.id));
    const before = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "2-digit",
    }).format(lastMonth);
    expect(Object.keys(await exported(before))).toEqual([`${key}-nfe.xml`]);
    expect(Object.keys(await exported(thisMonth()))).not.toContain(`${key}-nfe.xml`);
  });

  it("gives the accountant a denied note's XML", async () => {
    await switchToProduction();
    focus().outcome = "deny";
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    await deliverWebhooks();
    await filesCopied(order.id, "producao");
    const denied = await noteRow(order.id, "producao");
    expect(denied).toMatchObject({ state: "denied" });
    expect(denied.deniedAt).not.toBeNull();
    expect(Object.keys(await exported(thisMonth()))).toEqual([`${denied.accessKey}-nfe.xml`]);
  });
});

describe("late, repeated and racing reports", () => {
  it("never lets a late rejection of an earlier send undo a note sent again: it is confirmed with the provider", async () => {
    await saveFiscal();
    focus().outcome = "reject";
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    const [rejection] = await deliverWebhooks();
    expect((await noteRow(order.id)).state).toBe("rejected");
    if (!rejection) throw new Error("no rejection webhook");

    focus().outcome = "authorize";
    focus().holdProcessing = true;
    expect((await issue(order.id)).status).toBe(200);
    expect((await noteRow(order.id)).state).toBe("processing");
    // The provider retries the first send's webhook after the note was sent again.
    const asked = () => focus().requests.filter((request) => request.path === `/v2/nfe/pedido-${order.number}`).length;
    const before = asked();
    await deliverWebhooks([rejection]);
    expect(asked()).toBe(before + 1);
    expect((await noteRow(order.id)).state).toBe("processing");

    await focus().process();
    await deliverWebhooks();
    await filesCopied(order.id);
    expect((await noteRow(order.id)).state).toBe("authorized");
    await deliverWebhooks([rejection]);
    expect((await noteRow(order.id)).state).toBe("authorized");
  });

  it("changes nothing when the same 'autorizado' arrives again: no second e-mail, no second copy", async () => {
    await saveFiscal();
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    const hooks = await deliverWebhooks();
    await filesCopied(order.id);
    const row = await noteRow(order.id);
    const events = await t.database.db.select().from(fiscalNoteEvents).where(eq(fiscalNoteEvents.noteId, row.id));
    const requests = focus().requests.length;
    await deliverWebhooks(hooks);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await noteRow(order.id)).toEqual(row);
    expect(await t.database.db.select().from(fiscalNoteEvents).where(eq(fiscalNoteEvents.noteId, row.id))).toHaveLength(
      events.length,
    );
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fiscal-note-issued"))).toHaveLength(
      1,
    );
    expect(focus().requests).toHaveLength(requests);
  });

  it("sends once when the job runner's turn and an administrator's click come at the same moment", async () => {
    await saveFiscal();
    const order = await paidOrder();
    const [click] = await Promise.all([issue(order.id), runDueNotes(t.services), runDueNotes(t.services)]);
    // The click answers the note (200), or says it is already on its way (409) when the runner sent it first.
    expect([200, 409], JSON.stringify(click.body)).toContain(click.status);
    expect(notePosts("homologacao")).toHaveLength(1);
    expect((await noteRow(order.id)).state).toBe("processing");
  });

  it("records the answer once, mails once and copies once when a webhook and a poll arrive together", async () => {
    await saveFiscal();
    focus().holdProcessing = true;
    const order = await paidOrder();
    await runDueNotes(t.services);
    await focus().process();
    const hooks = focus().webhooks.splice(0);
    await Promise.all([deliverWebhooks(hooks), runJobsNow()]);
    await filesCopied(order.id);
    const row = await noteRow(order.id);
    expect(row.state).toBe("authorized");
    const answered = await t.database.db
      .select()
      .from(fiscalNoteEvents)
      .where(and(eq(fiscalNoteEvents.noteId, row.id), like(fiscalNoteEvents.text, "Nota autorizada%")));
    expect(answered).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fiscal-note-issued"))).toHaveLength(
      1,
    );
    const danfes = focus().requests.filter((request) => request.path.includes("/DANFEs/"));
    expect(danfes).toHaveLength(1);
  });
});

describe("each step recorded", () => {
  it("keeps the administrative steps in the audit log, and every step in the note's history", async () => {
    await saveFiscal();
    focus().outcome = "reject";
    const order = await paidOrder();
    // Blocked by its data first (the shop's defaults emptied, so the product has no NCM), twice in a row.
    await saveFiscal({ defaults: { ncm: "", origin: "", tax_situation: "", unit: "", gtin: "" } });
    await runJobsNow();
    await runJobsNow();
    await saveFiscal();
    // The provider down twice in a row, then a pause asked by a 429: one line each.
    focus().failNext("server_error");
    focus().failNext("server_error");
    await runJobsNow();
    await runJobsNow();
    await runJobsNow();
    await settled();
    await deliverWebhooks();
    expect((await noteRow(order.id)).state).toBe("rejected");
    focus().outcome = "authorize";
    expect((await issue(order.id)).status).toBe(200);
    await settled();
    await deliverWebhooks();
    await filesCopied(order.id);
    const path = `/api/fiscal/orders/${order.id}/note`;
    const correction = "Onde se lê embalagem de 500 g, leia-se embalagem de 250 g.";
    expect((await t.request("POST", `${path}/correction`, { token: superToken, body: { correction } })).status).toBe(
      200,
    );
    const cancel = { justification: "Cliente desistiu da compra" };
    expect((await t.request("POST", `${path}/cancel`, { token: superToken, body: cancel })).status).toBe(200);

    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(like(auditEntries.action, "fiscal_note.%"), eq(auditEntries.recordId, String(order.id))))
      .orderBy(asc(auditEntries.id));
    expect(
      entries.map((entry) => `${entry.action} ${(entry.details as Record<string, unknown>).Situação as string}`),
    ).toEqual([
      "fiscal_note.requested Aguardando envio",
      "fiscal_note.sent Processando",
      "fiscal_note.answered Rejeitada",
      "fiscal_note.reissued Aguardando envio",
      "fiscal_note.sent Processando",
      "fiscal_note.answered Autorizada",
      "fiscal_note.corrected Autorizada",
      "fiscal_note.cancelled Cancelada",
    ]);
    expect(entries.filter((entry) => entry.actorName === "Sistema" || entry.actorName === "Focus NFe")).toHaveLength(5);

    const history = (await t.request("GET", path, { token: superToken })).json<{ note: FiscalNoteView }>().note.history;
    const texts = history.map((step) => step.text);
    const count = (start: string) => texts.filter((text) => text.startsWith(start)).length;
    expect(count("Nota não enviada:")).toBe(1);
    expect(count("Tentativa sem sucesso: A Focus NFe não respondeu a tempo")).toBe(1);
    expect(count("Arquivos guardados: XML, DANFE")).toBe(1);
    expect(count("Arquivos guardados: XML da carta de correção nº 1, PDF da carta de correção nº 1")).toBe(1);
    expect(count("Arquivos guardados: XML do cancelamento")).toBe(1);
    expect(count('E-mail "Nota fiscal emitida" enviado')).toBe(1);
    expect(texts).toContain(`Carta de correção nº 1: ${correction}`);
    expect(texts.at(-1)).toBe("Justificativa: Cliente desistiu da compra");
  });

  it("records a pause asked by a 429 in the note's history", async () => {
    await saveFiscal();
    const order = await paidOrder();
    focus().limitNext(1, 1);
    await runJobsNow();
    const history = (await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken })).json<{
      note: FiscalNoteView;
    }>().note.history;
    expect(history.at(-1)?.text).toMatch(/^A Focus NFe pediu uma pausa .* Nova tentativa em \d+ s\.$/);
    // The pause is over before the next test.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });
});

describe("a slow provider", () => {
  it("never delays paying an order or reading it while the job runner waits on the provider", async () => {
    await saveFiscal();
    await paidOrder();
    focus().delayMs = 3000;
    let runnerDone = false;
    const runner = runDueNotes(t.services).then(() => {
      runnerDone = true;
    });
    await expect.poll(() => notePosts("homologacao").length, { timeout: 2000, interval: 10 }).toBe(1);
    const started = performance.now();
    const order = await placed();
    await pay(order.id);
    const read = await t.request("GET", `/api/orders/${order.id}`, { token: superToken });
    expect(read.json<OrderView>().status).toBe("paid");
    const panel = await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(panel.status).toBe(200);
    const elapsed = performance.now() - started;
    // All of it answered while the provider had not yet answered the send already on its way.
    expect(runnerDone).toBe(false);
    expect(elapsed).toBeLessThan(3000);
    await runner;
  });
});

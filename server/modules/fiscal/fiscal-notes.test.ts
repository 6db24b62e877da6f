import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FiscalNoteView, FiscalSettingsView, NoteProblemView } from "../../../common/views/fiscal.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { startFakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import { recifeFiscalSettings } from "../../../tests/support/fiscal-fixture.ts";
import {
  cartLine,
  createProduct,
  PAULISTA_ADDRESS,
  placeOrder,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { runDueNotes } from "../../flows/fiscal-notes.ts";
import { auditEntries } from "../audit/tables.ts";
import { mailOutbox } from "../mail/tables.ts";
import { HOMOLOGATION_BUYER_NAME } from "./note-draft.ts";
import { fiscalNotes, fiscalSettings } from "./tables.ts";

/*
 * An order's nota fiscal against the local fake of Focus NFe: the settings and their secrets, one note per
 * order whatever the clicks and retries, the webhook with and without its secret, polling when it is lost,
 * 429s, rejection then re-issue, the files kept and served only to the order's customer and administrators,
 * cancel and correct, the accountant's month.
 */

// Nothing listens at BASE_URL: the fake's webhooks fail there and are handed to the app in-process.
const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1", SECRETS_KEY: randomBytes(32).toString("base64") };
const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
const t = withTestApp({ env });

type Customer = { id: number; email: string; token: string };

let superToken = "";
let coffee: ProductView;
let customer: Customer;

const SANTO_AMARO = { neighborhood: "Santo Amaro" };

/** The Recife shop with a rate for the whole country too, so a buyer in São Paulo can order. */
const SHOP_SHIPPING_EVERYWHERE = {
  ...RECIFE_SHOP_SETTINGS,
  shipping: {
    table_rates: [
      ...RECIFE_SHOP_SETTINGS.shipping.table_rates,
      {
        name: "Brasil",
        region: { kind: "cep_range", from: "01000-000", to: "99999-999" },
        min_weight_grams: 0,
        max_weight_grams: 30000,
        price_cents: 2990,
        delivery_days: 8,
      },
    ],
  },
};

const fiscalInput = (changes: Record<string, unknown> = {}) => recifeFiscalSettings(focus().token, changes);

const saveFiscal = (changes: Record<string, unknown> = {}, token = superToken) =>
  t.request("PUT", "/api/fiscal/settings", { token, body: fiscalInput(changes) });

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
  customer = await t.createUser("user", superToken);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function paidOrder(address: Record<string, unknown> = SANTO_AMARO, quantity = 3): Promise<OrderView> {
  const { order } = await placeOrder(t, customer.token, [cartLine(coffee, quantity)], address);
  const paid = await t.request("POST", `/api/orders/${order.id}/status`, {
    token: superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order;
}

async function noteRow(orderId: number) {
  const [row] = await t.database.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, orderId));
  if (!row) throw new Error("no note row");
  return row;
}

const posts = () =>
  focus().requests.filter((request) => request.method === "POST" && request.path.startsWith("/v2/nfe?"));

/** What the job runner does on its next turn, with every note due now. */
async function runJobsNow() {
  await t.database.db.update(fiscalNotes).set({ nextCheckAt: new Date(Date.now() - 1000) });
  await runDueNotes(t.services);
}

/** The webhooks the fake tried to deliver (nothing listens at BASE_URL here), handed to the app in-process. */
async function deliverWebhooks() {
  const pending = focus().webhooks.splice(0);
  for (const hook of pending) {
    const response = await t.request("POST", "/api/fiscal/webhook", { headers: hook.headers, body: hook.body });
    expect(response.status).toBe(200);
  }
  return pending.length;
}

/** Waits for the copy of an authorised note's files that its webhook starts once it is answered. */
async function filesCopied(orderId: number) {
  await expect
    .poll(
      async () => {
        const row = await noteRow(orderId);
        return row.nextCheckAt === null && row.leaseUntil === null;
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(true);
}

/** Waits for the fake's own processing of a note just sent (it settles on its next turn). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("fiscal settings", () => {
  it("keeps the tokens sealed and write-only, audits them as changed, and registers the webhook with a secret", async () => {
    const saved = await saveFiscal();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = saved.json<FiscalSettingsView>();
    expect(view).toMatchObject({
      homologation_token: "",
      homologation_token_set: true,
      production_token_set: false,
      cnpj: "11222333000181",
      state_registration: "ISENTO",
      defaults: { ncm: "09011110", origin: 0, tax_situation: "102" },
      webhook: { url: "http://127.0.0.1:1/api/fiscal/webhook", registered: true, error: null },
    });
    const hook = focus().requests.find((request) => request.path === "/v2/hooks" && request.method === "POST");
    expect(hook?.body).toMatchObject({
      cnpj: "11222333000181",
      event: "nfe",
      url: "http://127.0.0.1:1/api/fiscal/webhook",
    });
    const secret = (hook?.body as { authorization?: string } | undefined)?.authorization ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(24);
    const [row] = await t.database.db.select().from(fiscalSettings);
    expect(JSON.stringify(row)).not.toContain(focus().token);
    expect(JSON.stringify(row)).not.toContain(secret);

    // Saving again without the token keeps it, and registers nothing new.
    const again = await saveFiscal({ homologation_token: "", series: 2 });
    expect(again.json<FiscalSettingsView>()).toMatchObject({ homologation_token_set: true, series: 2 });
    expect(
      focus().requests.filter((request) => request.path === "/v2/hooks" && request.method === "POST"),
    ).toHaveLength(1);

    const entries = await t.database.db.select().from(auditEntries).where(eq(auditEntries.action, "fiscal.updated"));
    const changes = entries[0]?.changes as Record<string, unknown> | undefined;
    expect(changes?.["Focus NFe: token de homologação"]).toEqual({ before: "alterado", after: "alterado" });
    expect(JSON.stringify(entries)).not.toContain(focus().token);
  });

  it("refuses to switch on without a token, a CNPJ with wrong check digits, a CST under the Simples", async () => {
    const noToken = await saveFiscal({ homologation_token: "" });
    expect(noToken.status).toBe(400);
    expect(noToken.json<{ message: string }>().message).toBe("Informe o token da Focus NFe do ambiente escolhido.");
    const badCnpj = await saveFiscal({ cnpj: "11.222.333/0001-82" });
    expect(badCnpj.status).toBe(400);
    expect(JSON.stringify(badCnpj.body)).toContain("O CNPJ não confere com os dígitos verificadores");
    const cst = await saveFiscal({ defaults: { ncm: "", origin: "", tax_situation: "40", unit: "", gtin: "" } });
    expect(cst.status).toBe(400);
    expect(JSON.stringify(cst.body)).toContain("Para o Simples Nacional use um CSOSN");
  });

  it("tests the connection: the stored token accepted, or refused in pt-BR", async () => {
    await saveFiscal();
    const ok = await t.request("POST", "/api/fiscal/settings/test", { token: superToken });
    expect(ok.json()).toEqual({
      ok: true,
      message: "Conexão com a Focus NFe (homologação) funcionando: o token foi aceito.",
    });
    await saveFiscal({ homologation_token: "token-errado" });
    const refused = await t.request("POST", "/api/fiscal/settings/test", { token: superToken });
    expect(refused.json()).toMatchObject({
      ok: false,
      message: expect.stringContaining("token da Focus NFe foi recusado"),
    });
  });

  it("is for administrators only", async () => {
    expect((await t.request("GET", "/api/fiscal/settings")).status).toBe(401);
    expect((await t.request("GET", "/api/fiscal/settings", { token: customer.token })).status).toBe(403);
    expect((await saveFiscal({}, customer.token)).status).toBe(403);
    expect((await t.request("POST", "/api/fiscal/settings/test", { token: customer.token })).status).toBe(403);
    expect((await t.request("GET", "/api/fiscal/export?month=2026-12", { token: customer.token })).status).toBe(403);
  });
});

describe("issuing", () => {
  it("gives a paid order one note, from the order as placed, authorised through the webhook, its files kept", async () => {
    await saveFiscal();
    const order = await paidOrder();
    expect((await noteRow(order.id)).state).toBe("waiting");

    await runDueNotes(t.services);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.path).toBe(`/v2/nfe?ref=pedido-${order.number}`);
    const payload = posts()[0]?.body as Record<string, unknown>;
    expect(payload).toMatchObject({
      nome_destinatario: HOMOLOGATION_BUYER_NAME,
      cpf_destinatario: "52998224725",
      indicador_inscricao_estadual_destinatario: 9,
      local_destino: 1,
      bairro_destinatario: "Santo Amaro",
      valor_total: (order.total_cents / 100).toFixed(2),
    });
    expect((payload.items as { cfop: string }[])[0]?.cfop).toBe("5102");
    expect((await noteRow(order.id)).state).toBe("processing");

    await settled();
    expect(await deliverWebhooks()).toBe(1);
    expect((await noteRow(order.id)).state).toBe("authorized");
    // The webhook is answered at once; its files are copied right after, and she is told.
    await filesCopied(order.id);
    const row = await noteRow(order.id);
    expect(row).toMatchObject({ state: "authorized", sefazStatus: "100", customerMailed: true });
    // A test note's files are kept apart from the real notes'.
    expect(row.danfeKey).toMatch(/^private\/fiscal\/homologacao\/\d{4}\/\d{2}\/pedido-\d+-danfe\.pdf$/);
    expect(row.xmlKey).toMatch(/-nfe\.xml$/);

    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "fiscal-note-issued"));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(customer.email);
    expect(mail[0]?.text).toContain(`/api/fiscal/notes/${row.id}/files/danfe`);

    // Her file, and the shop's: nobody else's, and never at /files.
    const danfe = `/api/fiscal/notes/${row.id}/files/danfe`;
    const mine = await t.request("GET", danfe, { token: customer.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(String(mine.body)).toContain("%PDF");
    expect((await t.request("GET", danfe, { token: superToken })).status).toBe(200);
    const other = await t.createUser("user", superToken);
    expect((await t.request("GET", danfe, { token: other.token })).status).toBe(404);
    expect((await t.request("GET", danfe)).status).toBe(401);
    expect((await t.request("GET", `/files/${row.danfeKey}`)).status).toBe(404);
    expect((await t.request("GET", `/api/fiscal/notes/${row.id}/files/nada`, { token: superToken })).status).toBe(404);

    const view = await t.services.fiscal.customerView(
      { id: customer.id, name: "Pessoa", email: customer.email, role: "user" },
      order.id,
    );
    expect(view).toMatchObject({ state_label: "Autorizada", danfe_url: danfe });

    // The webhook again, and an old "processing" after it: nothing moves back, nothing is sent again.
    const secretHeader = focus().requests.find((request) => request.path === "/v2/hooks" && request.method === "POST");
    const secret = (secretHeader?.body as { authorization?: string } | undefined)?.authorization ?? "";
    const stale = JSON.stringify({ ref: `pedido-${order.number}`, status: "processando_autorizacao" });
    const late = await t.request("POST", "/api/fiscal/webhook", { headers: { authorization: secret }, body: stale });
    expect(late.status).toBe(200);
    expect((await noteRow(order.id)).state).toBe("authorized");
    await runJobsNow();
    expect(posts()).toHaveLength(1);
  });

  it("refuses a webhook without the secret, or with another", async () => {
    await saveFiscal();
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    const hook = focus().webhooks[0];
    if (!hook) throw new Error("no webhook");
    const without = await t.request("POST", "/api/fiscal/webhook", { body: hook.body });
    expect(without.status).toBe(401);
    expect(without.json<{ message: string }>().message).toBe("Aviso da nota fiscal sem a autorização esperada.");
    const wrong = await t.request("POST", "/api/fiscal/webhook", {
      headers: { authorization: "adivinhei" },
      body: hook.body,
    });
    expect(wrong.status).toBe(401);
    expect((await noteRow(order.id)).state).toBe("processing");
  });

  it("asks the provider when the webhook is lost, and waits as long as a 429 asks", async () => {
    await saveFiscal();
    focus().loseWebhooks = true;
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    expect(focus().webhooks).toHaveLength(0);
    focus().limitNext(1, 2);
    await runJobsNow();
    const limited = await noteRow(order.id);
    expect(limited.state).toBe("processing");
    expect(limited.lastError).toContain("pediu uma pausa");
    expect(limited.nextCheckAt?.getTime() ?? 0).toBeGreaterThanOrEqual(Date.now() + 59_000);
    // Until the reset nothing is sent with the token, whoever asks.
    const asked = focus().requests.length;
    await runJobsNow();
    expect(focus().requests).toHaveLength(asked);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await runJobsNow();
    const polled = await noteRow(order.id);
    expect(polled).toMatchObject({ state: "authorized", lastError: null });
    expect(polled.danfeKey).not.toBeNull();
  });

  it("makes one note when two administrators click at once", async () => {
    await saveFiscal({ issue_mode: "manual" });
    const order = await paidOrder();
    await expect(noteRow(order.id)).rejects.toThrow("no note row");
    const other = await t.createUser("admin", superToken);
    const clicks = await Promise.all([
      t.request("POST", `/api/fiscal/orders/${order.id}/note`, { token: superToken }),
      t.request("POST", `/api/fiscal/orders/${order.id}/note`, { token: other.token }),
    ]);
    expect(clicks.map((click) => click.status)).toEqual([200, 200]);
    expect(posts()).toHaveLength(1);
    const rows = await t.database.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it("asks before sending again after the answer to a send was lost", async () => {
    await saveFiscal();
    const order = await paidOrder();
    const real = globalThis.fetch;
    let broken = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const response = await real(input, init);
      if (!broken && init?.method === "POST" && url.pathname === "/v2/nfe") {
        broken = true;
        throw new TypeError("fetch failed");
      }
      return response;
    });
    await runDueNotes(t.services);
    const lost = await noteRow(order.id);
    expect(lost).toMatchObject({ state: "waiting", sendUncertain: true });
    expect(lost.lastError).toContain("não respondeu a tempo");
    await settled();
    await runJobsNow();
    expect(posts()).toHaveLength(1);
    expect(
      focus().requests.some((request) => request.method === "GET" && request.path === `/v2/nfe/pedido-${order.number}`),
    ).toBe(true);
    expect((await noteRow(order.id)).state).toBe("authorized");
  });

  it("leaves the order and its payment as they are when the provider is down, and tries again", async () => {
    await saveFiscal();
    const order = await paidOrder();
    focus().failNext("server_error");
    await runDueNotes(t.services);
    const row = await noteRow(order.id);
    expect(row.state).toBe("waiting");
    expect(row.lastError).toContain("não respondeu a tempo");
    const after = await t.request("GET", `/api/orders/${order.id}`, { token: superToken });
    expect(after.json<OrderView>().status).toBe("paid");
    expect(await t.services.fiscal.attentionCount({ id: 1, name: "Super", email: "s@x", role: "super" })).toBe(1);
    await runJobsNow();
    expect((await noteRow(order.id)).state).toBe("processing");
  });

  it("names every field that blocks the note before anything is sent", async () => {
    await saveFiscal({ defaults: { ncm: "", origin: "", tax_situation: "", unit: "", gtin: "" } });
    const order = await paidOrder({ neighborhood: "" });
    const panel = await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(panel.status).toBe(200);
    const { problems } = panel.json<{ problems: NoteProblemView[] }>();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "bairro", fix_path: `/conta/pedidos/${order.id}#endereco` }),
        expect.objectContaining({ fix_path: `/conta/produtos/${coffee.id}/edit` }),
      ]),
    );
    await runDueNotes(t.services);
    expect(posts()).toHaveLength(0);
    expect((await noteRow(order.id)).problems.length).toBeGreaterThan(0);

    // The owner fixes the shop's defaults and the order's address where the links lead, and the note goes.
    await saveFiscal();
    const address = { ...order.address, neighborhood: "Boa Vista" };
    expect(
      (await t.request("PUT", `/api/orders/${order.id}/address`, { token: customer.token, body: address })).status,
    ).toBe(403);
    const unnamed = await t.request("PUT", `/api/orders/${order.id}/address`, {
      token: superToken,
      body: { ...address, neighborhood: "" },
    });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain("Informe o bairro: a nota fiscal exige");
    const fixed = await t.request("PUT", `/api/orders/${order.id}/address`, { token: superToken, body: address });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.json<OrderView>().address.neighborhood).toBe("Boa Vista");
    const after = await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(after.json<{ problems: NoteProblemView[] }>().problems).toEqual([]);
    await runJobsNow();
    expect(posts()).toHaveLength(1);
    expect((posts()[0]?.body as { bairro_destinatario?: string } | undefined)?.bairro_destinatario).toBe("Boa Vista");
    const corrected = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, "order.address_corrected"));
    expect(corrected).toHaveLength(1);
  });

  it("shows SEFAZ's rejection, tells the shop, and issues again under the same reference after the fix", async () => {
    await saveFiscal();
    focus().outcome = "reject";
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    await deliverWebhooks();
    const rejected = await noteRow(order.id);
    // Nothing of a rejected note is left for the job runner, which would hold it while the owner sends it again.
    expect(rejected).toMatchObject({ state: "rejected", sefazStatus: "225", nextCheckAt: null, leaseUntil: null });
    const owner = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "owner-fiscal-note-failed"));
    expect(owner).toHaveLength(1);
    expect(owner[0]?.text).toContain("225: Rejeição: Falha no Schema XML do lote de NFe");

    focus().outcome = "authorize";
    const again = await t.request("POST", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.json<FiscalNoteView>().state_label).toBe("Processando");
    await settled();
    await deliverWebhooks();
    expect((await noteRow(order.id)).state).toBe("authorized");
    expect(focus().notes.get(`pedido-${order.number}`)?.sent).toBe(2);
    const history = (await t.request("GET", `/api/fiscal/orders/${order.id}/note`, { token: superToken })).json<{
      note: FiscalNoteView;
    }>().note.history;
    expect(history.map((step) => step.text)).toEqual(
      expect.arrayContaining([expect.stringContaining("rejeitada"), "Nota enviada novamente depois da correção."]),
    );
    const reissuing = await t.request("POST", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(reissuing.status).toBe(409);
  });

  it("keeps a denied note final: the shop is told, and nothing issues it again", async () => {
    await saveFiscal();
    focus().outcome = "deny";
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    await deliverWebhooks();
    expect(await noteRow(order.id)).toMatchObject({ state: "denied", sefazStatus: "302" });
    const owner = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "owner-fiscal-note-failed"));
    expect(owner[0]?.subject).toBe(`Nota fiscal denegada: pedido ${order.number}`);
    const again = await t.request("POST", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toBe("Só uma nota rejeitada pode ser emitida novamente.");
    await runJobsNow();
    expect(posts()).toHaveLength(1);
    expect((await noteRow(order.id)).state).toBe("denied");
  });

  it("issues across states with CFOP 6102", async () => {
    await saveFiscal();
    await saveShopSettings(t, superToken, SHOP_SHIPPING_EVERYWHERE);
    const order = await paidOrder({ ...PAULISTA_ADDRESS, shipping: "table:brasil" });
    await runDueNotes(t.services);
    const payload = posts()[0]?.body as { local_destino: number; items: { cfop: string }[]; uf_destinatario: string };
    expect(payload.local_destino).toBe(2);
    expect(payload.uf_destinatario).toBe("SP");
    expect(payload.items.every((item) => item.cfop === "6102")).toBe(true);
    expect(order.address.uf).toBe("SP");
  });
});

describe("after authorisation", () => {
  async function authorizedOrder() {
    await saveFiscal();
    const order = await paidOrder();
    await runDueNotes(t.services);
    await settled();
    await deliverWebhooks();
    await filesCopied(order.id);
    return order;
  }

  it("cancels within the window with a justification of 15 to 255 characters, and says when it has passed", async () => {
    const order = await authorizedOrder();
    const path = `/api/fiscal/orders/${order.id}/note/cancel`;
    const short = await t.request("POST", path, { token: superToken, body: { justification: "curta" } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("A justificativa tem de 15 a 255 caracteres");
    focus().cancelWindowPassed = true;
    const late = await t.request("POST", path, {
      token: superToken,
      body: { justification: "Cliente desistiu da compra" },
    });
    expect(late.status).toBe(409);
    expect(late.json<{ message: string }>().message).toContain("O prazo para cancelar esta nota já passou");
    focus().cancelWindowPassed = false;
    const done = await t.request("POST", path, {
      token: superToken,
      body: { justification: "Cliente desistiu da compra" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.json<FiscalNoteView>()).toMatchObject({ state: "cancelled", can_cancel: false });
    expect((await noteRow(order.id)).cancellationXmlKey).toMatch(/-cancelamento\.xml$/);
    expect(
      (await t.request("POST", path, { token: customer.token, body: { justification: "x".repeat(20) } })).status,
    ).toBe(403);
  });

  it("sends a carta de correção and keeps its PDF", async () => {
    const order = await authorizedOrder();
    const path = `/api/fiscal/orders/${order.id}/note/correction`;
    expect((await t.request("POST", path, { token: superToken, body: { correction: "x".repeat(1001) } })).status).toBe(
      400,
    );
    const done = await t.request("POST", path, {
      token: superToken,
      body: { correction: "Onde se lê embalagem de 500 g, leia-se embalagem de 250 g." },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.json<FiscalNoteView>().correction_pdf_url).toMatch(/files\/carta-correcao$/);
  });

  it("exports the month's XMLs as a zip for the accountant", async () => {
    const order = await authorizedOrder();
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "2-digit",
    }).format(new Date());
    const response = await t.app.request(`/api/fiscal/export?month=${month}`, {
      headers: { authorization: `Token ${superToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    // A note of homologação has no fiscal value: the accountant never receives it.
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(0);
    expect((await noteRow(order.id)).xmlKey).not.toBeNull();
    const bad = await t.request("GET", "/api/fiscal/export?month=2026-13", { token: superToken });
    expect(bad.status).toBe(400);
  });
});

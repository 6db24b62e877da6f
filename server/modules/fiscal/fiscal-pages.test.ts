import { beforeEach, describe, expect, it } from "vitest";
import { CORRECT_ADDRESS_INTENT } from "../../../app/components/conta/order-address-form.tsx";
import { noteIntents } from "../../../app/components/conta/order-note.tsx";
import type { FormAnswer } from "../../../app/lib/form-answer.ts";
import { action as fiscalAction, loader as fiscalLoader } from "../../../app/routes/conta/fiscal.tsx";
import { loader as homeLoader } from "../../../app/routes/conta/index.tsx";
import { loader as ordersListLoader } from "../../../app/routes/conta/orders/list.tsx";
import { action as orderAction, loader as orderLoader } from "../../../app/routes/conta/orders/show.tsx";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { startFakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import { actorByEmail, flashOf, pageArgs, pageGet, pagePost, redirectOf } from "../../../tests/support/page-route.ts";
import {
  cartLine,
  createProduct,
  placeOrder,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { runDueNotes } from "../../flows/fiscal-notes.ts";
import type { Actor } from "../../kernel/access.ts";
import { fiscalNotes } from "./tables.ts";

/*
 * The notas fiscais' screens, their loaders and actions run as the document handler runs them, against the
 * local fake of Focus NFe: /conta/fiscal's save (refused fields beside their fields, the tokens never sent
 * back), "Testar conexão" and the webhook; the order page's panel (what blocks the note, each with where to fix
 * it), "Emitir nota fiscal", "Emitir novamente", "Cancelar nota" and "Carta de correção", the customer's line
 * with her files; the /conta home's count. The order's cancellation with its note is
 * server/modules/orders/order-cancel-note.test.ts's.
 */

const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1" };
const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
const t = withTestApp({ env });

const FISCAL = { path: "/conta/fiscal", route: { params: {}, pattern: "/conta/fiscal" } };

let superToken = "";
let admin: Actor;
let customer: { id: number; email: string; token: string };
let buyer: Actor;
let coffee: ProductView;

/** The settings form as a browser without JavaScript posts it: the Recife shop, notes by the order's button. */
const settingsForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  enabled: "on",
  environment: "homologacao",
  homologation_token: focus().token,
  production_token: "",
  cnpj: "11.222.333/0001-81",
  state_registration: "ISENTO",
  uf: "PE",
  regime: "simples",
  series: "1",
  operation_nature: "Venda de mercadoria",
  issue_mode: "manual",
  customer_mail: "on",
  "defaults.ncm": "0901.11.10",
  "defaults.origin": "0",
  "defaults.tax_situation": "102",
  "defaults.unit": "UN",
  "defaults.gtin": "SEM GTIN",
  ...changes,
});

const postSettings = (fields: Record<string, string>, actor: Actor = admin) =>
  fiscalAction(pageArgs(t.services, pagePost(FISCAL.path, fields), { actor, ...FISCAL.route }));

const settingsPage = (actor: Actor = admin) =>
  fiscalLoader(pageArgs(t.services, pageGet(FISCAL.path), { actor, ...FISCAL.route }));

/** A refused form's state: the answer's status, each field's errors and what was typed. */
function refusalOf(answer: unknown) {
  if (typeof answer !== "object" || answer === null || !("data" in answer) || !("init" in answer))
    throw new Error(`expected a refused form, got ${JSON.stringify(answer)}`);
  const { data, init } = answer as { data: FormAnswer; init: ResponseInit | null };
  return { status: init?.status, errors: data.result.error ?? {}, values: data.result.initialValue ?? {} };
}

const orderRoute = (actor: Actor, orderId: number) => ({
  path: `/conta/pedidos/${orderId}`,
  route: { actor, params: { id: String(orderId) }, pattern: "/conta/pedidos/:id" },
});

const orderPage = (actor: Actor, orderId: number) => {
  const { path, route } = orderRoute(actor, orderId);
  return orderLoader(pageArgs(t.services, pageGet(path), route));
};

const postOrder = (actor: Actor, orderId: number, fields: Record<string, string>) => {
  const { path, route } = orderRoute(actor, orderId);
  return orderAction(pageArgs(t.services, pagePost(path, fields), route));
};

/** The note's panel as the order page shows it to administrators. */
async function panel(orderId: number) {
  const page = await orderPage(admin, orderId);
  if (!page.notePanel) throw new Error("the order page shows no Nota fiscal section");
  return page.notePanel;
}

/** What the job runner does on its next turn, with every note due now: here, ask Focus NFe how they stand. */
async function runJobsNow() {
  await t.database.db.update(fiscalNotes).set({ nextCheckAt: new Date(Date.now() - 1000) });
  await runDueNotes(t.services);
}

/** Maria's order to Santo Amaro, Recife, paid. */
async function paidOrder(address: Record<string, string> = { neighborhood: "Santo Amaro" }): Promise<OrderView> {
  const { order } = await placeOrder(t, customer.token, [cartLine(coffee, 2)], address);
  const paid = await t.request("POST", `/api/orders/${order.id}/status`, {
    token: superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order;
}

/** An order whose note "Emitir nota fiscal" sent and SEFAZ authorised. */
async function authorizedOrder(): Promise<OrderView> {
  const order = await paidOrder();
  redirectOf(await postOrder(admin, order.id, { intent: noteIntents.issue }));
  await runJobsNow();
  expect((await panel(order.id)).note?.state).toBe("authorized");
  return order;
}

beforeEach(async () => {
  Object.assign(focus(), {
    outcome: "authorize",
    holdProcessing: false,
    loseWebhooks: false,
    cancelWindowPassed: false,
  });
  focus().requests.length = 0;
  focus().notes.clear();
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShopSettings(t, superToken, RECIFE_SHOP_SETTINGS);
  coffee = await createProduct(t, superToken, { name: "Café especial", variants: [{ price_cents: 3333, stock: 50 }] });
  customer = await t.createUser("user", superToken);
  admin = await actorByEmail(t.database, SUPER.email);
  buyer = await actorByEmail(t.database, customer.email);
});

describe("/conta/fiscal", () => {
  it("is for administrators only", async () => {
    await expect(settingsPage(buyer)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(postSettings(settingsForm(), buyer)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("starts switched off in homologação, with nothing to act on and last month to export", async () => {
    const page = await settingsPage();
    expect(page.settings).toMatchObject({
      enabled: false,
      environment: "homologacao",
      homologation_token_set: false,
      operation_nature: "Venda de mercadoria",
      webhook: { url: "http://127.0.0.1:1/api/fiscal/webhook", registered: false, error: null },
    });
    expect(page.attention).toEqual([]);
    expect(page.lastMonth).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
  });

  it("saves the form, keeps the token write-only and registers the webhook", async () => {
    const saved = redirectOf(await postSettings(settingsForm()));
    expect(saved.headers.get("location")).toBe("/conta/fiscal");
    expect(flashOf(saved)).toEqual({ type: "success", message: "Configurações fiscais salvas." });

    const { settings } = await settingsPage();
    expect(settings).toMatchObject({
      enabled: true,
      homologation_token: "",
      homologation_token_set: true,
      production_token_set: false,
      cnpj: "11222333000181",
      state_registration: "ISENTO",
      issue_mode: "manual",
      defaults: { ncm: "09011110", origin: 0, tax_situation: "102", unit: "UN", gtin: "SEM GTIN" },
      webhook: { registered: true, error: null },
    });
    expect(focus().requests.some((request) => request.method === "POST" && request.path === "/v2/hooks")).toBe(true);

    // An empty token keeps the saved one.
    redirectOf(await postSettings(settingsForm({ homologation_token: "", series: "2" })));
    expect((await settingsPage()).settings).toMatchObject({ series: 2, homologation_token_set: true });
  });

  it("answers refused fields beside their fields, without sending the token back", async () => {
    const refused = refusalOf(
      await postSettings(settingsForm({ cnpj: "11.222.333/0001-00", series: "900", "defaults.ncm": "0901" })),
    );
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      cnpj: ["O CNPJ não confere com os dígitos verificadores"],
      series: ["A série vai de 1 a 889"],
      "defaults.ncm": [expect.stringContaining("O NCM tem 8 dígitos")],
    });
    expect(refused.values).not.toHaveProperty("homologation_token");
    expect(refused.values).toMatchObject({ intent: "save", cnpj: "11.222.333/0001-00" });
    expect((await settingsPage()).settings.enabled).toBe(false);

    // The regime's rule is checked once every field reads right: a CST under the Simples Nacional.
    const cst = refusalOf(await postSettings(settingsForm({ "defaults.tax_situation": "40" })));
    expect(cst.errors["defaults.tax_situation"]).toEqual([
      "Para o Simples Nacional use um CSOSN: 102, 103, 300, 400, 500",
    ]);

    // Switched on without a token for the chosen environment: the service's refusal, beside the token.
    const noToken = refusalOf(await postSettings(settingsForm({ homologation_token: "" })));
    expect(noToken.status).toBe(400);
    expect(noToken.errors.homologation_token).toEqual(["Informe o token da Focus NFe do ambiente escolhido"]);
  });

  it("tests the saved token: accepted, refused, or none saved yet", async () => {
    const test = () => postSettings({ intent: "test-connection" });

    expect(flashOf(redirectOf(await test()))).toEqual({
      type: "error",
      message: "Salve o token da Focus NFe do ambiente escolhido antes de testar a conexão.",
    });

    redirectOf(await postSettings(settingsForm()));
    const accepted = redirectOf(await test());
    expect(accepted.headers.get("location")).toBe("/conta/fiscal");
    expect(flashOf(accepted)).toEqual({
      type: "success",
      message: "Conexão com a Focus NFe (homologação) funcionando: o token foi aceito.",
    });

    redirectOf(await postSettings(settingsForm({ homologation_token: "token-de-outra-conta" })));
    expect(flashOf(redirectOf(await test()))).toEqual({
      type: "error",
      message: expect.stringContaining("O token da Focus NFe foi recusado"),
    });
  });
});

describe("the order page's Nota fiscal", () => {
  it("is not shown while notes are off, neither to administrators nor to the customer", async () => {
    const order = await paidOrder();
    expect(await orderPage(admin, order.id)).toMatchObject({ notePanel: null, customerNote: null });
    expect(await orderPage(buyer, order.id)).toMatchObject({ notePanel: null, customerNote: null });
  });

  it("lists what blocks the note with where to fix it, and offers no button until it is fixed", async () => {
    redirectOf(await postSettings(settingsForm()));
    // The checkout's Recife address without a neighborhood, as RECIFE_CHECKOUT sends it.
    const order = await paidOrder({});
    const shown = await panel(order.id);
    expect(shown).toMatchObject({ enabled: true, note: null, environment: "homologacao" });
    expect(shown.problems).toEqual([
      {
        field: "bairro",
        message: "Falta o bairro do endereço do cliente.",
        fix_path: `/conta/pedidos/${order.id}#endereco`,
      },
    ]);
  });

  it("corrects the order's address from the page the problem links to, without JavaScript, then nothing blocks", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await paidOrder({});
    const address = {
      intent: CORRECT_ADDRESS_INTENT,
      postal_code: order.address.postal_code,
      uf: order.address.uf,
      city: order.address.city,
      street: order.address.street,
      number: order.address.number,
      complement: "",
    };
    const refused = refusalOf(await postOrder(admin, order.id, { ...address, neighborhood: "" }));
    expect(refused.status).toBe(400);
    expect(refused.errors.neighborhood).toEqual(["Informe o bairro: a nota fiscal exige"]);
    expect(refusalOf(await postOrder(buyer, order.id, { ...address, neighborhood: "Boa Vista" })).status).toBe(403);
    const saved = redirectOf(await postOrder(admin, order.id, { ...address, neighborhood: "Boa Vista" }));
    expect(saved.headers.get("location")).toBe(`/conta/pedidos/${order.id}#endereco`);
    expect(flashOf(saved)).toEqual({ type: "success", message: "Endereço do pedido corrigido." });
    const page = await orderPage(admin, order.id);
    expect(page.order.address.neighborhood).toBe("Boa Vista");
    expect(page.order.history.at(-1)?.note).toBe("Endereço de entrega corrigido.");
    expect((await panel(order.id)).problems).toEqual([]);
  });

  it("issues the note, then shows it authorised with its files, to the administrator and to the customer", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await paidOrder();
    expect(await panel(order.id)).toMatchObject({ note: null, problems: [] });

    const issued = redirectOf(await postOrder(admin, order.id, { intent: noteIntents.issue }));
    expect(issued.headers.get("location")).toBe(`/conta/pedidos/${order.id}`);
    expect(flashOf(issued)).toEqual({ type: "success", message: expect.stringContaining("Nota enviada à SEFAZ") });
    expect((await panel(order.id)).note?.state).toBe("processing");

    await runJobsNow();
    const { note } = await panel(order.id);
    expect(note).toMatchObject({
      state: "authorized",
      state_label: "Autorizada",
      number: "1",
      series: "1",
      sefaz_status: "100",
      can_cancel: true,
      can_correct: true,
      can_reissue: false,
      danfe_url: `/api/fiscal/notes/${note?.id}/files/danfe`,
      xml_url: `/api/fiscal/notes/${note?.id}/files/xml`,
    });
    expect(note?.access_key).toMatch(/\d{44}$/);
    expect(note?.history.map((event) => event.state_label)).toContain("Autorizada");

    const hers = await orderPage(buyer, order.id);
    expect(hers.notePanel).toBeNull();
    expect(hers.customerNote).toEqual({
      state: "authorized",
      state_label: "Autorizada",
      number: "1",
      series: "1",
      access_key: note?.access_key,
      danfe_url: note?.danfe_url,
      xml_url: note?.xml_url,
    });
  });

  it("shows her notes in 'Meus pedidos', with the DANFE once authorised, and no one else's", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await authorizedOrder();
    const list = (actor: Actor) =>
      ordersListLoader(
        pageArgs(t.services, pageGet("/conta/pedidos"), { actor, params: {}, pattern: "/conta/pedidos" }),
      );
    const mine = await list(buyer);
    expect(mine.notes[order.id]).toMatchObject({
      state_label: "Autorizada",
      danfe_url: expect.stringMatching(/^\/api\/fiscal\/notes\/\d+\/files\/danfe$/),
    });
    const other = await t.createUser("user", superToken);
    const theirs = await list(await actorByEmail(t.database, other.email));
    expect(theirs.notes).toEqual({});
    expect(await t.services.fiscal.customerViews(await actorByEmail(t.database, other.email), [order.id])).toEqual({});
  });

  it("refuses the customer's press of the administrators' button", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await paidOrder();
    const pressed = redirectOf(await postOrder(buyer, order.id, { intent: noteIntents.issue }));
    expect(flashOf(pressed)?.type).toBe("error");
    expect(await t.database.db.select().from(fiscalNotes)).toEqual([]);
  });

  it("says why SEFAZ rejected the note, then issues it again", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await paidOrder();
    focus().outcome = "reject";
    redirectOf(await postOrder(admin, order.id, { intent: noteIntents.issue }));
    await runJobsNow();
    expect((await panel(order.id)).note).toMatchObject({
      state: "rejected",
      sefaz_status: "225",
      sefaz_message: "Rejeição: Falha no Schema XML do lote de NFe",
      can_reissue: true,
    });
    expect((await settingsPage()).attention).toEqual([
      expect.objectContaining({
        order_number: order.number,
        state_label: "Rejeitada",
        reason: "225: Rejeição: Falha no Schema XML do lote de NFe",
        order_path: `/conta/pedidos/${order.id}`,
      }),
    ]);
    const home = await homeLoader(
      pageArgs(t.services, pageGet("/conta"), { actor: admin, params: {}, pattern: "/conta" }),
    );
    expect(home.shop?.notes).toBe(1);

    focus().outcome = "authorize";
    const again = redirectOf(await postOrder(admin, order.id, { intent: noteIntents.issue }));
    expect(flashOf(again)?.type).toBe("success");
    await runJobsNow();
    expect((await panel(order.id)).note?.state).toBe("authorized");
    expect((await settingsPage()).attention).toEqual([]);
  });

  it("cancels the note with a justification SEFAZ keeps, refusing a short one beside its field", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await authorizedOrder();

    const short = refusalOf(await postOrder(admin, order.id, { intent: noteIntents.cancel, justification: "Erro" }));
    expect(short.status).toBe(400);
    expect(short.errors.justification).toEqual(["A justificativa tem de 15 a 255 caracteres"]);
    expect(short.values).toMatchObject({ intent: noteIntents.cancel, justification: "Erro" });

    const cancelled = redirectOf(
      await postOrder(admin, order.id, {
        intent: noteIntents.cancel,
        justification: "Pedido cancelado a pedido do cliente",
      }),
    );
    expect(flashOf(cancelled)).toEqual({ type: "success", message: "Nota fiscal cancelada na SEFAZ." });
    const { note } = await panel(order.id);
    expect(note).toMatchObject({ state: "cancelled", can_cancel: false, can_correct: false });
    expect(note?.cancellation_xml_url).toBe(`/api/fiscal/notes/${note?.id}/files/cancelamento`);
    expect(note?.history.at(-1)?.text).toBe("Justificativa: Pedido cancelado a pedido do cliente");
  });

  it("says SEFAZ's refusal of a late cancellation above the form", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await authorizedOrder();
    focus().cancelWindowPassed = true;
    const late = refusalOf(
      await postOrder(admin, order.id, { intent: noteIntents.cancel, justification: "Pedido cancelado pelo cliente" }),
    );
    expect(late.status).toBe(409);
    expect(late.errors[""]?.[0]).toContain("O prazo para cancelar esta nota já passou");
    expect((await panel(order.id)).note?.state).toBe("authorized");
  });

  it("registers a carta de correção, refusing a short one beside its field", async () => {
    redirectOf(await postSettings(settingsForm()));
    const order = await authorizedOrder();

    const short = refusalOf(await postOrder(admin, order.id, { intent: noteIntents.correct, correction: "Rua" }));
    expect(short.errors.correction).toEqual(["A correção tem de 15 a 1000 caracteres"]);

    const corrected = redirectOf(
      await postOrder(admin, order.id, {
        intent: noteIntents.correct,
        correction: "Complemento do endereço: apartamento 302, bloco B",
      }),
    );
    expect(flashOf(corrected)).toEqual({ type: "success", message: "Carta de correção registrada na SEFAZ." });
    const { note } = await panel(order.id);
    expect(note).toMatchObject({ state: "authorized", can_correct: true });
    expect(note?.correction_pdf_url).toBe(`/api/fiscal/notes/${note?.id}/files/carta-correcao`);
  });
});

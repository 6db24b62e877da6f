import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CORRECT_ADDRESS_INTENT } from "../../../app/components/conta/order-address-form.tsx";
import { noteIntents } from "../../../app/components/conta/order-note.tsx";
import { CONFIRM_MOVE_INTENT, type PendingMove } from "../../../app/components/conta/order-status-form.tsx";
import type { FormAnswer } from "../../../app/lib/form-answer.ts";
import { action as fiscalAction } from "../../../app/routes/conta/fiscal.tsx";
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
import { fiscalNotes } from "../fiscal/tables.ts";
import { orders } from "./tables.ts";

/*
 * Canceling an order whose nota fiscal SEFAZ authorised (issue 35, item 7): the order page's question offers to
 * cancel the note too, with the note's own justification rules, and POST /api/orders/{id}/status takes the same
 * choice; once SEFAZ's window has passed only the order is canceled, and the answer says so. Also the order's
 * CPF/CNPJ corrected on the form a refused CPF links to, and the note's steps in the order's history.
 */

const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1" };
const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
const t = withTestApp({ env });

const JUSTIFICATION = "Pedido cancelado a pedido do cliente";

let superToken = "";
let admin: Actor;
let customer: { id: number; email: string; token: string };
let coffee: ProductView;

const orderRoute = (orderId: number) => ({
  path: `/conta/pedidos/${orderId}`,
  route: { actor: admin, params: { id: String(orderId) }, pattern: "/conta/pedidos/:id" },
});
const orderPage = (orderId: number) => {
  const { path, route } = orderRoute(orderId);
  return orderLoader(pageArgs(t.services, pageGet(path), route));
};
const postOrder = (orderId: number, fields: Record<string, string>) => {
  const { path, route } = orderRoute(orderId);
  return orderAction(pageArgs(t.services, pagePost(path, fields), route));
};

/** The question a move's post came back with, and the refusal of its fields when there was one. */
function questionOf(answer: unknown) {
  if (typeof answer !== "object" || answer === null || !("data" in answer))
    throw new Error(`expected the move's question, got ${JSON.stringify(answer)}`);
  const { data, init } = answer as { data: { pending: PendingMove } & Partial<FormAnswer>; init: ResponseInit | null };
  return { pending: data.pending, errors: data.result?.error ?? {}, status: init?.status ?? 200 };
}

async function noteState(orderId: number) {
  const [row] = await t.database.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, orderId));
  return row?.state;
}

/** The Recife shop's notes on, issued by the order's button, against the fake. */
async function notesOn() {
  const fields = {
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
  };
  redirectOf(
    await fiscalAction(
      pageArgs(t.services, pagePost("/conta/fiscal", fields), {
        actor: admin,
        params: {},
        pattern: "/conta/fiscal",
      }),
    ),
  );
}

async function paidOrder(): Promise<OrderView> {
  const { order } = await placeOrder(t, customer.token, [cartLine(coffee, 1)], { neighborhood: "Santo Amaro" });
  const paid = await t.request("POST", `/api/orders/${order.id}/status`, {
    token: superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order;
}

/** A paid order whose note "Emitir nota fiscal" sent and the fake's SEFAZ authorised. */
async function authorizedOrder(): Promise<OrderView> {
  const order = await paidOrder();
  redirectOf(await postOrder(order.id, { intent: noteIntents.issue }));
  await t.database.db.update(fiscalNotes).set({ nextCheckAt: new Date(Date.now() - 1000) });
  await runDueNotes(t.services);
  expect(await noteState(order.id)).toBe("authorized");
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
  await notesOn();
});

describe("canceling an order whose note is authorised, on its page", () => {
  it("asks whether to cancel the note too; confirmed with a justification, cancels both", async () => {
    const order = await authorizedOrder();
    const asked = questionOf(await postOrder(order.id, { status: "canceled", note: "" }));
    expect(asked.pending).toMatchObject({ to: "canceled", note_cancel: true });
    expect(asked.pending.texts).toContainEqual(expect.stringContaining("Este pedido tem nota fiscal autorizada"));
    expect(await noteState(order.id)).toBe("authorized");

    const done = redirectOf(
      await postOrder(order.id, {
        ...asked.pending.fields,
        intent: CONFIRM_MOVE_INTENT,
        confirmed: "yes",
        cancel_note: "on",
        justification: JUSTIFICATION,
      }),
    );
    expect(flashOf(done)).toEqual({ type: "success", message: "Pedido cancelado. Nota fiscal cancelada na SEFAZ." });
    expect(await noteState(order.id)).toBe("cancelled");
    const cancel = focus().requests.find((request) => request.method === "DELETE");
    expect(cancel?.body).toEqual({ justificativa: JUSTIFICATION });

    // One timeline for the owner: the order's cancellation and the note's steps, in the order they happened.
    const page = await orderPage(order.id);
    expect(page.order.status).toBe("canceled");
    expect(page.notePanel?.note?.history.map((step) => step.state_label)).toEqual(
      expect.arrayContaining(["Aguardando envio", "Processando", "Autorizada", "Cancelada"]),
    );
  });

  it("asks again beside the justification when it is short, and cancels nothing yet", async () => {
    const order = await authorizedOrder();
    const refused = questionOf(
      await postOrder(order.id, {
        intent: CONFIRM_MOVE_INTENT,
        status: "canceled",
        note: "",
        confirmed: "yes",
        cancel_note: "on",
        justification: "Desistiu",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.errors.justification).toEqual(["A justificativa tem de 15 a 255 caracteres"]);
    expect(refused.pending).toMatchObject({ to: "canceled", note_cancel: true });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("paid");
    expect(await noteState(order.id)).toBe("authorized");
  });

  it("cancels only the order when the box is left unticked", async () => {
    const order = await authorizedOrder();
    const done = redirectOf(
      await postOrder(order.id, {
        intent: CONFIRM_MOVE_INTENT,
        status: "canceled",
        note: "",
        confirmed: "yes",
        cancel_note: "off",
        justification: "",
      }),
    );
    expect(flashOf(done)).toEqual({ type: "success", message: "Pedido cancelado." });
    expect(await noteState(order.id)).toBe("authorized");
  });

  it("says SEFAZ's window has passed and cancels only the order", async () => {
    const order = await authorizedOrder();
    focus().cancelWindowPassed = true;
    const done = redirectOf(
      await postOrder(order.id, {
        intent: CONFIRM_MOVE_INTENT,
        status: "canceled",
        note: "",
        confirmed: "yes",
        cancel_note: "on",
        justification: JUSTIFICATION,
      }),
    );
    expect(flashOf(done)).toEqual({
      type: "error",
      message: expect.stringMatching(
        /^Pedido cancelado\. A nota fiscal continua autorizada\. O prazo para cancelar esta nota já passou/,
      ),
    });
    expect((await orderPage(order.id)).order.status).toBe("canceled");
    expect(await noteState(order.id)).toBe("authorized");
  });

  it("asks the usual question of an order without an authorised note", async () => {
    const order = await paidOrder();
    const asked = questionOf(await postOrder(order.id, { status: "canceled", note: "" }));
    expect(asked.pending).toMatchObject({ to: "canceled", note_cancel: false });
    expect(asked.pending.texts.join(" ")).not.toContain("nota fiscal autorizada");
  });
});

describe("POST /api/orders/{id}/status with cancel_note", () => {
  const cancel = (orderId: number, body: Record<string, unknown>, token = superToken) =>
    t.request("POST", `/api/orders/${orderId}/status`, { token, body: { status: "canceled", ...body } });

  it("cancels the order and its note, and says so", async () => {
    const order = await authorizedOrder();
    const answer = await cancel(order.id, { cancel_note: true, justification: JUSTIFICATION });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      status: "canceled",
      note_cancellation: { cancelled: true, message: "Nota fiscal cancelada na SEFAZ." },
    });
    expect(await noteState(order.id)).toBe("cancelled");
  });

  it("refuses a missing or short justification before anything moves", async () => {
    const order = await authorizedOrder();
    const short = await cancel(order.id, { cancel_note: true, justification: "curta" });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errors: { justification: ["A justificativa tem de 15 a 255 caracteres"] } });
    expect((await cancel(order.id, { cancel_note: true })).status).toBe(400);
    expect(await noteState(order.id)).toBe("authorized");
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("paid");
  });

  it("cancels only the order once SEFAZ's window has passed, saying why", async () => {
    const order = await authorizedOrder();
    focus().cancelWindowPassed = true;
    const answer = await cancel(order.id, { cancel_note: true, justification: JUSTIFICATION });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "canceled",
      note_cancellation: {
        cancelled: false,
        message: expect.stringContaining("O prazo para cancelar esta nota já passou"),
      },
    });
    expect(await noteState(order.id)).toBe("authorized");
  });

  it("leaves the note alone without cancel_note, and answers note_cancellation null", async () => {
    const order = await authorizedOrder();
    const answer = await cancel(order.id, {});
    expect(answer.body).toMatchObject({ status: "canceled", note_cancellation: null });
    expect(await noteState(order.id)).toBe("authorized");
  });

  it("is the shop's: a customer asking cancel_note on her unpaid order is refused", async () => {
    const { order } = await placeOrder(t, customer.token, [cartLine(coffee, 1)], { neighborhood: "Santo Amaro" });
    const answer = await cancel(order.id, { cancel_note: true, justification: JUSTIFICATION }, customer.token);
    expect(answer.status).toBe(403);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("pending");
  });
});

describe("the order's CPF/CNPJ, on the form a refused one links to", () => {
  const address = (order: OrderView) => ({
    intent: CORRECT_ADDRESS_INTENT,
    postal_code: order.address.postal_code,
    uf: order.address.uf,
    city: order.address.city,
    street: order.address.street,
    number: order.address.number,
    neighborhood: "Santo Amaro",
    complement: "",
  });

  it("is corrected there, checked by its digits, and the note is drafted with it", async () => {
    const order = await paidOrder();
    const refused = await postOrder(order.id, { ...address(order), tax_id: "529.982.247-26" });
    const { data } = refused as unknown as { data: FormAnswer };
    expect(data.result.error?.tax_id).toEqual([expect.stringContaining("CPF")]);

    redirectOf(await postOrder(order.id, { ...address(order), tax_id: "11.444.777/0001-61" }));
    const page = await orderPage(order.id);
    expect(page.order.customer.tax_id).toBe("11444777000161");
    expect(page.order.history.at(-1)?.note).toBe("Endereço de entrega e CPF/CNPJ corrigidos.");
    const { order: drafted } = await t.services.orders.forNote(order.id);
    expect(drafted.customerTaxId).toBe("11444777000161");

    // Left empty (the REST call may leave it out), the order's is kept.
    redirectOf(await postOrder(order.id, { ...address(order), tax_id: "" }));
    expect((await orderPage(order.id)).order.customer.tax_id).toBe("11444777000161");
    const { intent: _intent, ...body } = address(order);
    const kept = await t.request("PUT", `/api/orders/${order.id}/address`, { token: superToken, body });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ customer: { tax_id: "11444777000161" } });
  });
});

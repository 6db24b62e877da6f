import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { noteIntents } from "../../../app/components/conta/order-note.tsx";
import { action as orderAction } from "../../../app/routes/conta/orders/show.tsx";
import type { FiscalSettingsView } from "../../../common/views/fiscal.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { startFakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import { recifeFiscalSettings } from "../../../tests/support/fiscal-fixture.ts";
import { actorByEmail, pageArgs, pagePost } from "../../../tests/support/page-route.ts";
import {
  cartLine,
  createProduct,
  placeOrder,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import type { ApiResponse } from "../../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { auditEntries } from "../audit/tables.ts";
import { noteFileKinds } from "./note-files.ts";
import { fiscalNotes, fiscalSettings } from "./tables.ts";
import { fiscalSteps } from "./test-fixtures.ts";

/*
 * Who may call each fiscal endpoint: signed out 401, a customer 403 on every administrators' one (her own order's
 * included), and a note's files only to the order's own customer (another's: 404, as if it did not exist) and to
 * administrators. Plain administrators and super users may do the same: the fiscal area asks for an
 * administrator, never for a super user. A refusal changes nothing and asks Focus NFe nothing.
 */

const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1", SECRETS_KEY: randomBytes(32).toString("base64") };
const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
const t = withTestApp({ env, setUp: true });
const steps = fiscalSteps(t, focus);

type Person = { id: number; email: string; token: string };

let coffee: ProductView;
let admin: Person;
let customer: Person;
let stranger: Person;

beforeEach(async () => {
  focus().reset();
  await switchShopFeature(t, t.superToken);
  await saveShopSettings(t, t.superToken, RECIFE_SHOP_SETTINGS);
  coffee = await createProduct(t, t.superToken, {
    name: "Café especial",
    variants: [{ price_cents: 3333, stock: 50 }],
    weight_grams: 500,
  });
  admin = await t.createUser("admin", t.superToken);
  customer = await t.createUser("user", t.superToken);
  stranger = await t.createUser("user", t.superToken);
});

const saveFiscal = (token: string | undefined, changes: Record<string, unknown> = {}) =>
  t.request("PUT", "/api/fiscal/settings", { token, body: recifeFiscalSettings(focus().token, changes) });

/** Maria's order, paid: with notes by the order's button, nothing is asked for it yet. */
async function paidOrder(): Promise<OrderView> {
  const { order } = await placeOrder(t, customer.token, [cartLine(coffee, 2)], { neighborhood: "Santo Amaro" });
  const paid = await t.request("POST", `/api/orders/${order.id}/status`, {
    token: t.superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order;
}

/** A refusal with its status and a message in words (the error shape of every endpoint). */
function expectRefused(response: ApiResponse, status: number, label: string) {
  expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(status);
  expect(response.json<{ message: unknown }>().message, label).toEqual(expect.any(String));
}

/** Every request the fake has been sent, as method and path: a refusal adds none. */
const asked = () => focus().requests.map((request) => `${request.method} ${request.path}`);

describe("the fiscal settings, the connection test and the month's export", () => {
  it("are refused signed out (401) and to customers (403), changing nothing", async () => {
    expect((await saveFiscal(t.superToken)).status).toBe(200);
    const before = await t.database.db.select().from(fiscalSettings);
    const audited = (await t.database.db.select().from(auditEntries)).length;
    const requests = asked();
    for (const [who, token, status] of [
      ["signed out", undefined, 401],
      ["a customer", customer.token, 403],
    ] as const) {
      expectRefused(await t.request("GET", "/api/fiscal/settings", { token }), status, `${who} GET settings`);
      expectRefused(await saveFiscal(token, { series: 9, enabled: false }), status, `${who} PUT settings`);
      expectRefused(await t.request("POST", "/api/fiscal/settings/test", { token }), status, `${who} test`);
      expectRefused(await t.request("GET", "/api/fiscal/export?month=2026-12", { token }), status, `${who} export`);
    }
    expect(await t.database.db.select().from(fiscalSettings)).toEqual(before);
    expect(await t.database.db.select().from(auditEntries)).toHaveLength(audited);
    expect(asked()).toEqual(requests);
  });

  it("are the same for a plain administrator as for a super user", async () => {
    for (const [who, token] of [
      ["admin", admin.token],
      ["super", t.superToken],
    ] as const) {
      const saved = await saveFiscal(token, { series: who === "admin" ? 2 : 3 });
      expect(saved.status, `${who}: ${JSON.stringify(saved.body)}`).toBe(200);
      const read = await t.request("GET", "/api/fiscal/settings", { token });
      expect(read.json<FiscalSettingsView>().series, who).toBe(who === "admin" ? 2 : 3);
      const test = await t.request("POST", "/api/fiscal/settings/test", { token });
      expect(test.json(), who).toMatchObject({ ok: true });
      const zip = await t.app.request("/api/fiscal/export?month=2026-12", {
        headers: { authorization: `Token ${token}` },
      });
      expect(zip.status, who).toBe(200);
      expect(zip.headers.get("content-type"), who).toBe("application/zip");
    }
  });
});

describe("an order's note", () => {
  it("is asked for, shown and issued again by administrators only, never by its own customer", async () => {
    expect((await saveFiscal(t.superToken, { issue_mode: "manual" })).status).toBe(200);
    const order = await paidOrder();
    const path = `/api/fiscal/orders/${order.id}/note`;
    for (const [who, token, status] of [
      ["signed out", undefined, 401],
      ["her own customer", customer.token, 403],
      ["another customer", stranger.token, 403],
    ] as const) {
      expectRefused(await t.request("GET", path, { token }), status, `${who} GET note`);
      expectRefused(await t.request("POST", path, { token }), status, `${who} POST note`);
    }
    expect(await t.database.db.select().from(fiscalNotes)).toEqual([]);
    expect(steps.posts()).toEqual([]);

    // A plain administrator issues it; SEFAZ rejects it; the customer cannot send it again, a super user can.
    focus().outcome = "reject";
    const issued = await t.request("POST", path, { token: admin.token });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    await steps.settled();
    await steps.deliverWebhooks();
    expect((await steps.noteRow(order.id)).state).toBe("rejected");
    focus().outcome = "authorize";
    expectRefused(await t.request("POST", path, { token: customer.token }), 403, "her re-issue");
    expectRefused(await t.request("POST", path), 401, "a re-issue signed out");
    expect(steps.posts()).toHaveLength(1);
    expect((await steps.noteRow(order.id)).state).toBe("rejected");
    const again = await t.request("POST", path, { token: t.superToken });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(steps.posts()).toHaveLength(2);
    const panel = await t.request("GET", path, { token: admin.token });
    expect(panel.status).toBe(200);
    expect(panel.json()).toMatchObject({ enabled: true, note: { order_id: order.id } });
  });

  it("is corrected and cancelled by administrators only, never by its own customer", async () => {
    expect((await saveFiscal(t.superToken)).status).toBe(200);
    const order = await paidOrder();
    await steps.runJobsNow();
    await steps.settled();
    await steps.deliverWebhooks();
    await steps.filesCopied(order.id);
    const authorized = await steps.noteRow(order.id);
    expect(authorized.state).toBe("authorized");
    const requests = asked();
    const correction = { correction: "Onde se lê embalagem de 500 g, leia-se embalagem de 250 g." };
    const justification = { justification: "Cliente desistiu da compra" };
    for (const [who, token, status] of [
      ["signed out", undefined, 401],
      ["her own customer", customer.token, 403],
    ] as const) {
      const base = `/api/fiscal/orders/${order.id}/note`;
      expectRefused(await t.request("POST", `${base}/correction`, { token, body: correction }), status, who);
      expectRefused(await t.request("POST", `${base}/cancel`, { token, body: justification }), status, who);
    }
    expect(await steps.noteRow(order.id)).toEqual(authorized);
    expect(asked()).toEqual(requests);

    // Nor from the order's page, where her own order's forms post.
    const buyer = await actorByEmail(t.database, customer.email);
    for (const fields of [
      { intent: noteIntents.correct, ...correction },
      { intent: noteIntents.cancel, ...justification },
    ]) {
      const path = `/conta/pedidos/${order.id}`;
      const answer = await orderAction(
        pageArgs(t.services, pagePost(path, fields), {
          actor: buyer,
          params: { id: String(order.id) },
          pattern: "/conta/pedidos/:id",
        }),
      );
      expect(answer, fields.intent).toMatchObject({ init: { status: 403 } });
    }
    expect(await steps.noteRow(order.id)).toEqual(authorized);
    expect(asked()).toEqual(requests);

    const corrected = await t.request("POST", `/api/fiscal/orders/${order.id}/note/correction`, {
      token: admin.token,
      body: correction,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const cancelled = await t.request("POST", `/api/fiscal/orders/${order.id}/note/cancel`, {
      token: t.superToken,
      body: justification,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "cancelled" });
  });
});

describe("a note's files", () => {
  it("are served to the order's own customer and to administrators, and to no one else", async () => {
    expect((await saveFiscal(t.superToken)).status).toBe(200);
    const order = await paidOrder();
    await steps.runJobsNow();
    await steps.settled();
    await steps.deliverWebhooks();
    await steps.filesCopied(order.id);
    const { id } = await steps.noteRow(order.id);
    const file = (kind: string, token?: string) => t.request("GET", `/api/fiscal/notes/${id}/files/${kind}`, { token });

    // Before any carta de correção or cancellation, those files do not exist for anyone.
    for (const token of [customer.token, admin.token, t.superToken])
      for (const kind of ["cancelamento", "carta-correcao", "carta-correcao-xml"])
        expectRefused(await file(kind, token), 404, `${kind} before it exists`);

    const path = `/api/fiscal/orders/${order.id}/note`;
    const correction = { correction: "Onde se lê embalagem de 500 g, leia-se embalagem de 250 g." };
    expect((await t.request("POST", `${path}/correction`, { token: admin.token, body: correction })).status).toBe(200);
    const justification = { justification: "Cliente desistiu da compra" };
    expect((await t.request("POST", `${path}/cancel`, { token: admin.token, body: justification })).status).toBe(200);
    await steps.filesCopied(order.id);

    for (const kind of noteFileKinds) {
      for (const [who, token] of [
        ["her own customer", customer.token],
        ["an administrator", admin.token],
        ["a super user", t.superToken],
      ] as const) {
        const served = await file(kind, token);
        expect(served.status, `${who} ${kind}: ${JSON.stringify(served.body)}`).toBe(200);
        expect(served.headers.get("cache-control"), kind).toContain("no-store");
      }
      expectRefused(await file(kind), 401, `${kind} signed out`);
      expectRefused(await file(kind, stranger.token), 404, `${kind} to another customer`);
    }
    // Another note's number is no one's file.
    const missing = await t.request("GET", `/api/fiscal/notes/${id + 1}/files/danfe`, { token: t.superToken });
    expectRefused(missing, 404, "no such note");
  });
});

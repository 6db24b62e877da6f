import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { orderStatusChangeSchema } from "../../../common/schemas/orders.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { startFakeMelhorEnvio } from "../../../tests/support/fake-melhor-envio.ts";
import { actorByEmail } from "../../../tests/support/page-route.ts";
import {
  cartLine,
  createProduct,
  postCheckout,
  RECIFE_SHOP_SETTINGS,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import type { Actor } from "../../kernel/access.ts";
import { auditEntries } from "../audit/tables.ts";
import { orders } from "./tables.ts";

/*
 * Every move of an order leaves an audit entry in the move's transaction, naming who moved it (the
 * administrator, or the system or the payment provider by name); so do a provider's recorded notice and a
 * Melhor Envio label bought. What an order does to the stock and the coupons on its own is no entry.
 */

const env: Record<string, string> = {};
const me = withFakeServer(startFakeMelhorEnvio, env, "MELHOR_ENVIO_URL");

const t = withTestApp({ env });

/** PAC, as the fake and Melhor Envio number it. */
const PAC = 1;

let superToken = "";
let admin: Actor;
let honey: ProductView;
let customerToken = "";

beforeEach(async () => {
  me().shipments.clear();
  me().setBalance(50_000);
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShopSettings(t, superToken, {
    ...RECIFE_SHOP_SETTINGS,
    whatsapp: "(81) 99999-8888",
    shipping: {
      ...RECIFE_SHOP_SETTINGS.shipping,
      melhor_envio: { enabled: true, environment: "sandbox", token: me().token, services: [PAC] },
    },
  });
  honey = await createProduct(t, superToken, {
    name: "Mel",
    variants: [{ price_cents: 4990, stock: 50 }],
    weight_grams: 600,
    length_cm: 12,
    width_cm: 9,
    height_cm: 9,
  });
  customerToken = (await t.createUser("user", superToken)).token;
  admin = await actorByEmail(t.database, SUPER.email);
});

async function placeOrder(shipping = "table:entrega-regional"): Promise<OrderView> {
  const placed = await postCheckout(t, customerToken, [cartLine(honey, 2)], {
    postal_code: "50050-000",
    neighborhood: "Boa Vista",
    shipping,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.json<{ order: OrderView }>().order;
}

const move = (id: number, body: Record<string, unknown>) =>
  t.request("POST", `/api/orders/${id}/status`, { token: superToken, body });

const entriesAbout = (id: number) =>
  t.database.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.recordId, String(id)))
    .orderBy(asc(auditEntries.id))
    .then((rows) => rows.filter((row) => row.recordKind === "order"));

describe("an order's audit entries", () => {
  it("names the administrator of each move, the status before and after, and the tracking set when sent", async () => {
    const before = (await t.database.db.select().from(auditEntries)).length;
    const order = await placeOrder();
    // Placing it took stock and made its history: none of it is an administrative write.
    expect(await t.database.db.select().from(auditEntries)).toHaveLength(before);

    expect((await move(order.id, { status: "paid" })).status).toBe(200);
    expect((await move(order.id, { status: "processing", note: "Separando" })).status).toBe(200);
    const sent = await move(order.id, { status: "sent", carrier: "correios", tracking_code: "AB 123456785 BR" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const [paid, processing, shipped, ...more] = await entriesAbout(order.id);
    expect(more).toEqual([]);
    const who = {
      action: "order.status_changed",
      actorId: admin.id,
      actorName: SUPER.admin_name,
      recordId: String(order.id),
      recordLabel: `Pedido ${order.number}`,
      requestId: expect.any(String),
    };
    expect(paid).toMatchObject(who);
    expect(paid?.changes).toEqual({ Situação: { before: "Confirmação Pendente", after: "Pagamento confirmado" } });
    expect(processing?.changes).toEqual({ Situação: { before: "Pagamento confirmado", after: "Em processamento" } });
    expect(processing?.details).toEqual({ Observação: "Separando" });
    expect(shipped).toMatchObject(who);
    expect(shipped?.changes).toEqual({
      Situação: { before: "Em processamento", after: "Produto enviado" },
      Transportadora: { before: null, after: "Correios" },
      "Código de rastreamento": { before: null, after: "AB123456785BR" },
      "Página de rastreamento": { before: null, after: expect.stringContaining("AB123456785BR") },
    });
  });

  it("names the system when an unpaid order expires, with no entry for the stock it gives back", async () => {
    const order = await placeOrder();
    const later = new Date(Date.now() + 30 * 24 * 3_600_000);
    expect(await t.services.orders.expireDue(later)).toBe(1);
    const [expired, ...more] = await entriesAbout(order.id);
    expect(more).toEqual([]);
    expect(expired).toMatchObject({ action: "order.status_changed", actorId: null, actorName: "Sistema" });
    expect(expired?.changes).toMatchObject({ Situação: { before: "Confirmação Pendente", after: "Cancelado" } });
    expect((await t.database.db.select().from(auditEntries)).filter((row) => row.recordKind === "product")).toEqual([
      expect.objectContaining({ action: "product.created" }),
    ]);
  });

  it("names Mercado Pago for a notice's move, and records the notice with the payment's id, status and amount", async () => {
    const order = await placeOrder();
    // Placed as if the shop had taken Mercado Pago then: its charge is not this test's subject.
    await t.database.db.update(orders).set({ paymentMethod: "mercadopago" }).where(eq(orders.id, order.id));
    const outcome = await t.services.orders.recordProviderPayment({
      provider: "mercadopago",
      externalId: "1234567890",
      orderId: order.id,
      status: "approved",
      approved: true,
      failed: false,
      amountCents: order.total_cents,
      updatedAt: new Date(),
    });
    expect(outcome).toBe("paid");
    const [paid, notice, ...more] = await entriesAbout(order.id);
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ action: "order.status_changed", actorId: null, actorName: "Mercado Pago" });
    expect(paid?.changes).toMatchObject({
      Situação: { before: "Confirmação Pendente", after: "Pagamento confirmado" },
    });
    expect(notice).toMatchObject({ action: "order.payment_notice", actorId: null, actorName: "Mercado Pago" });
    expect(notice?.changes).toEqual({ "Situação do pagamento no provedor": { before: null, after: "approved" } });
    expect(notice?.details).toEqual({
      "Pagamento no provedor": "1234567890",
      Valor: "R$ 114,80",
      Resultado: 'Pedido passou a "Pagamento confirmado"',
    });
  });

  it("names who bought a Melhor Envio label, its price and protocol, and the tracking of 'Marcar como enviado'", async () => {
    const order = await placeOrder(`melhorenvio:${PAC}`);
    await t.database.db.update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
    const bought = await t.request("POST", `/api/orders/${order.id}/label`, { token: superToken });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const [shipment] = [...me().shipments.values()];
    if (!shipment) throw new Error("no shipment");
    await t.services.orders.markLabelSent(admin, order.id);

    const [label, preparing, sent, ...more] = await entriesAbout(order.id);
    expect(more).toEqual([]);
    expect(label).toMatchObject({ action: "order.label_bought", actorId: admin.id, actorName: SUPER.admin_name });
    expect(label?.details).toMatchObject({
      Serviço: "Melhor Envio: Correios PAC",
      Protocolo: shipment.protocol,
      Valor: expect.stringMatching(/^R\$ \d+,\d{2}$/),
    });
    expect(preparing).toMatchObject({ action: "order.status_changed", actorId: admin.id });
    expect(preparing?.changes).toMatchObject({
      Situação: { before: "Pagamento confirmado", after: "Em processamento" },
    });
    expect(sent?.changes).toMatchObject({
      Situação: { before: "Em processamento", after: "Produto enviado" },
      Transportadora: { before: null, after: "Melhor Envio" },
      "Código de rastreamento": { before: null, after: shipment.tracking },
    });
  });

  it("leaves no entry when a move is rolled back", async () => {
    const order = await placeOrder();
    await expect(
      t.services.transaction(async (tx) => {
        await tx.orders.changeStatus(admin, order.id, orderStatusChangeSchema.parse({ status: "paid" }));
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entriesAbout(order.id)).toEqual([]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("pending");
  });
});

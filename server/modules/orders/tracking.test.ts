import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CORREIOS_CODE_MESSAGE } from "../../../common/brazil/tracking.ts";
import type { OrderListItem, OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import {
  cartLine,
  createProduct,
  placeOrder,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { orders } from "./tables.ts";

const t = withTestApp();

type ErrorBody = { message: string; errors?: Record<string, string[]> };

const CORREIOS_PAGE = "https://rastreamento.correios.com.br/app/index.php?objetos=";

let superToken = "";
let customer: { id: number; email: string; token: string };
let honey: ProductView;

beforeEach(async () => {
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShopSettings(t, superToken);
  honey = await createProduct(t, superToken, {
    name: "Mel",
    variants: [{ price_cents: 4990, stock: 50 }],
    weight_grams: 500,
  });
  customer = await t.createUser("user", superToken);
});

/** An order of the customer's, paid and being prepared: the one move left for it is "sent". */
async function processingOrder(): Promise<OrderView> {
  const { order } = await placeOrder(t, customer.token, [cartLine(honey, 1)]);
  await t.database.db.update(orders).set({ status: "processing" }).where(eq(orders.id, order.id));
  return order;
}

const send = (id: number, body: Record<string, unknown>, token = superToken) =>
  t.request("POST", `/api/orders/${id}/status`, { token, body: { status: "sent", ...body } });

async function sentMail(orderId: number) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "order-sent"), eq(mailOutbox.subject, `Pedido nº ${order?.number} enviado`)));
  return mail;
}

describe("marking an order sent", () => {
  it("refuses a Correios code without its check digit right, such as XX1, in Portuguese", async () => {
    const order = await processingOrder();
    for (const code of ["XX1", "AA123456780BR"]) {
      const refused = await send(order.id, { tracking_code: code });
      expect(refused.status, code).toBe(400);
      expect(refused.json<ErrorBody>().errors).toEqual({ tracking_code: [CORREIOS_CODE_MESSAGE] });
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "processing", trackingCode: null, trackingCarrier: null });
  });

  it("keeps a Correios code normalised and links it for the customer: her order, her list, her e-mail", async () => {
    const order = await processingOrder();
    const sent = await send(order.id, { tracking_code: "aa 123 456 785 br" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expectDocumented("post", "/api/orders/{id}/status", sent);
    const url = `${CORREIOS_PAGE}AA123456785BR`;
    expect(sent.json<OrderView>()).toMatchObject({
      tracking_code: "AA123456785BR",
      tracking_carrier: "correios",
      tracking_url: url,
    });
    const mine = await t.request("GET", `/api/orders/${order.id}`, { token: customer.token });
    expect(mine.json<OrderView>().tracking_url).toBe(url);
    const list = await t.request("GET", "/api/orders", { token: customer.token });
    expectDocumented("get", "/api/orders", list);
    expect(list.json<{ data: OrderListItem[] }>().data[0]).toMatchObject({
      tracking_code: "AA123456785BR",
      tracking_carrier: "correios",
      tracking_url: url,
    });
    const mail = await sentMail(order.id);
    expect(mail?.text).toContain("código de rastreamento (Correios):\nAA123456785BR");
    expect(mail?.text).toContain(`Rastrear a encomenda no site da transportadora: ${url}`);
    expect(mail?.html).toContain(`href="${url}"`);
  });

  it("takes another carrier's code as typed, with that carrier's page", async () => {
    const order = await processingOrder();
    const sent = await send(order.id, { carrier: "jadlog", tracking_code: "10084512345678" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.json<OrderView>()).toMatchObject({
      tracking_carrier: "jadlog",
      tracking_url: "https://www.jadlog.com.br/jadlog/tracking?cte=10084512345678",
    });
    expect((await sentMail(order.id))?.text).toContain("código de rastreamento (Jadlog):\n10084512345678");
  });

  it("links another carrier's page only when the administrator gives one, https only", async () => {
    const withPage = await processingOrder();
    const page = "https://rastreio.transportadora.example.com/?c=LOTE-7";
    const refused = await send(withPage.id, {
      carrier: "other",
      tracking_code: "LOTE-7",
      tracking_url: "http://rastreio.transportadora.example.com/?c=LOTE-7",
    });
    expect(refused.status).toBe(400);
    expect(refused.json<ErrorBody>().errors?.tracking_url).toEqual([
      "Informe o endereço da página de rastreamento, começando com https://",
    ]);
    const sent = await send(withPage.id, { carrier: "other", tracking_code: "LOTE-7", tracking_url: page });
    expect(sent.json<OrderView>()).toMatchObject({ tracking_carrier: "other", tracking_url: page });
    expect((await sentMail(withPage.id))?.text).toContain(`Rastrear encomenda: ${page}`);

    const withoutPage = await processingOrder();
    const bare = await send(withoutPage.id, { carrier: "other", tracking_code: "LOTE-8" });
    expect(bare.json<OrderView>()).toMatchObject({ tracking_code: "LOTE-8", tracking_url: null });
    expect((await sentMail(withoutPage.id))?.text).not.toContain("Rastrear");
  });

  it("is for administrators only", async () => {
    const order = await processingOrder();
    const refused = await send(order.id, { tracking_code: "AA123456785BR" }, customer.token);
    expect(refused.status).toBe(403);
  });
});

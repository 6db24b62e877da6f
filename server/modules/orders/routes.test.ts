import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "../../../common/cart.ts";
import type { OrderStatus } from "../../../common/order-status.ts";
import type { OrderListItem, OrderView, ShopDashboard } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import type { ShippingQuoteView } from "../../../common/views/shop.ts";
import {
  cartCookie,
  cartLine,
  createProduct,
  type Placed,
  placeOrder,
  postCheckout,
  RECIFE_CHECKOUT,
  saveShopSettings,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { productVariants } from "../products/tables.ts";
import { orderLabels, orders } from "./tables.ts";

const t = withTestApp();

type ErrorBody = { message: string; errors?: Record<string, string[]> };
type Customer = { id: number; email: string; token: string };

let superToken = "";
let shirt: ProductView;
let coffee: ProductView;

const setShop = (enabled: boolean) => switchShopFeature(t, superToken, enabled);

/** Maria's address in Recife, down to the neighbourhood and the flat. */
const { postal_code, uf, city, street, number } = RECIFE_CHECKOUT;
const ADDRESS = { postal_code, uf, city, street, number, neighborhood: "Boa Vista", complement: "apto 3" };

const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  ...RECIFE_CHECKOUT,
  ...ADDRESS,
  idempotency_key: randomUUID(),
  ...overrides,
});

async function customer(): Promise<Customer> {
  return t.createUser("user", superToken);
}

const checkout = (who: Customer, items: CartItem[], overrides: Record<string, unknown> = {}) =>
  postCheckout(t, who.token, items, { ...ADDRESS, ...overrides });

const place = async (who: Customer, items: CartItem[] = [cartLine(shirt, 2), cartLine(coffee, 1)]) =>
  (await placeOrder(t, who.token, items, ADDRESS)).order;

async function stockOf(product: ProductView, index = 0): Promise<number> {
  const variant = product.variants[index];
  if (!variant) throw new Error("no such variant");
  const [row] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variant.id));
  return row?.stock ?? -1;
}

async function orderCount(): Promise<number> {
  const [row] = await t.database.db.select({ value: count() }).from(orders);
  return row?.value ?? -1;
}

async function move(token: string, id: number, body: Record<string, unknown>) {
  return t.request("POST", `/api/orders/${id}/status`, { token, body });
}

beforeEach(async () => {
  superToken = await t.setupSite();
  await setShop(true);
  await saveShopSettings(t, superToken);
  shirt = await createProduct(t, superToken, {
    name: "Camiseta",
    options: [{ name: "Tamanho", values: ["P", "M"] }],
    variants: [
      { options: ["P"], price_cents: 4990, stock: 5, sku: "CAM-P" },
      { options: ["M"], price_cents: 5290, stock: 10, sku: "CAM-M" },
    ],
    weight_grams: 300,
  });
  coffee = await createProduct(t, superToken, {
    name: "Café orgânico",
    variants: [{ price_cents: 2590, stock: 20 }],
    weight_grams: 500,
  });
});

describe("placing an order (POST /api/shop/checkout)", () => {
  it("re-prices the cart, quotes the shipping, takes the stock and copies everything in cents", async () => {
    const maria = await customer();
    const quote = await t.request("POST", "/api/shop/shipping/quote", {
      body: { postal_code: "50010000", items: [cartLine(shirt, 2), cartLine(coffee, 1)] },
    });
    expect(quote.json<ShippingQuoteView>().options.map((option) => option.code)).toContain("table:entrega-regional");

    const response = await checkout(maria, [cartLine(shirt, 2), cartLine(coffee, 1)], {
      expected_total_cents: 2 * 4990 + 2590 + 1500,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { order, payment } = response.json<Placed>();
    expect(order.number).toBeGreaterThanOrEqual(1001);
    expect(order.status).toBe("pending");
    expect(order.status_label).toBe("Confirmação Pendente");
    expect(
      order.items.map((item) => [
        item.name,
        item.variant,
        item.sku,
        item.unit_price_cents,
        item.quantity,
        item.total_cents,
      ]),
    ).toEqual([
      ["Camiseta", "Tamanho: P", "CAM-P", 4990, 2, 9980],
      ["Café orgânico", "", "", 2590, 1, 2590],
    ]);
    expect([order.subtotal_cents, order.shipping_cents, order.total_cents]).toEqual([12570, 1500, 14070]);
    expect(order.shipping).toMatchObject({
      provider: "table",
      name: "Entrega regional",
      price_cents: 1500,
      delivery_days: 4,
    });
    expect(order.customer).toMatchObject({
      name: "Maria da Silva",
      email: maria.email,
      tax_id: "52998224725",
      phone: "81987654321",
    });
    expect(order.address).toEqual({ ...ADDRESS, postal_code: "50010000" });
    expect(order.history).toEqual([expect.objectContaining({ from: null, to: "pending", note: "Pedido realizado" })]);
    expect(await stockOf(shirt)).toBe(3);
    expect(await stockOf(coffee)).toBe(19);
    // The cart is emptied.
    expect(response.headers.get("set-cookie")).toMatch(/^cms_cart=;/);
    // Pix: a static BR Code for the total, with the order number as its txid.
    expect(payment.kind).toBe("pix_static");
    if (payment.kind !== "pix_static") throw new Error("not pix");
    expect(payment.copy_paste).toContain("br.gov.bcb.pix");
    expect(payment.copy_paste).toContain("5406140.70");
    expect(payment.copy_paste).toContain(String(order.number));
    expect(payment.qr_svg).toMatch(/^<svg/);
  });

  it("makes one order of a double submit and of a retried request", async () => {
    const maria = await customer();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      checkout(maria, [cartLine(shirt, 1)], { idempotency_key: key }),
      checkout(maria, [cartLine(shirt, 1)], { idempotency_key: key }),
    ]);
    const statuses = [first?.status, second?.status].sort();
    expect(statuses).toEqual([200, 201]);
    expect(first?.json<Placed>().order.id).toBe(second?.json<Placed>().order.id);
    const retried = await checkout(maria, [cartLine(shirt, 1)], { idempotency_key: key });
    expect(retried.status).toBe(200);
    expect(await orderCount()).toBe(1);
    expect(await stockOf(shirt)).toBe(4);
    // Keys are each customer's own: the same key from someone else is her own new order.
    const joana = await customer();
    expect((await checkout(joana, [cartLine(shirt, 1)], { idempotency_key: key })).status).toBe(201);
    expect(await orderCount()).toBe(2);
  });

  it("never oversells: 100 checkouts at once for the last 10 units make exactly 10 orders", async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => customer()));
    await t.database.db
      .update(productVariants)
      .set({ stock: 10 })
      .where(eq(productVariants.id, shirt.variants[0]?.id ?? 0));
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        checkout(buyers[index % buyers.length] as Customer, [cartLine(shirt, 1)]),
      ),
    );
    const created = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(refused[0]?.json<ErrorBody>().message).toMatch(/esgotou|Só há/);
    expect(await stockOf(shirt)).toBe(0);
    const numbers = created.map((response) => response.json<Placed>().order.number);
    expect(new Set(numbers).size).toBe(10);
  });

  it("refuses bad input with pt-BR messages and 4xx", async () => {
    const maria = await customer();
    const invalidTaxId = await checkout(maria, [cartLine(shirt, 1)], { tax_id: "123.456.789-00" });
    expect(invalidTaxId.status).toBe(400);
    expect(invalidTaxId.json<ErrorBody>().errors?.tax_id).toEqual(["Informe um CPF ou CNPJ válido"]);
    const badCep = await checkout(maria, [cartLine(shirt, 1)], { postal_code: "123" });
    expect(badCep.status).toBe(400);
    expect(badCep.json<ErrorBody>().errors?.postal_code?.[0]).toContain("CEP");
    const wrongCity = await checkout(maria, [cartLine(shirt, 1)], { city: "São Paulo" });
    expect(wrongCity.json<ErrorBody>().errors?.city).toEqual(["Escolha uma cidade do estado selecionado"]);
    const badPhone = await checkout(maria, [cartLine(shirt, 1)], { phone: "123" });
    expect(badPhone.json<ErrorBody>().errors?.phone?.[0]).toContain("DDD");
    const nul = await checkout(maria, [cartLine(shirt, 1)], { street: "Rua\u0000A" });
    expect(nul.status).toBe(400);
    const empty = await checkout(maria, []);
    expect(empty.status).toBe(400);
    expect(empty.json<ErrorBody>().message).toBe("Seu carrinho está vazio.");
    const tampered = await t.request("POST", "/api/shop/checkout", {
      token: maria.token,
      headers: { cookie: "cms_cart=1~~~999999.999999.1" },
      body: checkoutBody(),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.json<ErrorBody>().message).toBe("Seu carrinho está vazio.");
    const noShipping = await checkout(maria, [cartLine(shirt, 1)], { shipping: "correios:04014" });
    expect(noShipping.status).toBe(400);
    expect(noShipping.json<ErrorBody>().errors?.shipping?.[0]).toContain("forma de entrega");
    const changedTotal = await checkout(maria, [cartLine(shirt, 1)], { expected_total_cents: 100 });
    expect(changedTotal.status).toBe(409);
    expect(changedTotal.json<ErrorBody>().message).toContain("O total do pedido mudou para R$ 64,90");
    const tooMany = await checkout(maria, [cartLine(shirt, 6)]);
    expect(tooMany.status).toBe(409);
    expect(await stockOf(shirt)).toBe(5);
    expect(await orderCount()).toBe(0);
  });

  it("asks who buys, and is not there while the shop is off", async () => {
    const anonymous = await t.request("POST", "/api/shop/checkout", {
      headers: { cookie: cartCookie([cartLine(shirt, 1)]) },
      body: checkoutBody(),
    });
    expect(anonymous.status).toBe(401);
    const maria = await customer();
    await setShop(false);
    expect((await checkout(maria, [cartLine(shirt, 1)])).status).toBe(404);
  });
});

/** The state machine of the issue, written out: every other move is refused. */
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  pending: ["paid", "failed", "canceled"],
  paid: ["processing", "canceled"],
  failed: ["pending", "canceled"],
  processing: ["sent", "canceled"],
  sent: ["received"],
  received: [],
  canceled: [],
};

describe("moving an order", () => {
  it("allows exactly the state machine's moves and records each one", async () => {
    const maria = await customer();
    const statuses = Object.keys(ALLOWED) as OrderStatus[];
    await t.database.db
      .update(productVariants)
      .set({ stock: 100 })
      .where(eq(productVariants.id, coffee.variants[0]?.id ?? 0));
    for (const from of statuses) {
      for (const to of statuses) {
        const order = await place(maria, [cartLine(coffee, 1)]);
        await t.database.db.update(orders).set({ status: from }).where(eq(orders.id, order.id));
        const response = await move(superToken, order.id, { status: to, tracking_code: "AA123456785BR" });
        const allowed = ALLOWED[from].includes(to);
        expect(response.status, `${from} -> ${to}`).toBe(allowed ? 200 : 409);
        if (allowed) {
          const moved = response.json<OrderView>();
          expect(moved.status).toBe(to);
          expect(moved.history.at(-1)).toMatchObject({ from, to, actor: "Ana Super" });
        } else expect(response.json<ErrorBody>().message).toMatch(/^Não é possível passar um pedido de/);
      }
    }
  });

  it("requires a tracking code to mark an order sent, and e-mails the customer at each step", async () => {
    const maria = await customer();
    const order = await place(maria);
    expect((await move(superToken, order.id, { status: "paid" })).status).toBe(200);
    expect((await move(superToken, order.id, { status: "processing", note: "Separando" })).status).toBe(200);
    const noCode = await move(superToken, order.id, { status: "sent" });
    expect(noCode.status).toBe(400);
    expect(noCode.json<ErrorBody>().errors?.tracking_code).toEqual(["Informe o código de rastreamento"]);
    const sent = await move(superToken, order.id, { status: "sent", tracking_code: "aa123456785br" });
    expect(sent.json<OrderView>().tracking_code).toBe("AA123456785BR");
    expect((await move(superToken, order.id, { status: "received" })).status).toBe(200);
    const view = (await t.request("GET", `/api/orders/${order.id}`, { token: maria.token })).json<OrderView>();
    expect(view.history.map((event) => event.to)).toEqual(["pending", "paid", "processing", "sent", "received"]);
    expect(view.history[2]?.note).toBe("Separando");
    const mails = await t.database.db
      .select({ kind: mailOutbox.kind, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, maria.email))
      .orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => mail.kind)).toEqual([
      "order-received",
      "order-paid",
      "order-status",
      "order-sent",
      "order-status",
    ]);
    expect(mails[0]?.text).toContain(String(order.number));
    expect(mails[3]?.text).toContain("AA123456785BR");
  });

  it("gives the stock back once when an order is canceled or expires", async () => {
    const maria = await customer();
    const canceled = await place(maria, [cartLine(shirt, 2)]);
    expect(await stockOf(shirt)).toBe(3);
    // A customer may cancel her own unpaid order, but not pay it.
    expect((await move(maria.token, canceled.id, { status: "paid" })).status).toBe(403);
    expect((await move(maria.token, canceled.id, { status: "canceled" })).status).toBe(200);
    expect(await stockOf(shirt)).toBe(5);
    expect((await move(superToken, canceled.id, { status: "canceled" })).status).toBe(409);
    expect(await stockOf(shirt)).toBe(5);

    const unpaid = await place(maria, [cartLine(shirt, 1)]);
    expect(await stockOf(shirt)).toBe(4);
    const later = new Date(Date.now() + 73 * 3_600_000);
    expect(await t.services.orders.expireDue(new Date())).toBe(0);
    expect(await t.services.orders.expireDue(later)).toBe(1);
    expect(await t.services.orders.expireDue(later)).toBe(0);
    expect(await stockOf(shirt)).toBe(5);
    const expired = (await t.request("GET", `/api/orders/${unpaid.id}`, { token: maria.token })).json<OrderView>();
    expect(expired.status).toBe("canceled");
    expect(expired.history.at(-1)).toMatchObject({
      actor: "Sistema",
      note: "Pedido cancelado: o prazo para o pagamento terminou.",
    });

    // A paid order does not expire.
    const paid = await place(maria, [cartLine(shirt, 1)]);
    await move(superToken, paid.id, { status: "paid" });
    expect(await t.services.orders.expireDue(later)).toBe(0);
  });
});

describe("who sees which orders", () => {
  it("shows a customer only her own orders, by list and by id; administrators see all", async () => {
    const maria = await customer();
    const joana = await customer();
    const hers = await place(maria);
    const other = await place(joana, [cartLine(coffee, 1)]);
    const list = (await t.request("GET", "/api/orders", { token: maria.token })).json<{ data: OrderListItem[] }>();
    expect(list.data.map((order) => [order.id, order.item_count, order.status_label])).toEqual([
      [hers.id, 3, "Confirmação Pendente"],
    ]);
    expect((await t.request("GET", `/api/orders/${other.id}`, { token: maria.token })).status).toBe(404);
    expect((await t.request("GET", `/api/orders/${other.id}/payment`, { token: maria.token })).status).toBe(404);
    expect((await move(maria.token, other.id, { status: "canceled" })).status).toBe(404);
    expect((await t.request("GET", "/api/orders")).status).toBe(401);
    for (const path of ["/api/orders/export.csv", "/api/orders/dashboard", `/api/orders/${hers.id}/packing-slip`])
      expect((await t.request("GET", path, { token: maria.token })).status, path).toBe(403);
    const all = (await t.request("GET", "/api/orders", { token: superToken })).json<{ data: OrderListItem[] }>();
    expect(all.data.map((order) => order.id).sort()).toEqual([hers.id, other.id].sort());
  });

  it("filters by status, text (number, name, e-mail, CPF) and São Paulo days", async () => {
    const maria = await customer();
    const first = await place(maria);
    const second = await place(maria, [cartLine(coffee, 1)]);
    await move(superToken, second.id, { status: "paid" });
    const ids = async (query: string) =>
      (await t.request("GET", `/api/orders?${query}`, { token: superToken }))
        .json<{ data: OrderListItem[] }>()
        .data.map((order) => order.id);
    expect(await ids("status=paid")).toEqual([second.id]);
    expect(await ids(`q=${first.number}`)).toEqual([first.id]);
    expect(await ids("q=529.982")).toHaveLength(2);
    expect(await ids(`q=${encodeURIComponent(maria.email.slice(0, 8))}`)).toHaveLength(2);
    expect(await ids("from=2000-01-01&to=2000-01-02")).toEqual([]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(2);
    const bad = await t.request("GET", "/api/orders?from=2026-02-30", { token: superToken });
    expect(bad.status).toBe(400);
    const reversed = await t.request("GET", "/api/orders?from=2026-02-10&to=2026-02-01", { token: superToken });
    expect(reversed.status).toBe(400);
    expect((await t.request("GET", "/api/orders?status=shipped", { token: superToken })).status).toBe(400);
  });
});

describe("the administrators' tools", () => {
  it("exports the filtered orders as a CSV a Brazilian spreadsheet opens", async () => {
    const maria = await customer();
    const order = await place(maria);
    const response = await t.app.request("/api/orders/export.csv", {
      headers: { authorization: `Token ${superToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="pedidos.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = new TextDecoder().decode(bytes).split("\r\n");
    expect(header).toBe(
      "Número;Data;Situação;Cliente;E-mail;CPF/CNPJ;Telefone;Cidade;UF;Unidades;Subtotal (R$);Frete (R$);Cupom;Desconto do cupom (R$);Desconto no Pix (R$);Total (R$);Entrega;Rastreamento",
    );
    expect(row?.split(";")).toEqual([
      String(order.number),
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/),
      "Confirmação Pendente",
      "Maria da Silva",
      maria.email,
      "529.982.247-25",
      "81987654321",
      "Recife",
      "PE",
      "3",
      "125,70",
      "15,00",
      "",
      "0,00",
      "0,00",
      "140,70",
      "Entrega regional",
      "",
    ]);
  });

  it("counts what the shop has to act on, each count what its filtered list shows (issue 33)", async () => {
    const maria = await customer();
    const unpaid = await place(maria, [cartLine(coffee, 1)]);
    const paid = await place(maria, [cartLine(coffee, 1)]);
    const processing = await place(maria, [cartLine(coffee, 1)]);
    const labelFailed = await place(maria, [cartLine(coffee, 1)]);
    const canceled = await place(maria, [cartLine(coffee, 1)]);
    for (const order of [paid, processing, labelFailed]) await move(superToken, order.id, { status: "paid" });
    await move(superToken, processing.id, { status: "processing" });
    await move(superToken, canceled.id, { status: "canceled" });
    await t.database.db.insert(orderLabels).values([
      { orderId: labelFailed.id, serviceId: 1, lastError: "Saldo insuficiente no Melhor Envio." },
      // A label that worked in the end is nothing to act on.
      { orderId: paid.id, serviceId: 1, step: "printed" },
    ]);
    const admin = await t.services.auth.userForToken(superToken);
    expect(await t.services.orders.attention(admin)).toEqual({ unpaid: 1, to_ship: 3, label: 1 });
    const ids = async (query: string) =>
      (await t.request("GET", `/api/orders?${query}`, { token: superToken }))
        .json<{ data: OrderListItem[] }>()
        .data.map((order) => order.id)
        .sort();
    expect(await ids("status=pending")).toEqual([unpaid.id]);
    expect(await ids("needs=shipping")).toEqual([paid.id, processing.id, labelFailed.id].sort());
    expect(await ids("needs=label")).toEqual([labelFailed.id]);
    const wrong = await t.request("GET", "/api/orders?needs=tudo", { token: superToken });
    expect(wrong.status).toBe(400);
    expect(wrong.json<ErrorBody>().errors).toEqual({ needs: ["Use shipping ou label"] });

    // Five units or fewer in a variant run low: the shirt (P: 5) does, the coffee (15 left) does not.
    expect(await t.services.products.lowStockCount(admin)).toBe(1);
    const low = await t.request("GET", "/api/products?status=published&stock=low", { token: superToken });
    expect(low.json<{ data: ProductView[] }>().data.map((product) => product.id)).toEqual([shirt.id]);
    const customerActor = await t.services.auth.userForToken(maria.token);
    await expect(t.services.orders.attention(customerActor)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(t.services.products.lowStockCount(customerActor)).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("shows the dashboard: orders and revenue per day, best sellers, what runs low", async () => {
    const maria = await customer();
    const order = await place(maria, [cartLine(shirt, 3)]);
    await move(superToken, order.id, { status: "paid" });
    const dashboard = (await t.request("GET", "/api/orders/dashboard", { token: superToken })).json<ShopDashboard>();
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days.at(-1)).toMatchObject({ orders: 1, revenue_cents: 3 * 4990 + 1500 });
    expect(dashboard.best_sellers).toEqual([
      { product_id: shirt.id, name: "Camiseta", units: 3, revenue_cents: 14970 },
    ]);
    expect(dashboard.low_stock[0]).toMatchObject({ product_id: shirt.id, variant: "P", stock: 2 });
    const slip = await t.request("GET", `/api/orders/${order.id}/packing-slip`, { token: superToken });
    expect(slip.json<{ sender: { legal_name: string; address: string } }>().sender).toMatchObject({
      legal_name: "Cooperativa Boa Terra",
      address: "Rua do Sol, 20 - Santo Antônio",
    });
  });
});

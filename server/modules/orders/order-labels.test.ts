import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action, loader } from "../../../app/routes/conta/orders/show.tsx";
import { formatDateTime } from "../../../common/dates/format.ts";
import type { OrderLabelView, OrderShipmentTrackingView } from "../../../common/views/order-labels.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { startFakeMelhorEnvio } from "../../../tests/support/fake-melhor-envio.ts";
import { actorByEmail, pageArgs, pageGet, pagePost, redirectOf } from "../../../tests/support/page-route.ts";
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
import { mailOutbox } from "../mail/tables.ts";
import { orderLabels, orders } from "./tables.ts";

/*
 * Buying an order's Melhor Envio label (cart, checkout, generate, print) and following its tracking, against
 * the local fake of Melhor Envio: each step kept as it succeeds, a retry going on from the failed step and
 * never paying twice, the refusals' pt-BR messages, the tracking cached for 30 minutes, and who may do what.
 */

const env: Record<string, string> = {};
const me = withFakeServer(startFakeMelhorEnvio, env, "MELHOR_ENVIO_URL");

const t = withTestApp({ env });

type ErrorBody = { message: string };
type Customer = { id: number; email: string; token: string };

const API = "/api/v2/me";
const CHECKOUT = `POST ${API}/shipment/checkout`;
const TRACKING = `POST ${API}/shipment/tracking`;
/** PAC, as the fake and Melhor Envio number it. */
const PAC = 1;

let superToken = "";
let admin: Actor;
let honey: ProductView;
let customer: Customer;

beforeEach(async () => {
  me().requests.length = 0;
  me().shipments.clear();
  me().setBalance(50_000);
  me().setDelay(0);
  me().serveAgain(PAC);
  superToken = await t.setupSite();
  await switchShopFeature(t, superToken);
  await saveShopSettings(t, superToken, {
    ...RECIFE_SHOP_SETTINGS,
    whatsapp: "(81) 99999-8888",
    shipping: {
      ...RECIFE_SHOP_SETTINGS.shipping,
      melhor_envio: { enabled: true, environment: "sandbox", token: me().token, services: [PAC, 2] },
    },
  });
  honey = await createProduct(t, superToken, {
    name: "Mel",
    options: [{ name: "Tamanho", values: ["500 g"] }],
    variants: [{ options: ["500 g"], price_cents: 4990, stock: 50 }],
    weight_grams: 600,
    package_format: 1,
    length_cm: 12,
    width_cm: 9,
    height_cm: 9,
  });
  customer = await t.createUser("user", superToken);
  admin = await actorByEmail(t.database, SUPER.email);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** An order of the customer's, shipped by PAC through Melhor Envio and paid. */
async function paidOrder(who: Customer = customer): Promise<OrderView> {
  const placed = await postCheckout(t, who.token, [cartLine(honey, 2)], {
    postal_code: "50050-000",
    neighborhood: "Boa Vista",
    complement: "apto 3",
    shipping: `melhorenvio:${PAC}`,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.json<{ order: OrderView }>().order;
  expect(order.shipping).toMatchObject({ provider: "melhorenvio", code: `melhorenvio:${PAC}` });
  await t.database.db.update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
  me().requests.length = 0;
  return order;
}

const buy = (id: number, token = superToken) => t.request("POST", `/api/orders/${id}/label`, { token });

async function labelRow(orderId: number) {
  const [row] = await t.database.db.select().from(orderLabels).where(eq(orderLabels.orderId, orderId));
  if (!row) throw new Error("no label row");
  return row;
}

const checkouts = () => me().requestsTo(CHECKOUT).length;

/**
 * Melhor Envio's answers to one endpoint go wrong as the network does: before Melhor Envio gets the request,
 * or after it did the work and the answer was lost on the way back.
 */
function breakEndpoint(endpoint: string, when: "before" | "after") {
  const real = globalThis.fetch;
  let broken = false;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const hit = !broken && `${init?.method ?? "GET"} ${url.pathname}` === endpoint;
    if (!hit) return real(input, init);
    broken = true;
    if (when === "after") await real(input, init);
    throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
  });
}

/** The order page's address and route, for its loader and action. */
const orderPage = (actor: Actor, orderId: number) => ({
  path: `/conta/pedidos/${orderId}`,
  route: { actor, params: { id: String(orderId) }, pattern: "/conta/pedidos/:id" },
});

/** The order page's button of `intent`, posted as a browser without JavaScript does. */
async function press(actor: Actor, orderId: number, intent: string) {
  const { path, route } = orderPage(actor, orderId);
  const answer = redirectOf(await action(pageArgs(t.services, pagePost(path, { intent }), route)));
  return { status: answer.status, location: answer.headers.get("location"), cookie: answer.headers.get("set-cookie") };
}

/** The toast a redirect carries (app/lib/flash.server.ts's cookie). */
function flashOf(cookie: string | null): unknown {
  const value = /cms_flash=([^;]+)/.exec(cookie ?? "")?.[1] ?? "";
  return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
}

async function page(actor: Actor, orderId: number) {
  const { path, route } = orderPage(actor, orderId);
  return loader(pageArgs(t.services, pageGet(path), route));
}

describe("buying the label (POST /api/orders/{id}/label)", () => {
  it("goes through cart, checkout, generate and print, keeps each step, and starts preparing the order", async () => {
    const order = await paidOrder();
    const before = await t.request("GET", `/api/orders/${order.id}`, { token: superToken });
    expect(before.json<OrderView>().label).toMatchObject({ step: "none", can_buy: true, can_mark_sent: false });

    const bought = await buy(order.id);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expectDocumented("post", "/api/orders/{id}/label", bought);
    const label = bought.json<OrderLabelView>();
    const [shipment] = [...me().shipments.values()];
    expect(label).toMatchObject({
      step: "printed",
      service_id: PAC,
      external_id: shipment?.id,
      protocol: shipment?.protocol,
      price_cents: shipment?.price_cents,
      tracking_code: shipment?.tracking,
      last_error: null,
      in_progress: false,
      can_buy: false,
      can_mark_sent: true,
    });
    expect(label.label_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/imprimir\//);
    expect(me().requests.map((request) => `${request.method} ${request.path.replace(API, "")}`)).toEqual([
      "POST /cart",
      "POST /shipment/checkout",
      "POST /shipment/generate",
      "POST /shipment/print",
      "POST /shipment/tracking",
    ]);
    expect(me().balanceCents()).toBe(50_000 - (shipment?.price_cents ?? 0));

    // The shop sends, the customer receives: from the settings and the order's copies.
    expect(shipment?.request).toMatchObject({
      service: PAC,
      from: {
        name: "Cooperativa Boa Terra",
        phone: "81999998888",
        company_document: "11222333000181",
        address: "Rua do Sol",
        number: "20",
        district: "Santo Antônio",
        city: "Recife",
        state_abbr: "PE",
        postal_code: "50010000",
      },
      to: {
        name: "Maria da Silva",
        phone: "81987654321",
        document: "52998224725",
        address: "Rua da Aurora",
        number: "100",
        complement: "apto 3",
        district: "Boa Vista",
        postal_code: "50050000",
      },
      products: [{ name: "Mel (Tamanho: 500 g)", quantity: 2, unitary_value: 49.9 }],
      // Two jars stacked: 12 x 9 x 18 cm, 1.2 kg.
      volumes: [{ length: 18, width: 12, height: 9, weight: 1.2 }],
      options: { insurance_value: 99.8, tags: [{ tag: `Pedido ${order.number}` }] },
    });

    const after = await t.request("GET", `/api/orders/${order.id}`, { token: superToken });
    expect(after.json<OrderView>()).toMatchObject({ status: "processing", label: { step: "printed" } });
    expect(after.json<OrderView>().history.at(-1)?.note).toBe(
      `Etiqueta do Melhor Envio paga (protocolo ${label.protocol}).`,
    );

    // Bought already: asking again changes nothing at Melhor Envio.
    me().requests.length = 0;
    const again = await buy(order.id);
    expect(again.status).toBe(200);
    expect(me().requests).toEqual([]);
  });

  it.each([
    ["the cart", `POST ${API}/cart`, "none"],
    ["the checkout", CHECKOUT, "in_cart"],
    ["the generation", `POST ${API}/shipment/generate`, "paid"],
    ["the print", `POST ${API}/shipment/print`, "generated"],
  ] as const)(
    "stops at %s when Melhor Envio does not answer, keeps what was done, and resumes there, paying once",
    async (_step, endpoint, keptStep) => {
      const order = await paidOrder();
      breakEndpoint(endpoint, "before");
      const failed = await buy(order.id);
      expect(failed.status).toBe(503);
      expect(failed.json<ErrorBody>().message).toBe(
        "O Melhor Envio não respondeu a tempo: tente de novo em alguns minutos. O que já foi feito está guardado.",
      );
      const stopped = await labelRow(order.id);
      expect(stopped).toMatchObject({
        step: keptStep,
        lastError: failed.json<ErrorBody>().message,
        inProgressUntil: null,
      });
      const shown = (await t.request("GET", `/api/orders/${order.id}`, { token: superToken })).json<OrderView>();
      expect(shown.label).toMatchObject({
        step: keptStep,
        last_error: failed.json<ErrorBody>().message,
        can_buy: true,
      });

      const retried = await buy(order.id);
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.json<OrderLabelView>()).toMatchObject({ step: "printed", last_error: null });
      expect(me().shipments.size).toBe(1);
      expect(checkouts()).toBe(1);
      expect([...me().shipments.values()].every((shipment) => shipment.status === "generated")).toBe(true);
    },
  );

  it("never pays twice when the checkout went through but its answer was lost: the retry asks Melhor Envio first", async () => {
    const order = await paidOrder();
    breakEndpoint(CHECKOUT, "after");
    expect((await buy(order.id)).status).toBe(503);
    expect(await labelRow(order.id)).toMatchObject({ step: "in_cart" });
    const [shipment] = [...me().shipments.values()];
    expect(shipment?.status).toBe("released");

    const retried = await buy(order.id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(checkouts()).toBe(1);
    expect(me().requestsTo(`GET ${API}/orders/${shipment?.id}`)).toHaveLength(1);
    expect(me().balanceCents()).toBe(50_000 - (shipment?.price_cents ?? 0));
  });

  it("pays once when two tabs buy at the same moment", async () => {
    const order = await paidOrder();
    me().setDelay(50);
    const answers = await Promise.all([buy(order.id), buy(order.id)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.json<ErrorBody>().message).toBe(
      "A etiqueta já está sendo comprada em outra aba ou por outra pessoa. Aguarde um instante e recarregue a página.",
    );
    expect(checkouts()).toBe(1);
    expect(me().shipments.size).toBe(1);
    expect((await labelRow(order.id)).step).toBe("printed");
  });

  it("says in Portuguese why Melhor Envio refused, and keeps the reason on the label", async () => {
    const cases: [string, () => void, number, RegExp][] = [
      ["no balance", () => me().setBalance(0), 409, /^Saldo insuficiente no Melhor Envio/],
      ["token refused", () => me().failNext("unauthorized"), 409, /^O token do Melhor Envio foi recusado/],
      [
        "data refused (422)",
        () => me().failNext("invalid"),
        400,
        /^O Melhor Envio recusou os dados da etiqueta: O CEP de destino não foi encontrado/,
      ],
      [
        "service no longer available",
        () => me().stopServing(PAC),
        409,
        /^O serviço escolhido não atende mais este envio no Melhor Envio: .*Combine outra forma de entrega com o cliente\.$/,
      ],
      ["timeout", () => breakEndpoint(`POST ${API}/cart`, "before"), 503, /^O Melhor Envio não respondeu a tempo/],
    ];
    for (const [name, arrange, status, message] of cases) {
      const order = await paidOrder();
      arrange();
      const refused = await buy(order.id);
      expect(refused.status, name).toBe(status);
      expect(refused.json<ErrorBody>().message, name).toMatch(message);
      expect((await labelRow(order.id)).lastError, name).toBe(refused.json<ErrorBody>().message);
      me().setBalance(50_000);
      me().serveAgain(PAC);
      vi.restoreAllMocks();
    }
    expect(me().balanceCents()).toBe(50_000);
    expect([...me().shipments.values()].every((shipment) => shipment.status === "pending")).toBe(true);
  });

  it("is refused for an unpaid order, an order of another carrier, and a shop without Melhor Envio", async () => {
    const unpaid = await paidOrder();
    await t.database.db.update(orders).set({ status: "pending" }).where(eq(orders.id, unpaid.id));
    const notPaid = await buy(unpaid.id);
    expect(notPaid.status).toBe(409);
    expect(notPaid.json<ErrorBody>().message).toBe(
      "A etiqueta só pode ser comprada para um pedido pago ou em processamento.",
    );
    const other = await paidOrder();
    await t.database.db
      .update(orders)
      .set({ shipping: { ...other.shipping, provider: "table", code: "table:entrega-regional" } })
      .where(eq(orders.id, other.id));
    expect((await buy(other.id)).status).toBe(409);
    expect(
      (await t.request("GET", `/api/orders/${other.id}`, { token: superToken })).json<OrderView>().label,
    ).toBeNull();
    expect(me().requests).toEqual([]);
  });

  it("is for administrators only: a customer gets a 403, and never sees the label", async () => {
    const order = await paidOrder();
    const refused = await buy(order.id, customer.token);
    expect(refused.status).toBe(403);
    const mine = await t.request("GET", `/api/orders/${order.id}`, { token: customer.token });
    expect(mine.json<OrderView>().label).toBeNull();
    expect(me().requests).toEqual([]);
  });
});

describe("sending and following the parcel", () => {
  async function boughtOrder() {
    const order = await paidOrder();
    expect((await buy(order.id)).status).toBe(200);
    const [shipment] = [...me().shipments.values()];
    if (!shipment) throw new Error("no shipment");
    me().requests.length = 0;
    return { order, shipment };
  }

  it("marks the order sent with the label's code, and the customer's e-mail links Melhor Rastreio", async () => {
    const { order, shipment } = await boughtOrder();
    const pressed = await press(admin, order.id, "label-sent");
    expect(pressed).toMatchObject({ status: 302, location: `/conta/pedidos/${order.id}` });
    const sent = (await t.request("GET", `/api/orders/${order.id}`, { token: customer.token })).json<OrderView>();
    const page = `https://www.melhorrastreio.com.br/rastreio/${shipment.melhorenvio_tracking}`;
    expect(sent).toMatchObject({
      status: "sent",
      tracking_code: shipment.tracking,
      tracking_carrier: "melhorenvio",
      tracking_url: page,
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "order-sent"), eq(mailOutbox.to, customer.email)));
    expect(mail?.text).toContain(`código de rastreamento (Melhor Envio):\n${shipment.tracking}`);
    expect(mail?.html).toContain(`href="${page}"`);
  });

  it("keeps the tracking 30 minutes, asks again on 'Atualizar rastreamento', and offers 'Marcar como recebido' once delivered", async () => {
    const { order, shipment } = await boughtOrder();
    // Asked when the label was printed: fresh.
    const first = await t.request("GET", `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(first.status).toBe(200);
    expectDocumented("get", "/api/orders/{id}/tracking", first);
    expect(first.json<OrderShipmentTrackingView>()).toMatchObject({
      status: "generated",
      status_label: "Etiqueta gerada",
      tracking_code: shipment.tracking,
      notice: null,
      can_mark_received: false,
    });
    expect(first.json<OrderShipmentTrackingView>().events.map((event) => event.label)).toEqual([
      "Etiqueta criada",
      "Etiqueta paga",
      "Etiqueta gerada",
    ]);
    expect(me().requestsTo(TRACKING)).toHaveLength(0);

    // Half an hour later it is asked once, then kept.
    const stale = new Date(Date.now() - 31 * 60_000);
    await t.database.db.update(orderLabels).set({ trackingCheckedAt: stale }).where(eq(orderLabels.orderId, order.id));
    me().post(shipment.id);
    const later = await t.request("GET", `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(later.json<OrderShipmentTrackingView>().status_label).toBe("Postado na transportadora");
    await t.request("GET", `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(me().requestsTo(TRACKING)).toHaveLength(1);

    await press(admin, order.id, "label-sent");
    me().deliver(shipment.id);
    const refreshed = await t.request("POST", `/api/orders/${order.id}/tracking/refresh`, { token: superToken });
    expect(refreshed.status).toBe(200);
    expectDocumented("post", "/api/orders/{id}/tracking/refresh", refreshed);
    const delivered = refreshed.json<OrderShipmentTrackingView>();
    expect(delivered).toMatchObject({ status: "delivered", status_label: "Entregue", can_mark_received: true });
    expect(me().requestsTo(TRACKING)).toHaveLength(2);
    // Her own view of it: no button for her.
    const hers = await t.request("GET", `/api/orders/${order.id}/tracking`, { token: customer.token });
    expect(hers.json<OrderShipmentTrackingView>()).toMatchObject({ status: "delivered", can_mark_received: false });
    expect(me().requestsTo(TRACKING)).toHaveLength(2);

    const pressed = await press(admin, order.id, "mark-received");
    expect(pressed.status).toBe(302);
    const received = (await t.request("GET", `/api/orders/${order.id}`, { token: superToken })).json<OrderView>();
    expect(received.status).toBe("received");
    expect(received.history.at(-1)?.note).toBe(
      `Entregue em ${formatDateTime(delivered.delivered_at ?? "")} (horário de Brasília), segundo o Melhor Envio.`,
    );
  });

  it("shows the last known events with a note when Melhor Envio fails, never an error", async () => {
    const { order } = await boughtOrder();
    me().failNext("server_error");
    const refreshed = await t.request("POST", `/api/orders/${order.id}/tracking/refresh`, { token: superToken });
    expect(refreshed.status).toBe(200);
    const tracking = refreshed.json<OrderShipmentTrackingView>();
    expect(tracking.notice).toMatch(/^Não foi possível consultar o Melhor Envio agora; estes são os eventos de /);
    expect(tracking.events).toHaveLength(3);
    const shown = await page(admin, order.id);
    expect(shown.tracking?.notice).toBe(tracking.notice);
    // The failure counts as asking: the page does not ask again at once.
    await page(admin, order.id);
    expect(me().requestsTo(TRACKING)).toHaveLength(1);
  });

  it("shows a customer her own tracking only, and lets only administrators refresh it", async () => {
    const { order } = await boughtOrder();
    const stranger = await t.createUser("user", superToken);
    const hidden = await t.request("GET", `/api/orders/${order.id}/tracking`, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.json<ErrorBody>().message).toBe("Pedido não encontrado.");
    const refresh = await t.request("POST", `/api/orders/${order.id}/tracking/refresh`, { token: customer.token });
    expect(refresh.status).toBe(403);
    const none = await paidOrder();
    const nothing = await t.request("GET", `/api/orders/${none.id}/tracking`, { token: customer.token });
    expect(nothing.status).toBe(404);
    expect(nothing.json<ErrorBody>().message).toBe("Este pedido ainda não tem rastreamento pelo Melhor Envio.");
  });

  it("buys from the order page without JavaScript, with the reason as a toast when it stops", async () => {
    const order = await paidOrder();
    me().setBalance(0);
    const stopped = await press(admin, order.id, "buy-label");
    expect(stopped).toMatchObject({ status: 302, location: `/conta/pedidos/${order.id}` });
    expect(flashOf(stopped.cookie)).toMatchObject({
      type: "error",
      message: expect.stringMatching(/^Saldo insuficiente/),
    });
    const shown = await page(admin, order.id);
    expect(shown.order.label).toMatchObject({ step: "in_cart", can_buy: true });
    me().setBalance(50_000);
    await press(admin, order.id, "buy-label");
    const bought = await page(admin, order.id);
    expect(bought.order.label?.step).toBe("printed");
    expect(bought.tracking?.tracking_code).toBe([...me().shipments.values()][0]?.tracking);
  });
});

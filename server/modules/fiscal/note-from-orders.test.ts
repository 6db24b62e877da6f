import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
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

/*
 * The note's JSON for orders placed through the shop's checkout and paid, as the local fake of Focus NFe
 * received it: each item's share of the coupon's and the Pix discounts (valor_desconto) and of the freight
 * (valor_frete), so that items + freight - discounts is the order's total to the cent; the freight's mode
 * (0 the shop ships, 9 picked up); CFOP and local_destino within Pernambuco and to São Paulo; a CPF buyer and a
 * CNPJ buyer. Every order holds R$ 99,99 of coffee (3 x R$ 33,33) and R$ 25,80 of honey (2 x R$ 12,90), R$
 * 125,79 in all, so that the shares have remainders to place.
 */

const env: Record<string, string> = { BASE_URL: "http://127.0.0.1:1", SECRETS_KEY: randomBytes(32).toString("base64") };
const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
const t = withTestApp({ env, setUp: true });

const SUBTOTAL = 12_579;
const BRASIL_RATE = {
  name: "Brasil",
  region: { kind: "cep_range", from: "01000-000", to: "99999-999" },
  min_weight_grams: 0,
  max_weight_grams: 30000,
  price_cents: 2990,
  delivery_days: 8,
};
const SHIPPING = RECIFE_SHOP_SETTINGS.shipping;
const SANTO_AMARO = { neighborhood: "Santo Amaro" };
/** A bakery in São Paulo buying with its CNPJ. */
const BAKERY = {
  ...PAULISTA_ADDRESS,
  name: "Joana Prado",
  organization: "Padaria Boa Massa Ltda",
  tax_id: "11.444.777/0001-61",
  phone: "(11) 98765-4321",
  shipping: "table:brasil",
};

type Item = {
  numero_item: number;
  cfop: string;
  quantidade_comercial: number;
  valor_unitario_comercial: string;
  valor_bruto: string;
  valor_desconto?: string;
  valor_frete?: string;
};
type Payload = {
  local_destino: number;
  modalidade_frete: number;
  indicador_inscricao_estadual_destinatario: number;
  cpf_destinatario?: string;
  cnpj_destinatario?: string;
  uf_destinatario: string;
  valor_produtos: string;
  valor_frete: string;
  valor_desconto: string;
  valor_total: string;
  items: Item[];
};

let coffee: ProductView;
let honey: ProductView;
let customer: { token: string };

beforeEach(async () => {
  focus().reset();
  await switchShopFeature(t, t.superToken);
  await saveShopSettings(t, t.superToken, RECIFE_SHOP_SETTINGS);
  const saved = await t.request("PUT", "/api/fiscal/settings", {
    token: t.superToken,
    body: recifeFiscalSettings(focus().token),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  coffee = await createProduct(t, t.superToken, {
    name: "Café especial",
    variants: [{ price_cents: 3333, stock: 50 }],
    weight_grams: 500,
  });
  honey = await createProduct(t, t.superToken, {
    name: "Mel de aroeira",
    variants: [{ price_cents: 1290, stock: 50 }],
    weight_grams: 500,
  });
  customer = await t.createUser("user", t.superToken);
});

const shopWith = (changes: Record<string, unknown>) =>
  saveShopSettings(t, t.superToken, { ...RECIFE_SHOP_SETTINGS, ...changes });

async function coupon(body: Record<string, unknown>) {
  const response = await t.request("POST", "/api/coupons", { token: t.superToken, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

/** The order placed through the checkout and paid, and the JSON the fake received for its note. */
async function noteOf(checkout: Record<string, unknown>): Promise<{ order: OrderView; payload: Payload }> {
  const { order } = await placeOrder(t, customer.token, [cartLine(coffee, 3), cartLine(honey, 2)], checkout);
  const paid = await t.request("POST", `/api/orders/${order.id}/status`, {
    token: t.superToken,
    body: { status: "paid" },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await runDueNotes(t.services);
  const sent = focus().requests.filter((request) => request.method === "POST" && request.path.startsWith("/v2/nfe?"));
  expect(sent.map((request) => request.path)).toEqual([`/v2/nfe?ref=pedido-${order.number}`]);
  return { order, payload: sent[0]?.body as Payload };
}

/** "12.90" as 1290: every amount is a decimal string with two places. */
function cents(value: string | undefined): number {
  if (value === undefined) return 0;
  expect(value).toMatch(/^\d+\.\d{2}$/);
  return Number(value.replace(".", ""));
}

type Expected = {
  cfop: "5102" | "6102";
  localDestino: 1 | 2;
  modalidadeFrete: 0 | 9;
  /** Each item's valor_desconto, in cents (0: the field is left out). */
  discounts: [number, number];
  /** Each item's valor_frete, in cents (0: the field is left out). */
  freights: [number, number];
};

/** The note's JSON against the order as it was placed and the shares worked out by hand for these two items. */
function expectNote(order: OrderView, payload: Payload, expected: Expected) {
  expect(payload).toMatchObject({
    local_destino: expected.localDestino,
    modalidade_frete: expected.modalidadeFrete,
    indicador_inscricao_estadual_destinatario: 9,
  });
  expect(cents(payload.valor_total)).toBe(order.total_cents);
  expect(cents(payload.valor_produtos)).toBe(order.subtotal_cents);
  expect(order.subtotal_cents).toBe(SUBTOTAL);
  expect(payload.items).toHaveLength(order.items.length);
  payload.items.forEach((item, index) => {
    const line = order.items[index];
    expect(item).toMatchObject({
      numero_item: index + 1,
      cfop: expected.cfop,
      quantidade_comercial: line?.quantity,
    });
    expect(cents(item.valor_unitario_comercial)).toBe(line?.unit_price_cents);
    expect(cents(item.valor_bruto)).toBe(line?.total_cents);
    // A share of nothing is left out, as Focus NFe takes it.
    if (expected.discounts[index] === 0) expect(item).not.toHaveProperty("valor_desconto");
    if (expected.freights[index] === 0) expect(item).not.toHaveProperty("valor_frete");
  });
  expect(payload.items.map((item) => cents(item.valor_desconto))).toEqual(expected.discounts);
  expect(payload.items.map((item) => cents(item.valor_frete))).toEqual(expected.freights);
  const gross = payload.items.reduce((sum, item) => sum + cents(item.valor_bruto), 0);
  const discount = payload.items.reduce((sum, item) => sum + cents(item.valor_desconto), 0);
  const freight = payload.items.reduce((sum, item) => sum + cents(item.valor_frete), 0);
  expect(cents(payload.valor_desconto)).toBe(discount);
  expect(cents(payload.valor_frete)).toBe(freight);
  expect(gross + freight - discount).toBe(order.total_cents);
}

describe("the note's JSON from orders placed at the checkout", () => {
  it("spreads a percentage coupon and the paid freight within Pernambuco, for a CPF buyer (CFOP 5102)", async () => {
    await coupon({ code: "DEZ", kind: "percent", percent: 10 });
    const { order, payload } = await noteOf({ ...SANTO_AMARO, coupon_code: "dez" });
    // 10 % of R$ 125,79 is R$ 12,58; R$ 15,00 of freight.
    expect(order).toMatchObject({ coupon_discount_cents: 1258, shipping_cents: 1500, total_cents: 12_821 });
    expectNote(order, payload, {
      cfop: "5102",
      localDestino: 1,
      modalidadeFrete: 0,
      discounts: [1000, 258],
      freights: [1192, 308],
    });
    expect(payload.cpf_destinatario).toBe("52998224725");
    expect(payload).not.toHaveProperty("cnpj_destinatario");
  });

  it("spreads a fixed coupon and the freight to São Paulo, for a CNPJ buyer (CFOP 6102)", async () => {
    await shopWith({ shipping: { ...SHIPPING, table_rates: [...SHIPPING.table_rates, BRASIL_RATE] } });
    await coupon({ code: "MENOS10", kind: "fixed", amount_cents: 1000 });
    const { order, payload } = await noteOf({ ...BAKERY, coupon_code: "MENOS10" });
    expect(order).toMatchObject({ coupon_discount_cents: 1000, shipping_cents: 2990, total_cents: 14_569 });
    expectNote(order, payload, {
      cfop: "6102",
      localDestino: 2,
      modalidadeFrete: 0,
      discounts: [795, 205],
      freights: [2377, 613],
    });
    expect(payload).toMatchObject({ cnpj_destinatario: "11444777000161", uf_destinatario: "SP" });
    expect(payload).not.toHaveProperty("cpf_destinatario");
  });

  it("takes the Pix discount off the items beside the coupon's, never off the freight", async () => {
    await shopWith({ payments: { ...RECIFE_SHOP_SETTINGS.payments, pix_discount_percent: 5 } });
    await coupon({ code: "DEZ", kind: "percent", percent: 10 });
    const { order, payload } = await noteOf({ ...SANTO_AMARO, coupon_code: "DEZ" });
    // 5 % of the R$ 113,21 the items cost after the coupon: R$ 5,66.
    expect(order).toMatchObject({ coupon_discount_cents: 1258, pix_discount_cents: 566, total_cents: 12_255 });
    expectNote(order, payload, {
      cfop: "5102",
      localDestino: 1,
      modalidadeFrete: 0,
      discounts: [1450, 374],
      freights: [1192, 308],
    });
  });

  it("carries no freight when a coupon makes the shipping free, the shop still shipping it", async () => {
    await coupon({ code: "FRETEGRATIS", kind: "free_shipping" });
    const { order, payload } = await noteOf({ ...SANTO_AMARO, coupon_code: "FRETEGRATIS" });
    expect(order).toMatchObject({ shipping_cents: 1500, coupon_discount_cents: 1500, total_cents: SUBTOTAL });
    expectNote(order, payload, {
      cfop: "5102",
      localDestino: 1,
      modalidadeFrete: 0,
      discounts: [0, 0],
      freights: [0, 0],
    });
    expect(payload.valor_frete).toBe("0.00");
  });

  it("carries no freight when the table's free-shipping rule made it free", async () => {
    await shopWith({ shipping: { ...SHIPPING, free_shipping: { enabled: true, min_subtotal_cents: 10_000 } } });
    const { order, payload } = await noteOf({ ...SANTO_AMARO, shipping: "free:table:entrega-regional" });
    expect(order).toMatchObject({ shipping: { provider: "free" }, shipping_cents: 0, total_cents: SUBTOTAL });
    expectNote(order, payload, {
      cfop: "5102",
      localDestino: 1,
      modalidadeFrete: 0,
      discounts: [0, 0],
      freights: [0, 0],
    });
  });

  it("says there is no transport (modalidade 9) for an order picked up at the shop", async () => {
    await shopWith({
      shipping: { ...SHIPPING, pickup: { enabled: true, address: "Rua do Sol, 20 - Santo Antônio", delivery_days: 1 } },
      payments: { ...RECIFE_SHOP_SETTINGS.payments, pix_discount_percent: 5 },
    });
    const { order, payload } = await noteOf({ ...SANTO_AMARO, shipping: "pickup" });
    // 5 % of R$ 125,79: R$ 6,29.
    expect(order).toMatchObject({ shipping: { provider: "pickup" }, pix_discount_cents: 629, total_cents: 11_950 });
    expectNote(order, payload, {
      cfop: "5102",
      localDestino: 1,
      modalidadeFrete: 9,
      discounts: [500, 129],
      freights: [0, 0],
    });
  });
});

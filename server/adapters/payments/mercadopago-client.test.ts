import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_MERCADOPAGO_DEFAULTS,
  type FakeMercadoPago,
  startFakeMercadoPago,
} from "../../../tests/support/fake-mercadopago.ts";
import {
  createMercadoPagoClient,
  MERCADOPAGO_UNREACHABLE,
  MercadoPagoError,
  type PixPaymentRequest,
} from "./mercadopago-client.ts";

const pixRequest: PixPaymentRequest = {
  amountCents: 15870,
  description: "Pedido 1001 - Cooperativa Vale Verde",
  payer: { name: "Maria da Silva Souza", email: "maria@exemplo.com.br", taxId: "52998224725" },
  externalReference: "17",
  notificationUrl: "https://loja.exemplo.com.br/api/webhook",
  idempotencyKey: "pedido-17:pix",
  expiresAt: new Date("2026-11-27T12:00:00Z"),
};

describe("createMercadoPagoClient", () => {
  let fake: FakeMercadoPago;
  const client = (overrides: { accessToken?: string; timeoutMs?: number } = {}) =>
    createMercadoPagoClient({ accessToken: FAKE_MERCADOPAGO_DEFAULTS.accessToken, baseUrl: fake.url, ...overrides });

  beforeEach(async () => {
    fake = await startFakeMercadoPago();
  });
  afterEach(() => fake.close());

  it("creates a Pix payment with the documented request, amounts in reais", async () => {
    const payment = await client().createPixPayment(pixRequest);
    expect(payment).toMatchObject({
      status: "pending",
      statusDetail: "pending_waiting_transfer",
      amountCents: 15870,
      externalReference: "17",
      qrCode: expect.stringMatching(/^000201/),
      qrCodeBase64: expect.any(String),
      ticketUrl: expect.stringContaining(`/payments/${payment.id}/ticket`),
    });
    expect(payment.dateLastUpdated).toBeInstanceOf(Date);

    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/payments",
      authorization: `Bearer ${FAKE_MERCADOPAGO_DEFAULTS.accessToken}`,
      idempotencyKey: "pedido-17:pix",
    });
    expect(JSON.parse(request?.body ?? "")).toEqual({
      transaction_amount: 158.7,
      description: "Pedido 1001 - Cooperativa Vale Verde",
      payment_method_id: "pix",
      payer: {
        email: "maria@exemplo.com.br",
        first_name: "Maria",
        last_name: "da Silva Souza",
        identification: { type: "CPF", number: "52998224725" },
      },
      external_reference: "17",
      date_of_expiration: "2026-11-27T12:00:00.000Z",
      notification_url: "https://loja.exemplo.com.br/api/webhook",
    });
  });

  it("gets the same payment back for the same idempotency key", async () => {
    const first = await client().createPixPayment(pixRequest);
    const again = await client().createPixPayment(pixRequest);
    const other = await client().createPixPayment({ ...pixRequest, idempotencyKey: "pedido-18:pix" });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(fake.payments.size).toBe(2);
  });

  it("names a CNPJ payer as such and leaves out a missing notification address", async () => {
    await client().createPixPayment({
      ...pixRequest,
      payer: { name: "Cooperativa", email: "coop@exemplo.com.br", taxId: "11222333000181" },
      notificationUrl: null,
    });
    const body = JSON.parse(fake.requests[0]?.body ?? "");
    expect(body.payer).toEqual({
      email: "coop@exemplo.com.br",
      first_name: "Cooperativa",
      identification: { type: "CNPJ", number: "11222333000181" },
    });
    expect(body).not.toHaveProperty("notification_url");
  });

  it("creates a checkout preference for cards and answers its init point", async () => {
    const preference = await client().createPreference({
      title: "Pedido 1001",
      amountCents: 15870,
      payer: pixRequest.payer,
      externalReference: "17",
      notificationUrl: pixRequest.notificationUrl,
      returnUrl: "https://loja.exemplo.com.br/checkout?pedido=1001",
      idempotencyKey: "pedido-17:card",
    });
    expect(preference.initPoint).toBe(`${fake.url}/checkout/v1/redirect?pref_id=${preference.id}`);
    const request = fake.requests[0];
    expect(request).toMatchObject({ method: "POST", path: "/checkout/preferences", idempotencyKey: "pedido-17:card" });
    expect(JSON.parse(request?.body ?? "")).toMatchObject({
      items: [{ title: "Pedido 1001", quantity: 1, unit_price: 158.7, currency_id: "BRL" }],
      external_reference: "17",
      notification_url: pixRequest.notificationUrl,
      back_urls: { success: "https://loja.exemplo.com.br/checkout?pedido=1001" },
    });
  });

  it("reads a payment as Mercado Pago holds it now, with the confirmed amount", async () => {
    const created = await client().createPixPayment(pixRequest);
    fake.approve(created.id, { amountCents: 100 });
    const payment = await client().getPayment(created.id);
    expect(payment).toMatchObject({ id: created.id, status: "approved", amountCents: 100, externalReference: "17" });
    expect(payment.dateLastUpdated?.getTime()).toBeGreaterThan(created.dateLastUpdated?.getTime() ?? 0);
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/payments/${created.id}` });
  });

  it("fails in Portuguese: a refused token, an unknown payment, a refused request", async () => {
    const refused = await client({ accessToken: "errado" })
      .createPixPayment(pixRequest)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MercadoPagoError);
    expect(refused).toMatchObject({ status: 401, message: "O Mercado Pago recusou o token de acesso da loja." });

    await expect(client().getPayment("999")).rejects.toMatchObject({ status: 404 });
    await expect(
      client().createPixPayment({ ...pixRequest, payer: { ...pixRequest.payer, email: "sem-arroba" } }),
    ).rejects.toThrow("O Mercado Pago recusou a solicitação (HTTP 400): payer.email must be a valid email");
  });

  it("says Mercado Pago cannot be reached when it fails, does not answer in time, or is not there", async () => {
    fake.failing = true;
    await expect(client().getPayment("1")).rejects.toMatchObject({ status: 500, message: MERCADOPAGO_UNREACHABLE });
    fake.failing = false;
    fake.delayMs = 300;
    await expect(client({ timeoutMs: 50 }).getPayment("1")).rejects.toMatchObject({
      status: undefined,
      message: MERCADOPAGO_UNREACHABLE,
    });
    const url = fake.url;
    await fake.close();
    const gone = createMercadoPagoClient({ accessToken: "x", baseUrl: url });
    await expect(gone.getPayment("1")).rejects.toThrow(MERCADOPAGO_UNREACHABLE);
    fake = await startFakeMercadoPago();
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isDomainError } from "../../../common/errors.ts";
import { buildPixCode } from "../../../common/pix/br-code.ts";
import { paymentSettingsSchema } from "../../../common/schemas/payments.ts";
import {
  FAKE_MERCADOPAGO_DEFAULTS,
  type FakeMercadoPago,
  startFakeMercadoPago,
} from "../../../tests/support/fake-mercadopago.ts";
import { verifyMercadoPagoSignature } from "../../adapters/payments/mercadopago-signature.ts";
import { mercadoPagoPayment } from "./mercadopago.ts";
import { type ChargeInput, createPaymentGateway } from "./provider.ts";

const order: ChargeInput = {
  orderId: 17,
  orderNumber: 1001,
  totalCents: 15870,
  description: "Pedido 1001 - Cooperativa Vale Verde",
  payer: { name: "Maria da Silva", email: "maria@exemplo.com.br", taxId: "52998224725" },
  idempotencyKey: "3f1c9a52-8d7e-4b1a-9c55-0e2f7d6b4a10",
  notificationUrl: "https://loja.exemplo.com.br/api/webhook",
  returnUrl: "https://loja.exemplo.com.br/checkout?pedido=1001",
  expiresAt: new Date("2026-11-27T12:00:00Z"),
  offerCard: true,
};

const pix = { key: "12345678909", receiver_name: "Cooperativa Vale Verde", receiver_city: "Campinas" };

describe("the static Pix gateway", () => {
  it("answers the order's BR Code and its QR as SVG", async () => {
    const gateway = createPaymentGateway(paymentSettingsSchema.parse({ provider: "pix", pix }), {});
    expect(gateway.provider).toBe("pix");
    const charge = await gateway.charge(order);
    if (charge.kind !== "pix_static") throw new Error(charge.kind);
    expect(charge.copyPaste).toBe(
      buildPixCode({
        key: "12345678909",
        receiverName: "Cooperativa Vale Verde",
        receiverCity: "Campinas",
        amountCents: 15870,
        txid: "1001",
        initiation: "11",
      }),
    );
    expect(charge.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(charge.qrSvg).toContain("<path");
    expect(charge.qrSvg).not.toContain("<script");
  });

  it("refuses a charge while the shop's Pix is not set up, in Portuguese", async () => {
    const failure = await createPaymentGateway(paymentSettingsSchema.parse({}), {})
      .charge(order)
      .catch((error: unknown) => error);
    expect(isDomainError(failure)).toBe(true);
    expect(failure).toMatchObject({
      kind: "conflict",
      message: "O pagamento por Pix da loja não está configurado: Informe a chave Pix.",
    });
  });
});

describe("the manual gateway", () => {
  it("answers the administrator's instructions", async () => {
    const instructions = "Transferência para o Banco do Brasil, agência 1234-5, conta 67890-1.";
    const gateway = createPaymentGateway(
      paymentSettingsSchema.parse({ provider: "manual", manual: { instructions } }),
      {},
    );
    expect(gateway.provider).toBe("manual");
    expect(await gateway.charge(order)).toEqual({ kind: "manual", instructions });
  });
});

describe("the Mercado Pago gateway", () => {
  let fake: FakeMercadoPago;
  const settings = () =>
    paymentSettingsSchema.parse({
      provider: "mercadopago",
      mercadopago: {
        access_token: FAKE_MERCADOPAGO_DEFAULTS.accessToken,
        webhook_secret: FAKE_MERCADOPAGO_DEFAULTS.webhookSecret,
      },
    });
  const deps = () => ({ mercadoPagoUrl: fake.url });
  const lookUp = (id: string) => mercadoPagoPayment(settings().mercadopago, deps(), id);

  beforeEach(async () => {
    fake = await startFakeMercadoPago();
  });
  afterEach(() => fake.close());

  it("charges a Pix and a card checkout once per order, whatever the retries", async () => {
    const gateway = createPaymentGateway(settings(), deps());
    expect(gateway.provider).toBe("mercadopago");
    const charge = await gateway.charge(order);
    if (charge.kind !== "provider") throw new Error(charge.kind);
    expect(charge).toMatchObject({
      provider: "mercadopago",
      status: "pending",
      amountCents: 15870,
      copyPaste: expect.stringMatching(/^000201/),
      qrPngBase64: expect.any(String),
      ticketUrl: expect.stringContaining(charge.externalId),
      cardCheckoutUrl: expect.stringContaining("/checkout/v1/redirect?pref_id="),
    });
    expect(charge.updatedAt).toBeInstanceOf(Date);
    expect(fake.payments.get(charge.externalId)?.external_reference).toBe("17");
    const [preference] = [...fake.preferences.values()];
    expect(preference?.external_reference).toBe("17");
    expect(preference?.notification_url).toBe(order.notificationUrl);

    const again = await createPaymentGateway(settings(), deps()).charge(order);
    expect(again).toMatchObject({ externalId: charge.externalId, cardCheckoutUrl: charge.cardCheckoutUrl });
    expect(fake.payments.size).toBe(1);
    expect(fake.preferences.size).toBe(1);
  });

  it("offers no card checkout to an order that chose Pix for its discount", async () => {
    const charge = await createPaymentGateway(settings(), deps()).charge({ ...order, offerCard: false });
    expect(charge).toMatchObject({ kind: "provider", amountCents: 15870, cardCheckoutUrl: null });
    expect(fake.payments.size).toBe(1);
    expect(fake.preferences.size).toBe(0);
  });

  it("reads payments from Mercado Pago: approved, for another amount, rejected, by card", async () => {
    const charge = await createPaymentGateway(settings(), deps()).charge(order);
    if (charge.kind !== "provider") throw new Error(charge.kind);
    const pending = await lookUp(charge.externalId);
    expect(pending).toMatchObject({ orderId: 17, status: "pending", approved: false, failed: false });

    fake.approve(charge.externalId, { amountCents: 100 });
    const underpaid = await lookUp(charge.externalId);
    expect(underpaid).toMatchObject({ orderId: 17, status: "approved", approved: true, amountCents: 100 });
    expect(underpaid.updatedAt.getTime()).toBeGreaterThan(pending.updatedAt.getTime());

    fake.reject(charge.externalId);
    expect(await lookUp(charge.externalId)).toMatchObject({ status: "rejected", approved: false, failed: true });

    const [preferenceId = ""] = fake.preferences.keys();
    const card = fake.payByCard(preferenceId);
    expect(await lookUp(String(card.id))).toEqual({
      provider: "mercadopago",
      externalId: String(card.id),
      orderId: 17,
      status: "approved",
      approved: true,
      failed: false,
      amountCents: 15870,
      updatedAt: expect.any(Date),
    });
  });

  it("turns Mercado Pago's failures into refusals with pt-BR messages", async () => {
    await expect(lookUp("404404")).rejects.toMatchObject({
      kind: "not_found",
      message: "O Mercado Pago não encontrou este pagamento.",
    });
    fake.failing = true;
    await expect(createPaymentGateway(settings(), deps()).charge(order)).rejects.toMatchObject({
      kind: "busy",
      message: "Não foi possível falar com o Mercado Pago agora. Tente novamente.",
    });
    fake.failing = false;
    const wrongToken = paymentSettingsSchema.parse({ provider: "mercadopago", mercadopago: { access_token: "x" } });
    await expect(createPaymentGateway(wrongToken, deps()).charge(order)).rejects.toMatchObject({ kind: "conflict" });
  });

  describe("its webhooks, as the fake sends them", () => {
    type Received = { url: URL; signature: string; requestId: string; body: string };
    let receiver: http.Server;
    let received: Received[];
    let receiverUrl: string;

    beforeEach(async () => {
      received = [];
      receiver = http.createServer((incoming, response) => {
        let body = "";
        incoming.on("data", (chunk: Buffer) => {
          body += chunk.toString("utf8");
        });
        incoming.on("end", () => {
          received.push({
            url: new URL(incoming.url ?? "/", "http://127.0.0.1"),
            signature: String(incoming.headers["x-signature"]),
            requestId: String(incoming.headers["x-request-id"]),
            body,
          });
          response.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhook?cliente=loja`;
    });
    afterEach(
      () =>
        new Promise<void>((resolve) => {
          receiver.close(() => resolve());
        }),
    );

    const verify = (notice: Received | undefined, now = Date.now()) =>
      verifyMercadoPagoSignature({
        xSignature: notice?.signature,
        xRequestId: notice?.requestId,
        dataId: notice?.url.searchParams.get("data.id"),
        secret: FAKE_MERCADOPAGO_DEFAULTS.webhookSecret,
        now,
      });

    it("posts data.id and type in the query and a signed body, as Mercado Pago does", async () => {
      const charge = await createPaymentGateway(settings(), deps()).charge(order);
      if (charge.kind !== "provider") throw new Error(charge.kind);
      expect(await fake.notify(receiverUrl, charge.externalId)).toEqual({ status: 200, body: "" });
      const [notice] = received;
      expect(notice?.url.pathname).toBe("/api/webhook");
      expect(Object.fromEntries(notice?.url.searchParams ?? [])).toEqual({
        cliente: "loja",
        "data.id": charge.externalId,
        type: "payment",
      });
      expect(JSON.parse(notice?.body ?? "")).toMatchObject({
        action: "payment.updated",
        type: "payment",
        data: { id: charge.externalId },
      });
      expect(verify(notice).ok).toBe(true);
    });

    it("lets a forged, a replayed and a tampered notice be told apart", async () => {
      await fake.notify(receiverUrl, "1325000001", { forge: true });
      expect(verify(received[0])).toEqual({ ok: false, reason: "mismatch" });

      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      await fake.notify(receiverUrl, "1325000001", { ts: hourAgo, requestId: "4d4c0b1e-replay" });
      expect(verify(received[1])).toEqual({ ok: false, reason: "stale" });
      // The same delivery within the window verifies: telling repeats apart is the order's state, not the signature.
      expect(verify(received[1], hourAgo * 1000).ok).toBe(true);

      await fake.notify(receiverUrl, "1325000001");
      const tampered = received[2];
      if (tampered) tampered.url.searchParams.set("data.id", "1325000002");
      expect(verify(tampered)).toEqual({ ok: false, reason: "mismatch" });
    });
  });
});

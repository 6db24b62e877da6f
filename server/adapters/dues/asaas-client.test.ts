import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { crc16 } from "../../../common/pix/br-code.ts";
import { type FakeAsaas, startFakeAsaas } from "../../../tests/support/fake-asaas.ts";
import { ASAAS_MESSAGES, ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL, createAsaasClient } from "./asaas-client.ts";
import { type DuesCustomer, DuesProviderError, type DuesSubscriptionRequest } from "./dues-provider.ts";

const member: DuesCustomer = {
  name: "Maria da Silva Souza",
  taxId: "52998224725",
  email: "maria@exemplo.com.br",
  externalReference: "socio-17",
};

const dues = (customerId: string, overrides: Partial<DuesSubscriptionRequest> = {}): DuesSubscriptionRequest => ({
  customerId,
  billing: "pix",
  amountCents: 3333,
  nextDueDate: "2031-01-31",
  cycle: "mensal",
  description: "Mensalidade - Associação Vale Verde",
  externalReference: "assinatura-17",
  ...overrides,
});

async function failureOf(work: Promise<unknown>): Promise<DuesProviderError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DuesProviderError)) throw new Error(`expected a DuesProviderError, got ${String(error)}`);
  return error;
}

/** The value of a BR Code's field `id` at the top level (54 is the amount). */
function pixField(code: string, id: string): string | null {
  for (let at = 0; at + 4 <= code.length; ) {
    const length = Number(code.slice(at + 2, at + 4));
    if (code.slice(at, at + 2) === id) return code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return null;
}

/** The association's webhook endpoint: answers each POST with `status`, keeping what it received. */
type Receiver = {
  url: string;
  status: number;
  received: { headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
};

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: "", status: 200, received: [], close: async () => {} };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      receiver.received.push({ headers: request.headers, body });
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/associados/asaas`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

describe("Asaas's client against its local fake", () => {
  let asaas: FakeAsaas;
  const client = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
    createAsaasClient({ apiKey: asaas.apiKey, baseUrl: asaas.url, ...overrides });

  /** A member with her subscription, its first charge made by Asaas at once. */
  async function subscribed(overrides: Partial<DuesSubscriptionRequest> = {}) {
    const customer = await client().createCustomer(member);
    const subscription = await client().createSubscription(dues(customer.id, overrides));
    const [first] = await client().subscriptionCharges(subscription.id);
    if (!first) throw new Error("no first charge");
    return { customerId: customer.id, subscriptionId: subscription.id, first };
  }

  const webhook = (index: number) => {
    const sent = asaas.webhooks.at(index);
    if (!sent) throw new Error(`no webhook ${index}`);
    return { headers: new Headers(sent.headers), body: sent.body };
  };

  beforeAll(async () => {
    asaas = await startFakeAsaas();
  });
  afterEach(() => asaas.reset());
  afterAll(() => asaas.close());

  it("names Asaas's two hosts", () => {
    expect(ASAAS_SANDBOX_URL).toBe("https://api-sandbox.asaas.com");
    expect(ASAAS_PRODUCTION_URL).toBe("https://api.asaas.com");
  });

  it("creates a customer with the documented body, the key in access_token and a User-Agent", async () => {
    const customer = await client().createCustomer(member);
    expect(customer.id).toMatch(/^cus_/);
    expect(asaas.customers.get(customer.id)).toMatchObject({ cpfCnpj: "52998224725", personType: "FISICA" });
    const [request] = asaas.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v3/customers" });
    expect(request?.headers.access_token).toBe(asaas.apiKey);
    expect(request?.headers["user-agent"]).toBe("cms (associados)");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      name: "Maria da Silva Souza",
      cpfCnpj: "52998224725",
      email: "maria@exemplo.com.br",
      externalReference: "socio-17",
    });
  });

  it("sends her new name and e-mail to her customer", async () => {
    const customer = await client().createCustomer(member);
    await client().updateCustomer(customer.id, { name: "Maria Souza Lima", email: "maria.lima@exemplo.com.br" });
    expect(asaas.requests.at(-1)).toMatchObject({ method: "POST", path: `/v3/customers/${customer.id}` });
    expect(JSON.parse(asaas.requests.at(-1)?.body ?? "")).toEqual({
      name: "Maria Souza Lima",
      email: "maria.lima@exemplo.com.br",
    });
    expect(asaas.customers.get(customer.id)).toMatchObject({
      name: "Maria Souza Lima",
      email: "maria.lima@exemplo.com.br",
      cpfCnpj: "52998224725",
    });
    const refused = await failureOf(client().updateCustomer(customer.id, { name: "Maria", email: "sem-arroba" }));
    expect(refused).toMatchObject({ status: 400, message: "O Asaas recusou: O email informado é inválido." });
    await expect(client().updateCustomer("cus_000000999999", member)).rejects.toMatchObject({ status: 404 });
  });

  it("tells Asaas's refusal in its own words, in Portuguese", async () => {
    const refused = await failureOf(client().createCustomer({ ...member, taxId: "123456789" }));
    expect(refused).toMatchObject({ status: 400, message: "O Asaas recusou: O CPF/CNPJ informado é inválido." });

    const both = await failureOf(client().createCustomer({ ...member, taxId: "1", email: "sem-arroba" }));
    expect(both.message).toBe("O Asaas recusou: O CPF/CNPJ informado é inválido. O email informado é inválido.");

    const unknown = await failureOf(client().createSubscription(dues("cus_000000999999")));
    expect(unknown).toMatchObject({ status: 400, message: "O Asaas recusou: O cliente informado não foi encontrado." });
    await expect(client().charge("pay_000000999999")).rejects.toMatchObject({
      status: 404,
      message: ASAAS_MESSAGES.notFound,
    });
  });

  it("subscribes a member: the documented body, and the first charge made at once for nextDueDate", async () => {
    const { customerId, subscriptionId, first } = await subscribed({ cycle: "trimestral", billing: "boleto" });
    expect(subscriptionId).toMatch(/^sub_/);
    const body = JSON.parse(asaas.requests.find((request) => request.path === "/v3/subscriptions")?.body ?? "");
    expect(body).toEqual({
      customer: customerId,
      billingType: "BOLETO",
      value: 33.33,
      nextDueDate: "2031-01-31",
      cycle: "QUARTERLY",
      description: "Mensalidade - Associação Vale Verde",
      externalReference: "assinatura-17",
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^pay_/),
      subscriptionId,
      customerId,
      amountCents: 3333,
      netAmountCents: 3134,
      status: "pending",
      paidAmountCents: 0,
      refundedCents: 0,
      dueDate: "2031-01-31",
      paidOn: null,
      invoiceUrl: expect.stringContaining("/i/"),
      boletoUrl: expect.stringContaining("/b/pdf/"),
      externalReference: "assinatura-17",
    });
    // The next cycle falls on the last day of a shorter month.
    expect(asaas.subscriptions.get(subscriptionId)?.nextDueDate).toBe("2031-04-30");
  });

  it("turns reais into cents and back exactly", async () => {
    const customer = await client().createCustomer(member);
    for (const [amountCents, sent] of [
      [3333, "33.33"],
      [10, "0.1"],
      [123456789, "1234567.89"],
    ] as const) {
      const subscription = await client().createSubscription(dues(customer.id, { amountCents }));
      expect(asaas.requests.at(-1)?.body).toContain(`"value":${sent},`);
      const [charge] = await client().subscriptionCharges(subscription.id);
      expect(charge?.amountCents).toBe(amountCents);
      const pix = await client().pixCode(charge?.id ?? "");
      expect(pixField(pix.payload, "54")).toBe((amountCents / 100).toFixed(2));
    }
  });

  it("reads every page of a subscription's charges", async () => {
    const { subscriptionId } = await subscribed();
    for (const dueDate of ["2031-02-28", "2031-03-31", "2031-04-30", "2031-05-31"])
      await asaas.makeCycleCharge(subscriptionId, dueDate);
    asaas.pageLimit = 2;
    asaas.requests.length = 0;
    const charges = await client().subscriptionCharges(subscriptionId);
    expect(charges.map((charge) => charge.dueDate)).toEqual([
      "2031-01-31",
      "2031-02-28",
      "2031-03-31",
      "2031-04-30",
      "2031-05-31",
    ]);
    expect(asaas.requests.map((request) => request.path)).toEqual([
      `/v3/subscriptions/${subscriptionId}/payments?offset=0&limit=100`,
      `/v3/subscriptions/${subscriptionId}/payments?offset=2&limit=100`,
      `/v3/subscriptions/${subscriptionId}/payments?offset=4&limit=100`,
    ]);
  });

  it("reads a charge paid, paid with another amount, paid in cash, overdue and refunded", async () => {
    const { subscriptionId, first } = await subscribed();
    await asaas.pay(first.id);
    expect(await client().charge(first.id)).toMatchObject({
      status: "paid",
      amountCents: 3333,
      paidAmountCents: 3333,
      netAmountCents: 3134,
      paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const late = await asaas.makeCycleCharge(subscriptionId);
    await asaas.overdue(late.id);
    expect(await client().charge(late.id)).toMatchObject({ status: "overdue", paidAmountCents: 0, paidOn: null });
    await asaas.pay(late.id, { amountCents: 3400 });
    expect(await client().charge(late.id)).toMatchObject({ status: "paid", amountCents: 3333, paidAmountCents: 3400 });

    const cash = await asaas.makeCycleCharge(subscriptionId);
    await asaas.pay(cash.id, { inCash: true });
    expect(await client().charge(cash.id)).toMatchObject({
      status: "paid",
      paidAmountCents: 3333,
      netAmountCents: 3333,
    });

    await asaas.refund(first.id, 1000);
    expect(await client().charge(first.id)).toMatchObject({
      status: "partially_refunded",
      paidAmountCents: 3333,
      refundedCents: 1000,
    });
    await asaas.refund(first.id);
    expect(await client().charge(first.id)).toMatchObject({
      status: "refunded",
      paidAmountCents: 3333,
      refundedCents: 3333,
    });
  });

  it("marks a charge received in cash without notifying her, and removes one; neither once it is paid", async () => {
    const { subscriptionId, first } = await subscribed();
    const received = await client().receiveInCash(first.id, { paidOn: "2031-01-28", amountCents: 3333 });
    expect(asaas.requests.at(-1)).toMatchObject({ method: "POST", path: `/v3/payments/${first.id}/receiveInCash` });
    expect(JSON.parse(asaas.requests.at(-1)?.body ?? "")).toEqual({
      paymentDate: "2031-01-28",
      value: 33.33,
      notifyCustomer: false,
    });
    expect(received).toMatchObject({ id: first.id, status: "paid", paidAmountCents: 3333, paidOn: "2031-01-28" });
    expect(asaas.payments.get(first.id)?.status).toBe("RECEIVED_IN_CASH");
    const again = await failureOf(client().receiveInCash(first.id, { paidOn: "2031-01-28", amountCents: 3333 }));
    expect(again.status).toBe(400);
    await expect(client().deleteCharge(first.id)).rejects.toMatchObject({ status: 400 });

    const waived = await asaas.makeCycleCharge(subscriptionId);
    await client().deleteCharge(waived.id);
    expect(asaas.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v3/payments/${waived.id}` });
    expect(await client().charge(waived.id)).toMatchObject({ status: "deleted" });
    await expect(client().deleteCharge(waived.id)).rejects.toMatchObject({ status: 404 });
    await expect(client().receiveInCash(waived.id, { paidOn: "2031-02-28", amountCents: 3333 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("changes a subscription's amount from its next charge, and its next due day; the charges made keep theirs", async () => {
    const { subscriptionId, first } = await subscribed();
    await client().updateSubscription(subscriptionId, { amountCents: 4590, nextDueDate: "2031-03-10" });
    expect(JSON.parse(asaas.requests.at(-1)?.body ?? "")).toEqual({
      value: 45.9,
      nextDueDate: "2031-03-10",
      updatePendingPayments: false,
    });
    expect(asaas.requests.at(-1)).toMatchObject({ method: "POST", path: `/v3/subscriptions/${subscriptionId}` });
    expect(await client().charge(first.id)).toMatchObject({ amountCents: 3333, status: "pending" });
    expect(asaas.subscriptions.get(subscriptionId)).toMatchObject({ value: 45.9, nextDueDate: "2031-03-10" });
    expect(await asaas.makeCycleCharge(subscriptionId)).toMatchObject({ value: 45.9, dueDate: "2031-03-10" });
  });

  it("charges a due on its own, changes its amount while unpaid, and refuses one already due", async () => {
    const customer = await client().createCustomer(member);
    const charge = await client().createCharge({
      customerId: customer.id,
      billing: "boleto",
      amountCents: 2990,
      dueDate: "2031-02-10",
      description: "Mensalidade de fevereiro de 2031",
      externalReference: "A17P203102",
    });
    expect(JSON.parse(asaas.requests.at(-1)?.body ?? "")).toEqual({
      customer: customer.id,
      billingType: "BOLETO",
      value: 29.9,
      dueDate: "2031-02-10",
      description: "Mensalidade de fevereiro de 2031",
      externalReference: "A17P203102",
    });
    expect(charge).toMatchObject({
      id: expect.stringMatching(/^pay_/),
      subscriptionId: null,
      amountCents: 2990,
      status: "pending",
      dueDate: "2031-02-10",
      boletoUrl: expect.stringContaining("/b/pdf/"),
      externalReference: "A17P203102",
    });
    await client().updateCharge(charge.id, { amountCents: 3100 });
    expect(asaas.requests.at(-1)).toMatchObject({ method: "POST", path: `/v3/payments/${charge.id}` });
    expect(await client().charge(charge.id)).toMatchObject({ amountCents: 3100 });
    await asaas.pay(charge.id);
    await expect(client().updateCharge(charge.id, { amountCents: 3200 })).rejects.toMatchObject({ status: 400 });

    const late = await failureOf(
      client().createCharge({
        customerId: customer.id,
        billing: "pix",
        amountCents: 2990,
        dueDate: "2020-01-10",
        description: "Mensalidade",
        externalReference: "A17P202001",
      }),
    );
    expect(late.message).toBe("O Asaas recusou: A data de vencimento não pode ser anterior à data atual.");
  });

  it("finds what it made by our externalReference, leaving out what was removed", async () => {
    expect(await client().findCustomer(member.externalReference)).toBeNull();
    const { customerId, subscriptionId } = await subscribed();
    expect(await client().findCustomer(member.externalReference)).toEqual({ id: customerId });
    expect(asaas.requests.at(-1)?.path).toBe("/v3/customers?externalReference=socio-17&limit=1");
    expect(await client().findSubscription("assinatura-17")).toEqual({ id: subscriptionId });
    expect(await client().findSubscription("outra")).toBeNull();
    const charge = await client().createCharge({
      customerId,
      billing: "pix",
      amountCents: 1000,
      dueDate: "2031-05-05",
      description: "Mensalidade",
      externalReference: "A17P203105",
    });
    expect(await client().findCharge("A17P203105")).toMatchObject({ id: charge.id, amountCents: 1000 });
    expect(asaas.requests.at(-1)?.path).toBe("/v3/payments?externalReference=A17P203105&limit=10");
    await client().cancelSubscription(subscriptionId);
    expect(await client().findSubscription("assinatura-17")).toBeNull();
    expect(await client().findCharge("nenhuma")).toBeNull();
  });

  it("cancels a subscription: the charges not yet paid are removed, the paid ones stay", async () => {
    const { subscriptionId, first } = await subscribed();
    await asaas.pay(first.id);
    const pending = await asaas.makeCycleCharge(subscriptionId);
    await client().cancelSubscription(subscriptionId);
    expect(asaas.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v3/subscriptions/${subscriptionId}` });
    expect(await client().charge(pending.id)).toMatchObject({ status: "deleted", paidAmountCents: 0 });
    expect((await client().subscriptionCharges(subscriptionId)).map((charge) => charge.id)).toEqual([first.id]);
    await expect(client().cancelSubscription(subscriptionId)).rejects.toMatchObject({ status: 404 });
  });

  it("gives a charge's Pix code: a BR Code for its amount, its QR as a PNG and when it stops paying", async () => {
    const { first } = await subscribed();
    const pix = await client().pixCode(first.id);
    expect(asaas.requests.at(-1)?.path).toBe(`/v3/payments/${first.id}/pixQrCode`);
    expect(pix.payload).toMatch(/^000201/);
    expect(pix.payload.slice(-4)).toBe(crc16(pix.payload.slice(0, -4)));
    expect(pixField(pix.payload, "54")).toBe("33.33");
    expect(Buffer.from(pix.imageBase64, "base64").subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(pix.expiresAt?.toISOString()).toBe("2032-02-01T02:59:59.000Z");

    await asaas.pay(first.id);
    await expect(client().pixCode(first.id)).rejects.toMatchObject({ status: 400 });
  });

  it("says the key was refused when Asaas answers 401", async () => {
    const refused = await failureOf(client({ apiKey: "$aact_errada" }).createCustomer(member));
    expect(refused).toMatchObject({
      status: 401,
      message: "O Asaas recusou a chave de API: confira-a em Configurações > Associados.",
    });
    expect(asaas.customers.size).toBe(0);
  });

  it("says Asaas cannot be reached when it fails, is slow or is not there", async () => {
    asaas.failNext(500);
    await expect(client().charge("pay_1")).rejects.toMatchObject({ status: 500, message: ASAAS_MESSAGES.unreachable });
    asaas.failNext(429);
    await expect(client().charge("pay_1")).rejects.toMatchObject({ status: 429, message: ASAAS_MESSAGES.rateLimited });

    asaas.slowMs = 300;
    const slow = await failureOf(client({ timeoutMs: 50 }).charge("pay_1"));
    expect(slow).toMatchObject({
      status: undefined,
      message: "Não foi possível falar com o Asaas agora. Tente novamente.",
    });

    const nobody = await startFakeAsaas();
    const url = nobody.url;
    await nobody.close();
    const gone = createAsaasClient({ apiKey: "x", baseUrl: url });
    await expect(gone.charge("pay_1")).rejects.toMatchObject({
      status: undefined,
      message: ASAAS_MESSAGES.unreachable,
    });
  });

  it("turns an answer that is not JSON, or not of the documented shape, into an error", async () => {
    const { subscriptionId, first } = await subscribed();
    asaas.failNext(200, "<html><body>Manutenção programada</body></html>");
    await expect(client().charge(first.id)).rejects.toMatchObject({ status: 200, message: ASAAS_MESSAGES.unexpected });

    asaas.failNext(200, JSON.stringify({ ...asaas.payments.get(first.id), value: "33,33" }));
    await expect(client().charge(first.id)).rejects.toMatchObject({ message: ASAAS_MESSAGES.unexpected });

    asaas.failNext(200, JSON.stringify({ ...asaas.payments.get(first.id), status: "SOMETHING_NEW" }));
    await expect(client().charge(first.id)).rejects.toMatchObject({ message: ASAAS_MESSAGES.unexpected });

    asaas.failNext(200, JSON.stringify({ object: "list", hasMore: true, totalCount: 9, data: [] }));
    await expect(client().subscriptionCharges(subscriptionId)).rejects.toMatchObject({
      message: ASAAS_MESSAGES.unexpected,
    });

    asaas.failNext(200, "{}");
    await expect(client().createCustomer(member)).rejects.toBeInstanceOf(DuesProviderError);
  });

  /** The event a webhook's request is, failing the test when it is none. */
  const eventOf = (request: { headers: Headers; body: string }) => {
    const read = client().readWebhook(request, asaas.webhookToken);
    if (read.kind !== "event") throw new Error(`not an event: ${read.kind}`);
    return read.event;
  };

  it("reads a webhook carrying the authToken: its event, when it happened and which charge, nothing more", async () => {
    const { subscriptionId, first } = await subscribed();
    await asaas.pay(first.id);
    const created = eventOf(webhook(0));
    const paid = eventOf(webhook(1));
    expect(created).toEqual({
      eventId: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: "created",
      name: "PAYMENT_CREATED",
      occurredAt: expect.any(Date),
      chargeId: first.id,
    });
    expect(paid).toMatchObject({ type: "paid", name: "PAYMENT_RECEIVED", chargeId: first.id });
    expect(paid.eventId).not.toBe(created.eventId);
    expect(Math.abs((paid.occurredAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5000);
    // The same delivery again is the same event: the caller dedupes by eventId.
    expect(eventOf(webhook(1)).eventId).toBe(paid.eventId);

    await asaas.refund(first.id, 333);
    expect(eventOf(webhook(-1))).toMatchObject({ type: "refunded", name: "PAYMENT_PARTIALLY_REFUNDED" });
    await client().updateSubscription(subscriptionId, { amountCents: 4000 });
    await asaas.makeCycleCharge(subscriptionId);
    await client().cancelSubscription(subscriptionId);
    expect(asaas.webhooks.map((sent) => sent.event).slice(-2)).toEqual(["PAYMENT_CREATED", "PAYMENT_DELETED"]);
    expect(eventOf(webhook(-1))).toMatchObject({ type: "deleted", name: "PAYMENT_DELETED" });
  });

  it("tells a wrong or missing token, a body not of the documented shape, and an event that is not a charge's", async () => {
    const { first } = await subscribed();
    const sent = webhook(0);
    const read = (headers: Headers, body: string, token = asaas.webhookToken) =>
      client().readWebhook({ headers, body }, token).kind;
    expect(read(sent.headers, sent.body, "outro-token")).toBe("unauthorized");
    expect(read(sent.headers, sent.body, "")).toBe("unauthorized");
    expect(read(new Headers(), sent.body)).toBe("unauthorized");
    expect(read(new Headers({ "asaas-access-token": `${asaas.webhookToken}x` }), sent.body)).toBe("unauthorized");
    // The token is asked first: a stranger learns nothing of what a body should be.
    expect(read(new Headers(), "não é JSON")).toBe("unauthorized");

    const subscriptionEvent = JSON.stringify({
      id: "evt_0123",
      event: "SUBSCRIPTION_CREATED",
      dateCreated: "2031-01-02 10:00:00",
      subscription: { id: "sub_1" },
    });
    expect(read(sent.headers, subscriptionEvent)).toBe("ignored");
    expect(read(sent.headers, "não é JSON")).toBe("malformed");
    for (const body of [
      { id: "evt_1", event: "PAYMENT_RECEIVED" },
      { id: "evt_1\u0000", event: "PAYMENT_RECEIVED", payment: { id: first.id } },
      { id: "evt_1", event: "PAYMENT_RECEIVED", payment: { id: "pay_1; drop" } },
      { id: 7, event: "PAYMENT_RECEIVED", payment: { id: first.id } },
      [],
    ])
      expect(read(sent.headers, JSON.stringify(body)), JSON.stringify(body)).toBe("malformed");

    const updated = JSON.stringify({
      id: "evt_0124&368604920",
      event: "PAYMENT_UPDATED",
      dateCreated: "2031-01-02 10:00:00",
      payment: asaas.payments.get(first.id),
    });
    expect(eventOf({ headers: sent.headers, body: updated })).toMatchObject({
      eventId: "evt_0124&368604920",
      type: "other",
      occurredAt: new Date("2031-01-02T13:00:00Z"),
    });
  });

  it("POSTs the events to the webhook that is set, keeping the failed deliveries", async () => {
    const receiver = await startReceiver();
    try {
      asaas.setWebhook(receiver.url);
      const { first } = await subscribed();
      await asaas.flush();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.headers["asaas-access-token"]).toBe(asaas.webhookToken);
      expect(asaas.webhooks[0]).toMatchObject({ event: "PAYMENT_CREATED", url: receiver.url, answered: 200 });

      receiver.status = 500;
      await asaas.pay(first.id);
      expect(asaas.webhooks[1]).toMatchObject({ event: "PAYMENT_RECEIVED", answered: 500 });
      const delivered = receiver.received[1];
      const headers = new Headers({ "asaas-access-token": String(delivered?.headers["asaas-access-token"]) });
      expect(eventOf({ headers, body: delivered?.body ?? "" })).toMatchObject({ type: "paid", chargeId: first.id });

      asaas.setWebhook("http://127.0.0.1:9/nobody");
      await asaas.overdue((await asaas.makeCycleCharge(asaas.payments.get(first.id)?.subscription ?? "")).id);
      expect(asaas.webhooks.slice(-2).map((sent) => sent.answered)).toEqual([0, 0]);
    } finally {
      await receiver.close();
    }
  });
});

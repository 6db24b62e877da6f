import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from "../../../tests/support/fake-melhor-envio.ts";
import type { MelhorEnvioCartInput, MelhorEnvioClient, MelhorEnvioParty } from "./melhor-envio.ts";
import { createMelhorEnvioClient, MELHOR_ENVIO_MESSAGES } from "./melhor-envio-client.ts";

const USER_AGENT = "Cooperativa Vale Verde (contato@valeverde.coop.br)";

const shop: MelhorEnvioParty = {
  name: "Cooperativa Vale Verde",
  phone: "(19) 3232-1000",
  email: "contato@valeverde.coop.br",
  tax_id: "11222333000181",
  address: "Rua das Palmeiras",
  number: "45",
  complement: "",
  district: "Centro",
  city: "Campinas",
  state_abbr: "SP",
  postal_code: "13010-000",
};

const customer: MelhorEnvioParty = {
  name: "Maria da Silva",
  phone: "21987654321",
  email: "maria@exemplo.com.br",
  tax_id: "52998224725",
  address: "Avenida Atlântica",
  number: "1702",
  complement: "apto 301",
  district: "Copacabana",
  city: "Rio de Janeiro",
  state_abbr: "RJ",
  postal_code: "22070-011",
};

const cart = (overrides: Partial<MelhorEnvioCartInput> = {}): MelhorEnvioCartInput => ({
  service_id: 3,
  from: shop,
  to: customer,
  products: [{ name: "Café orgânico 500 g", quantity: 2, unitary_cents: 2590 }],
  volumes: [{ width_cm: 15, height_cm: 10, length_cm: 20, weight_grams: 1100 }],
  insurance_cents: 5180,
  tag: "Pedido 1001",
  tag_url: "https://loja.exemplo.com.br/conta/pedidos/17",
  ...overrides,
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );

describe("createMelhorEnvioClient", () => {
  let fake: FakeMelhorEnvio;
  const client = (overrides: { token?: string; timeoutMs?: number } = {}): MelhorEnvioClient =>
    createMelhorEnvioClient({
      token: fake.token,
      environment: "sandbox",
      baseUrl: fake.url,
      userAgent: USER_AGENT,
      ...overrides,
    });

  beforeEach(async () => {
    fake = await startFakeMelhorEnvio();
  });
  afterEach(() => fake.close());

  it("quotes with the documented request and headers: kilograms, reais, the chosen services", async () => {
    const quotes = await client().quote({
      from_postal_code: "13010-000",
      to_postal_code: "22070011",
      products: [
        {
          id: "1",
          width_cm: 15,
          height_cm: 5,
          length_cm: 20,
          weight_grams: 300,
          insurance_cents: 2590,
          quantity: 2,
        },
      ],
      services: [1, 3, 17],
    });
    expect(quotes).toEqual([
      { service_id: 1, name: "PAC", company: "Correios", price_cents: 2550, delivery_days: 7 },
      { service_id: 3, name: ".Package", company: "Jadlog", price_cents: 2230, delivery_days: 5 },
      { service_id: 17, name: "Mini Envios", company: "Correios", error: "Peso acima do limite do serviço." },
    ]);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: "POST",
      path: "/api/v2/me/shipment/calculate",
      authorization: `Bearer ${fake.token}`,
      userAgent: USER_AGENT,
      accept: "application/json",
      contentType: "application/json",
    });
    expect(request?.body).toEqual({
      from: { postal_code: "13010000" },
      to: { postal_code: "22070011" },
      products: [{ id: "1", width: 15, height: 5, length: 20, weight: 0.3, insurance_value: 25.9, quantity: 2 }],
      services: "1,3,17",
    });
  });

  it("buys a label in its four steps, reads it back and follows its tracking", async () => {
    const me = client();
    const shipment = await me.addToCart(cart());
    expect(shipment).toMatchObject({ status: "pending", price_cents: 2480, protocol: expect.stringMatching(/^ORD-/) });
    expect(fake.requestsTo("POST /api/v2/me/cart")[0]?.body).toEqual({
      service: 3,
      from: {
        name: "Cooperativa Vale Verde",
        phone: "1932321000",
        email: "contato@valeverde.coop.br",
        company_document: "11222333000181",
        address: "Rua das Palmeiras",
        complement: "",
        number: "45",
        district: "Centro",
        city: "Campinas",
        state_abbr: "SP",
        country_id: "BR",
        postal_code: "13010000",
      },
      to: expect.objectContaining({ document: "52998224725", postal_code: "22070011", country_id: "BR" }),
      products: [{ name: "Café orgânico 500 g", quantity: 2, unitary_value: 25.9 }],
      volumes: [{ height: 10, width: 15, length: 20, weight: 1.1 }],
      options: {
        insurance_value: 51.8,
        receipt: false,
        own_hand: false,
        reverse: false,
        non_commercial: true,
        tags: [{ tag: "Pedido 1001", url: "https://loja.exemplo.com.br/conta/pedidos/17" }],
      },
    });

    const { purchase_id } = await me.checkout([shipment.id]);
    expect(purchase_id).toBe(fake.shipments.get(shipment.id)?.purchase_id);
    expect(fake.balanceCents()).toBe(50_000 - 2480);
    expect((await me.balance()).balance_cents).toBe(50_000 - 2480);
    expect((await me.shipment(shipment.id)).status).toBe("released");

    await me.generate([shipment.id]);
    const { url } = await me.print([shipment.id]);
    expect(fake.requestsTo("POST /api/v2/me/shipment/print")[0]?.body).toEqual({
      mode: "private",
      orders: [shipment.id],
    });
    const pdf = await fetch(url);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toMatch(/^%PDF-/);

    fake.deliver(shipment.id);
    const [tracked] = await me.tracking([shipment.id]);
    expect(tracked).toMatchObject({
      id: shipment.id,
      status: "delivered",
      tracking_code: fake.shipments.get(shipment.id)?.tracking,
      tracking_url: `https://www.melhorrastreio.com.br/rastreio/${fake.shipments.get(shipment.id)?.melhorenvio_tracking}`,
    });
    expect(tracked?.events.map((event) => event.status)).toEqual([
      "pending",
      "released",
      "generated",
      "posted",
      "delivered",
    ]);
    expect(tracked?.events.every((event) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/.test(event.at))).toBe(true);
  });

  it("tells a refused token, in Portuguese, from every call", async () => {
    const refused = await failureOf(client({ token: "vencido" }).balance());
    expect(refused).toMatchObject({
      failure: "unauthorized",
      status: 401,
      message: MELHOR_ENVIO_MESSAGES.unauthorized,
    });
    fake.failNext("unauthorized");
    await expect(
      client().quote({ from_postal_code: "13010000", to_postal_code: "22070011", products: [], services: [] }),
    ).rejects.toMatchObject({
      failure: "unauthorized",
    });
  });

  it("names the first field Melhor Envio refused", async () => {
    const refused = await failureOf(client().addToCart(cart({ to: { ...customer, postal_code: "2207" } })));
    expect(refused).toMatchObject({
      failure: "invalid",
      status: 422,
      message: "O campo to.postal code deve ter 8 dígitos (campo to.postal_code).",
    });
    fake.failNext("invalid");
    await expect(client().balance()).rejects.toMatchObject({
      failure: "invalid",
      message: "O CEP de destino não foi encontrado (campo to.postal_code).",
    });
  });

  it("tells a lack of balance at checkout, and a service that stopped serving the route", async () => {
    const me = client();
    const shipment = await me.addToCart(cart());
    fake.setBalance(1000);
    const poor = await failureOf(me.checkout([shipment.id]));
    expect(poor).toMatchObject({
      failure: "insufficient_balance",
      status: 422,
      message: MELHOR_ENVIO_MESSAGES.insufficientBalance,
    });
    expect(fake.shipments.get(shipment.id)?.status).toBe("pending");

    fake.setBalance(50_000);
    fake.stopServing(3);
    await expect(me.checkout([shipment.id])).rejects.toMatchObject({ failure: "service_unavailable" });
    const gone = await failureOf(me.addToCart(cart()));
    expect(gone).toMatchObject({
      failure: "service_unavailable",
      message:
        "O serviço escolhido não atende mais este envio no Melhor Envio: Serviço Jadlog .Package indisponível para o trecho informado (campo service).",
    });
  });

  it("answers not found for a shipment of no one's", async () => {
    await expect(client().shipment("9a1b2c3d")).rejects.toMatchObject({
      failure: "not_found",
      status: 404,
      message: MELHOR_ENVIO_MESSAGES.notFound,
    });
  });

  it("says Melhor Envio is unreachable on a 500, an answer that is not JSON, a timeout or no server", async () => {
    fake.failNext("server_error");
    await expect(client().balance()).rejects.toMatchObject({ failure: "unreachable", status: 500 });
    fake.failNext("unparsable");
    await expect(client().balance()).rejects.toMatchObject({
      failure: "unreachable",
      message: MELHOR_ENVIO_MESSAGES.unexpected,
    });

    fake.setDelay(300);
    const started = Date.now();
    await expect(client({ timeoutMs: 50 }).balance()).rejects.toMatchObject({
      failure: "unreachable",
      status: undefined,
      message: MELHOR_ENVIO_MESSAGES.unreachable,
    });
    await expect(client().balance(AbortSignal.timeout(50))).rejects.toMatchObject({ failure: "unreachable" });
    expect(Date.now() - started).toBeLessThan(250);

    const url = fake.url;
    await fake.close();
    const gone = createMelhorEnvioClient({
      token: "x",
      environment: "production",
      baseUrl: url,
      userAgent: USER_AGENT,
    });
    await expect(gone.balance()).rejects.toMatchObject({ failure: "unreachable" });
    fake = await startFakeMelhorEnvio();
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { melhorEnvioSchema, tableRateSchema } from "../../../../common/schemas/shipping.ts";
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from "../../../../tests/support/fake-melhor-envio.ts";
import { createMelhorEnvioClient } from "../../../adapters/melhor-envio/melhor-envio-client.ts";
import {
  MELHOR_ENVIO_QUOTE_TTL_MS,
  type MelhorEnvioProviderOptions,
  MelhorEnvioQuoteCache,
  melhorEnvioProvider,
  optionName,
  withMargin,
} from "./melhor-envio.ts";
import { quoteShipping } from "./quote.ts";
import { tableRatesProvider } from "./table-rates.ts";
import { quoteItem, quoteRequest, RIO_TABLE_RATE } from "./test-fixtures.ts";

const signal = () => new AbortController().signal;
const CALCULATE = "POST /api/v2/me/shipment/calculate";

describe("melhorEnvioProvider", () => {
  let fake: FakeMelhorEnvio;
  let cache: MelhorEnvioQuoteCache;
  const provider = (settings: Record<string, unknown> = {}, options: Partial<MelhorEnvioProviderOptions> = {}) =>
    melhorEnvioProvider({
      settings: melhorEnvioSchema.parse({ enabled: true, services: [1, 2, 3, 17], ...settings }),
      client: createMelhorEnvioClient({
        token: fake.token,
        environment: "sandbox",
        baseUrl: fake.url,
        userAgent: "Cooperativa (loja@cooperativa.coop.br)",
      }),
      cache,
      settingsVersion: "1",
      ...options,
    });
  const calls = () => fake.requestsTo(CALCULATE).length;

  beforeEach(async () => {
    fake = await startFakeMelhorEnvio();
    cache = new MelhorEnvioQuoteCache();
  });
  afterEach(() => fake.close());

  it("offers the chosen services that answer, named by company and service, and leaves out those with an error", async () => {
    const options = await provider().quote(quoteRequest(), signal());
    expect(options).toEqual([
      { code: "melhorenvio:1", name: "Correios PAC", price_cents: 2550, delivery_days: 7, provider: "melhorenvio" },
      { code: "melhorenvio:2", name: "Correios SEDEX", price_cents: 4490, delivery_days: 2, provider: "melhorenvio" },
      { code: "melhorenvio:3", name: "Jadlog .Package", price_cents: 2230, delivery_days: 5, provider: "melhorenvio" },
      {
        code: "melhorenvio:17",
        name: "Correios Mini Envios",
        price_cents: 1490,
        delivery_days: 9,
        provider: "melhorenvio",
      },
    ]);
    fake.stopServing(3);
    const heavy = quoteRequest({ items: [quoteItem({ weight_grams: 400 })] });
    const served = await provider().quote(heavy, signal());
    expect(served.map((option) => option.code)).toEqual(["melhorenvio:1", "melhorenvio:2"]);
  });

  it("sends each cart line as a product insured for its unit price, rolls by their diameter", async () => {
    await provider().quote(
      quoteRequest({
        items: [
          quoteItem({ quantity: 2, price_cents: 4990 }),
          quoteItem({ format: 2, length_cm: 60.2, diameter_cm: 8, width_cm: 0, height_cm: 0, price_cents: 1500 }),
          quoteItem({ format: 3, height_cm: 0, weight_grams: 0, price_cents: 990 }),
        ],
      }),
      signal(),
    );
    expect(fake.requestsTo(CALCULATE)[0]?.body).toEqual({
      from: { postal_code: "01310100" },
      to: { postal_code: "22070011" },
      products: [
        { id: "1", width: 15, height: 5, length: 20, weight: 0.3, insurance_value: 49.9, quantity: 2 },
        { id: "2", width: 8, height: 8, length: 61, weight: 0.3, insurance_value: 15, quantity: 1 },
        { id: "3", width: 15, height: 1, length: 20, weight: 0.001, insurance_value: 9.9, quantity: 1 },
      ],
      services: "1,2,3,17",
    });
  });

  it("adds the shop's margin, in reais or per cent, and its extra days", async () => {
    const fixed = await provider({ margin: { kind: "fixed", value: 250 }, extra_days: 2 }).quote(
      quoteRequest(),
      signal(),
    );
    expect(fixed.map((option) => [option.code, option.price_cents, option.delivery_days])).toEqual([
      ["melhorenvio:1", 2800, 9],
      ["melhorenvio:2", 4740, 4],
      ["melhorenvio:3", 2480, 7],
      ["melhorenvio:17", 1740, 11],
    ]);
    cache.clear();
    const percent = await provider({ margin: { kind: "percent", value: 10 } }).quote(quoteRequest(), signal());
    expect(percent.map((option) => option.price_cents)).toEqual([2805, 4939, 2453, 1639]);
    expect(withMargin(1005, { kind: "percent", value: 10 })).toBe(1106);
    expect(withMargin(1004, { kind: "percent", value: 10 })).toBe(1104);
  });

  it("names a service once when its name already says the company", () => {
    expect(optionName("Loggi", "Loggi Ponto")).toBe("Loggi Ponto");
    expect(optionName("JeT", "Standard")).toBe("JeT Standard");
    expect(optionName("", ".Package")).toBe(".Package");
  });

  it("answers nothing for a CEP it cannot read, and fails without the shop's origin", async () => {
    expect(await provider().quote(quoteRequest({ destination_cep: "123" }), signal())).toEqual([]);
    await expect(provider().quote(quoteRequest({ origin_cep: "" }), signal())).rejects.toMatchObject({
      failure: "invalid",
      message: "Informe o CEP de origem da loja para cotar no Melhor Envio",
    });
    expect(calls()).toBe(0);
  });

  it("gives up after its own time limit, and the table still answers", async () => {
    fake.setDelay(400);
    const table = tableRatesProvider([tableRateSchema.parse(RIO_TABLE_RATE)]);
    const started = Date.now();
    const result = await quoteShipping([table, provider({}, { timeoutMs: 100 })], quoteRequest());
    expect(Date.now() - started).toBeLessThan(350);
    expect(result).toEqual({
      options: [
        {
          code: "table:entrega-padrao",
          name: "Entrega padrão",
          price_cents: 1990,
          delivery_days: 4,
          provider: "table",
        },
      ],
      unavailable: ["melhorenvio"],
    });
  });

  it("keeps a quote five minutes per request and settings version, and never keeps a failure", async () => {
    let now = 1_000_000;
    const clock = { now: () => now };
    const first = await provider({}, clock).quote(quoteRequest(), signal());
    expect(await provider({}, clock).quote(quoteRequest(), signal())).toEqual(first);
    expect(calls()).toBe(1);

    await provider({}, clock).quote(quoteRequest({ items: [quoteItem({ quantity: 2 })] }), signal());
    await provider({}, clock).quote(quoteRequest({ destination_cep: "30130-010" }), signal());
    await provider({}, { ...clock, settingsVersion: "2" }).quote(quoteRequest(), signal());
    expect(calls()).toBe(4);

    now += MELHOR_ENVIO_QUOTE_TTL_MS;
    await provider({}, clock).quote(quoteRequest(), signal());
    expect(calls()).toBe(5);
    cache.clear();
    fake.failNext("server_error");
    await expect(provider({}, clock).quote(quoteRequest(), signal())).rejects.toMatchObject({ failure: "unreachable" });
    await provider({}, clock).quote(quoteRequest(), signal());
    expect(calls()).toBe(7);
  });
});

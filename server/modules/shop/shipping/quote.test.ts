import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shippingSettingsSchema } from "../../../../common/schemas/shipping.ts";
import {
  FAKE_CORREIOS_CONTRACT,
  type FakeCorreios,
  startFakeCorreios,
} from "../../../../tests/support/fake-correios.ts";
import { startFakeMelhorEnvio } from "../../../../tests/support/fake-melhor-envio.ts";
import { createMelhorEnvioClient } from "../../../adapters/melhor-envio/melhor-envio-client.ts";
import { CorreiosTokenCache } from "./correios.ts";
import { MelhorEnvioQuoteCache } from "./melhor-envio.ts";
import type { ShippingOption, ShippingProvider, ShippingProviderName } from "./provider.ts";
import { providersFor, quoteShipping } from "./quote.ts";
import { quoteRequest, RIO_TABLE_RATE } from "./test-fixtures.ts";

const option = (
  provider: ShippingProviderName,
  name: string,
  price_cents: number,
  delivery_days: number,
): ShippingOption => ({ code: `${provider}:${name}`, name, price_cents, delivery_days, provider });

const answering = (name: ShippingProviderName, options: ShippingOption[]): ShippingProvider => ({
  provider: name,
  quote: async () => options,
});

const failing = (name: ShippingProviderName, error = new Error("fora do ar")): ShippingProvider => ({
  provider: name,
  quote: async () => {
    throw error;
  },
});

/** Never answers by itself: only the signal ends it. */
const hanging = (name: ShippingProviderName): ShippingProvider => ({
  provider: name,
  quote: (_request, signal) =>
    new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
});

describe("quoteShipping", () => {
  it("puts every provider's options together, cheapest first, then fastest, then by name", async () => {
    const result = await quoteShipping(
      [
        answering("table", [option("table", "Padrão", 1500, 5), option("table", "Expressa", 3000, 1)]),
        answering("correios", [option("correios", "SEDEX", 3000, 2), option("correios", "PAC", 1500, 5)]),
        answering("pickup", [option("pickup", "Retirada na loja", 0, 1)]),
      ],
      quoteRequest(),
    );
    expect(result.unavailable).toEqual([]);
    expect(result.options.map((found) => `${found.name} ${found.price_cents} ${found.delivery_days}`)).toEqual([
      "Retirada na loja 0 1",
      "PAC 1500 5",
      "Padrão 1500 5",
      "Expressa 3000 1",
      "SEDEX 3000 2",
    ]);
  });

  it("names a failing provider and keeps the others' options", async () => {
    const onError = vi.fn();
    const error = new Error("Correios fora do ar");
    const result = await quoteShipping(
      [failing("correios", error), answering("table", [option("table", "Padrão", 1500, 5)])],
      quoteRequest(),
      { onError },
    );
    expect(result).toEqual({ options: [option("table", "Padrão", 1500, 5)], unavailable: ["correios"] });
    expect(onError).toHaveBeenCalledWith("correios", error);
  });

  it("treats a provider that throws before returning a promise like one that rejects", async () => {
    const throwing: ShippingProvider = {
      provider: "table",
      quote: () => {
        throw new Error("tabela corrompida");
      },
    };
    const result = await quoteShipping([throwing, answering("pickup", [])], quoteRequest());
    expect(result).toEqual({ options: [], unavailable: ["table"] });
  });

  it("stops waiting at the time limit and reports the late provider unavailable", async () => {
    const started = Date.now();
    const result = await quoteShipping(
      [hanging("correios"), answering("table", [option("table", "Padrão", 1500, 5)])],
      quoteRequest(),
      { timeoutMs: 100 },
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toEqual({ options: [option("table", "Padrão", 1500, 5)], unavailable: ["correios"] });
  });

  it("stops waiting even for a provider that ignores the signal", async () => {
    const deaf: ShippingProvider = { provider: "correios", quote: () => new Promise(() => {}) };
    const result = await quoteShipping([deaf], quoteRequest(), { timeoutMs: 50 });
    expect(result).toEqual({ options: [], unavailable: ["correios"] });
  });
});

describe("providersFor", () => {
  const tableRow = RIO_TABLE_RATE;
  let fake: FakeCorreios;
  beforeAll(async () => {
    fake = await startFakeCorreios();
  });
  afterAll(() => fake.close());

  const correiosOn = () => ({ ...FAKE_CORREIOS_CONTRACT });
  const deps = () => ({ correiosBaseUrl: fake.url, correiosTokens: new CorreiosTokenCache() });

  it("turns nothing on by default", () => {
    expect(providersFor(shippingSettingsSchema.parse({}))).toEqual([]);
  });

  it("offers the table, Correios and pickup together, with the table's cheapest service free", async () => {
    const settings = shippingSettingsSchema.parse({
      table_rates: [tableRow],
      pickup: { enabled: true, address: "Rua Augusta, 1000", delivery_days: 1 },
      free_shipping: { enabled: true, min_subtotal_cents: 10000 },
      correios: correiosOn(),
    });
    const providers = providersFor(settings, deps());
    expect(providers.map((provider) => provider.provider)).toEqual(["table", "correios", "pickup"]);
    const result = await quoteShipping(providers, quoteRequest({ subtotal_cents: 10000 }));
    expect(result.unavailable).toEqual([]);
    expect(result.options.map((found) => [found.code, found.price_cents, found.delivery_days])).toEqual([
      ["pickup", 0, 1],
      ["free:table:entrega-padrao", 0, 4],
      ["correios:04510", 2590, 8],
      ["correios:04014", 4130, 3],
    ]);
  });

  it("makes Correios' cheapest service free when there is no table", async () => {
    const settings = shippingSettingsSchema.parse({
      free_shipping: { enabled: true, min_subtotal_cents: 10000 },
      correios: correiosOn(),
    });
    const providers = providersFor(settings, deps());
    const paid = await quoteShipping(providers, quoteRequest({ subtotal_cents: 9999 }));
    expect(paid.options.map((found) => [found.code, found.price_cents])).toEqual([
      ["correios:04510", 2590],
      ["correios:04014", 4130],
    ]);
    const free = await quoteShipping(providers, quoteRequest({ subtotal_cents: 10000 }));
    expect(free.options.map((found) => [found.code, found.name, found.price_cents, found.provider])).toEqual([
      ["free:correios:04510", "Frete grátis (PAC)", 0, "free"],
      ["correios:04014", "SEDEX", 4130, "correios"],
    ]);
  });

  it("asks Melhor Envio beside the table once it is on and has a client, and never makes its services free", async () => {
    const melhorEnvio = await startFakeMelhorEnvio();
    try {
      const settings = shippingSettingsSchema.parse({
        table_rates: [tableRow],
        free_shipping: { enabled: true, min_subtotal_cents: 0 },
        melhor_envio: { enabled: true, token: melhorEnvio.token, services: [1, 3] },
      });
      expect(providersFor(settings).map((provider) => provider.provider)).toEqual(["table"]);
      const client = createMelhorEnvioClient({
        token: melhorEnvio.token,
        environment: "sandbox",
        baseUrl: melhorEnvio.url,
        userAgent: "Cooperativa (loja@cooperativa.coop.br)",
      });
      const providers = providersFor(settings, {
        melhorEnvio: { client, cache: new MelhorEnvioQuoteCache(), settingsVersion: "1" },
      });
      const result = await quoteShipping(providers, quoteRequest());
      expect(result.options.map((found) => [found.code, found.price_cents])).toEqual([
        ["free:table:entrega-padrao", 0],
        ["melhorenvio:3", 2230],
        ["melhorenvio:1", 2550],
      ]);
    } finally {
      await melhorEnvio.close();
    }
  });

  it("still offers the table and pickup when Correios is down", async () => {
    const settings = shippingSettingsSchema.parse({
      table_rates: [tableRow],
      pickup: { enabled: true, address: "Rua Augusta, 1000" },
      correios: { ...correiosOn(), access_code: "errado" },
    });
    const result = await quoteShipping(providersFor(settings, deps()), quoteRequest());
    expect(result.unavailable).toEqual(["correios"]);
    expect(result.options.map((found) => found.code)).toEqual(["pickup", "table:entrega-padrao"]);
  });
});

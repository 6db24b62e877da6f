import { Buffer } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CorreiosSettings, correiosSchema } from "../../../../common/schemas/shipping.ts";
import {
  brasiliaTime,
  FAKE_CORREIOS_CONTRACT,
  FAKE_CORREIOS_DEFAULTS,
  type FakeCorreios,
  startFakeCorreios,
} from "../../../../tests/support/fake-correios.ts";
import {
  CORREIOS_BASE_URLS,
  CorreiosError,
  type CorreiosProviderOptions,
  CorreiosTokenCache,
  checkCorreiosCredentials,
  correiosProvider,
  TOKEN_RENEWAL_MARGIN_MS,
} from "./correios.ts";
import { quoteShipping } from "./quote.ts";
import { quoteItem, quoteRequest } from "./test-fixtures.ts";

const settingsWith = (overrides: Record<string, unknown> = {}): CorreiosSettings =>
  correiosSchema.parse({ ...FAKE_CORREIOS_CONTRACT, ...overrides });

const signal = () => new AbortController().signal;

/** Two 300 g boxes of 20 x 15 x 5 cm at R$ 50,00 each, from Avenida Paulista to Copacabana. */
const request = quoteRequest({ items: [quoteItem({ quantity: 2 })], subtotal_cents: 10000 });

describe("correiosProvider", () => {
  let fake: FakeCorreios;
  let tokens: CorreiosTokenCache;
  const provider = (options: Partial<CorreiosProviderOptions> = {}) =>
    correiosProvider({ settings: settingsWith(), tokens, baseUrl: fake.url, timeoutMs: 1000, ...options });
  const priceRequests = () => fake.requests.filter((received) => received.path.startsWith("/preco/"));

  beforeEach(async () => {
    fake = await startFakeCorreios();
    tokens = new CorreiosTokenCache();
  });
  afterEach(() => fake.close());

  it("quotes each service's price and deadline with the documented requests", async () => {
    const correios = provider();
    expect(correios.provider).toBe("correios");
    expect(await correios.quote(request, signal())).toEqual([
      { code: "correios:04510", name: "PAC", price_cents: 2590, delivery_days: 8, provider: "correios" },
      { code: "correios:04014", name: "SEDEX", price_cents: 4130, delivery_days: 3, provider: "correios" },
    ]);

    const [token, ...calls] = fake.requests;
    expect(token).toEqual({
      method: "POST",
      path: "/token/v1/autentica/cartaopostagem",
      query: {},
      authorization: `Basic ${Buffer.from("loja-teste:codigo-de-acesso").toString("base64")}`,
      body: JSON.stringify({ numero: "0067599079" }),
    });
    // One token for every service, although they are asked in parallel.
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      "GET /prazo/v1/nacional/04014",
      "GET /prazo/v1/nacional/04510",
      "GET /preco/v1/nacional/04014",
      "GET /preco/v1/nacional/04510",
    ]);
    for (const call of calls) expect(call.authorization).toBe("Bearer token-1");
    const price = calls.find((call) => call.path === "/preco/v1/nacional/04510");
    expect(price?.query).toEqual({
      cepOrigem: "01310100",
      cepDestino: "22070011",
      psObjeto: "600",
      tpObjeto: "2",
      comprimento: "20",
      largura: "15",
      altura: "10",
      vlDeclarado: "100.00",
      // The posting card's contract and DR, as the token named them.
      nuContrato: "9912208555",
      nuDR: "20",
    });
    const deadline = calls.find((call) => call.path === "/prazo/v1/nacional/04510");
    expect(deadline?.query).toEqual({ cepOrigem: "01310100", cepDestino: "22070011" });
  });

  it("sends the contract and DR of the settings when they give them, and the envelope's object type", async () => {
    const correios = provider({ settings: settingsWith({ contract: "1234567890", dr: "72" }) });
    await correios.quote(quoteRequest({ items: [quoteItem({ format: 3, height_cm: 0 })] }), signal());
    expect(priceRequests()[0]?.query).toMatchObject({
      tpObjeto: "1",
      nuContrato: "1234567890",
      nuDR: "72",
      comprimento: "20",
      largura: "15",
      altura: "2",
      vlDeclarado: "50.00",
    });
  });

  it("reads prices with thousands and a decimal comma exactly", async () => {
    await fake.close();
    fake = await startFakeCorreios({ prices: { "04510": "1.234,56", "04014": "0,07" } });
    const options = await provider().quote(request, signal());
    expect(options.map((option) => option.price_cents)).toEqual([123456, 7]);
  });

  it("keeps the token for later quotes until shortly before it expires", async () => {
    let now = Date.now();
    const correios = provider({ now: () => now });
    await correios.quote(request, signal());
    await correios.quote(request, signal());
    expect(fake.tokenRequests()).toBe(1);

    // The token expires in an hour: 56 minutes later it is within the margin and is renewed.
    now += 60 * 60_000 - TOKEN_RENEWAL_MARGIN_MS + 60_000;
    await correios.quote(request, signal());
    expect(fake.tokenRequests()).toBe(2);
    expect(priceRequests().at(-1)?.authorization).toBe("Bearer token-2");
  });

  it("shares the token between providers built on the same cache", async () => {
    await provider().quote(request, signal());
    await provider().quote(request, signal());
    expect(fake.tokenRequests()).toBe(1);
  });

  it("does not keep a token that expires within the margin", async () => {
    fake.tokenExpiry = () => brasiliaTime(Date.now() + 60_000);
    const correios = provider();
    expect(await correios.quote(request, signal())).toHaveLength(2);
    await correios.quote(request, signal());
    expect(fake.tokenRequests()).toBe(2);
  });

  it("renews a token the API stopped accepting (401) and retries", async () => {
    const correios = provider();
    await correios.quote(request, signal());
    fake.expireTokens();
    const options = await correios.quote(request, signal());
    expect(options.map((option) => option.price_cents)).toEqual([2590, 4130]);
    // Four calls were refused at once: one renewal served them all.
    expect(fake.tokenRequests()).toBe(2);
    expect(priceRequests().filter((call) => call.authorization === "Bearer token-2")).toHaveLength(2);
  });

  it("fails on refused credentials without asking for prices", async () => {
    const correios = provider({ settings: settingsWith({ access_code: "errado" }) });
    const failure = await correios.quote(request, signal()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CorreiosError);
    expect(failure).toMatchObject({
      status: 401,
      refused: false,
      message:
        "Os Correios recusaram o usuário, o código de acesso ou o cartão de postagem: Usuário ou senha inválidos.",
    });
    expect(priceRequests()).toEqual([]);
    // A refused token is not kept: the next quote asks again.
    await correios.quote(request, signal()).catch(() => null);
    expect(fake.tokenRequests()).toBe(2);
  });

  it("fails with the API's message when it refuses the CEP for every service", async () => {
    fake.refusedCeps.add("22070011");
    const failure = await provider()
      .quote(request, signal())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CorreiosError);
    expect(failure).toMatchObject({
      status: 400,
      refused: true,
      message: "Os Correios responderam HTTP 400: PRC-124: CEP de destino 22070011 inválido.",
    });
  });

  it("leaves out a service that does not serve the destination", async () => {
    const correios = provider({
      settings: settingsWith({
        services: [
          { code: "04510", name: "PAC" },
          { code: "04790", name: "SEDEX 10" },
        ],
      }),
    });
    const options = await correios.quote(request, signal());
    expect(options.map((option) => option.code)).toEqual(["correios:04510"]);
  });

  it("leaves out a service whose price fails with a 500, and fails when every one does", async () => {
    fake.failingServices.add("04510");
    expect((await provider().quote(request, signal())).map((option) => option.code)).toEqual(["correios:04014"]);
    fake.failingServices.add("04014");
    await expect(provider().quote(request, signal())).rejects.toThrow(
      "Os Correios responderam HTTP 500: Erro interno do servidor.",
    );
  });

  it("refuses an answer that is not the documented one", async () => {
    await fake.close();
    fake = await startFakeCorreios({ prices: { "04510": "12.71", "04014": "doze reais" } });
    await expect(provider().quote(request, signal())).rejects.toThrow(
      "Os Correios responderam o preço em formato inesperado",
    );
  });

  it("gives up after its time limit", async () => {
    fake.delayMs = 2000;
    const started = Date.now();
    await expect(provider({ timeoutMs: 150 }).quote(request, signal())).rejects.toThrow(
      "Os Correios não responderam em 150 ms",
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("gives up when the caller's signal aborts, and quoteShipping reports it unavailable", async () => {
    fake.delayMs = 2000;
    const started = Date.now();
    const result = await quoteShipping([provider({ timeoutMs: 5000 })], request, { timeoutMs: 150 });
    expect(result).toEqual({ options: [], unavailable: ["correios"] });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("asks nothing for a destination CEP of no state, and needs the shop's CEP", async () => {
    expect(await provider().quote(quoteRequest({ destination_cep: "123" }), signal())).toEqual([]);
    await expect(provider().quote(quoteRequest({ origin_cep: "" }), signal())).rejects.toThrow(
      "Informe o CEP de origem da loja para cotar nos Correios",
    );
    expect(fake.requests).toEqual([]);
  });

  it("talks to the environment's host over https unless told otherwise", async () => {
    const addresses: string[] = [];
    const offline: typeof fetch = async (input) => {
      addresses.push(String(input));
      throw new TypeError("sem rede nos testes");
    };
    expect(CORREIOS_BASE_URLS).toEqual({
      production: "https://api.correios.com.br",
      staging: "https://apihom.correios.com.br",
    });
    for (const environment of ["staging", "production"] as const) {
      const correios = correiosProvider({ settings: settingsWith({ environment }), tokens, fetch: offline });
      await expect(correios.quote(request, signal())).rejects.toThrow("sem rede nos testes");
    }
    expect(addresses).toEqual([
      "https://apihom.correios.com.br/token/v1/autentica/cartaopostagem",
      "https://api.correios.com.br/token/v1/autentica/cartaopostagem",
    ]);
  });
});

describe("checkCorreiosCredentials (a save's and “Testar conexão”'s check)", () => {
  let fake: FakeCorreios;
  const check = (overrides: Record<string, unknown> = {}, timeoutMs = 1000) =>
    checkCorreiosCredentials({ settings: settingsWith(overrides), baseUrl: fake.url, timeoutMs });

  beforeEach(async () => {
    fake = await startFakeCorreios();
  });
  afterEach(() => fake.close());

  it("asks for a new token each time and answers the contract and DR the token names", async () => {
    expect(await check()).toEqual({ contract: FAKE_CORREIOS_DEFAULTS.contract, dr: FAKE_CORREIOS_DEFAULTS.dr });
    expect(await check()).toEqual({ contract: FAKE_CORREIOS_DEFAULTS.contract, dr: FAKE_CORREIOS_DEFAULTS.dr });
    expect(fake.tokenRequests()).toBe(2);
  });

  it("fails with the 401 on refused credentials, and without status when the API is down or late", async () => {
    const refused = await check({ access_code: "errado" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CorreiosError);
    expect(refused).toMatchObject({ status: 401 });
    const card = await check({ posting_card: "0099999999" }).catch((error: unknown) => error);
    expect(card).toMatchObject({ status: 401 });

    fake.tokenStatus = 503;
    const down = await check().catch((error: unknown) => error);
    expect(down).toBeInstanceOf(CorreiosError);
    expect(down).toMatchObject({ status: undefined, message: expect.stringContaining("HTTP 503") });

    fake.tokenStatus = null;
    fake.delayMs = 2000;
    const started = Date.now();
    const late = await check({}, 150).catch((error: unknown) => error);
    expect(late).toMatchObject({ status: undefined, message: "Os Correios não responderam em 150 ms" });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

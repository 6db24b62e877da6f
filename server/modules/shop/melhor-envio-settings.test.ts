import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { ProductView } from "../../../common/views/products.ts";
import type { ShippingQuoteView, ShopSettingsView } from "../../../common/views/shop.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { FAKE_MELHOR_ENVIO_DEFAULTS, startFakeMelhorEnvio } from "../../../tests/support/fake-melhor-envio.ts";
import {
  COFFEE,
  createProduct,
  quoteShipping,
  SAO_PAULO_TABLE_RATE,
  switchShopFeature,
} from "../../../tests/support/shop-fixture.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";
import { INCIDENT_FAILURES } from "./carrier-health.ts";

const env: Record<string, string> = {};
const melhorEnvio = withFakeServer(startFakeMelhorEnvio, env, "MELHOR_ENVIO_URL");

const t = withTestApp({ env });

type ErrorBody = { message: string; errors?: Record<string, string[]> };

const CALCULATE = "POST /api/v2/me/shipment/calculate";

let token = "";
let coffee: ProductView;

/**
 * Table rates to SP and Melhor Envio's PAC, SEDEX and .Package with R$ 1,00 and a day on top. The test site
 * has no public e-mail: Melhor Envio's User-Agent names the shop's.
 */
const shop = (melhorEnvioOverrides: Record<string, unknown> = {}) => ({
  legal_name: "Cooperativa Vale Verde",
  origin_postal_code: "13010-000",
  notifications: { email: "loja@valeverde.coop.br" },
  shipping: {
    table_rates: [SAO_PAULO_TABLE_RATE],
    melhor_envio: {
      enabled: true,
      environment: "sandbox",
      token: melhorEnvio().token,
      services: [1, 2, 3],
      margin: { kind: "fixed", value: 100 },
      extra_days: 1,
      ...melhorEnvioOverrides,
    },
  },
});

const save = (body: unknown) => t.request("PUT", "/api/shop/settings", { token, body });

const quote = (quantity = 1) => quoteShipping(t, coffee, quantity);

beforeEach(async () => {
  melhorEnvio().requests.length = 0;
  melhorEnvio().setDelay(0);
  token = await t.setupSite();
  await switchShopFeature(t, token);
  coffee = await createProduct(t, token, COFFEE);
});

describe("Melhor Envio in the shop's settings", () => {
  it("keeps the token write-only: never sent back, kept when the field comes empty", async () => {
    const saved = await save(shop());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = saved.json<ShopSettingsView>().shipping.melhor_envio;
    expect(view).toEqual({
      enabled: true,
      environment: "sandbox",
      token: "",
      token_set: true,
      services: [1, 2, 3],
      margin: { kind: "fixed", value: 100 },
      extra_days: 1,
    });
    const read = await t.request("GET", "/api/shop/settings", { token });
    expect(JSON.stringify(read.body)).not.toContain(melhorEnvio().token);
    expect(JSON.stringify(saved.body)).not.toContain(melhorEnvio().token);

    const kept = await save(shop({ token: "" }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.json<ShopSettingsView>().shipping.melhor_envio.token_set).toBe(true);
    expect((await quote()).json<ShippingQuoteView>().unavailable).toEqual([]);
    expect(melhorEnvio().requestsTo(CALCULATE)[0]?.authorization).toBe(`Bearer ${melhorEnvio().token}`);

    const off = await save(shop({ enabled: false, token: "" }));
    expect(off.json<ShopSettingsView>().shipping.melhor_envio).toMatchObject({ enabled: false, token_set: true });
  });

  it("asks for the token, a service and the origin CEP when it is turned on, in Portuguese", async () => {
    const noToken = await save(shop({ token: "" }));
    expect(noToken.status).toBe(400);
    expect(noToken.json<ErrorBody>().errors?.["shipping.melhor_envio.token"]).toEqual([
      "Informe o token do Melhor Envio",
    ]);

    const noService = await save(shop({ services: [] }));
    expect(noService.json<ErrorBody>().errors?.["shipping.melhor_envio.services"]).toEqual([
      "Escolha ao menos um serviço",
    ]);
    const noOrigin = await save({ ...shop(), origin_postal_code: "" });
    expect(noOrigin.json<ErrorBody>().errors?.origin_postal_code).toEqual([
      "Informe o CEP de origem para cotar com o Melhor Envio",
    ]);
    const customer = await t.createUser("user", token);
    expect((await t.request("PUT", "/api/shop/settings", { token: customer.token, body: shop() })).status).toBe(403);
  });
});

describe("Melhor Envio's quotes", () => {
  it("come beside the table rates, cheapest first, with the shop's margin and extra days", async () => {
    expect((await save(shop())).status).toBe(200);
    const answer = await quote();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const view = answer.json<ShippingQuoteView>();
    expect(view.unavailable).toEqual([]);
    expect(view.options.map((option) => [option.code, option.name, option.price_cents, option.delivery_days])).toEqual([
      ["table:entrega-padrao", "Entrega padrão", 1290, 3],
      ["melhorenvio:3", "Jadlog .Package", 2330, 6],
      ["melhorenvio:1", "Correios PAC", 2650, 8],
      ["melhorenvio:2", "Correios SEDEX", 4590, 3],
    ]);
    const [sent] = melhorEnvio().requestsTo(CALCULATE);
    expect(sent?.userAgent).toBe("Cooperativa Teste (loja@valeverde.coop.br)");
    expect(sent?.body).toMatchObject({
      from: { postal_code: "13010000" },
      to: { postal_code: "01310100" },
      products: [{ id: "1", width: 15, height: 10, length: 20, weight: 0.5, insurance_value: 25.9, quantity: 1 }],
      services: "1,2,3",
    });
  });

  it("answer a repeat quote of the same cart from the cache, and ask again after a settings change", async () => {
    expect((await save(shop())).status).toBe(200);
    const first = (await quote()).json<ShippingQuoteView>();
    const started = performance.now();
    const again = (await quote()).json<ShippingQuoteView>();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(again).toEqual(first);
    expect(melhorEnvio().requestsTo(CALCULATE)).toHaveLength(1);

    await quote(2);
    expect(melhorEnvio().requestsTo(CALCULATE)).toHaveLength(2);

    expect((await save(shop({ margin: { kind: "percent", value: 10 } }))).status).toBe(200);
    const changed = (await quote()).json<ShippingQuoteView>();
    expect(melhorEnvio().requestsTo(CALCULATE)).toHaveLength(3);
    expect(changed.options.find((option) => option.code === "melhorenvio:1")?.price_cents).toBe(2805);
  });

  it("name Melhor Envio unavailable when it fails or refuses the token, and keep the table's options", async () => {
    expect((await save(shop())).status).toBe(200);
    melhorEnvio().failNext("server_error");
    const failed = (await quote()).json<ShippingQuoteView>();
    expect(failed.unavailable).toEqual(["melhorenvio"]);
    expect(failed.options.map((option) => option.code)).toEqual(["table:entrega-padrao"]);

    melhorEnvio().failNext("unauthorized");
    expect((await quote(3)).json<ShippingQuoteView>().unavailable).toEqual(["melhorenvio"]);
    expect((await quote()).json<ShippingQuoteView>().unavailable).toEqual([]);
  });
});

describe("the labels' Melhor Envio client", () => {
  it("is none while Melhor Envio is off, and names the site and an e-mail to reach it once it is on", async () => {
    expect(await t.services.shop.melhorEnvio()).toBeNull();
    expect((await save(shop({ enabled: false }))).status).toBe(200);
    expect(await t.services.shop.melhorEnvio()).toBeNull();
    expect((await save(shop())).status).toBe(200);
    const client = await t.services.shop.melhorEnvio();
    expect((await client?.balance())?.balance_cents).toBe(melhorEnvio().balanceCents());
    expect(melhorEnvio().requestsTo("GET /api/v2/me/balance")[0]).toMatchObject({
      authorization: `Bearer ${melhorEnvio().token}`,
      userAgent: "Cooperativa Teste (loja@valeverde.coop.br)",
    });
  });
});

describe("a Melhor Envio that fails (issue 33)", () => {
  const carrierMails = () =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "owner-carrier-failing"))
      .orderBy(asc(mailOutbox.id));
  const failures = async () =>
    (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>().carrier_failures;

  beforeEach(() => melhorEnvio().setToken(FAKE_MELHOR_ENVIO_DEFAULTS.token));

  it("refuses a token Melhor Envio refuses on save, with the field's message, and saves nothing", async () => {
    const refused = await save(shop({ token: "token-colado-pela-metade" }));
    expect(refused.status).toBe(400);
    expect(refused.json<ErrorBody>().errors?.["shipping.melhor_envio.token"]).toEqual([
      "O Melhor Envio recusou este token: confira se ele foi copiado inteiro, do ambiente escolhido (sandbox ou produção), com as permissões de cotação e de envio",
    ]);
    const stored = (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>();
    expect(stored.legal_name).toBe("");
    expect(stored.shipping.melhor_envio).toMatchObject({ enabled: false, token_set: false });
    // The save asked with the typed token, once.
    expect(
      melhorEnvio()
        .requestsTo("GET /api/v2/me/balance")
        .map((request) => request.authorization),
    ).toEqual(["Bearer token-colado-pela-metade"]);
  });

  it("saves when Melhor Envio does not answer the check, and says so in the answer", async () => {
    melhorEnvio().failNext("server_error");
    const saved = await save(shop());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.json<ShopSettingsView>().shipping.melhor_envio.token_set).toBe(true);
    expect(saved.json<ShopSettingsView>().carrier_failures).toEqual([
      expect.objectContaining({ provider: "melhorenvio", label: "Melhor Envio", failures: 1, incident: false }),
    ]);
    // Saving again with the token kept asks nothing more; a working quote ends the failures.
    expect((await save(shop({ token: "" }))).status).toBe(200);
    expect((await quote()).json<ShippingQuoteView>().unavailable).toEqual([]);
    expect(await failures()).toEqual([]);
  });

  it(`is an incident after ${INCIDENT_FAILURES} failed quotes in a row: one e-mail, shown until a quote succeeds`, async () => {
    expect((await save(shop())).status).toBe(200);
    melhorEnvio().failNext("server_error", INCIDENT_FAILURES - 1);
    for (let i = 1; i < INCIDENT_FAILURES; i++) await quote(i);
    expect(await failures()).toEqual([expect.objectContaining({ failures: INCIDENT_FAILURES - 1, incident: false })]);
    expect(await carrierMails()).toEqual([]);
    // Quotes at once (several processes would do the same): each failure counts, one e-mail goes.
    melhorEnvio().failNext("server_error", 4);
    await Promise.all([1, 2, 3, 4].map((quantity) => quote(quantity)));
    expect(await failures()).toEqual([expect.objectContaining({ failures: INCIDENT_FAILURES + 3, incident: true })]);
    const [mail, ...more] = await carrierMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: "loja@valeverde.coop.br", subject: "Frete pelo Melhor Envio fora do ar na loja" });
    expect(mail?.text).toContain("Melhor Envio indisponível no momento");

    expect((await quote()).json<ShippingQuoteView>().unavailable).toEqual([]);
    expect(await failures()).toEqual([]);
    // A new run of failures is a new incident, with its own e-mail.
    melhorEnvio().failNext("server_error", INCIDENT_FAILURES);
    for (let i = 1; i <= INCIDENT_FAILURES; i++) await quote(i + 10);
    expect(await carrierMails()).toHaveLength(2);
  });

  it("is an incident at once when the stored token stops working; “Testar conexão” says why, then that it works", async () => {
    expect((await save(shop())).status).toBe(200);
    melhorEnvio().setToken("token-novo-do-painel");
    expect((await quote()).json<ShippingQuoteView>().unavailable).toEqual(["melhorenvio"]);
    expect(await failures()).toEqual([
      expect.objectContaining({
        failures: 1,
        incident: true,
        message: "O Melhor Envio recusou o token salvo: gere um novo no painel do Melhor Envio e salve-o na Loja.",
      }),
    ]);
    expect(await carrierMails()).toHaveLength(1);
    const admin = await t.services.auth.userForToken(token);
    expect((await t.services.shop.carrierIncidents(admin)).map((failure) => failure.provider)).toEqual(["melhorenvio"]);

    const test = () => t.request("POST", "/api/shop/melhor-envio/test", { token });
    const failing = await test();
    expect(failing.status).toBe(200);
    expectDocumented("post", "/api/shop/melhor-envio/test", failing);
    expect(failing.json()).toEqual({
      ok: false,
      message: "O Melhor Envio recusou o token salvo: gere um novo no painel do Melhor Envio e salve-o na Loja.",
    });
    melhorEnvio().setToken(FAKE_MELHOR_ENVIO_DEFAULTS.token);
    expect((await test()).json()).toEqual({
      ok: true,
      message: "Conexão com o Melhor Envio funcionando: saldo de R$ 500,00.",
    });
    expect(await failures()).toEqual([]);
    expect(await t.services.shop.carrierIncidents(admin)).toEqual([]);
    expect(await carrierMails()).toHaveLength(1);
  });

  it("tests the connection for administrators only, once Melhor Envio is on", async () => {
    const off = await t.request("POST", "/api/shop/melhor-envio/test", { token });
    expect(off.status).toBe(400);
    expect(off.json<ErrorBody>().message).toBe("Ative o Melhor Envio e salve o token antes de testar a conexão.");
    const customer = await t.createUser("user", token);
    expect((await t.request("POST", "/api/shop/melhor-envio/test", { token: customer.token })).status).toBe(403);
    expect((await t.request("POST", "/api/shop/melhor-envio/test")).status).toBe(401);
  });
});

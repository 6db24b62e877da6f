import { Buffer } from "node:buffer";
import { beforeEach, describe, expect, it } from "vitest";
import type { ProductView } from "../../../common/views/products.ts";
import type { ShippingQuoteView, ShopSettingsView } from "../../../common/views/shop.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import {
  FAKE_CORREIOS_CONTRACT,
  FAKE_CORREIOS_DEFAULTS,
  startFakeCorreios,
} from "../../../tests/support/fake-correios.ts";
import { COFFEE, createProduct, quoteShipping, switchShopFeature } from "../../../tests/support/shop-fixture.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";

// Issue 33: a Correios contract saved with a wrong access code used to fail in silence (buyers just never
// saw a Correios quote).
const env: Record<string, string> = {};
const correios = withFakeServer(startFakeCorreios, env, "CORREIOS_URL");

const t = withTestApp({ env });

type ErrorBody = { message: string; errors?: Record<string, string[]> };

const REFUSED_ON_SAVE =
  "Os Correios recusaram estas credenciais: confira o usuário do Meu Correios, o código de acesso à API (gerado no portal dos Correios) e o cartão de postagem, no ambiente escolhido (produção ou homologação)";
const REFUSED_STORED =
  "Os Correios recusaram o usuário, o código de acesso ou o cartão de postagem: confira-os na Loja.";

let token = "";
let coffee: ProductView;

/** The shop quoting only by the Correios contract the fake knows, PAC and SEDEX. */
const shop = (correiosOverrides: Record<string, unknown> = {}) => ({
  legal_name: "Cooperativa Vale Verde",
  origin_postal_code: "13010-000",
  shipping: {
    correios: { ...FAKE_CORREIOS_CONTRACT, environment: "production", ...correiosOverrides },
  },
});

const save = (body: unknown) => t.request("PUT", "/api/shop/settings", { token, body });
const stored = async () => (await t.request("GET", "/api/shop/settings", { token })).json<ShopSettingsView>();
const testConnection = (as = token) => t.request("POST", "/api/shop/correios/test", { token: as });
const basic = (accessCode: string) =>
  `Basic ${Buffer.from(`${FAKE_CORREIOS_DEFAULTS.user}:${accessCode}`).toString("base64")}`;
const tokenAuthorizations = () =>
  correios()
    .requests.filter((request) => request.path.startsWith("/token/"))
    .map((request) => request.authorization);

const quote = (quantity = 1) => quoteShipping(t, coffee, quantity);

beforeEach(async () => {
  correios().requests.length = 0;
  correios().tokenStatus = null;
  correios().setAccessCode(FAKE_CORREIOS_DEFAULTS.accessCode);
  token = await t.setupSite();
  await switchShopFeature(t, token);
  coffee = await createProduct(t, token, COFFEE);
});

describe("the Correios contract on save (issue 33)", () => {
  it("refuses credentials the Correios refuse, beside the access code, in Portuguese, and saves nothing", async () => {
    const refused = await save(shop({ access_code: "codigo-copiado-pela-metade" }));
    expect(refused.status).toBe(400);
    expect(refused.json<ErrorBody>()).toEqual({
      message: REFUSED_ON_SAVE,
      errors: { "shipping.correios.access_code": [REFUSED_ON_SAVE] },
    });
    const view = await stored();
    expect(view.legal_name).toBe("");
    expect(view.shipping.correios).toMatchObject({ enabled: false, access_code_set: false });
    // The save asked once, with what was typed.
    expect(tokenAuthorizations()).toEqual([basic("codigo-copiado-pela-metade")]);
  });

  it("takes credentials the Correios take, and asks again only when they change", async () => {
    const saved = await save(shop());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.json<ShopSettingsView>().shipping.correios.access_code_set).toBe(true);
    expect(saved.json<ShopSettingsView>().carrier_failures).toEqual([]);
    expect(tokenAuthorizations()).toEqual([basic(FAKE_CORREIOS_DEFAULTS.accessCode)]);

    // The stored code kept and nothing of the credentials changed: nothing asked.
    expect((await save(shop({ access_code: "", contract: "9912208555" }))).status).toBe(200);
    expect(tokenAuthorizations()).toHaveLength(1);

    // A posting card changed is asked with the stored code, and refused here.
    const otherCard = await save(shop({ access_code: "", posting_card: "0099999999" }));
    expect(otherCard.status).toBe(400);
    expect(otherCard.json<ErrorBody>().errors?.["shipping.correios.access_code"]).toEqual([REFUSED_ON_SAVE]);
    expect(tokenAuthorizations()).toEqual([
      basic(FAKE_CORREIOS_DEFAULTS.accessCode),
      basic(FAKE_CORREIOS_DEFAULTS.accessCode),
    ]);
    expect((await stored()).shipping.correios.posting_card).toBe(FAKE_CORREIOS_DEFAULTS.postingCard);

    // Switched off, nothing is asked, and the code stays stored.
    const off = await save(shop({ enabled: false, access_code: "codigo-qualquer" }));
    expect(off.status).toBe(200);
    expect(tokenAuthorizations()).toHaveLength(2);
  });

  it("saves when the Correios do not answer the check, and says so in the answer", async () => {
    correios().tokenStatus = 503;
    const saved = await save(shop());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = saved.json<ShopSettingsView>();
    expect(view.shipping.correios.access_code_set).toBe(true);
    expect(view.carrier_failures).toEqual([
      expect.objectContaining({ provider: "correios", label: "Correios", failures: 1, incident: false }),
    ]);
    expect(view.carrier_failures[0]?.message).toContain("HTTP 503");

    // Back up: a save with the code kept asks nothing more, and a working quote ends the failures.
    correios().tokenStatus = null;
    expect((await save(shop({ access_code: "" }))).status).toBe(200);
    expect(tokenAuthorizations()).toHaveLength(1);
    const answer = (await quote()).json<ShippingQuoteView>();
    expect(answer.unavailable).toEqual([]);
    expect(answer.options.map((option) => option.code)).toEqual(["correios:04510", "correios:04014"]);
    expect((await stored()).carrier_failures).toEqual([]);
  });
});

describe("“Testar conexão” of the Correios contract", () => {
  it("says why a stored code stopped working, recorded as a quote's failure, then that it works", async () => {
    expect((await save(shop())).status).toBe(200);
    // The shop generates a new code in the Correios portal: the stored one, and its tokens, stop working.
    correios().setAccessCode("codigo-novo-do-portal");
    correios().expireTokens();
    expect((await quote()).json<ShippingQuoteView>().unavailable).toEqual(["correios"]);
    expect((await stored()).carrier_failures).toEqual([
      expect.objectContaining({ provider: "correios", failures: 1, incident: true, message: REFUSED_STORED }),
    ]);

    const failing = await testConnection();
    expect(failing.status).toBe(200);
    expectDocumented("post", "/api/shop/correios/test", failing);
    expect(failing.json()).toEqual({ ok: false, message: REFUSED_STORED });
    expect((await stored()).carrier_failures).toEqual([expect.objectContaining({ failures: 2, incident: true })]);

    correios().setAccessCode(FAKE_CORREIOS_DEFAULTS.accessCode);
    const working = await testConnection();
    expect(working.json()).toEqual({
      ok: true,
      message:
        "Conexão com os Correios funcionando: token emitido para o cartão de postagem 0067599079, contrato 9912208555.",
    });
    expect((await stored()).carrier_failures).toEqual([]);
    const admin = await t.services.auth.userForToken(token);
    expect(await t.services.shop.carrierIncidents(admin)).toEqual([]);
  });

  it("counts an unanswered test as a quote's failure", async () => {
    expect((await save(shop())).status).toBe(200);
    correios().tokenStatus = 500;
    const failing = await testConnection();
    expect(failing.json()).toEqual({
      ok: false,
      message: expect.stringMatching(/^Os Correios não responderam \(Os Correios não emitiram o token \(HTTP 500\)/),
    });
    expect((await stored()).carrier_failures).toEqual([expect.objectContaining({ failures: 1, incident: false })]);
  });

  it("is for administrators only, once the Correios are on with an access code", async () => {
    const off = await testConnection();
    expect(off.status).toBe(400);
    expectDocumented("post", "/api/shop/correios/test", off);
    expect(off.json<ErrorBody>().message).toBe(
      "Ative os Correios e salve o código de acesso antes de testar a conexão.",
    );
    const customer = await t.createUser("user", token);
    expect((await testConnection(customer.token)).status).toBe(403);
    expect((await t.request("POST", "/api/shop/correios/test")).status).toBe(401);
    expect(correios().requests).toEqual([]);
  });
});

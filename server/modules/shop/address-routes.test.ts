import { beforeEach, describe, expect, it } from "vitest";
import { municipalitiesOf } from "../../../common/brazil/municipalities.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { brasilApiBody, jsonAnswer, startFakeCepServer, viaCepBody } from "../../../tests/support/fake-cep-server.ts";
import { withFakeServer, withTestApp } from "../../../tests/support/with-test-app.ts";

const env: Record<string, string> = {};
const fake = withFakeServer(startFakeCepServer, env, "VIACEP_URL", "BRASILAPI_URL");

const t = withTestApp({ env, setUp: true });

const paulista = {
  cep: "01310100",
  street: "Avenida Paulista",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  uf: "SP" as const,
  complement: "",
};

async function setShop(enabled: boolean) {
  const settings = (await t.request("GET", "/api/settings")).json<{ features: { shop: { enabled: boolean } } }>();
  settings.features.shop.enabled = enabled;
  expect((await t.request("POST", "/api/settings", { token: t.superToken, body: settings })).status).toBe(200);
}

beforeEach(async () => {
  fake().reset();
  await setShop(true);
});

describe("GET /api/shop/address/{cep}", () => {
  it("answers the address and its state's cities, for anyone", async () => {
    fake().viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista)));
    const response = await t.request("GET", "/api/shop/address/01310-100");
    expect(response.status).toBe(200);
    expectDocumented("get", "/api/shop/address/{cep}", response);
    expect(response.json()).toEqual({
      available: true,
      address: {
        postal_code: "01310100",
        uf: "SP",
        city: "São Paulo",
        street: "Avenida Paulista",
        neighborhood: "Bela Vista",
        complement: "",
      },
      cities: [...municipalitiesOf("SP")],
    });
  });

  it("takes BrasilAPI's answer when ViaCEP fails", async () => {
    fake().viacep.set(paulista.cep, jsonAnswer({}, 500));
    fake().brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista)));
    const response = await t.request("GET", "/api/shop/address/01310100");
    expect(response.json<{ address: { street: string } }>().address.street).toBe("Avenida Paulista");
  });

  it("is a 404 with a pt-BR message for a CEP no service knows", async () => {
    const response = await t.request("GET", "/api/shop/address/01310-999");
    expect(response.status).toBe(404);
    expectDocumented("get", "/api/shop/address/{cep}", response);
    expect(response.json()).toEqual({ message: "CEP não encontrado" });
  });

  it("answers the CEP's state and its cities, never a 5xx, when no service answers", async () => {
    fake().viacep.set(paulista.cep, jsonAnswer({}, 500));
    fake().brasilapi.set(paulista.cep, { status: 502, body: "<html>Bad Gateway</html>" });
    const response = await t.request("GET", "/api/shop/address/01310-100");
    expect(response.status).toBe(200);
    expectDocumented("get", "/api/shop/address/{cep}", response);
    expect(response.json()).toEqual({ available: false, uf: "SP", cities: [...municipalitiesOf("SP")] });
  });

  it("refuses text that is not a CEP with a 400, without asking any service", async () => {
    for (const text of ["abc", "0131010", "00000-000", "01310%20100"]) {
      const response = await t.request("GET", `/api/shop/address/${text}`);
      expect(response.status, text).toBe(400);
      expect(response.json<{ message: string }>().message).toBe("Informe um CEP válido, como 01310-100");
    }
    expect(fake().requests).toEqual([]);
  });

  it("is a 404 for visitors while the shop is closed, and still answers administrators", async () => {
    await setShop(false);
    fake().viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista)));
    const visitor = await t.request("GET", "/api/shop/address/01310100");
    expect(visitor.status).toBe(404);
    expect(visitor.json<{ message: string }>().message).toBe("A loja não está disponível.");
    const user = await t.createUser("user", t.superToken);
    expect((await t.request("GET", "/api/shop/address/01310100", { token: user.token })).status).toBe(404);
    expect((await t.request("GET", "/api/shop/address/01310100", { token: t.superToken })).status).toBe(200);
  });
});

describe("GET /api/shop/states/{uf}/cities", () => {
  it("answers a state's municipalities, in any case", async () => {
    const response = await t.request("GET", "/api/shop/states/ac/cities");
    expect(response.status).toBe(200);
    expectDocumented("get", "/api/shop/states/{uf}/cities", response);
    expect(response.json()).toEqual({ uf: "AC", cities: [...municipalitiesOf("AC")] });
    expect(response.json<{ cities: string[] }>().cities).toContain("Rio Branco");
  });

  it("is a 404 for anything but the 27 states", async () => {
    for (const uf of ["XX", "S", "SPP"]) {
      const response = await t.request("GET", `/api/shop/states/${uf}/cities`);
      expect(response.status, uf).toBe(404);
      expect(response.json<{ message: string }>().message).toBe("Estado não encontrado");
    }
  });
});

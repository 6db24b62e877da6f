import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  brasilApiBody,
  type FakeCepServer,
  jsonAnswer,
  refusingUrl,
  startFakeCepServer,
  viaCepBody,
} from "../../../tests/support/fake-cep-server.ts";
import { type AddressLookup, type FoundAddress, offlineAddress } from "./address-lookup.ts";
import { createBrasilApiLookup } from "./brasilapi.ts";
import { createAddressLookup, DEFAULT_TIMEOUT_MS, firstToFind } from "./fallback.ts";
import { createViaCepLookup } from "./viacep.ts";

// Short enough to keep the suite quick, long enough for a loaded machine to answer a local request.
const TIMEOUT_MS = 300;
const SLOW_MS = 1500;

const paulista: FoundAddress = {
  cep: "01310100",
  street: "Avenida Paulista",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  uf: "SP",
  complement: "de 612 a 1510 - lado par",
};

/** A town with one CEP for every address: no street, no neighbourhood. */
const wholeTown: FoundAddress = {
  cep: "69983000",
  street: "",
  neighborhood: "",
  city: "Marechal Thaumaturgo",
  uf: "AC",
  complement: "",
};

let fake: FakeCepServer;
beforeAll(async () => {
  fake = await startFakeCepServer();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

const withTimeout = (lookup: AddressLookup, cep: string) => lookup.find(cep, AbortSignal.timeout(TIMEOUT_MS));

describe("offlineAddress", () => {
  it("gives the state of the CEP, or none", () => {
    expect(offlineAddress("01310-100")).toEqual({ uf: "SP" });
    expect(offlineAddress("69301000")).toEqual({ uf: "RR" });
    expect(offlineAddress("00000-000")).toEqual({ uf: null });
    expect(offlineAddress("abc")).toEqual({ uf: null });
  });
});

describe("ViaCEP", () => {
  const viacep = () => createViaCepLookup({ baseUrl: `${fake.url}/` });

  it("finds an address, asking GET /ws/{cep}/json/", async () => {
    fake.viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista)));
    expect(await viacep().find("01310-100")).toEqual({ kind: "found", address: paulista });
    expect(fake.requests).toEqual(["/ws/01310100/json/"]);
  });

  it("finds a town's single CEP, with no street or neighbourhood, and tidies spaces", async () => {
    fake.viacep.set(wholeTown.cep, jsonAnswer(viaCepBody(wholeTown)));
    expect(await viacep().find("69983-000")).toEqual({ kind: "found", address: wholeTown });
    fake.viacep.set(paulista.cep, jsonAnswer({ ...viaCepBody(paulista), logradouro: "  Avenida Paulista " }));
    expect(await viacep().find(paulista.cep)).toEqual({ kind: "found", address: paulista });
  });

  it("reads {erro: true}, and the older {erro: 'true'}, as not found", async () => {
    fake.viacep.set("01310100", jsonAnswer({ erro: true }));
    fake.viacep.set("20010000", jsonAnswer({ erro: "true" }));
    expect(await viacep().find("01310100")).toEqual({ kind: "not_found" });
    expect(await viacep().find("20010000")).toEqual({ kind: "not_found" });
  });

  it("answers not found for text that is not a CEP, without asking", async () => {
    for (const text of ["", "abc", "0131010", "00000-000", "01310\u0000100", "../../x"]) {
      expect(await viacep().find(text), text).toEqual({ kind: "not_found" });
    }
    expect(fake.requests).toEqual([]);
  });

  it("is unavailable on a 400, a 500 or a body that is not JSON", async () => {
    fake.viacep.set("01310100", { status: 400, body: "<h3>Http 400</h3>" });
    fake.viacep.set("20010000", jsonAnswer({ message: "erro interno" }, 500));
    fake.viacep.set("30130010", { status: 200, body: "<html>manutenção</html>" });
    fake.viacep.set("40020000", { status: 200, body: '{"cep": "40020-000", "logradouro"' });
    for (const cep of ["01310100", "20010000", "30130010", "40020000"]) {
      expect(await viacep().find(cep), cep).toEqual({ kind: "unavailable" });
    }
  });

  it("is unavailable when the answer is malformed or about another CEP", async () => {
    const answers = [
      null,
      [],
      "01310100",
      {},
      { erro: false },
      { ...viaCepBody(paulista), uf: "XX" },
      { ...viaCepBody(paulista), uf: "sp" },
      { ...viaCepBody(paulista), localidade: "" },
      { ...viaCepBody(paulista), localidade: undefined },
      { ...viaCepBody(paulista), logradouro: 42 },
      { ...viaCepBody(paulista), logradouro: "Avenida\u0000Paulista" },
      { ...viaCepBody(paulista), bairro: "x".repeat(201) },
      { ...viaCepBody(paulista), cep: "20010-000" },
      { ...viaCepBody(paulista), cep: "" },
    ];
    for (const answer of answers) {
      fake.viacep.set(paulista.cep, jsonAnswer(answer));
      expect(await viacep().find(paulista.cep), JSON.stringify(answer)).toEqual({ kind: "unavailable" });
    }
  });

  it("is unavailable when the answer comes after the signal ends, or the service is down", async () => {
    fake.viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista), 200, SLOW_MS));
    const started = performance.now();
    expect(await withTimeout(viacep(), paulista.cep)).toEqual({ kind: "unavailable" });
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
    const down = createViaCepLookup({ baseUrl: await refusingUrl() });
    expect(await down.find(paulista.cep)).toEqual({ kind: "unavailable" });
  });
});

describe("BrasilAPI", () => {
  const brasilapi = () => createBrasilApiLookup({ baseUrl: fake.url });

  it("finds an address, asking GET /api/cep/v2/{cep}, with no complement", async () => {
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista)));
    expect(await brasilapi().find("01310-100")).toEqual({
      kind: "found",
      address: { ...paulista, complement: "" },
    });
    expect(fake.requests).toEqual(["/api/cep/v2/01310100"]);
  });

  it("finds a town's single CEP when street and neighbourhood are missing or null", async () => {
    const { street: _street, neighborhood: _neighborhood, ...rest } = brasilApiBody(wholeTown);
    fake.brasilapi.set(wholeTown.cep, jsonAnswer(rest));
    expect(await brasilapi().find(wholeTown.cep)).toEqual({ kind: "found", address: wholeTown });
    fake.brasilapi.set(wholeTown.cep, jsonAnswer({ ...rest, street: null, neighborhood: null }));
    expect(await brasilapi().find(wholeTown.cep)).toEqual({ kind: "found", address: wholeTown });
  });

  it("reads a 404 as not found", async () => {
    expect(await brasilapi().find("01310100")).toEqual({ kind: "not_found" });
    expect(fake.requests).toEqual(["/api/cep/v2/01310100"]);
  });

  it("answers not found for text that is not a CEP, without asking", async () => {
    expect(await brasilapi().find("0131-0100")).toEqual({ kind: "not_found" });
    expect(fake.requests).toEqual([]);
  });

  it("is unavailable on a 400, a 500, garbage or a malformed answer", async () => {
    const answers = [
      jsonAnswer({ type: "validation_error" }, 400),
      jsonAnswer({ message: "Internal Server Error" }, 500),
      { status: 502, body: "<html>Bad Gateway</html>" },
      { status: 200, body: "not json" },
      jsonAnswer({ ...brasilApiBody(paulista), state: "São Paulo" }),
      jsonAnswer({ ...brasilApiBody(paulista), city: null }),
      jsonAnswer({ ...brasilApiBody(paulista), cep: "01310101" }),
    ];
    for (const answer of answers) {
      fake.brasilapi.set(paulista.cep, answer);
      expect(await brasilapi().find(paulista.cep), answer.body).toEqual({ kind: "unavailable" });
    }
  });

  it("is unavailable when the answer comes after the signal ends", async () => {
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista), 200, SLOW_MS));
    expect(await withTimeout(brasilapi(), paulista.cep)).toEqual({ kind: "unavailable" });
  });
});

describe("createAddressLookup (ViaCEP, then BrasilAPI)", () => {
  const lookup = (viaCepUrl = fake.url) =>
    createAddressLookup({ viaCepUrl, brasilApiUrl: fake.url, timeoutMs: TIMEOUT_MS });

  it("takes ViaCEP's address without asking BrasilAPI", async () => {
    fake.viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista)));
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista)));
    expect(await lookup().find(paulista.cep)).toEqual({ kind: "found", address: paulista });
    expect(fake.requests).toEqual(["/ws/01310100/json/"]);
  });

  it("asks BrasilAPI when ViaCEP fails, is slow or is down", async () => {
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista)));
    const fromBrasilApi = { kind: "found", address: { ...paulista, complement: "" } };

    fake.viacep.set(paulista.cep, jsonAnswer({ message: "erro" }, 500));
    expect(await lookup().find(paulista.cep)).toEqual(fromBrasilApi);
    expect(fake.requests).toEqual(["/ws/01310100/json/", "/api/cep/v2/01310100"]);

    fake.viacep.set(paulista.cep, { status: 200, body: "{garbage" });
    expect(await lookup().find(paulista.cep)).toEqual(fromBrasilApi);

    fake.viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista), 200, SLOW_MS));
    const started = performance.now();
    expect(await lookup().find(paulista.cep)).toEqual(fromBrasilApi);
    expect(performance.now() - started).toBeLessThan(SLOW_MS);

    expect(await lookup(await refusingUrl()).find(paulista.cep)).toEqual(fromBrasilApi);
  });

  it("asks BrasilAPI when ViaCEP does not know the CEP: its data may be newer", async () => {
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista)));
    expect(await lookup().find(paulista.cep)).toEqual({ kind: "found", address: { ...paulista, complement: "" } });
  });

  it("answers not found only when a service said so", async () => {
    expect(await lookup().find(paulista.cep)).toEqual({ kind: "not_found" });

    fake.brasilapi.set(paulista.cep, jsonAnswer({}, 500));
    expect(await lookup().find(paulista.cep)).toEqual({ kind: "not_found" });

    fake.viacep.set(paulista.cep, jsonAnswer({}, 500));
    fake.brasilapi.set(paulista.cep, jsonAnswer({ type: "service_error" }, 404));
    expect(await lookup().find(paulista.cep)).toEqual({ kind: "not_found" });
  });

  it("is unavailable when neither service answers", async () => {
    fake.viacep.set(paulista.cep, jsonAnswer({}, 500));
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista), 200, SLOW_MS));
    expect(await lookup().find(paulista.cep)).toEqual({ kind: "unavailable" });
    const down = await refusingUrl();
    expect(await createAddressLookup({ viaCepUrl: down, brasilApiUrl: down }).find(paulista.cep)).toEqual({
      kind: "unavailable",
    });
  });

  it("stops when the caller's signal ends", async () => {
    fake.viacep.set(paulista.cep, jsonAnswer(viaCepBody(paulista), 200, SLOW_MS));
    fake.brasilapi.set(paulista.cep, jsonAnswer(brasilApiBody(paulista)));
    const slowLookup = createAddressLookup({ viaCepUrl: fake.url, brasilApiUrl: fake.url, timeoutMs: SLOW_MS * 2 });
    expect(await withTimeout(slowLookup, paulista.cep)).toEqual({ kind: "unavailable" });
    expect(fake.requests).toEqual(["/ws/01310100/json/"]);
  });

  it("asks the real services by default, and nothing before the first find", async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(3000);
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      asked.push(String(input));
      return new Response("{}", { status: 503 });
    });
    const real = createAddressLookup();
    expect(asked).toEqual([]);
    expect(await real.find("01310-100")).toEqual({ kind: "unavailable" });
    expect(asked).toEqual(["https://viacep.com.br/ws/01310100/json/", "https://brasilapi.com.br/api/cep/v2/01310100"]);
  });
});

describe("firstToFind", () => {
  const found = { kind: "found", address: paulista } as const;

  it("treats a lookup that throws or never answers as unavailable, and goes on", async () => {
    const throwing: AddressLookup = {
      find: async () => {
        throw new Error("boom");
      },
    };
    const hanging: AddressLookup = { find: () => new Promise(() => {}) };
    const finding: AddressLookup = { find: async () => found };
    expect(await firstToFind([throwing, hanging, finding], TIMEOUT_MS).find(paulista.cep)).toEqual(found);
    expect(await firstToFind([throwing, hanging], TIMEOUT_MS).find(paulista.cep)).toEqual({ kind: "unavailable" });
    expect(await firstToFind([], TIMEOUT_MS).find(paulista.cep)).toEqual({ kind: "unavailable" });
  });
});

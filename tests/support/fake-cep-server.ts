/**
 * A local stand-in for ViaCEP and BrasilAPI on 127.0.0.1 (a free port), so that no test asks the real
 * services. Each answers from its own table by CEP; a CEP that is not listed gets that service's own
 * "unknown CEP" answer, and a malformed one its 400.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FoundAddress } from "../../server/adapters/address-lookup/address-lookup.ts";

/** What the fake sends: a status and a body as is, after delayMs when given. */
export type FakeAnswer = { status: number; body: string; delayMs?: number };

export const jsonAnswer = (value: unknown, status = 200, delayMs?: number): FakeAnswer => ({
  status,
  body: JSON.stringify(value),
  delayMs,
});

/** ViaCEP's whole answer for an address, with the fields the adapter does not read. */
export const viaCepBody = (address: FoundAddress) => ({
  cep: `${address.cep.slice(0, 5)}-${address.cep.slice(5)}`,
  logradouro: address.street,
  complemento: address.complement,
  unidade: "",
  bairro: address.neighborhood,
  localidade: address.city,
  uf: address.uf,
  estado: "",
  regiao: "",
  ibge: "3550308",
  gia: "1004",
  ddd: "11",
  siafi: "7107",
});

/** BrasilAPI's whole CEP v2 answer for an address (it has no complement). */
export const brasilApiBody = (address: FoundAddress) => ({
  cep: address.cep,
  state: address.uf,
  city: address.city,
  neighborhood: address.neighborhood,
  street: address.street,
  service: "open-cep",
  location: { type: "Point", coordinates: { longitude: "-46.6544", latitude: "-23.5614" } },
});

const VIACEP_NOT_FOUND = jsonAnswer({ erro: true });
const VIACEP_BAD_REQUEST: FakeAnswer = { status: 400, body: "<h3>Http 400</h3><p>Verifique a URL</p>" };
const BRASILAPI_NOT_FOUND = jsonAnswer(
  {
    name: "CepPromiseError",
    message: "Todos os serviços de CEP retornaram erro.",
    type: "service_error",
    errors: [{ name: "ServiceError", message: "CEP NAO ENCONTRADO", service: "correios" }],
  },
  404,
);
const BRASILAPI_BAD_REQUEST = jsonAnswer(
  {
    name: "CepPromiseError",
    message: "CEP deve conter exatamente 8 caracteres.",
    type: "validation_error",
    errors: [{ message: "CEP informado possui mais do que 8 caracteres.", service: "cep_validation" }],
  },
  400,
);

export type FakeCepServer = {
  /** Base address of both services, such as http://127.0.0.1:40123. */
  url: string;
  /** ViaCEP's answers by CEP (8 digits): GET /ws/{cep}/json/. */
  viacep: Map<string, FakeAnswer>;
  /** BrasilAPI's answers by CEP (8 digits): GET /api/cep/v2/{cep}. */
  brasilapi: Map<string, FakeAnswer>;
  /** Every path asked, in order. */
  requests: string[];
  /** Empties the tables and the requests between tests. */
  reset(): void;
  close(): Promise<void>;
};

function answerFor(
  path: string,
  viacep: ReadonlyMap<string, FakeAnswer>,
  brasilapi: ReadonlyMap<string, FakeAnswer>,
): FakeAnswer {
  const viaCepPath = /^\/ws\/([^/]*)\/json\/$/.exec(path);
  if (viaCepPath) {
    const cep = viaCepPath[1] ?? "";
    if (!/^\d{8}$/.test(cep)) return VIACEP_BAD_REQUEST;
    return viacep.get(cep) ?? VIACEP_NOT_FOUND;
  }
  const brasilApiPath = /^\/api\/cep\/v2\/([^/]*)$/.exec(path);
  if (brasilApiPath) {
    const cep = brasilApiPath[1] ?? "";
    if (!/^\d{8}$/.test(cep)) return BRASILAPI_BAD_REQUEST;
    return brasilapi.get(cep) ?? BRASILAPI_NOT_FOUND;
  }
  return { status: 404, body: "Not found" };
}

export async function startFakeCepServer(): Promise<FakeCepServer> {
  const viacep = new Map<string, FakeAnswer>();
  const brasilapi = new Map<string, FakeAnswer>();
  const requests: string[] = [];
  const delays = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    requests.push(path);
    const answer = request.method === "GET" ? answerFor(path, viacep, brasilapi) : { status: 405, body: "" };
    const send = () => {
      response.writeHead(answer.status, { "content-type": "application/json; charset=utf-8" });
      response.end(answer.body);
    };
    if (answer.delayMs === undefined) {
      send();
      return;
    }
    const delay = setTimeout(() => {
      delays.delete(delay);
      send();
    }, answer.delayMs);
    delays.add(delay);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    viacep,
    brasilapi,
    requests,
    reset() {
      viacep.clear();
      brasilapi.clear();
      requests.length = 0;
    },
    close() {
      for (const delay of delays) clearTimeout(delay);
      delays.clear();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The address of a port on 127.0.0.1 where nothing listens: a service that is down. */
export async function refusingUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

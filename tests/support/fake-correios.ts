import { Buffer } from "node:buffer";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for the Correios REST API ("CWS") on 127.0.0.1, speaking the token, price and deadline
// endpoints as brazil-commerce.md describes them. Tests never reach the real API.

export type FakeCorreiosRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: string;
};

export type FakeCorreiosOptions = {
  user?: string;
  accessCode?: string;
  postingCard?: string;
  contract?: string;
  dr?: number;
  /** pcFinal per service code, as the API writes it ("12,71"); a service not listed is refused with a 400. */
  prices?: Record<string, string>;
  /** prazoEntrega per service code. */
  deadlines?: Record<string, number>;
};

export type FakeCorreios = {
  url: string;
  /** Every request received, in order. */
  requests: FakeCorreiosRequest[];
  /** Destination CEPs the price and deadline endpoints refuse with a 400 and a message. */
  refusedCeps: Set<string>;
  /** Service codes whose price answers a 500. */
  failingServices: Set<string>;
  /** Waits this long before answering anything. */
  delayMs: number;
  /** When set, the token endpoint answers this status (a 503: the API is down) instead of a token. */
  tokenStatus: number | null;
  /** The access code the token endpoint takes from now on, as when the shop generates a new one. */
  setAccessCode(code: string): void;
  /** The expiraEm of the next tokens; by default an hour from now in Brasília time, without an offset. */
  tokenExpiry: (() => string) | null;
  /** Forgets every token issued so far, as the API does when one expires early: using one gets a 401. */
  expireTokens(): void;
  tokenRequests(): number;
  close(): Promise<void>;
};

export const FAKE_CORREIOS_DEFAULTS = {
  user: "loja-teste",
  accessCode: "codigo-de-acesso",
  postingCard: "0067599079",
  contract: "9912208555",
  dr: 20,
  prices: { "04510": "25,90", "04014": "41,30" } as Record<string, string>,
  deadlines: { "04510": 8, "04014": 3 } as Record<string, number>,
};

/** The shop's Correios contract the fake knows, quoting PAC and SEDEX (the settings' `shipping.correios`). */
export const FAKE_CORREIOS_CONTRACT = {
  enabled: true,
  user: FAKE_CORREIOS_DEFAULTS.user,
  access_code: FAKE_CORREIOS_DEFAULTS.accessCode,
  posting_card: FAKE_CORREIOS_DEFAULTS.postingCard,
  services: [
    { code: "04510", name: "PAC" },
    { code: "04014", name: "SEDEX" },
  ],
};

/** Brasília time (UTC-3), written as the API writes expiraEm: no offset. */
export function brasiliaTime(epochMs: number): string {
  return new Date(epochMs - 3 * 3_600_000).toISOString().slice(0, 19);
}

export async function startFakeCorreios(options: FakeCorreiosOptions = {}): Promise<FakeCorreios> {
  const config = { ...FAKE_CORREIOS_DEFAULTS, ...options };
  const authorizationOf = (accessCode: string) =>
    `Basic ${Buffer.from(`${config.user}:${accessCode}`).toString("base64")}`;
  let expectedAuthorization = authorizationOf(config.accessCode);
  let validTokens = new Set<string>();
  let issued = 0;

  const fake: FakeCorreios = {
    url: "",
    requests: [],
    refusedCeps: new Set(),
    failingServices: new Set(),
    delayMs: 0,
    tokenStatus: null,
    setAccessCode: (code) => {
      expectedAuthorization = authorizationOf(code);
    },
    tokenExpiry: null,
    expireTokens: () => {
      validTokens = new Set();
    },
    tokenRequests: () => fake.requests.filter((request) => request.path.startsWith("/token/")).length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const route = (request: FakeCorreiosRequest, response: http.ServerResponse) => {
    if (request.method === "POST" && request.path === "/token/v1/autentica/cartaopostagem") {
      if (fake.tokenStatus !== null)
        return answer(response, fake.tokenStatus, { msgs: ["Serviço temporariamente indisponível."] });
      const numero = readNumero(request.body);
      if (request.authorization !== expectedAuthorization || numero !== config.postingCard)
        return answer(response, 401, { msgs: ["Usuário ou senha inválidos."] });
      issued += 1;
      const token = `token-${issued}`;
      validTokens.add(token);
      return answer(response, 201, {
        ambiente: "PRODUCAO",
        id: config.user,
        ip: "127.0.0.1",
        perfil: "PJ",
        cnpj: "34028316000103",
        cartaoPostagem: { numero: config.postingCard, contrato: config.contract, dr: config.dr, api: [34, 35] },
        emissao: brasiliaTime(Date.now()),
        expiraEm: fake.tokenExpiry ? fake.tokenExpiry() : brasiliaTime(Date.now() + 3_600_000),
        zoneOffset: "-03:00",
        token,
      });
    }
    const service = /^\/(preco|prazo)\/v1\/nacional\/(\d{5})$/.exec(request.path);
    if (request.method !== "GET" || !service) return answer(response, 404, { msgs: ["Recurso não encontrado."] });
    const [, kind, code = ""] = service;
    const bearer = request.authorization?.replace(/^Bearer /, "") ?? "";
    if (!validTokens.has(bearer)) return answer(response, 401, { msgs: ["Token inválido ou expirado."] });
    if (request.query.cepDestino !== undefined && fake.refusedCeps.has(request.query.cepDestino))
      return answer(response, 400, { msgs: [`PRC-124: CEP de destino ${request.query.cepDestino} inválido.`] });
    if (kind === "preco") {
      if (fake.failingServices.has(code)) return answer(response, 500, { msgs: ["Erro interno do servidor."] });
      const price = config.prices[code];
      if (price === undefined) return answer(response, 400, { msgs: [`PRC-105: Serviço ${code} indisponível.`] });
      return answer(response, 200, { coProduto: code, pcBase: price, pcFinal: price, peMaximo: "0,00" });
    }
    const days = config.deadlines[code];
    if (days === undefined) return answer(response, 400, { msgs: [`PRZ-011: Serviço ${code} indisponível.`] });
    return answer(response, 200, { coProduto: code, prazoEntrega: days, entregaDomiciliar: "S", entregaSabado: "N" });
  };

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const request: FakeCorreiosRequest = {
        method: incoming.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: incoming.headers.authorization,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      fake.requests.push(request);
      if (fake.delayMs > 0) setTimeout(() => route(request, response), fake.delayMs);
      else route(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function readNumero(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && "numero" in parsed ? parsed.numero : undefined;
  } catch {
    return undefined;
  }
}

import { Buffer } from "node:buffer";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Melhor Envio's REST API v2 on 127.0.0.1 (https://docs.melhorenvio.com.br), speaking the
// endpoints the shop uses under /api/v2/me with their documented bodies: quotes (shipment/calculate), a
// label bought in its four steps (cart, shipment/checkout, shipment/generate, shipment/print), a
// shipment read back (orders/{id}), its tracking (shipment/tracking) and the balance. Tests never reach
// the real API.
//
// How to use it:
//
//   const me = await startFakeMelhorEnvio();          // options: token, balanceCents, services
//   ... point the client (baseUrl) or the server (MELHOR_ENVIO_URL) at me.url, with me.token ...
//   me.requests                     every request received, in order: method, path, headers, parsed body
//   me.shipments                    the shipments by id, as the fake keeps them (status, tracking, price)
//   me.setBalance(0)                the checkout is refused for lack of balance (a 422 about the "saldo")
//   me.failNext("unauthorized")     the next API request answers 401 {"message": "Unauthenticated."};
//                                   also "invalid" (422 Laravel-style), "server_error" (500) and
//                                   "unparsable" (200 with a page that is not JSON); a count repeats it
//   me.setToken("outro")            the account's token changes: the old one gets 401 (an expired token)
//   me.setDelay(ms)                 every request waits this long before its answer (timeouts)
//   me.stopServing(3)               service 3 answers `error` in quotes and is refused (422) in the cart
//                                   and at checkout; me.serveAgain(3) undoes it
//   me.post(id), me.deliver(id)     a generated label is posted, then delivered (tracking moves on)
//   await me.close()
//
// A request with a body the API would refuse gets a 422 {"message", "errors": {"field": ["..."]}}, as
// Laravel writes it. Prices are the fake's own: a service's base price plus a price per started kilogram.
// The exact text Melhor Envio uses for a lack of balance is not documented; the fake's names the
// "saldo", as the panel does.

export type FakeMelhorEnvioService = {
  id: number;
  company: string;
  name: string;
  base_cents: number;
  per_kg_cents: number;
  delivery_days: number;
  /** Heavier parcels get the service's `error` (Mini Envios takes small parcels only). */
  max_weight_grams?: number;
};

export const FAKE_MELHOR_ENVIO_SERVICES: readonly FakeMelhorEnvioService[] = [
  { id: 1, company: "Correios", name: "PAC", base_cents: 2250, per_kg_cents: 300, delivery_days: 7 },
  { id: 2, company: "Correios", name: "SEDEX", base_cents: 3890, per_kg_cents: 600, delivery_days: 2 },
  { id: 3, company: "Jadlog", name: ".Package", base_cents: 1980, per_kg_cents: 250, delivery_days: 5 },
  { id: 4, company: "Jadlog", name: ".Com", base_cents: 2740, per_kg_cents: 400, delivery_days: 3 },
  {
    id: 17,
    company: "Correios",
    name: "Mini Envios",
    base_cents: 1490,
    per_kg_cents: 0,
    delivery_days: 9,
    max_weight_grams: 300,
  },
  { id: 31, company: "Loggi", name: "Express", base_cents: 2190, per_kg_cents: 350, delivery_days: 4 },
  { id: 33, company: "JeT", name: "Standard", base_cents: 1870, per_kg_cents: 280, delivery_days: 6 },
  { id: 34, company: "Loggi", name: "Loggi Ponto", base_cents: 1690, per_kg_cents: 300, delivery_days: 5 },
];

export const FAKE_MELHOR_ENVIO_DEFAULTS = {
  token: "token-de-teste-do-melhor-envio",
  /** R$ 500,00 */
  balanceCents: 50_000,
};

export type FakeMelhorEnvioRequest = {
  method: string;
  /** Without the query, such as /api/v2/me/shipment/calculate. */
  path: string;
  authorization: string | undefined;
  userAgent: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  /** The JSON body as parsed; undefined without one, the raw text when it is not JSON. */
  body: unknown;
};

export type FakeMelhorEnvioFailure = "unauthorized" | "invalid" | "server_error" | "unparsable";

export type FakeShipment = {
  id: string;
  protocol: string;
  service_id: number;
  price_cents: number;
  insurance_cents: number;
  /** pending (in the cart), released (paid), generated, posted, delivered. */
  status: string;
  purchase_id: string | null;
  tracking: string | null;
  melhorenvio_tracking: string | null;
  created_at: string;
  paid_at: string | null;
  generated_at: string | null;
  posted_at: string | null;
  delivered_at: string | null;
  /** The cart request's body as received. */
  request: unknown;
};

export type FakeMelhorEnvioOptions = {
  token?: string;
  balanceCents?: number;
  services?: readonly FakeMelhorEnvioService[];
};

export type FakeMelhorEnvio = {
  url: string;
  /** The token the fake accepts now. */
  readonly token: string;
  requests: FakeMelhorEnvioRequest[];
  shipments: Map<string, FakeShipment>;
  balanceCents(): number;
  setBalance(cents: number): void;
  failNext(kind: FakeMelhorEnvioFailure, count?: number): void;
  setToken(token: string): void;
  setDelay(ms: number): void;
  stopServing(serviceId: number): void;
  serveAgain(serviceId: number): void;
  post(shipmentId: string): FakeShipment;
  deliver(shipmentId: string): FakeShipment;
  /** Requests to one endpoint, such as "POST /api/v2/me/shipment/calculate". */
  requestsTo(endpoint: string): FakeMelhorEnvioRequest[];
  close(): Promise<void>;
};

const API = "/api/v2/me";
const PRINTS = "/imprimir/";

/** A one-page PDF, enough for a browser or a test to see a label came back. */
const LABEL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 283 425]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** Melhor Envio's dates: São Paulo time, "2026-11-24 15:59:34". */
function melhorEnvioTime(epochMs = Date.now()): string {
  return new Date(epochMs - 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

const reais = (cents: number) => (cents / 100).toFixed(2);

/** Laravel's validation: every broken field with its messages. */
class Refusal {
  readonly errors: Record<string, string[]> = {};

  add(field: string, message: string) {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }

  get empty() {
    return Object.keys(this.errors).length === 0;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const positive = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value > 0;
const nonNegative = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value >= 0;
const wholeAtLeastOne = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 1;
const cep = (value: unknown) => typeof value === "string" && /^\d{8}$/.test(value);
const text = (value: unknown) => typeof value === "string" && value.trim() !== "";

export async function startFakeMelhorEnvio(options: FakeMelhorEnvioOptions = {}): Promise<FakeMelhorEnvio> {
  let token = options.token ?? FAKE_MELHOR_ENVIO_DEFAULTS.token;
  let balance = options.balanceCents ?? FAKE_MELHOR_ENVIO_DEFAULTS.balanceCents;
  let delayMs = 0;
  const services = new Map((options.services ?? FAKE_MELHOR_ENVIO_SERVICES).map((service) => [service.id, service]));
  const stopped = new Set<number>();
  const failures: FakeMelhorEnvioFailure[] = [];
  const prints = new Map<string, string[]>();
  const timers = new Set<NodeJS.Timeout>();
  let issued = 0;

  const find = (shipmentId: string) => {
    const shipment = fake.shipments.get(shipmentId);
    if (!shipment) throw new Error(`fake Melhor Envio: no shipment ${shipmentId}`);
    return shipment;
  };

  const fake: FakeMelhorEnvio = {
    url: "",
    get token() {
      return token;
    },
    requests: [],
    shipments: new Map(),
    balanceCents: () => balance,
    setBalance(cents) {
      balance = cents;
    },
    failNext(kind, count = 1) {
      for (let index = 0; index < count; index++) failures.push(kind);
    },
    setToken(next) {
      token = next;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    stopServing(serviceId) {
      stopped.add(serviceId);
    },
    serveAgain(serviceId) {
      stopped.delete(serviceId);
    },
    post(shipmentId) {
      const shipment = find(shipmentId);
      if (shipment.status !== "generated") throw new Error(`fake Melhor Envio: ${shipmentId} is ${shipment.status}`);
      Object.assign(shipment, { status: "posted", posted_at: melhorEnvioTime() });
      return shipment;
    },
    deliver(shipmentId) {
      const shipment = find(shipmentId);
      if (shipment.status === "generated") fake.post(shipmentId);
      if (shipment.status !== "posted") throw new Error(`fake Melhor Envio: ${shipmentId} is ${shipment.status}`);
      Object.assign(shipment, { status: "delivered", delivered_at: melhorEnvioTime(Date.now() + 1000) });
      return shipment;
    },
    requestsTo: (endpoint) => fake.requests.filter((request) => `${request.method} ${request.path}` === endpoint),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  const priceFor = (service: FakeMelhorEnvioService, weightKg: number) =>
    service.base_cents + service.per_kg_cents * Math.max(1, Math.ceil(weightKg));

  const companyOf = (service: FakeMelhorEnvioService) => ({
    id: [...new Set([...services.values()].map((known) => known.company))].indexOf(service.company) + 1,
    name: service.company,
    picture: `https://www.melhorenvio.com.br/images/shipping-companies/${service.company.toLowerCase()}.png`,
  });

  const shipmentView = (shipment: FakeShipment) => ({
    id: shipment.id,
    protocol: shipment.protocol,
    service_id: shipment.service_id,
    agency_id: null,
    contract: null,
    service_code: null,
    quote: reais(shipment.price_cents),
    price: reais(shipment.price_cents),
    coupon: null,
    discount: "0.00",
    delivery_min: services.get(shipment.service_id)?.delivery_days ?? 0,
    delivery_max: (services.get(shipment.service_id)?.delivery_days ?? 0) + 1,
    status: shipment.status,
    reminder: null,
    insurance_value: reais(shipment.insurance_cents),
    tracking: shipment.tracking,
    self_tracking: shipment.melhorenvio_tracking,
    created_at: shipment.created_at,
    paid_at: shipment.paid_at,
    generated_at: shipment.generated_at,
    posted_at: shipment.posted_at,
    delivered_at: shipment.delivered_at,
    updated_at: melhorEnvioTime(),
  });

  type Answer = { status: number; body: unknown };
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const refused = (refusal: Refusal, message = "The given data was invalid."): Answer => ({
    status: 422,
    body: { message, errors: refusal.errors },
  });

  function calculate(body: unknown): Answer {
    const refusal = new Refusal();
    const input = isObject(body) ? body : {};
    const from = isObject(input.from) ? input.from : {};
    const to = isObject(input.to) ? input.to : {};
    if (!cep(from.postal_code)) refusal.add("from.postal_code", "O campo from.postal code deve ter 8 dígitos.");
    if (!cep(to.postal_code)) refusal.add("to.postal_code", "O campo to.postal code deve ter 8 dígitos.");
    const products = Array.isArray(input.products) ? input.products : [];
    if (products.length === 0) refusal.add("products", "O campo products é obrigatório.");
    let weightKg = 0;
    products.forEach((product: unknown, index) => {
      const item = isObject(product) ? product : {};
      for (const field of ["width", "height", "length", "weight"])
        if (!positive(item[field])) refusal.add(`products.${index}.${field}`, `O campo ${field} deve ser maior que 0.`);
      if (!nonNegative(item.insurance_value))
        refusal.add(`products.${index}.insurance_value`, "O campo insurance value deve ser um número.");
      if (!wholeAtLeastOne(item.quantity))
        refusal.add(`products.${index}.quantity`, "O campo quantity deve ser um inteiro maior que 0.");
      if (positive(item.weight) && wholeAtLeastOne(item.quantity))
        weightKg += Number(item.weight) * Number(item.quantity);
    });
    if (input.services !== undefined && !(typeof input.services === "string" && /^\d+(,\d+)*$/.test(input.services)))
      refusal.add("services", "O campo services deve ser uma lista de ids separados por vírgula.");
    if (!refusal.empty) return refused(refusal);
    const asked = typeof input.services === "string" ? input.services.split(",").map(Number) : [...services.keys()];
    return ok(
      asked.flatMap((serviceId): Record<string, unknown>[] => {
        const service = services.get(serviceId);
        if (!service) return [];
        const company = companyOf(service);
        if (stopped.has(serviceId))
          return [{ id: service.id, name: service.name, error: "Transportadora não atende este trecho.", company }];
        if (service.max_weight_grams !== undefined && weightKg * 1000 > service.max_weight_grams)
          return [{ id: service.id, name: service.name, error: "Peso acima do limite do serviço.", company }];
        const price = reais(priceFor(service, weightKg));
        const range = { min: Math.max(1, service.delivery_days - 1), max: service.delivery_days };
        return [
          {
            id: service.id,
            name: service.name,
            price,
            custom_price: price,
            discount: "0.00",
            currency: "R$",
            delivery_time: service.delivery_days,
            delivery_range: range,
            custom_delivery_time: service.delivery_days,
            custom_delivery_range: range,
            packages: [],
            additional_services: { receipt: false, own_hand: false, collect: false },
            company,
          },
        ];
      }),
    );
  }

  function checkParty(refusal: Refusal, side: "from" | "to", value: unknown) {
    const party = isObject(value) ? value : {};
    for (const field of ["name", "phone", "email", "address", "number", "district", "city"])
      if (typeof party[field] !== "string" || (field !== "phone" && field !== "email" && !text(party[field])))
        refusal.add(`${side}.${field}`, `O campo ${side}.${field} é obrigatório.`);
    if (!(typeof party.state_abbr === "string" && /^[A-Z]{2}$/.test(party.state_abbr)))
      refusal.add(`${side}.state_abbr`, `O campo ${side}.state abbr deve ser a sigla do estado.`);
    if (!cep(party.postal_code)) refusal.add(`${side}.postal_code`, `O campo ${side}.postal code deve ter 8 dígitos.`);
    if (party.country_id !== "BR") refusal.add(`${side}.country_id`, `O campo ${side}.country id deve ser BR.`);
    const person = typeof party.document === "string" && /^\d{11}$/.test(party.document);
    const company = typeof party.company_document === "string" && /^\d{14}$/.test(party.company_document);
    if (!person && !company)
      refusal.add(`${side}.document`, `Informe o CPF (document) ou o CNPJ (company_document) de ${side}.`);
  }

  function addToCart(body: unknown): Answer {
    const refusal = new Refusal();
    const input = isObject(body) ? body : {};
    const service = typeof input.service === "number" ? services.get(input.service) : undefined;
    if (!service) refusal.add("service", "O serviço selecionado é inválido.");
    checkParty(refusal, "from", input.from);
    checkParty(refusal, "to", input.to);
    const products = Array.isArray(input.products) ? input.products : [];
    if (products.length === 0) refusal.add("products", "O campo products é obrigatório.");
    products.forEach((product: unknown, index) => {
      const item = isObject(product) ? product : {};
      if (!text(item.name)) refusal.add(`products.${index}.name`, "O campo name é obrigatório.");
      if (!wholeAtLeastOne(item.quantity)) refusal.add(`products.${index}.quantity`, "O campo quantity é inválido.");
      if (!nonNegative(item.unitary_value))
        refusal.add(`products.${index}.unitary_value`, "O campo unitary value é inválido.");
    });
    const volumes = Array.isArray(input.volumes) ? input.volumes : [];
    if (volumes.length === 0) refusal.add("volumes", "O campo volumes é obrigatório.");
    let weightKg = 0;
    volumes.forEach((volume: unknown, index) => {
      const item = isObject(volume) ? volume : {};
      for (const field of ["height", "width", "length", "weight"])
        if (!positive(item[field])) refusal.add(`volumes.${index}.${field}`, `O campo ${field} deve ser maior que 0.`);
      if (positive(item.weight)) weightKg += Number(item.weight);
    });
    const optionsOf = isObject(input.options) ? input.options : {};
    if (!nonNegative(optionsOf.insurance_value))
      refusal.add("options.insurance_value", "O campo options.insurance value é obrigatório.");
    const invoice = isObject(optionsOf.invoice) ? optionsOf.invoice : {};
    if (optionsOf.non_commercial !== true && !text(invoice.key))
      refusal.add("options.invoice.key", "A chave da nota fiscal é obrigatória para envios comerciais.");
    if (optionsOf.tags !== undefined) {
      const tags = Array.isArray(optionsOf.tags) ? optionsOf.tags : [null];
      tags.forEach((tag: unknown, index) => {
        if (!isObject(tag) || !text(tag.tag) || !(tag.url === null || typeof tag.url === "string"))
          refusal.add(`options.tags.${index}`, "Cada etiqueta tem tag (texto) e url (texto ou nulo).");
      });
    }
    if (!refusal.empty || !service) return refused(refusal);
    if (stopped.has(service.id)) {
      refusal.add("service", `Serviço ${service.company} ${service.name} indisponível para o trecho informado.`);
      return refused(refusal, "Serviço indisponível.");
    }
    const shipment: FakeShipment = {
      id: randomUUID(),
      protocol: `ORD-${new Date().getUTCFullYear()}${String(100_000 + fake.shipments.size + 1)}`,
      service_id: service.id,
      price_cents: priceFor(service, weightKg),
      insurance_cents: Math.round(Number(optionsOf.insurance_value) * 100),
      status: "pending",
      purchase_id: null,
      tracking: null,
      melhorenvio_tracking: null,
      created_at: melhorEnvioTime(),
      paid_at: null,
      generated_at: null,
      posted_at: null,
      delivered_at: null,
      request: body,
    };
    fake.shipments.set(shipment.id, shipment);
    return { status: 201, body: shipmentView(shipment) };
  }

  /** The `orders` list of a body: ids of shipments this account has, or the refusal. */
  function ordersOf(body: unknown, refusal: Refusal): FakeShipment[] {
    const orders = isObject(body) && Array.isArray(body.orders) ? body.orders : [];
    if (orders.length === 0) refusal.add("orders", "O campo orders é obrigatório.");
    return orders.flatMap((value: unknown, index) => {
      const shipment = typeof value === "string" ? fake.shipments.get(value) : undefined;
      if (!shipment) refusal.add(`orders.${index}`, "O envio selecionado é inválido.");
      return shipment ? [shipment] : [];
    });
  }

  function checkout(body: unknown): Answer {
    const refusal = new Refusal();
    const chosen = ordersOf(body, refusal);
    chosen.forEach((shipment, index) => {
      if (shipment.status !== "pending") refusal.add(`orders.${index}`, "Este envio já foi pago.");
      else if (stopped.has(shipment.service_id))
        refusal.add(`orders.${index}`, "O serviço deste envio está indisponível para o trecho.");
    });
    if (!refusal.empty) return refused(refusal);
    const total = chosen.reduce((sum, shipment) => sum + shipment.price_cents, 0);
    if (total > balance) {
      refusal.add("wallet", `Saldo insuficiente: a compra custa R$ ${reais(total)} e o saldo é R$ ${reais(balance)}.`);
      return refused(refusal, "Saldo insuficiente.");
    }
    balance -= total;
    const purchase = randomUUID();
    const paidAt = melhorEnvioTime();
    for (const shipment of chosen)
      Object.assign(shipment, { status: "released", paid_at: paidAt, purchase_id: purchase });
    return ok({
      purchase: {
        id: purchase,
        protocol: `PUR-${purchase.slice(0, 8)}`,
        total: reais(total),
        discount: "0.00",
        status: "paid",
        paid_at: paidAt,
        orders: chosen.map(shipmentView),
      },
    });
  }

  function generate(body: unknown): Answer {
    const refusal = new Refusal();
    const chosen = ordersOf(body, refusal);
    if (!refusal.empty) return refused(refusal);
    return ok(
      Object.fromEntries(
        chosen.map((shipment) => {
          if (shipment.status === "pending")
            return [shipment.id, { status: false, message: "Este envio ainda não foi pago." }];
          if (shipment.status === "released") {
            issued += 1;
            const serial = String(10_000_000 + issued).slice(-8);
            const correios = services.get(shipment.service_id)?.company === "Correios";
            Object.assign(shipment, {
              status: "generated",
              generated_at: melhorEnvioTime(),
              tracking: correios ? `AB${serial}0BR` : `${shipment.service_id}${serial}`,
              melhorenvio_tracking: `ME${String(issued).padStart(8, "0")}`,
            });
          }
          return [shipment.id, { status: true, message: "Envio gerado com sucesso" }];
        }),
      ),
    );
  }

  function print(body: unknown): Answer {
    const refusal = new Refusal();
    const mode = isObject(body) ? body.mode : undefined;
    if (mode !== undefined && mode !== "private" && mode !== "public")
      refusal.add("mode", "O campo mode deve ser private ou public.");
    const chosen = ordersOf(body, refusal);
    chosen.forEach((shipment, index) => {
      if (!["generated", "posted", "delivered"].includes(shipment.status))
        refusal.add(`orders.${index}`, "A etiqueta deste envio ainda não foi gerada.");
    });
    if (!refusal.empty) return refused(refusal);
    const key = randomUUID();
    prints.set(
      key,
      chosen.map((shipment) => shipment.id),
    );
    return ok({ url: `${fake.url}${PRINTS}${key}` });
  }

  function tracking(body: unknown): Answer {
    const refusal = new Refusal();
    const chosen = ordersOf(body, refusal);
    if (!refusal.empty) return refused(refusal);
    return ok(
      Object.fromEntries(
        chosen.map((shipment) => [
          shipment.id,
          {
            id: shipment.id,
            protocol: shipment.protocol,
            status: shipment.status,
            tracking: shipment.tracking,
            melhorenvio_tracking: shipment.melhorenvio_tracking,
            created_at: shipment.created_at,
            paid_at: shipment.paid_at,
            generated_at: shipment.generated_at,
            posted_at: shipment.posted_at,
            delivered_at: shipment.delivered_at,
            canceled_at: null,
            expired_at: null,
          },
        ]),
      ),
    );
  }

  function route(request: FakeMelhorEnvioRequest): Answer {
    const endpoint = `${request.method} ${request.path.slice(API.length)}`;
    if (endpoint === "POST /shipment/calculate") return calculate(request.body);
    if (endpoint === "POST /cart") return addToCart(request.body);
    if (endpoint === "POST /shipment/checkout") return checkout(request.body);
    if (endpoint === "POST /shipment/generate") return generate(request.body);
    if (endpoint === "POST /shipment/print") return print(request.body);
    if (endpoint === "POST /shipment/tracking") return tracking(request.body);
    if (endpoint === "GET /balance") return ok({ balance: Number(reais(balance)), reserved: 0, debts: 0 });
    const order = /^GET \/orders\/([^/]+)$/.exec(endpoint);
    if (order) {
      const shipment = fake.shipments.get(decodeURIComponent(order[1] ?? ""));
      return shipment
        ? ok(shipmentView(shipment))
        : { status: 404, body: { message: "No query results for model [App\\Order]." } };
    }
    return { status: 404, body: { message: "Not Found" } };
  }

  function answer(incoming: http.IncomingMessage, response: http.ServerResponse, request: FakeMelhorEnvioRequest) {
    if (response.destroyed) return;
    if (request.method === "GET" && request.path.startsWith(PRINTS)) {
      if (!prints.has(request.path.slice(PRINTS.length))) {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("Etiqueta não encontrada");
        return;
      }
      response.writeHead(200, { "content-type": "application/pdf", "content-length": LABEL_PDF.length });
      response.end(incoming.method === "HEAD" ? undefined : LABEL_PDF);
      return;
    }
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const failure = request.path.startsWith(API) ? failures.shift() : undefined;
    if (failure === "unparsable") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html><body>Manutenção programada</body></html>");
      return;
    }
    if (failure === "server_error") return json(500, { message: "Server Error" });
    if (failure === "unauthorized" || request.authorization !== `Bearer ${token}`)
      return json(401, { message: "Unauthenticated." });
    if (failure === "invalid")
      return json(422, {
        message: "The given data was invalid.",
        errors: { "to.postal_code": ["O CEP de destino não foi encontrado."] },
      });
    const { status, body } = route(request);
    json(status, body);
  }

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const raw = Buffer.concat(chunks).toString("utf8");
      const request: FakeMelhorEnvioRequest = {
        method: incoming.method === "HEAD" ? "GET" : (incoming.method ?? ""),
        path: url.pathname,
        authorization: incoming.headers.authorization,
        userAgent: incoming.headers["user-agent"],
        accept: incoming.headers.accept,
        contentType: incoming.headers["content-type"],
        body: raw === "" ? undefined : parseJson(raw),
      };
      fake.requests.push(request);
      if (delayMs <= 0) return answer(incoming, response, request);
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(incoming, response, request);
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

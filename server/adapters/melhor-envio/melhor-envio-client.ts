import { z } from "../../../common/zod.ts";
import {
  MELHOR_ENVIO_HOSTS,
  type MelhorEnvioCartInput,
  type MelhorEnvioClient,
  type MelhorEnvioEnvironment,
  MelhorEnvioError,
  type MelhorEnvioParty,
  type MelhorEnvioQuote,
  type MelhorEnvioShipment,
  type MelhorEnvioTracking,
} from "./melhor-envio.ts";

// Melhor Envio's REST API v2 (https://docs.melhorenvio.com.br), every call under /api/v2/me with the
// headers its documentation requires: JSON both ways, the account's token as a Bearer, and a User-Agent
// naming the application and a technical contact e-mail. Refusals come as Laravel writes them,
// {"message", "errors": {"field": ["..."]}}; each becomes a MelhorEnvioError the screens tell apart.

/** A call waits this long at most; a caller's signal may end it sooner (a quote gives up after 3 s). */
export const MELHOR_ENVIO_TIMEOUT_MS = 15_000;

/** Melhor Envio's public tracking page for its own code (melhorenvio_tracking). */
const TRACKING_PAGE = "https://www.melhorrastreio.com.br/rastreio/";

/** What the administrator reads for each failure that is not Melhor Envio's own refusal text. */
export const MELHOR_ENVIO_MESSAGES = {
  unauthorized: "O token do Melhor Envio foi recusado: gere outro no painel do Melhor Envio e salve-o em Loja.",
  forbidden:
    "O token do Melhor Envio não tem permissão para esta operação: gere outro com as permissões de envio no painel do Melhor Envio e salve-o em Loja.",
  insufficientBalance:
    "Saldo insuficiente no Melhor Envio para comprar esta etiqueta: adicione saldo no painel e tente de novo.",
  serviceUnavailable: "O serviço escolhido não atende mais este envio no Melhor Envio",
  notFound: "O Melhor Envio não encontrou este envio nesta conta.",
  unreachable: "O Melhor Envio não respondeu a tempo: tente de novo em alguns minutos.",
  rateLimited: "O Melhor Envio pediu uma pausa (consultas demais em pouco tempo): tente de novo em um minuto.",
  unexpected: "O Melhor Envio respondeu em um formato inesperado: tente de novo em alguns minutos.",
} as const;

export type MelhorEnvioClientOptions = {
  token: string;
  environment: MelhorEnvioEnvironment;
  /** In place of the environment's host: a proxy, or a test's fake on 127.0.0.1 (MELHOR_ENVIO_URL). */
  baseUrl?: string;
  /** "<application> (<technical contact e-mail>)", as Melhor Envio asks of every integration. */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Which call a refusal answers: only the checkout spends the balance. */
type Step = "checkout" | "other";

/** Reais as Melhor Envio writes them, "26.79" or 26.79, in cents. */
const money = z
  .union([
    z
      .string()
      .trim()
      .regex(/^-?\d+(?:\.\d+)?$/),
    z.number(),
  ])
  .transform((value) => Math.round(Number(value) * 100))
  .pipe(z.number().int());

const id = z.union([z.string().min(1), z.number().int()]).transform(String);

const quoteAnswer = z.array(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      price: money.nullish(),
      delivery_time: z.number().int().min(0).nullish(),
      company: z.object({ name: z.string() }).loose().nullish(),
      error: z.string().nullish(),
    })
    .loose(),
);

const shipmentAnswer = z
  .object({ id, protocol: z.string().nullish(), price: money.nullish(), status: z.string().min(1) })
  .loose();

const checkoutAnswer = z.object({ purchase: z.object({ id }).loose() }).loose();

/** Per shipment: {"<id>": {"status": true, "message": "Envio gerado com sucesso"}}. */
const generateAnswer = z.record(
  z.string(),
  z.object({ status: z.boolean().optional(), message: z.string().optional() }).loose(),
);

const printAnswer = z.object({ url: z.url({ protocol: /^https?$/ }) }).loose();

const moment = z.string().nullish();
const trackingAnswer = z.record(
  z.string(),
  z
    .object({
      id,
      status: z.string().min(1),
      tracking: z.string().nullish(),
      melhorenvio_tracking: z.string().nullish(),
      created_at: moment,
      paid_at: moment,
      generated_at: moment,
      posted_at: moment,
      delivered_at: moment,
      canceled_at: moment,
      expired_at: moment,
    })
    .loose(),
);

const balanceAnswer = z.object({ balance: money }).loose();

/** A refusal: {"message", "errors": {"field": ["..."]}} (Laravel), or a bare {"error"} or {"message"}. */
const refusalAnswer = z
  .object({
    message: z.string().optional(),
    error: z.string().optional(),
    errors: z.union([z.record(z.string(), z.union([z.array(z.string()), z.string()])), z.array(z.string())]).optional(),
  })
  .loose();

/** The dates of a shipment's journey, under the status each one starts. */
const JOURNEY = [
  ["pending", "created_at"],
  ["released", "paid_at"],
  ["generated", "generated_at"],
  ["posted", "posted_at"],
  ["delivered", "delivered_at"],
  ["canceled", "canceled_at"],
  ["expired", "expired_at"],
] as const;

/** A refusal that the balance does not cover the purchase. */
const NO_BALANCE = /saldo|balance|carteira|wallet/i;
/** A refusal that the service does not take this route or parcel (any more). */
const NOT_SERVED =
  /n[ãa]o (?:atende|est[áa] dispon[íi]vel|dispon[íi]vel)|indispon[íi]vel|unavailable|not available|inativ|desativad/i;

const digits = (text: string) => text.replace(/\D/g, "");
const reais = (cents: number) => cents / 100;
const kilograms = (grams: number) => grams / 1000;

export function createMelhorEnvioClient(options: MelhorEnvioClientOptions): MelhorEnvioClient {
  const base = (options.baseUrl ?? MELHOR_ENVIO_HOSTS[options.environment]).replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? MELHOR_ENVIO_TIMEOUT_MS;
  const headers = {
    accept: "application/json",
    "content-type": "application/json",
    authorization: `Bearer ${options.token}`,
    "user-agent": options.userAgent,
  };

  async function call<T>(
    schema: z.ZodType<T>,
    request: { method: "GET" | "POST"; path: string; body?: unknown; signal?: AbortSignal; step?: Step },
  ): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await send(`${base}/api/v2/me${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch {
      throw new MelhorEnvioError("unreachable", MELHOR_ENVIO_MESSAGES.unreachable);
    }
    const body = readJson(text);
    if (!response.ok) throw failureOf(response.status, body, request.step ?? "other");
    const answer = schema.safeParse(body);
    if (!answer.success) throw new MelhorEnvioError("unreachable", MELHOR_ENVIO_MESSAGES.unexpected, response.status);
    return answer.data;
  }

  return {
    async quote(request, signal) {
      const body = {
        from: { postal_code: digits(request.from_postal_code) },
        to: { postal_code: digits(request.to_postal_code) },
        products: request.products.map((product) => ({
          id: product.id,
          width: product.width_cm,
          height: product.height_cm,
          length: product.length_cm,
          weight: kilograms(product.weight_grams),
          insurance_value: reais(product.insurance_cents),
          quantity: product.quantity,
        })),
        ...(request.services.length > 0 ? { services: request.services.join(",") } : {}),
      };
      const answer = await call(quoteAnswer, { method: "POST", path: "/shipment/calculate", body, signal });
      return answer.map((service): MelhorEnvioQuote => {
        const named = { service_id: service.id, name: service.name, company: service.company?.name ?? "" };
        if (service.error) return { ...named, error: service.error };
        if (service.price == null || service.delivery_time == null)
          return { ...named, error: "O Melhor Envio não informou o preço ou o prazo deste serviço" };
        return { ...named, price_cents: service.price, delivery_days: service.delivery_time };
      });
    },

    async addToCart(input, signal) {
      const body = {
        service: input.service_id,
        from: partyFields(input.from),
        to: partyFields(input.to),
        products: input.products.map((product) => ({
          name: product.name,
          quantity: product.quantity,
          unitary_value: reais(product.unitary_cents),
        })),
        volumes: input.volumes.map((volume) => ({
          height: volume.height_cm,
          width: volume.width_cm,
          length: volume.length_cm,
          weight: kilograms(volume.weight_grams),
        })),
        options: cartOptions(input),
      };
      return shipmentOf(await call(shipmentAnswer, { method: "POST", path: "/cart", body, signal }));
    },

    async checkout(ids, signal) {
      const answer = await call(checkoutAnswer, {
        method: "POST",
        path: "/shipment/checkout",
        body: { orders: ids },
        signal,
        step: "checkout",
      });
      return { purchase_id: answer.purchase.id };
    },

    async generate(ids, signal) {
      const answer = await call(generateAnswer, {
        method: "POST",
        path: "/shipment/generate",
        body: { orders: ids },
        signal,
      });
      const refused = Object.values(answer).find((result) => result.status === false);
      if (refused) throw refusalOf(refused.message || "O Melhor Envio não gerou a etiqueta", "other", 200);
    },

    async print(ids, signal) {
      const answer = await call(printAnswer, {
        method: "POST",
        path: "/shipment/print",
        body: { mode: "private", orders: ids },
        signal,
      });
      return { url: answer.url };
    },

    async shipment(shipmentId, signal) {
      return shipmentOf(
        await call(shipmentAnswer, { method: "GET", path: `/orders/${encodeURIComponent(shipmentId)}`, signal }),
      );
    },

    async tracking(ids, signal) {
      const answer = await call(trackingAnswer, {
        method: "POST",
        path: "/shipment/tracking",
        body: { orders: ids },
        signal,
      });
      return Object.values(answer).map(
        (shipment): MelhorEnvioTracking => ({
          id: shipment.id,
          status: shipment.status,
          tracking_code: shipment.tracking || null,
          tracking_url: shipment.melhorenvio_tracking
            ? `${TRACKING_PAGE}${encodeURIComponent(shipment.melhorenvio_tracking)}`
            : null,
          events: JOURNEY.flatMap(([status, field]) => {
            const at = instant(shipment[field]);
            return at === null ? [] : [{ status, at }];
          }).sort((left, right) => left.at.localeCompare(right.at)),
        }),
      );
    },

    async balance(signal) {
      const answer = await call(balanceAnswer, { method: "GET", path: "/balance", signal });
      return { balance_cents: answer.balance };
    },
  };
}

function shipmentOf(answer: z.infer<typeof shipmentAnswer>): MelhorEnvioShipment {
  return { id: answer.id, protocol: answer.protocol ?? "", price_cents: answer.price ?? 0, status: answer.status };
}

/** A party as the cart takes it: a CPF goes as `document`, a CNPJ as `company_document`. */
function partyFields(party: MelhorEnvioParty) {
  const taxId = digits(party.tax_id);
  return {
    name: party.name,
    phone: digits(party.phone),
    email: party.email,
    ...(taxId.length === 14 ? { company_document: taxId } : { document: taxId }),
    address: party.address,
    complement: party.complement,
    number: party.number,
    district: party.district,
    city: party.city,
    state_abbr: party.state_abbr,
    country_id: "BR",
    postal_code: digits(party.postal_code),
  };
}

/**
 * The label's options: insured for the goods' value; no receipt notice, own-hand delivery or reverse
 * logistics (each costs extra); non-commercial, so a declaração de conteúdo travels in place of an NF-e,
 * which a cooperative selling to people often does not issue.
 */
function cartOptions(input: MelhorEnvioCartInput) {
  return {
    insurance_value: reais(input.insurance_cents),
    receipt: false,
    own_hand: false,
    reverse: false,
    non_commercial: true,
    tags: [{ tag: input.tag, url: input.tag_url ?? null }],
  };
}

/** Melhor Envio's "2019-02-27 15:59:34" (São Paulo time) or an ISO 8601 moment, as ISO 8601 in UTC. */
function instant(text: string | null | undefined): string | null {
  if (!text) return null;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?$/.exec(text);
  const time = Date.parse(local ? `${local[1]}T${local[2]}-03:00` : text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An HTTP failure as its kind: the token, the balance, the service, the shipment, or Melhor Envio itself. */
function failureOf(status: number, body: unknown, step: Step): MelhorEnvioError {
  if (status === 401) return new MelhorEnvioError("unauthorized", MELHOR_ENVIO_MESSAGES.unauthorized, status);
  if (status === 403) return new MelhorEnvioError("unauthorized", MELHOR_ENVIO_MESSAGES.forbidden, status);
  if (status === 404) return new MelhorEnvioError("not_found", MELHOR_ENVIO_MESSAGES.notFound, status);
  if (status === 429) return new MelhorEnvioError("unreachable", MELHOR_ENVIO_MESSAGES.rateLimited, status);
  if (status >= 500 || status < 400)
    return new MelhorEnvioError("unreachable", MELHOR_ENVIO_MESSAGES.unreachable, status);
  const refusal = refusalAnswer.safeParse(body);
  if (!refusal.success) return refusalOf(`O Melhor Envio recusou a solicitação (HTTP ${status})`, step, status);
  const { message, error, errors } = refusal.data;
  const listed: [string, string][] = Array.isArray(errors)
    ? errors.map((text) => ["", text])
    : Object.entries(errors ?? {}).flatMap(([field, texts]) =>
        (Array.isArray(texts) ? texts : [texts]).map((text): [string, string] => [field, text]),
      );
  const [first] = listed;
  const reason = first
    ? first[0] === "" || first[1].includes(first[0])
      ? first[1]
      : `${first[1].replace(/\.$/, "")} (campo ${first[0]}).`
    : error || message || `O Melhor Envio recusou a solicitação (HTTP ${status})`;
  const everything = [message, error, ...listed.flat()].filter(Boolean).join(" ");
  return refusalOf(reason, step, status, everything);
}

/** A refusal in Melhor Envio's words, as a lack of balance, a service that no longer serves, or bad data. */
function refusalOf(reason: string, step: Step, status: number, everything = reason): MelhorEnvioError {
  if (step === "checkout" && NO_BALANCE.test(everything))
    return new MelhorEnvioError("insufficient_balance", MELHOR_ENVIO_MESSAGES.insufficientBalance, status);
  if (NOT_SERVED.test(everything))
    return new MelhorEnvioError(
      "service_unavailable",
      `${MELHOR_ENVIO_MESSAGES.serviceUnavailable}: ${reason.replace(/\.$/, "")}.`,
      status,
    );
  return new MelhorEnvioError("invalid", reason, status);
}

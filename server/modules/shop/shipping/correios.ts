import { Buffer } from "node:buffer";
import { normalizeCep } from "../../../../common/brazil/cep.ts";
import { parseBRL } from "../../../../common/money.ts";
import type { CorreiosEnvironment, CorreiosService, CorreiosSettings } from "../../../../common/schemas/shipping.ts";
import { z } from "../../../../common/zod.ts";
import { abortable } from "./abortable.ts";
import { consolidatePackage, type ShippingPackage } from "./package.ts";
import type { ShippingOption, ShippingProvider } from "./provider.ts";

// The Correios REST API ("CWS"), as the shared spec brazil-commerce.md describes it: a token per posting
// card, then a price and a deadline per service. The SOAP calculator it replaced is switched off.

export const CORREIOS_BASE_URLS: Record<CorreiosEnvironment, string> = {
  production: "https://api.correios.com.br",
  staging: "https://apihom.correios.com.br",
};

/** A quote that takes longer loses the customer; the other providers answer without Correios. */
export const CORREIOS_TIMEOUT_MS = 5000;

/** A token is renewed this long before its expiraEm, so that it never expires between the check and the call. */
export const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/** Brasília time, which expiraEm is written in when it carries no offset; Brazil has had no summer time since 2019. */
const CORREIOS_OFFSET = "-03:00";

export class CorreiosError extends Error {
  /** The HTTP status, when the API answered. */
  readonly status: number | undefined;
  /** The API answered with a 4xx that is not about the credentials: this service does not take this package or CEP. */
  readonly refused: boolean;

  constructor(message: string, status?: number) {
    super(message);
    this.name = "CorreiosError";
    this.status = status;
    this.refused = status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
  }
}

type CorreiosToken = {
  value: string;
  /** The posting card's contract and regional directorate, used when the settings leave them out. */
  contract: string;
  dr: number | null;
  /** When to ask for a new one (ms since the epoch). */
  renewAt: number;
};

type TokenEntry = { pending: Promise<CorreiosToken>; token?: CorreiosToken };

/**
 * Tokens per credentials, kept for the life of the process: a quote is built per request, and asking for
 * a token on each would double every quote's time. Callers waiting together share one request.
 */
export class CorreiosTokenCache {
  readonly #entries = new Map<string, TokenEntry>();

  get(key: string, now: number, issue: () => Promise<CorreiosToken>): Promise<CorreiosToken> {
    const entry = this.#entries.get(key);
    if (entry && (entry.token === undefined || entry.token.renewAt > now)) return entry.pending;
    const fresh: TokenEntry = { pending: issue() };
    this.#entries.set(key, fresh);
    fresh.pending.then(
      (token) => {
        fresh.token = token;
      },
      () => {
        if (this.#entries.get(key) === fresh) this.#entries.delete(key);
      },
    );
    return fresh.pending;
  }

  /** Forgets a token the API refused, unless a newer one has replaced it already. */
  drop(key: string, token: CorreiosToken): void {
    if (this.#entries.get(key)?.token === token) this.#entries.delete(key);
  }
}

const digitString = z.union([z.string().regex(/^\d+$/), z.number().int().min(0)]).transform(String);

/** expiraEm such as "2026-11-24T20:04:55" (Brasília time) or with its own offset. */
const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})?$/)
  .transform((text) => Date.parse(/(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}${CORREIOS_OFFSET}`))
  .pipe(z.number().refine(Number.isFinite));

const tokenAnswer = z.object({
  token: z.string().min(1),
  expiraEm: instant,
  cartaoPostagem: z.object({ contrato: digitString.optional(), dr: digitString.optional() }).optional(),
});

const priceAnswer = z.object({
  pcFinal: z
    .string()
    .transform((text) => parseBRL(text))
    .pipe(z.number().int().min(0)),
});

const deadlineAnswer = z.object({ prazoEntrega: digitString.transform(Number) });

/** The text of an error answer: {"msgs": [...]} from the gateway, or a plain {"message"}. */
const errorAnswer = z.union([
  z.object({ msgs: z.array(z.string()).min(1) }).transform((answer) => answer.msgs.join("; ")),
  z.object({ message: z.string().min(1) }).transform((answer) => answer.message),
]);

export type CorreiosProviderOptions = {
  settings: CorreiosSettings;
  /** Shared by every quote of the process (see CorreiosTokenCache). */
  tokens: CorreiosTokenCache;
  /** In place of the environment's host, such as a test's fake server on 127.0.0.1. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

type TokenRequest = {
  settings: Pick<CorreiosSettings, "environment" | "user" | "access_code" | "posting_card">;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

const baseOf = (options: Pick<TokenRequest, "settings" | "baseUrl">) =>
  (options.baseUrl ?? CORREIOS_BASE_URLS[options.settings.environment]).replace(/\/+$/, "");

/**
 * A token for the settings' posting card, asked now within `timeoutMs`: refused credentials are a
 * CorreiosError with the 401 or 403; an API that does not answer, or answers anything else, one without status.
 */
async function requestToken(options: TokenRequest): Promise<CorreiosToken> {
  const { settings } = options;
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? CORREIOS_TIMEOUT_MS;
  const credentials = Buffer.from(`${settings.user}:${settings.access_code}`).toString("base64");
  try {
    const response = await send(`${baseOf(options)}/token/v1/autentica/cartaopostagem`, {
      method: "POST",
      headers: {
        authorization: `Basic ${credentials}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({ numero: settings.posting_card }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await readJson(response);
    if (response.status === 401 || response.status === 403)
      throw new CorreiosError(
        `Os Correios recusaram o usuário, o código de acesso ou o cartão de postagem${reasonOf(body)}`,
        response.status,
      );
    if (!response.ok)
      // No status: a token the API will not issue is no refusal of one service, it stops them all.
      throw new CorreiosError(`Os Correios não emitiram o token (HTTP ${response.status})${reasonOf(body)}`);
    const answer = tokenAnswer.safeParse(body);
    if (!answer.success) throw new CorreiosError("Os Correios emitiram um token em formato inesperado");
    const { token, expiraEm, cartaoPostagem } = answer.data;
    return {
      value: token,
      contract: cartaoPostagem?.contrato ?? "",
      dr: cartaoPostagem?.dr === undefined ? null : Number(cartaoPostagem.dr),
      renewAt: Math.max(now(), expiraEm - TOKEN_RENEWAL_MARGIN_MS),
    };
  } catch (error) {
    throw error instanceof Error && error.name === "TimeoutError" ? timedOut(timeoutMs) : error;
  }
}

/**
 * Whether the Correios take the settings' user, access code and posting card now: a token asked for them,
 * never one kept from before (a save's check and "Testar conexão"). Answers the contract and the regional
 * directorate the token names; fails as a quote's token would (requestToken).
 */
export async function checkCorreiosCredentials(
  options: TokenRequest,
): Promise<{ contract: string; dr: number | null }> {
  const { contract, dr } = await requestToken(options);
  return { contract, dr };
}

/**
 * One option per configured service, all asked in parallel. A service the API refuses (a 4xx: it does not
 * serve this CEP or take this package) is left out; the quote fails only when no service gave an option
 * and at least one could not be asked, or every one was refused (the reason is then the API's own text).
 */
export function correiosProvider(options: CorreiosProviderOptions): ShippingProvider {
  const { settings, tokens } = options;
  const base = baseOf(options);
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? CORREIOS_TIMEOUT_MS;
  const tokenKey = [base, settings.user, settings.access_code, settings.posting_card].join("\n");

  /** Its own time limit, not a caller's signal: other quotes may be waiting for the same token. */
  const issueToken = () => requestToken(options);

  const currentToken = (signal: AbortSignal) => abortable(tokens.get(tokenKey, now(), issueToken), signal);

  /** GET with `token`; a 401 means the API dropped it before expiraEm: renew it once and retry. */
  async function get(
    path: string,
    query: URLSearchParams,
    token: CorreiosToken,
    signal: AbortSignal,
  ): Promise<unknown> {
    let current = token;
    for (let attempt = 1; ; attempt++) {
      const response = await send(`${base}/${path}?${query}`, {
        headers: { authorization: `Bearer ${current.value}`, accept: "application/json" },
        signal,
      });
      const body = await readJson(response);
      if (response.status === 401 && attempt === 1) {
        tokens.drop(tokenKey, current);
        current = await currentToken(signal);
        continue;
      }
      if (!response.ok)
        throw new CorreiosError(`Os Correios responderam HTTP ${response.status}${reasonOf(body)}`, response.status);
      return body;
    }
  }

  async function quoteService(
    service: CorreiosService,
    route: { origin: string; destination: string },
    box: ShippingPackage,
    signal: AbortSignal,
  ): Promise<ShippingOption> {
    // One token for the price and the deadline, even one about to expire: it only has to last this quote.
    const token = await currentToken(signal);
    const contract = settings.contract || token.contract;
    const dr = settings.dr || token.dr;
    const priceQuery = new URLSearchParams({
      cepOrigem: route.origin,
      cepDestino: route.destination,
      psObjeto: String(box.weight_grams),
      tpObjeto: String(box.object_type),
      comprimento: String(box.length_cm),
      largura: String(box.width_cm),
      altura: String(box.height_cm),
      vlDeclarado: decimalReais(box.declared_cents),
    });
    if (contract) priceQuery.set("nuContrato", contract);
    if (dr) priceQuery.set("nuDR", String(dr));
    const deadlineQuery = new URLSearchParams({ cepOrigem: route.origin, cepDestino: route.destination });
    const code = encodeURIComponent(service.code);
    const [price, deadline] = await Promise.all([
      get(`preco/v1/nacional/${code}`, priceQuery, token, signal).then((body) =>
        parseAnswer(priceAnswer, body, "preço"),
      ),
      get(`prazo/v1/nacional/${code}`, deadlineQuery, token, signal).then((body) =>
        parseAnswer(deadlineAnswer, body, "prazo"),
      ),
    ]);
    return {
      code: `correios:${service.code}`,
      name: service.name,
      price_cents: price.pcFinal,
      delivery_days: deadline.prazoEntrega,
      provider: "correios",
    };
  }

  return {
    provider: "correios",
    quote: async (request, callerSignal) => {
      const origin = normalizeCep(request.origin_cep);
      if (origin === null) throw new CorreiosError("Informe o CEP de origem da loja para cotar nos Correios");
      const destination = normalizeCep(request.destination_cep);
      if (destination === null) return [];
      const signal = AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)]);
      const box = consolidatePackage(request.items);
      const results = await Promise.allSettled(
        settings.services.map((service) => quoteService(service, { origin, destination }, box, signal)),
      );
      const quoted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      const failures: unknown[] = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      if (quoted.length > 0 || failures.length === 0) return quoted;
      if (callerSignal.aborted) throw callerSignal.reason;
      if (signal.aborted) throw timedOut(timeoutMs);
      throw failures.find((failure) => !(failure instanceof CorreiosError && failure.refused)) ?? failures[0];
    },
  };
}

const timedOut = (timeoutMs: number) => new CorreiosError(`Os Correios não responderam em ${timeoutMs} ms`);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function reasonOf(body: unknown): string {
  const answer = errorAnswer.safeParse(body);
  return answer.success ? `: ${answer.data}` : "";
}

function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const answer = schema.safeParse(body);
  if (!answer.success) throw new CorreiosError(`Os Correios responderam o ${what} em formato inesperado`);
  return answer.data;
}

/** Cents as a decimal with a point, from the digits: 12345 -> "123.45". */
function decimalReais(cents: number): string {
  const digits = String(cents).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

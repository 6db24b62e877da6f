// Focus NFe's API v2 for NF-e (FocusNFe/api-doc: source/includes/_nfe.md, _webhooks.md): HTTP Basic with the
// environment's token as the user and no password; a note sent under our reference (`ref`) is answered 202 and
// processed asynchronously; its files are paths relative to the host; errors are {codigo, mensagem, erros}.
import { timingSafeEqual } from "node:crypto";
import type { FiscalEnvironment } from "../../../common/schemas/fiscal.ts";
import { z } from "../../../common/zod.ts";
import {
  type FiscalFailure,
  type FiscalProvider,
  FiscalProviderError,
  type ProviderNote,
  type ProviderNoteStatus,
} from "./fiscal-provider.ts";
import { focusNfePayload } from "./focus-nfe-payload.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.ts";

export const FOCUS_NFE_HOSTS: Record<FiscalEnvironment, string> = {
  homologacao: "https://homologacao.focusnfe.com.br",
  producao: "https://api.focusnfe.com.br",
};

/** A call waits this long at most: the shop never waits on SEFAZ, only on Focus NFe's queue. */
export const FOCUS_NFE_TIMEOUT_MS = 15_000;

/** What the administrator reads for each failure that is not Focus NFe's own text. */
export const FOCUS_NFE_MESSAGES = {
  unauthorized: "O token da Focus NFe foi recusado: confira se ele é do ambiente escolhido (homologação ou produção).",
  forbidden: "O token da Focus NFe não tem permissão para emitir notas deste CNPJ.",
  notFound: "A Focus NFe não tem nota com esta referência.",
  processing: "A nota ainda está em processamento na SEFAZ: aguarde a resposta.",
  notAuthorized: "A nota não está autorizada: não é possível cancelá-la ou corrigi-la.",
  rateLimited: "A Focus NFe pediu uma pausa (consultas demais em pouco tempo): a nota será enviada de novo em seguida.",
  unreachable: "A Focus NFe não respondeu a tempo: a nota será enviada de novo em alguns minutos.",
  unexpected: "A Focus NFe respondeu em um formato inesperado: a nota será consultada de novo em alguns minutos.",
} as const;

const STATUS: Record<string, ProviderNoteStatus> = {
  processando_autorizacao: "processing",
  autorizado: "authorized",
  erro_autorizacao: "rejected",
  denegado: "denied",
  cancelado: "cancelled",
};

const text = z.string().nullish();
const noteAnswer = z.looseObject({
  ref: text,
  status: z.string(),
  status_sefaz: z.union([z.string(), z.number()]).nullish(),
  mensagem_sefaz: text,
  chave_nfe: text,
  numero: z.union([z.string(), z.number()]).nullish(),
  serie: z.union([z.string(), z.number()]).nullish(),
  caminho_xml_nota_fiscal: text,
  caminho_danfe: text,
  caminho_xml_cancelamento: text,
  caminho_xml_carta_correcao: text,
  caminho_pdf_carta_correcao: text,
  numero_carta_correcao: z.union([z.string(), z.number()]).nullish(),
});
type NoteAnswer = z.infer<typeof noteAnswer>;

const errorAnswer = z.looseObject({
  codigo: z.string().optional(),
  mensagem: z.string().optional(),
  erros: z.array(z.looseObject({ mensagem: z.string().optional(), campo: z.string().nullish() })).optional(),
});

const optionalText = (value: string | number | null | undefined) => (value == null ? null : String(value));

/** A carta de correção's number (1, 2...: SEFAZ's sequence of the note's events), when the answer has one. */
const sequenceOf = (value: string | number | null | undefined): number | null => {
  const number = Number(value);
  return value != null && Number.isInteger(number) && number > 0 ? number : null;
};

/** A note as Focus NFe writes it (the GET, the webhook and the POST's answer all share these fields). */
export function noteOf(answer: NoteAnswer, reference: string): ProviderNote | null {
  const status = STATUS[answer.status];
  if (!status) return null;
  return {
    reference: answer.ref ?? reference,
    status,
    sefazStatus: optionalText(answer.status_sefaz),
    sefazMessage: answer.mensagem_sefaz ?? null,
    accessKey: answer.chave_nfe ?? null,
    number: optionalText(answer.numero),
    series: optionalText(answer.serie),
    xmlPath: answer.caminho_xml_nota_fiscal ?? null,
    danfePath: answer.caminho_danfe ?? null,
    cancellationXmlPath: answer.caminho_xml_cancelamento ?? null,
    correctionXmlPath: answer.caminho_xml_carta_correcao ?? null,
    correctionPdfPath: answer.caminho_pdf_carta_correcao ?? null,
    correctionNumber: sequenceOf(answer.numero_carta_correcao),
  };
}

function readJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** Seconds until the limit resets (Rate-Limit-Reset), else Retry-After, else a minute. */
function retryAfterOf(headers: Headers): number {
  for (const name of ["rate-limit-reset", "retry-after"]) {
    const value = Number(headers.get(name));
    if (Number.isFinite(value) && value > 0) return Math.ceil(value);
  }
  return 60;
}

function failureOf(response: Response, body: unknown): FiscalProviderError {
  const parsed = errorAnswer.safeParse(body);
  const error = parsed.success ? parsed.data : {};
  const details = (error.erros ?? []).flatMap((item) =>
    item.mensagem ? [item.campo ? `${item.campo}: ${item.mensagem}` : item.mensagem] : [],
  );
  const said = error.mensagem;
  const status = response.status;
  const make = (failure: FiscalFailure, message: string) =>
    new FiscalProviderError(failure, message, { status, details });
  if (status === 429)
    return new FiscalProviderError("rate_limited", FOCUS_NFE_MESSAGES.rateLimited, {
      status,
      retryAfterSeconds: retryAfterOf(response.headers),
    });
  if (status === 401) return make("unauthorized", FOCUS_NFE_MESSAGES.unauthorized);
  if (status === 403) return make("forbidden", said ?? FOCUS_NFE_MESSAGES.forbidden);
  if (status === 404) return make("not_found", FOCUS_NFE_MESSAGES.notFound);
  if (error.codigo === "em_processamento") return make("processing", FOCUS_NFE_MESSAGES.processing);
  if (error.codigo === "nfe_nao_autorizada" || error.codigo === "nfe_cancelada")
    return make("not_authorized", said ?? FOCUS_NFE_MESSAGES.notAuthorized);
  if (status === 400 || status === 422) return make("invalid", said ?? "A Focus NFe recusou a nota.");
  return make("unreachable", FOCUS_NFE_MESSAGES.unreachable);
}

/** Compares without telling by its time how much of the secret a guess had right. */
function sameSecret(given: string | null, secret: string): boolean {
  if (given === null || secret === "") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type FocusNfeClientOptions = {
  token: string;
  environment: FiscalEnvironment;
  /** Another host (FOCUS_NFE_URL: the local fake in tests). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The token's allowance, shared by every client of this token in the process (rate-limit.ts); its own if none. */
  limiter?: RateLimiter;
};

export function createFocusNfeClient(options: FocusNfeClientOptions): FiscalProvider {
  const base = (options.baseUrl ?? FOCUS_NFE_HOSTS[options.environment]).replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? FOCUS_NFE_TIMEOUT_MS;
  const authorization = `Basic ${Buffer.from(`${options.token}:`).toString("base64")}`;
  const limiter = options.limiter ?? createRateLimiter();

  async function call(request: {
    method: "GET" | "POST" | "DELETE";
    path: string;
    body?: unknown;
    signal?: AbortSignal;
  }): Promise<{ response: Response; bytes: Uint8Array }> {
    // Paused: not sent at all, and the caller told when to try again, as a 429 would have told it.
    const paused = limiter.pausedFor();
    if (paused > 0)
      throw new FiscalProviderError("rate_limited", FOCUS_NFE_MESSAGES.rateLimited, {
        retryAfterSeconds: Math.ceil(paused / 1000),
      });
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await send(`${base}${request.path}`, {
        method: request.method,
        headers: {
          authorization,
          accept: "application/json",
          ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch {
      throw new FiscalProviderError("unreachable", FOCUS_NFE_MESSAGES.unreachable);
    }
    limiter.observe(response.status, response.headers);
    if (!response.ok) throw failureOf(response, readJson(new TextDecoder().decode(bytes)));
    return { response, bytes };
  }

  async function note(reference: string, request: Parameters<typeof call>[0]): Promise<ProviderNote> {
    const { response, bytes } = await call(request);
    const parsed = noteAnswer.safeParse(readJson(new TextDecoder().decode(bytes)));
    const found = parsed.success ? noteOf(parsed.data, reference) : null;
    if (!found)
      throw new FiscalProviderError("unreachable", FOCUS_NFE_MESSAGES.unexpected, { status: response.status });
    return found;
  }

  const notePath = (reference: string) => `/v2/nfe/${encodeURIComponent(reference)}`;
  const find = (reference: string, signal?: AbortSignal) =>
    note(reference, { method: "GET", path: notePath(reference), signal });

  return {
    issue(draft, signal) {
      return note(draft.reference, {
        method: "POST",
        path: `/v2/nfe?ref=${encodeURIComponent(draft.reference)}`,
        body: focusNfePayload(draft),
        signal,
      });
    },

    find,

    async cancel(reference, justification, signal) {
      const { response, bytes } = await call({
        method: "DELETE",
        path: notePath(reference),
        body: { justificativa: justification },
        signal,
      });
      const parsed = noteAnswer.safeParse(readJson(new TextDecoder().decode(bytes)));
      if (!parsed.success)
        throw new FiscalProviderError("unreachable", FOCUS_NFE_MESSAGES.unexpected, { status: response.status });
      // SEFAZ refused the cancellation (most often: past the window it allows): the note stays authorised.
      if (parsed.data.status === "erro_cancelamento")
        throw new FiscalProviderError(
          "not_authorized",
          parsed.data.mensagem_sefaz ?? FOCUS_NFE_MESSAGES.notAuthorized,
          {
            status: response.status,
          },
        );
      return find(reference, signal);
    },

    async correct(reference, correction, signal) {
      const { response, bytes } = await call({
        method: "POST",
        path: `${notePath(reference)}/carta_correcao`,
        body: { correcao: correction },
        signal,
      });
      const parsed = noteAnswer.safeParse(readJson(new TextDecoder().decode(bytes)));
      if (!parsed.success)
        throw new FiscalProviderError("unreachable", FOCUS_NFE_MESSAGES.unexpected, { status: response.status });
      if (parsed.data.status === "erro_autorizacao")
        throw new FiscalProviderError("invalid", parsed.data.mensagem_sefaz ?? "A SEFAZ recusou a carta de correção.", {
          status: response.status,
        });
      return find(reference, signal);
    },

    async download(path, signal) {
      if (!path.startsWith("/")) throw new FiscalProviderError("invalid", "O caminho do arquivo da nota é inválido.");
      return (await call({ method: "GET", path, signal })).bytes;
    },

    async registerWebhook({ cnpj, url, secret }, signal) {
      await call({
        method: "POST",
        path: "/v2/hooks",
        body: { cnpj, event: "nfe", url, authorization: secret },
        signal,
      });
    },

    readWebhook({ headers, body }, secret) {
      if (!sameSecret(headers.get("authorization"), secret)) return { kind: "unauthorized" };
      // A NUL is in no note Focus NFe sends, and no text column of ours could keep it.
      if (body.includes("\0") || body.includes("\\u0000")) return { kind: "malformed" };
      const parsed = noteAnswer.safeParse(readJson(body));
      if (!parsed.success || !parsed.data.ref) return { kind: "malformed" };
      const note = noteOf(parsed.data, parsed.data.ref);
      return note ? { kind: "note", note } : { kind: "malformed" };
    },

    async checkToken(signal) {
      await call({ method: "GET", path: "/v2/hooks", signal });
    },
  };
}

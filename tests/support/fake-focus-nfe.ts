import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Focus NFe's API v2 on 127.0.0.1 (FocusNFe/api-doc: source/includes/_nfe.md, _webhooks.md),
// speaking the NF-e endpoints the shop uses with their documented bodies: HTTP Basic with the token as the
// user; POST /v2/nfe?ref= answered 202 {"status": "processando_autorizacao"}; GET /v2/nfe/REF; DELETE with
// {"justificativa"}; POST /v2/nfe/REF/carta_correcao with {"correcao"}; the files at relative `caminho_*`
// paths; POST and GET /v2/hooks; errors as {"codigo", "mensagem", "erros"}; 429 with the Rate-Limit headers.
// Once processed, a note's change is POSTed to every hook's url with its `authorization` value in the
// Authorization header, the same JSON as the GET.
//
// How to use it:
//
//   const focus = await startFakeFocusNfe({ token: "abc" });  // options: token, environment, productionToken
//   ... point the client (baseUrl) or the server (FOCUS_NFE_URL) at focus.url ...
//   focus.requests                 every request received: method, path, headers, parsed body
//   focus.notes                    the notes by reference, as the fake keeps them (the main token's)
//   focus.productionNotes          with `productionToken`: that token's notes, a produção account of its own
//                                  (references are unique per token, so one may be in both)
//   focus.outcome = "reject"       the next notes sent are rejected by "SEFAZ" (erro_autorizacao, 598 in
//                                  homologação's name rule's words); also "deny" (denegado, 302) and
//                                  "authorize" (the default)
//   focus.holdProcessing = true    notes stay "processando_autorizacao" until focus.process() runs
//   focus.loseWebhooks = true      the changes are not told to the hooks (a lost webhook: poll)
//   focus.limitNext(2, 30)         the next 2 requests get 429 with Rate-Limit-Reset: 30
//   focus.rateLimit = { limit: 100, windowSeconds: 60 }   the documented limit enforced per token: every
//                                  answer carries Rate-Limit-Limit, -Remaining and -Reset, and a request over
//                                  the limit gets 429 until the window starts again (null: no limit, the default)
//   focus.rateLimited              how many requests that limit answered 429
//   focus.failNext("server_error") the next request answers 500; "unparsable" answers 200 with HTML
//   focus.delayMs = 3000           every answer waits this long (a slow or timing-out provider)
//   focus.cancelWindowPassed = true  a cancellation is refused by SEFAZ (erro_cancelamento, 501)
//   focus.webhooks                 every webhook delivered: url, headers, body, the status it was answered
//   await focus.close()

export type FakeFocusRequest = {
  /** Which account's token it carried (null: neither). */
  environment: "homologacao" | "producao" | null;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

export type FakeFocusNote = {
  ref: string;
  status: "processando_autorizacao" | "autorizado" | "erro_autorizacao" | "denegado" | "cancelado";
  status_sefaz: string | null;
  mensagem_sefaz: string | null;
  chave_nfe: string | null;
  numero: string | null;
  serie: string | null;
  caminho_xml_nota_fiscal: string | null;
  caminho_danfe: string | null;
  caminho_xml_cancelamento: string | null;
  caminho_xml_carta_correcao: string | null;
  caminho_pdf_carta_correcao: string | null;
  numero_carta_correcao: number | null;
  /** What was sent, as the last POST carried it. */
  payload: Record<string, unknown>;
  /** How many times it was sent (a rejected note may be sent again under its reference). */
  sent: number;
};

export type FakeFocusWebhook = { url: string; headers: Record<string, string>; body: string; answered: number | null };

export type FakeFocusNfe = {
  url: string;
  token: string;
  productionToken: string | null;
  requests: FakeFocusRequest[];
  notes: Map<string, FakeFocusNote>;
  productionNotes: Map<string, FakeFocusNote>;
  webhooks: FakeFocusWebhook[];
  outcome: "authorize" | "reject" | "deny";
  holdProcessing: boolean;
  loseWebhooks: boolean;
  delayMs: number;
  cancelWindowPassed: boolean;
  rateLimit: { limit: number; windowSeconds: number } | null;
  rateLimited: number;
  limitNext(count: number, resetSeconds: number): void;
  failNext(kind: "server_error" | "unparsable"): void;
  /** Processes every note still processing, with the current outcome, and tells the hooks. */
  process(): Promise<void>;
  /** Forgets every request, note, file, hook and webhook, and answers normally again (between tests). */
  reset(): void;
  close(): Promise<void>;
};

const HOMOLOGATION_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/** The documented checks the fake makes before accepting a note: SEFAZ's sums and homologação's name. */
function schemaErrors(payload: Record<string, unknown>, environment: "homologacao" | "producao"): string[] {
  const errors: string[] = [];
  for (const field of ["natureza_operacao", "cnpj_emitente", "nome_destinatario", "valor_total"])
    if (payload[field] === undefined || payload[field] === "") errors.push(`${field}: campo obrigatório`);
  const items = Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : [];
  if (items.length === 0) errors.push("items: a nota precisa de ao menos um item");
  const gross = items.reduce((sum, item) => sum + cents(item.valor_bruto), 0);
  const discount = items.reduce((sum, item) => sum + cents(item.valor_desconto), 0);
  const freight = items.reduce((sum, item) => sum + cents(item.valor_frete), 0);
  if (gross - discount + freight !== cents(payload.valor_total))
    errors.push("valor_total: difere da soma dos itens, do frete e dos descontos");
  if (environment === "homologacao" && payload.nome_destinatario !== HOMOLOGATION_NAME)
    errors.push(`nome_destinatario: em homologação deve ser "${HOMOLOGATION_NAME}"`);
  return errors;
}

/**
 * An NF-e's 44-digit key: state, year and month, CNPJ, model 55, series, number, emission type, a numeric
 * code (never the number itself, rule B03-10) and the modulus 11 check digit.
 */
function accessKey(cnpj: string, number: number): string {
  const code = String(10_000_000 + ((number * 7919 + 13) % 89_999_999));
  const body = `262612${cnpj.padStart(14, "0")}55001${String(number).padStart(9, "0")}1${code}`;
  let sum = 0;
  for (let index = 0; index < body.length; index++) sum += Number(body[body.length - 1 - index]) * (2 + (index % 8));
  const rest = sum % 11;
  return `${body}${rest < 2 ? 0 : 11 - rest}`;
}

function publicNote(note: FakeFocusNote): Omit<FakeFocusNote, "payload" | "sent"> & { cnpj_emitente: unknown } {
  const { payload, sent: _sent, ...rest } = note;
  return { ...rest, cnpj_emitente: payload.cnpj_emitente ?? null };
}

type Hook = { url: string; authorization: string | null; header: string };
/** One token's account: its environment, its notes by reference, its hooks, its rate-limit window. */
type Account = {
  environment: "homologacao" | "producao";
  notes: Map<string, FakeFocusNote>;
  hooks: Hook[];
  window: { startedAt: number; count: number };
};

export async function startFakeFocusNfe(
  options: { token?: string; environment?: "homologacao" | "producao"; productionToken?: string } = {},
): Promise<FakeFocusNfe> {
  const token = options.token ?? `focus-${randomBytes(6).toString("hex")}`;
  const account = (environment: "homologacao" | "producao"): Account => ({
    environment,
    notes: new Map(),
    hooks: [],
    window: { startedAt: 0, count: 0 },
  });
  const accounts = new Map<string, Account>([[token, account(options.environment ?? "homologacao")]]);
  if (options.productionToken) accounts.set(options.productionToken, account("producao"));
  const main = accounts.get(token) as Account;
  const production = options.productionToken ? (accounts.get(options.productionToken) as Account) : null;
  const notes = main.notes;
  const requests: FakeFocusRequest[] = [];
  const webhooks: FakeFocusWebhook[] = [];
  const files = new Map<string, { type: string; body: Buffer }>();
  let limited = { count: 0, reset: 60 };
  const failures: ("server_error" | "unparsable")[] = [];
  let numbers = 0;

  const deliver = async (owner: Account, note: FakeFocusNote) => {
    if (fake.loseWebhooks) return;
    for (const hook of owner.hooks) {
      const body = JSON.stringify(publicNote(note));
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (hook.authorization !== null) headers[hook.header.toLowerCase()] = hook.authorization;
      const record: FakeFocusWebhook = { url: hook.url, headers, body, answered: null };
      webhooks.push(record);
      try {
        const response = await fetch(hook.url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
        record.answered = response.status;
        await response.arrayBuffer();
      } catch {
        record.answered = 0;
      }
    }
  };

  const settle = (note: FakeFocusNote) => {
    if (note.status !== "processando_autorizacao") return;
    if (fake.outcome === "reject") {
      Object.assign(note, {
        status: "erro_autorizacao",
        status_sefaz: "225",
        mensagem_sefaz: "Rejeição: Falha no Schema XML do lote de NFe",
      });
      return;
    }
    numbers++;
    const key = accessKey(String(note.payload.cnpj_emitente ?? ""), numbers);
    const folder = `/arquivos_development/${String(note.payload.cnpj_emitente ?? "0")}/202612`;
    files.set(`${folder}/XMLs/${key}-nfe.xml`, {
      type: "application/xml",
      body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><nfeProc><NFe><infNFe Id="NFe${key}"/></NFe></nfeProc>`),
    });
    files.set(`${folder}/DANFEs/${key}.pdf`, {
      type: "application/pdf",
      body: Buffer.from(`%PDF-1.4\n% DANFE ${key}\n%%EOF\n`),
    });
    if (fake.outcome === "deny") {
      Object.assign(note, {
        status: "denegado",
        status_sefaz: "302",
        mensagem_sefaz: "Uso Denegado: Irregularidade fiscal do destinatário",
        chave_nfe: `NFe${key}`,
        caminho_xml_nota_fiscal: `${folder}/XMLs/${key}-nfe.xml`,
      });
      return;
    }
    Object.assign(note, {
      status: "autorizado",
      status_sefaz: "100",
      mensagem_sefaz: "Autorizado o uso da NF-e",
      chave_nfe: `NFe${key}`,
      numero: String(numbers),
      serie: String(note.payload.serie ?? "1"),
      caminho_xml_nota_fiscal: `${folder}/XMLs/${key}-nfe.xml`,
      caminho_danfe: `${folder}/DANFEs/${key}.pdf`,
    });
  };

  // The notes processing when it is called: one sent meanwhile waits for its own turn (or for process()).
  const processAll = async () => {
    const pending = [...accounts.values()].flatMap((owner) =>
      [...owner.notes.values()]
        .filter((note) => note.status === "processando_autorizacao")
        .map((note) => ({ owner, note })),
    );
    for (const { note } of pending) settle(note);
    for (const { owner, note } of pending) await deliver(owner, note);
  };

  const answer = (
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
  const refuse = (
    response: http.ServerResponse,
    status: number,
    codigo: string,
    mensagem: string,
    erros: string[] = [],
  ) =>
    answer(response, status, {
      codigo,
      mensagem,
      ...(erros.length ? { erros: erros.map((text) => ({ mensagem: text })) } : {}),
    });

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse, raw: string) => {
    const url = new URL(request.url ?? "/", "http://fake");
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const owner = [...accounts.entries()].find(
      ([key]) => request.headers.authorization === `Basic ${Buffer.from(`${key}:`).toString("base64")}`,
    )?.[1];
    requests.push({
      environment: owner?.environment ?? null,
      method: request.method ?? "",
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      body,
    });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    // The documented limit, per token, in fixed windows: what is left and when the window starts again.
    const limit = fake.rateLimit;
    if (limit && owner) {
      const now = Date.now();
      if (now - owner.window.startedAt >= limit.windowSeconds * 1000) owner.window = { startedAt: now, count: 0 };
      owner.window.count++;
      const reset = Math.max(Math.ceil((owner.window.startedAt + limit.windowSeconds * 1000 - now) / 1000), 1);
      const remaining = Math.max(limit.limit - owner.window.count, 0);
      response.setHeader("rate-limit-limit", String(limit.limit));
      response.setHeader("rate-limit-remaining", String(remaining));
      response.setHeader("rate-limit-reset", String(reset));
      if (owner.window.count > limit.limit) {
        fake.rateLimited++;
        return answer(response, 429, { codigo: "limite_excedido", mensagem: "Limite de requisições excedido" });
      }
    }
    if (limited.count > 0) {
      limited.count--;
      return answer(
        response,
        429,
        { codigo: "limite_excedido", mensagem: "Limite de requisições excedido" },
        { "rate-limit-limit": "100", "rate-limit-remaining": "0", "rate-limit-reset": String(limited.reset) },
      );
    }
    const failure = failures.shift();
    if (failure === "server_error") return refuse(response, 500, "erro_interno", "Erro interno");
    if (failure === "unparsable") {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end("<html><body>manutenção</body></html>");
    }
    if (!owner) return refuse(response, 401, "acesso_negado", "Token de acesso inválido ou ausente");
    const { hooks, notes, environment } = owner;

    const file = files.get(url.pathname);
    if (request.method === "GET" && file) {
      response.writeHead(200, { "content-type": file.type });
      return response.end(file.body);
    }
    const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (url.pathname === "/v2/hooks") {
      if (request.method === "GET")
        return answer(
          response,
          200,
          hooks.map((hook, index) => ({ id: `hook${index}`, ...hook })),
        );
      if (request.method === "POST") {
        if (fields.event !== "nfe" || typeof fields.url !== "string")
          return refuse(response, 400, "requisicao_invalida", 'Parâmetro "event" deve ser um evento válido.');
        const hook = {
          url: fields.url,
          authorization: typeof fields.authorization === "string" ? fields.authorization : null,
          header: typeof fields.authorization_header === "string" ? fields.authorization_header : "Authorization",
        };
        hooks.push(hook);
        return answer(response, 200, {
          id: `hook${hooks.length - 1}`,
          event: "nfe",
          cnpj: fields.cnpj ?? null,
          ...hook,
        });
      }
    }
    if (url.pathname === "/v2/nfe" && request.method === "POST") {
      const ref = url.searchParams.get("ref") ?? "";
      if (ref === "") return refuse(response, 400, "requisicao_invalida", "Parâmetro ref não informado");
      const existing = notes.get(ref);
      if (existing?.status === "processando_autorizacao")
        return refuse(response, 422, "em_processamento", "Nota fiscal em processamento");
      if (existing && existing.status !== "erro_autorizacao")
        return refuse(response, 422, "already_processed", "Nota fiscal já autorizada ou cancelada com esta referência");
      const errors = schemaErrors(fields, environment);
      if (errors.length > 0)
        return refuse(response, 422, "erro_validacao_schema", "Erro de validação do schema", errors);
      const note: FakeFocusNote = {
        ref,
        status: "processando_autorizacao",
        status_sefaz: null,
        mensagem_sefaz: null,
        chave_nfe: null,
        numero: null,
        serie: null,
        caminho_xml_nota_fiscal: null,
        caminho_danfe: null,
        caminho_xml_cancelamento: null,
        caminho_xml_carta_correcao: null,
        caminho_pdf_carta_correcao: null,
        numero_carta_correcao: null,
        payload: fields,
        sent: (existing?.sent ?? 0) + 1,
      };
      notes.set(ref, note);
      answer(response, 202, { cnpj_emitente: fields.cnpj_emitente ?? null, ref, status: "processando_autorizacao" });
      if (!fake.holdProcessing) setImmediate(() => void processAll());
      return;
    }
    const match = /^\/v2\/nfe\/([^/]+)(\/carta_correcao)?$/.exec(url.pathname);
    const note = match?.[1] ? notes.get(decodeURIComponent(match[1])) : undefined;
    if (match && !note) return refuse(response, 404, "nao_encontrado", "Nota fiscal não encontrada");
    if (note && !match?.[2] && request.method === "GET") return answer(response, 200, publicNote(note));
    if (note && !match?.[2] && request.method === "DELETE") {
      const justification = typeof fields.justificativa === "string" ? fields.justificativa : "";
      if (justification.length < 15 || justification.length > 255)
        return refuse(response, 400, "requisicao_invalida", "A justificativa deve ter entre 15 e 255 caracteres");
      if (note.status !== "autorizado")
        return refuse(response, 422, "nfe_nao_autorizada", "Nota fiscal não autorizada não pode ser cancelada");
      if (fake.cancelWindowPassed)
        return answer(response, 200, {
          status: "erro_cancelamento",
          status_sefaz: "501",
          mensagem_sefaz: "Rejeição: Prazo de cancelamento superior ao previsto na Legislação",
        });
      const path = `${note.caminho_xml_nota_fiscal?.replace(/-nfe\.xml$/, "")}-can.xml`;
      files.set(path, { type: "application/xml", body: Buffer.from("<procEventoNFe><cancelamento/></procEventoNFe>") });
      Object.assign(note, {
        status: "cancelado",
        status_sefaz: "135",
        mensagem_sefaz: "Evento registrado e vinculado a NF-e",
        caminho_xml_cancelamento: path,
      });
      answer(response, 200, {
        status: "cancelado",
        status_sefaz: "135",
        mensagem_sefaz: note.mensagem_sefaz,
        caminho_xml_cancelamento: path,
      });
      setImmediate(() => void deliver(owner, note));
      return;
    }
    if (note && match?.[2] && request.method === "POST") {
      const correction = typeof fields.correcao === "string" ? fields.correcao : "";
      if (correction.length < 15 || correction.length > 1000)
        return refuse(response, 400, "requisicao_invalida", "A correção deve ter entre 15 e 1000 caracteres");
      if (note.status !== "autorizado")
        return refuse(response, 422, "nfe_nao_autorizada", "Nota fiscal não autorizada não pode ser corrigida");
      // Each carta is numbered (SEFAZ's sequence) and has files of its own; the GET tells only the latest's.
      const sequence = (note.numero_carta_correcao ?? 0) + 1;
      const base = note.caminho_xml_nota_fiscal?.replace(/-nfe\.xml$/, "") ?? "/cce";
      const xmlPath = `${base}-cce-${String(sequence).padStart(2, "0")}.xml`;
      const pdfPath = `/notas_fiscais/${note.chave_nfe ?? note.ref}/cartas_correcao/${sequence}.pdf`;
      files.set(xmlPath, {
        type: "application/xml",
        body: Buffer.from(`<procEventoNFe><cce nSeqEvento="${sequence}">${correction}</cce></procEventoNFe>`),
      });
      files.set(pdfPath, { type: "application/pdf", body: Buffer.from(`%PDF-1.4\n% CCe ${sequence}\n%%EOF\n`) });
      Object.assign(note, {
        caminho_xml_carta_correcao: xmlPath,
        caminho_pdf_carta_correcao: pdfPath,
        numero_carta_correcao: sequence,
      });
      return answer(response, 200, {
        status: "autorizado",
        status_sefaz: "135",
        mensagem_sefaz: "Evento registrado e vinculado a NF-e",
        caminho_xml_carta_correcao: xmlPath,
        caminho_pdf_carta_correcao: pdfPath,
        numero_carta_correcao: sequence,
      });
    }
    return refuse(response, 404, "nao_encontrado", "Recurso não encontrado");
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      handle(request, response, Buffer.concat(chunks).toString("utf8")).catch(() => {
        if (!response.headersSent) refuse(response, 500, "erro_interno", "Erro interno");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeFocusNfe = {
    url: `http://127.0.0.1:${port}`,
    token,
    productionToken: options.productionToken ?? null,
    requests,
    notes,
    productionNotes: production?.notes ?? new Map(),
    webhooks,
    outcome: "authorize",
    holdProcessing: false,
    loseWebhooks: false,
    delayMs: 0,
    cancelWindowPassed: false,
    rateLimit: null,
    rateLimited: 0,
    limitNext(count, resetSeconds) {
      limited = { count, reset: resetSeconds };
    },
    failNext(kind) {
      failures.push(kind);
    },
    process: processAll,
    reset() {
      requests.length = 0;
      for (const owner of accounts.values()) {
        owner.notes.clear();
        owner.hooks.length = 0;
        owner.window = { startedAt: 0, count: 0 };
      }
      webhooks.length = 0;
      files.clear();
      failures.length = 0;
      limited = { count: 0, reset: 60 };
      Object.assign(fake, {
        outcome: "authorize",
        holdProcessing: false,
        loseWebhooks: false,
        delayMs: 0,
        cancelWindowPassed: false,
        rateLimit: null,
        rateLimited: 0,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

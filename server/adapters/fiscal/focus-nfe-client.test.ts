import http from "node:http";
import type { AddressInfo } from "node:net";
import { isValidNfeKey } from "@brazilian-utils/brazilian-utils";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeFocusNfe, startFakeFocusNfe } from "../../../tests/support/fake-focus-nfe.ts";
import { draftNote, type NoteDraft } from "../../modules/fiscal/note-draft.ts";
import { noteItem, noteOrder, SELLER } from "../../modules/fiscal/test-fixtures.ts";
import { FiscalProviderError } from "./fiscal-provider.ts";
import { createFocusNfeClient } from "./focus-nfe-client.ts";
import { createRateLimiter } from "./rate-limit.ts";

const SECRET = "segredo-do-gatilho-0123456789";

function draft(reference = "pedido-1001", environment: "homologacao" | "producao" = "homologacao"): NoteDraft {
  const result = draftNote({
    environment,
    issuedAt: new Date("2026-12-03T12:00:00Z"),
    seller: SELLER,
    order: noteOrder({
      number: Number(reference.replace(/\D/g, "")),
      items: [noteItem(1, 2590, 2)],
      couponItemsDiscountCents: 518,
      pixDiscountCents: 233,
    }),
  });
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join("; "));
  return result.draft;
}

/** What the shop's webhook endpoint receives, answered 200. */
type Receiver = {
  url: string;
  received: { headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
};

async function startReceiver(): Promise<Receiver> {
  const received: Receiver["received"] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/fiscal/webhook`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function failureOf(work: Promise<unknown>): Promise<FiscalProviderError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof FiscalProviderError)) throw new Error(`expected a FiscalProviderError, got ${String(error)}`);
  return error;
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe("Focus NFe's client against its local fake", () => {
  let focus: FakeFocusNfe;
  let receiver: Receiver;
  const client = () => createFocusNfeClient({ token: focus.token, environment: "homologacao", baseUrl: focus.url });

  beforeAll(async () => {
    focus = await startFakeFocusNfe();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await focus.close();
    await receiver.close();
  });
  afterEach(() => {
    Object.assign(focus, { outcome: "authorize", holdProcessing: false, loseWebhooks: false, delayMs: 0 });
    focus.cancelWindowPassed = false;
    focus.rateLimit = null;
  });

  it("sends the note with Basic auth (the token, no password), is told it is processing, then hears it authorised", async () => {
    await client().registerWebhook({ cnpj: "11222333000181", url: receiver.url, secret: SECRET });
    const sent = await client().issue(draft("pedido-1001"));
    expect(sent).toMatchObject({ reference: "pedido-1001", status: "processing" });
    const post = focus.requests.find(
      (request) => request.method === "POST" && request.path === "/v2/nfe?ref=pedido-1001",
    );
    expect(post?.headers.authorization).toBe(`Basic ${Buffer.from(`${focus.token}:`).toString("base64")}`);
    expect(post?.body).toMatchObject({ valor_total: "64.29", valor_desconto: "7.51", valor_frete: "20.00" });

    await until(() => receiver.received.length > 0);
    const [hook] = receiver.received;
    expect(hook?.headers.authorization).toBe(SECRET);
    const heard = client().readWebhook(
      { headers: new Headers({ authorization: SECRET }), body: hook?.body ?? "" },
      SECRET,
    );
    expect(heard).toMatchObject({
      kind: "note",
      note: { reference: "pedido-1001", status: "authorized", sefazStatus: "100" },
    });

    const found = await client().find("pedido-1001");
    expect(found.status).toBe("authorized");
    expect(found.accessKey).toMatch(/^NFe\d{44}$/);
    expect(isValidNfeKey(found.accessKey?.slice(3) ?? "")).toBe(true);
    const danfe = await client().download(found.danfePath ?? "");
    expect(new TextDecoder().decode(danfe.slice(0, 5))).toBe("%PDF-");
    const xml = new TextDecoder().decode(await client().download(found.xmlPath ?? ""));
    expect(xml).toContain(found.accessKey ?? "?");
  });

  it("refuses a webhook without the secret or with another one, and tells a body that is not a note apart", () => {
    const body = JSON.stringify({ ref: "pedido-1001", status: "autorizado" });
    const read = (headers: Headers, text: string) => client().readWebhook({ headers, body: text }, SECRET).kind;
    const signed = new Headers({ authorization: SECRET });
    expect(read(new Headers(), body)).toBe("unauthorized");
    expect(read(new Headers({ authorization: `${SECRET}x` }), body)).toBe("unauthorized");
    expect(read(new Headers(), "{")).toBe("unauthorized");
    expect(read(signed, body)).toBe("note");
    expect(read(signed, "{")).toBe("malformed");
    expect(read(signed, '{"status":"x"}')).toBe("malformed");
    expect(read(signed, JSON.stringify({ ref: "pedido-1001\u0000", status: "autorizado" }))).toBe("malformed");
    expect(read(signed, '{"ref":"pedido-1001\0","status":"autorizado"}')).toBe("malformed");
  });

  it("a wrong token is 'unauthorized', in Portuguese, and checkToken says so", async () => {
    const wrong = createFocusNfeClient({ token: "outro", environment: "homologacao", baseUrl: focus.url });
    const error = await failureOf(wrong.checkToken());
    expect(error.failure).toBe("unauthorized");
    expect(error.message).toContain("token da Focus NFe foi recusado");
    await expect(client().checkToken()).resolves.toBeUndefined();
  });

  it("a rejected note has SEFAZ's code and text, and can be sent again under its reference once fixed", async () => {
    focus.outcome = "reject";
    await client().issue(draft("pedido-1002"));
    await until(() => focus.notes.get("pedido-1002")?.status === "erro_autorizacao");
    const rejected = await client().find("pedido-1002");
    expect(rejected).toMatchObject({ status: "rejected", sefazStatus: "225" });
    expect(rejected.sefazMessage).toContain("Rejeição");
    focus.outcome = "authorize";
    expect((await client().issue(draft("pedido-1002"))).status).toBe("processing");
    await until(() => focus.notes.get("pedido-1002")?.status === "autorizado");
    expect(focus.notes.get("pedido-1002")?.sent).toBe(2);
  });

  it("a note sent again while processing is 'processing', and again once authorised is refused: one note per order", async () => {
    focus.holdProcessing = true;
    await client().issue(draft("pedido-1003"));
    expect((await failureOf(client().issue(draft("pedido-1003")))).failure).toBe("processing");
    await focus.process();
    expect((await failureOf(client().issue(draft("pedido-1003")))).failure).toBe("invalid");
    expect([...focus.notes.keys()].filter((ref) => ref === "pedido-1003")).toHaveLength(1);
  });

  it("a denied note is 'denied', with its key and XML kept", async () => {
    focus.outcome = "deny";
    await client().issue(draft("pedido-1004"));
    await until(() => focus.notes.get("pedido-1004")?.status === "denegado");
    const denied = await client().find("pedido-1004");
    expect(denied).toMatchObject({ status: "denied", sefazStatus: "302" });
    expect(denied.xmlPath).toBeTruthy();
  });

  it("the fields the schema refuses come back one by one", async () => {
    const error = await failureOf(client().issue(draft("pedido-1005", "producao")));
    expect(error.failure).toBe("invalid");
    expect(error.details.some((detail) => detail.includes("nome_destinatario"))).toBe(true);
  });

  it("429 is 'rate_limited' with the seconds of Rate-Limit-Reset", async () => {
    focus.limitNext(1, 30);
    const error = await failureOf(client().find("pedido-1001"));
    expect(error).toMatchObject({ failure: "rate_limited", retryAfterSeconds: 30, status: 429 });
  });

  it("pauses every call with the token once none are left, or after a 429, until the reset; nothing is sent meanwhile", async () => {
    const limiter = createRateLimiter();
    const shared = () =>
      createFocusNfeClient({ token: focus.token, environment: "homologacao", baseUrl: focus.url, limiter });
    focus.rateLimit = { limit: 2, windowSeconds: 1 };
    await expect(shared().checkToken()).resolves.toBeUndefined();
    await expect(shared().checkToken()).resolves.toBeUndefined();
    const sent = focus.requests.length;
    // Rate-Limit-Remaining said 0: another client of the same token waits too, without asking.
    const paused = await failureOf(shared().find("pedido-1001"));
    expect(paused).toMatchObject({ failure: "rate_limited", status: undefined });
    expect(paused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(focus.requests).toHaveLength(sent);
    // A client of its own (another token's allowance) is not held by it.
    focus.rateLimit = null;
    await expect(client().checkToken()).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, (paused.retryAfterSeconds ?? 1) * 1000 + 50));
    await expect(shared().checkToken()).resolves.toBeUndefined();

    focus.limitNext(1, 1);
    expect((await failureOf(shared().checkToken())).status).toBe(429);
    const afterLimit = focus.requests.length;
    expect((await failureOf(shared().checkToken())).failure).toBe("rate_limited");
    expect(focus.requests).toHaveLength(afterLimit);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    await expect(shared().checkToken()).resolves.toBeUndefined();
  });

  it("no answer in time, a 500 and a page that is not JSON are 'unreachable'", async () => {
    focus.delayMs = 300;
    const slow = createFocusNfeClient({
      token: focus.token,
      environment: "homologacao",
      baseUrl: focus.url,
      timeoutMs: 50,
    });
    expect((await failureOf(slow.find("pedido-1001"))).failure).toBe("unreachable");
    focus.delayMs = 0;
    focus.failNext("server_error");
    expect((await failureOf(client().find("pedido-1001"))).failure).toBe("unreachable");
    focus.failNext("unparsable");
    expect((await failureOf(client().find("pedido-1001"))).message).toContain("formato inesperado");
  });

  it("an unknown reference is 'not_found'", async () => {
    expect((await failureOf(client().find("pedido-9999"))).failure).toBe("not_found");
  });

  it("cancels within the window, refuses past it with SEFAZ's words, and a justification out of 15-255 is refused", async () => {
    await client().issue(draft("pedido-1006"));
    await until(() => focus.notes.get("pedido-1006")?.status === "autorizado");
    expect((await failureOf(client().cancel("pedido-1006", "curta"))).failure).toBe("invalid");
    focus.cancelWindowPassed = true;
    const late = await failureOf(client().cancel("pedido-1006", "Cliente desistiu da compra"));
    expect(late.failure).toBe("not_authorized");
    expect(late.message).toContain("Prazo de cancelamento");
    focus.cancelWindowPassed = false;
    const cancelled = await client().cancel("pedido-1006", "Cliente desistiu da compra");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancellationXmlPath).toMatch(/-can\.xml$/);
    expect(await failureOf(client().cancel("pedido-1006", "Cliente desistiu da compra"))).toMatchObject({
      failure: "not_authorized",
    });
  });

  it("a carta de correção gives its XML and PDF", async () => {
    await client().issue(draft("pedido-1007"));
    await until(() => focus.notes.get("pedido-1007")?.status === "autorizado");
    const corrected = await client().correct("pedido-1007", "Complemento do endereço: bloco B, apartamento 12");
    expect(corrected).toMatchObject({ correctionNumber: 1 });
    expect(corrected.correctionXmlPath).toMatch(/-cce-01\.xml$/);
    expect(corrected.correctionPdfPath).toMatch(/\/cartas_correcao\/1\.pdf$/);
    // Each carta has its own number and files: the second does not take the first one's place.
    const second = await client().correct("pedido-1007", "Onde se lê bloco B, leia-se bloco C, apartamento 12");
    expect(second.correctionNumber).toBe(2);
    expect(second.correctionXmlPath).toMatch(/-cce-02\.xml$/);
    expect((await failureOf(client().correct("pedido-1007", "curta"))).failure).toBe("invalid");
  });

  it("downloads only paths relative to the host", async () => {
    expect((await failureOf(client().download("https://outro.example/x.pdf"))).failure).toBe("invalid");
  });
});

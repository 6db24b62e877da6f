// An order's nota fiscal from the request to its files: one row per order and environment (its reference derived
// from the order, so nothing sends two notes for one sale in one environment, and a test note of homologação
// never stands in for the real one), held by a lease while a process sends it or asks about it, moved by
// the state machine (note-states.ts) whatever order the provider's webhooks and our polls arrive in, and copied
// into our storage once authorised. The provider is never called inside a transaction: its answers are written
// after, each in a short one.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { conflict, invalid, isDomainError, notFound } from "../../../common/errors.ts";
import type { FiscalEnvironment } from "../../../common/schemas/fiscal.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type {
  CustomerNoteView,
  FiscalNoteView,
  NoteAttentionView,
  NoteProblemView,
} from "../../../common/views/fiscal.ts";
import { type FiscalProvider, FiscalProviderError, type ProviderNote } from "../../adapters/fiscal/fiscal-provider.ts";
import { type Actor, isAdmin, requireAdmin, requireUser } from "../../kernel/access.ts";
import type { FiscalContext } from "./context.ts";
import { type FiscalSettingsRow, type ProviderConnection, providerLabel, providerOf } from "./fiscal-settings.ts";
import type { DraftResult, NoteProblem } from "./note-draft.ts";
import { noteReference } from "./note-draft.ts";
import { fileKeyOf, hasFilesToCopy, type NoteFileKind, noteFileName, storeNoteFiles } from "./note-files.ts";
import {
  isFinal,
  isUnsettled,
  NOTE_STATE_LABELS,
  type NoteEvent,
  type NoteState,
  nextNoteState,
  pollDelaySeconds,
} from "./note-states.ts";
import { fiscalNoteEvents, fiscalNotes, type NoteCorrection } from "./tables.ts";

export type NoteRow = typeof fiscalNotes.$inferSelect;

/** The order a note is asked for, as the orders area knows it. */
export type NoteRequest = {
  orderId: number;
  orderNumber: number;
  userId: number | null;
  customerName: string;
  customerEmail: string;
};

/** Who moved a note: a person, or the system by name (the job runner, the provider's webhook). */
type NoteActor = Pick<Actor, "id" | "name" | "email"> | { id: null; name: string };
const SYSTEM: NoteActor = { id: null, name: "Sistema" };

/** The steps the audit log keeps (common/audit.ts); the others (retries, pauses, files, e-mails) are history only. */
type AuditedStep = "requested" | "sent" | "answered" | "reissued" | "cancelled" | "corrected";

/**
 * How long a process may hold a note while it talks to the provider: the client gives up on each call after
 * 15 s, and a send makes three calls at most (ask, send, files).
 */
const LEASE_MS = 2 * 60_000;
/** A note refused for its token or blocked by its data is tried again this much later (the owner is told). */
const BLOCKED_RETRY_MS = 30 * 60_000;
/** A webhook's report confirmed by asking the provider waits this long at most: the webhook is answered then. */
const CONFIRM_MS = 5_000;

export const FISCAL_OFF = "A emissão de notas fiscais está desligada: ative-a em Configurações fiscais.";
export const NOTE_BUSY =
  "A nota fiscal deste pedido está sendo enviada agora. Aguarde um instante e recarregue a página.";
const noToken = (provider: string, environment: FiscalEnvironment) =>
  `Salve o token da ${provider} de ${environment === "producao" ? "produção" : "homologação"} em Configurações fiscais: a nota foi pedida nesse ambiente.`;
const NOT_REJECTED = "Só uma nota rejeitada pode ser emitida novamente.";
const NOT_AUTHORIZED = "Só uma nota autorizada pode ser cancelada ou corrigida.";
export const CANCEL_WINDOW_PASSED =
  "O prazo para cancelar esta nota já passou (a SEFAZ aceita o cancelamento até 24 horas depois da autorização). Para desfazer a venda, emita uma nota de devolução no seu emissor ou fale com a sua contabilidade.";

const problemsView = (problems: readonly NoteProblem[]): NoteProblemView[] =>
  problems.map((problem) => ({
    field: problem.field,
    message: problem.message,
    fix_path:
      problem.place.kind === "settings"
        ? accountPaths.area("fiscal")
        : problem.place.kind === "product"
          ? accountPaths.edit("produtos", problem.place.productId)
          : "",
  }));

/** The blocking fields as the order's page lists them; an order's own address is fixed on the order's page. */
export function noteProblemsView(problems: readonly NoteProblem[], orderId: number): NoteProblemView[] {
  return problemsView(problems).map((problem) =>
    problem.fix_path === "" ? { ...problem, fix_path: `${accountPaths.order(orderId)}#endereco` } : problem,
  );
}

/** Rejected, denied, blocked by their data, or failing to reach the provider. */
const needsAttention = or(
  inArray(fiscalNotes.state, ["rejected", "denied"]),
  and(
    eq(fiscalNotes.state, "waiting"),
    or(sql`jsonb_array_length(${fiscalNotes.problems}) > 0`, isNotNull(fiscalNotes.lastError)),
  ),
);
const ATTENTION_LIMIT = 100;

const fileUrl = (row: NoteRow, kind: NoteFileKind) =>
  fileKeyOf(row, kind) ? `/api/fiscal/notes/${row.id}/files/${kind}` : null;

/** What the order's customer sees of its note: its state and, once authorised, its files. */
const customerViewOf = (row: NoteRow): CustomerNoteView => ({
  state: row.state,
  state_label: NOTE_STATE_LABELS[row.state],
  number: row.number,
  series: row.series,
  access_key: row.accessKey,
  danfe_url: fileUrl(row, "danfe"),
  xml_url: fileUrl(row, "xml"),
});

/** Each field of `changes` as `row` has it already: a report repeated word for word writes nothing. */
function unchanged(row: NoteRow, changes: Partial<NoteRow>): boolean {
  return Object.entries(changes).every(([field, value]) => {
    const before: unknown = row[field as keyof NoteRow];
    if (before instanceof Date || value instanceof Date)
      return before instanceof Date && value instanceof Date && before.getTime() === value.getTime();
    if (typeof value === "object" && value !== null) return JSON.stringify(before) === JSON.stringify(value);
    return before === value;
  });
}

/**
 * The cartas de correção with the one `note` tells of (the provider tells only the latest's files): known by
 * its number, or added with `text` when new.
 */
function withCorrection(
  corrections: readonly NoteCorrection[],
  note: ProviderNote,
  text: string | undefined,
  now: Date,
): NoteCorrection[] {
  if (!note.correctionXmlPath && !note.correctionPdfPath) return [...corrections];
  const sequence =
    note.correctionNumber ??
    corrections.find((known) => known.xmlPath === note.correctionXmlPath && known.pdfPath === note.correctionPdfPath)
      ?.sequence ??
    (corrections.at(-1)?.sequence ?? 0) + 1;
  if (!corrections.some((known) => known.sequence === sequence))
    return [
      ...corrections,
      {
        sequence,
        text: text ?? "",
        at: now.toISOString(),
        xmlPath: note.correctionXmlPath,
        pdfPath: note.correctionPdfPath,
        xmlKey: null,
        pdfKey: null,
      },
    ];
  return corrections.map((known) =>
    known.sequence === sequence
      ? {
          ...known,
          text: known.text || (text ?? ""),
          xmlPath: known.xmlPath ?? note.correctionXmlPath,
          pdfPath: known.pdfPath ?? note.correctionPdfPath,
        }
      : known,
  );
}

/** The cartas as stored now, with the keys a copy just made for them (another carta may have come meanwhile). */
const withCopiedKeys = (current: readonly NoteCorrection[], copied: readonly NoteCorrection[]): NoteCorrection[] =>
  current.map((known) => {
    const stored = copied.find((entry) => entry.sequence === known.sequence);
    return stored ? { ...known, xmlKey: known.xmlKey ?? stored.xmlKey, pdfKey: known.pdfKey ?? stored.pdfKey } : known;
  });

export function createFiscalNotes(
  context: FiscalContext,
  deps: { settings(): Promise<FiscalSettingsRow>; connection: ProviderConnection },
) {
  const { db } = context;

  const byId = async (id: number) => (await db.select().from(fiscalNotes).where(eq(fiscalNotes.id, id)))[0];
  /** The order's current note: the one of the environment the shop issues in now. */
  const byOrder = async (orderId: number) => {
    const { environment } = await deps.settings();
    return (
      await db
        .select()
        .from(fiscalNotes)
        .where(and(eq(fiscalNotes.orderId, orderId), eq(fiscalNotes.environment, environment)))
    )[0];
  };

  /** The provider, as a note's history names it. */
  const providerActor = async (): Promise<NoteActor> => ({ id: null, name: providerLabel(await deps.settings()) });

  /** The client for a note's own environment: a note issued in homologação is always asked about there. */
  async function providerFor(environment: FiscalEnvironment): Promise<FiscalProvider> {
    const settings = await deps.settings();
    const client = providerOf(settings, deps.connection, environment);
    if (!client) throw invalid(noToken(providerLabel(settings), environment));
    return client;
  }

  /**
   * Writes a step into the note's history, on the caller's transaction; an administrative one (`action`) also
   * into the audit log.
   */
  async function recordStep(tx: FiscalContext, row: NoteRow, actor: NoteActor, text: string, action?: AuditedStep) {
    await tx.db
      .insert(fiscalNoteEvents)
      .values({ noteId: row.id, state: row.state, actorId: actor.id, actorName: actor.name, text });
    if (action)
      await tx.services.audit.record({
        ...(actor.id === null
          ? { actor: null, actorName: actor.name }
          : { actor: { id: actor.id, name: actor.name, email: actor.email } }),
        action: `fiscal_note.${action}`,
        recordId: row.orderId,
        recordLabel: `Nota fiscal do pedido ${row.orderNumber}`,
        details: { Situação: NOTE_STATE_LABELS[row.state], Referência: row.reference, Detalhe: text },
      });
    tx.announce({ name: "fiscal.notes_changed", payload: { orderId: row.orderId } });
  }

  /**
   * The row for `request` in the settings' environment, made when missing; two at once make one (the unique
   * index on the order and the environment).
   */
  async function ensure(tx: FiscalContext, request: NoteRequest, settings: FiscalSettingsRow, actor: NoteActor) {
    const [made] = await tx.db
      .insert(fiscalNotes)
      .values({
        orderId: request.orderId,
        orderNumber: request.orderNumber,
        userId: request.userId,
        customerName: request.customerName,
        customerEmail: request.customerEmail,
        reference: noteReference({ number: request.orderNumber }),
        environment: settings.environment,
        nextCheckAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (made) await recordStep(tx, made, actor, "Nota fiscal pedida para o pedido.", "requested");
    if (made) return made;
    const [found] = await tx.db
      .select()
      .from(fiscalNotes)
      .where(and(eq(fiscalNotes.orderId, request.orderId), eq(fiscalNotes.environment, settings.environment)));
    return found;
  }

  /**
   * The provider's answer written on the row: its fields, its state by the machine, and its step recorded. A
   * report repeated word for word writes nothing.
   */
  async function applyReport(
    rowId: number,
    note: ProviderNote,
    actor: NoteActor,
    /** refused: the provider's refusal of our own send; silent: the caller records the step (its own words). */
    options: { refused?: boolean; silent?: boolean; correction?: string } = {},
  ): Promise<NoteRow | null> {
    return context.transaction(async (tx) => {
      const [row] = await tx.db.select().from(fiscalNotes).where(eq(fiscalNotes.id, rowId)).for("update");
      if (!row) return null;
      const event: NoteEvent = options.refused ? { type: "refused" } : { type: "reported", status: note.status };
      const next = nextNoteState(row.state, event);
      // An old or repeated report after a newer state: its fields would be older too.
      if (next === null && (options.refused ? "rejected" : note.status) !== row.state) return row;
      const state = next ?? row.state;
      const now = new Date();
      const settled = !isUnsettled(state);
      const files = {
        providerXmlPath: note.xmlPath ?? row.providerXmlPath,
        providerDanfePath: note.danfePath ?? row.providerDanfePath,
        providerCancellationXmlPath: note.cancellationXmlPath ?? row.providerCancellationXmlPath,
        corrections: withCorrection(row.corrections, note, options.correction, now),
      };
      const due = row.nextCheckAt && row.nextCheckAt <= now ? row.nextCheckAt : now;
      const changes: Partial<NoteRow> = {
        state,
        sefazStatus: note.sefazStatus ?? row.sefazStatus,
        sefazMessage: note.sefazMessage ?? row.sefazMessage,
        accessKey: note.accessKey ?? row.accessKey,
        number: note.number ?? row.number,
        series: note.series ?? row.series,
        ...files,
        lastError: null,
        sendUncertain: false,
        attempts: settled ? 0 : row.attempts + 1,
        // Settled: asked again only for files still to copy (storeFiles clears it), so a rejected note
        // without files is never held by the job runner while the owner sends it again.
        nextCheckAt: settled
          ? hasFilesToCopy({ ...row, ...files })
            ? due
            : null
          : new Date(now.getTime() + pollDelaySeconds(row.attempts) * 1000),
        authorizedAt: state === "authorized" ? (row.authorizedAt ?? now) : row.authorizedAt,
        cancelledAt: state === "cancelled" ? (row.cancelledAt ?? now) : row.cancelledAt,
        deniedAt: state === "denied" ? (row.deniedAt ?? now) : row.deniedAt,
      };
      if (next === null && unchanged(row, changes)) return row;
      const [saved] = await tx.db
        .update(fiscalNotes)
        .set({ ...changes, updatedAt: now })
        .where(eq(fiscalNotes.id, row.id))
        .returning();
      if (!saved) return null;
      if (next !== null && !options.silent) await reportStep(tx, saved, actor);
      return saved;
    });
  }

  /** A new state's history line, and the owner's e-mail when SEFAZ refused the note. */
  async function reportStep(tx: FiscalContext, row: NoteRow, actor: NoteActor) {
    const sefaz = row.sefazMessage ? `${row.sefazStatus ? `${row.sefazStatus}: ` : ""}${row.sefazMessage}` : "";
    const text =
      row.state === "processing"
        ? "A SEFAZ está processando a nota."
        : row.state === "authorized"
          ? `Nota autorizada: nº ${row.number ?? "?"}, série ${row.series ?? "?"}.`
          : row.state === "cancelled"
            ? "Nota cancelada na SEFAZ."
            : `Nota ${row.state === "denied" ? "denegada" : "rejeitada"} pela SEFAZ. ${sefaz}`.trim();
    await recordStep(tx, row, actor, text, "answered");
    if (row.state !== "rejected" && row.state !== "denied") return;
    const to = await tx.services.shop.ownerAddresses("new_order");
    const base = tx.config.BASE_URL;
    for (const address of to)
      await tx.services.mail.queue("owner-fiscal-note-failed", address, {
        orderNumber: row.orderNumber,
        outcome: row.state,
        sefazStatus: row.sefazStatus,
        sefazMessage: row.sefazMessage ?? "A SEFAZ não deu o motivo.",
        link: base ? `${base}${accountPaths.order(row.orderId)}` : null,
      });
  }

  /** Copies every file the provider has and we lack; the customer's e-mail once the DANFE and XML are ours. */
  async function storeFiles(rowId: number): Promise<void> {
    const row = await byId(rowId);
    if (!row || isUnsettled(row.state)) return;
    let client: FiscalProvider;
    try {
      client = await providerFor(row.environment);
    } catch {
      return;
    }
    const { changes, copied, missing } = await storeNoteFiles(context.storage, client, row);
    const settings = await deps.settings();
    await context.transaction(async (tx) => {
      const [current] = await tx.db.select().from(fiscalNotes).where(eq(fiscalNotes.id, row.id)).for("update");
      if (!current) return;
      const stored = changes.corrections
        ? { ...changes, corrections: withCopiedKeys(current.corrections, changes.corrections) }
        : changes;
      const done = { ...current, ...stored };
      const mail =
        settings.customerMail &&
        !current.customerMailed &&
        done.state === "authorized" &&
        done.xmlKey !== null &&
        done.danfeKey !== null;
      const now = new Date();
      const after: Partial<NoteRow> = {
        ...stored,
        customerMailed: current.customerMailed || mail,
        nextCheckAt: missing ? new Date(now.getTime() + pollDelaySeconds(current.attempts) * 1000) : null,
        attempts: missing ? current.attempts + 1 : 0,
      };
      // Nothing copied, nothing missing, nothing to tell: a repeated webhook's copy changes nothing.
      if (!missing && unchanged(current, after)) return;
      await tx.db
        .update(fiscalNotes)
        .set({ ...after, updatedAt: now })
        .where(eq(fiscalNotes.id, row.id));
      if (copied.length > 0) await recordStep(tx, done, SYSTEM, `Arquivos guardados: ${copied.join(", ")}.`);
      if (mail) {
        await mailCustomer(tx, done);
        await recordStep(tx, done, SYSTEM, `E-mail "Nota fiscal emitida" enviado para ${done.customerEmail}.`);
      }
    });
  }

  async function mailCustomer(tx: FiscalContext, row: NoteRow) {
    const base = tx.config.BASE_URL;
    const absolute = (kind: NoteFileKind) => (base ? `${base}/api/fiscal/notes/${row.id}/files/${kind}` : null);
    await tx.services.mail.queue("fiscal-note-issued", row.customerEmail, {
      customerName: row.customerName,
      orderNumber: row.orderNumber,
      noteNumber: row.number ?? "",
      series: row.series ?? "",
      accessKey: row.accessKey ?? "",
      danfeUrl: absolute("danfe"),
      xmlUrl: absolute("xml"),
      orderUrl: base ? `${base}${accountPaths.order(row.orderId)}` : null,
    });
  }

  /** Holds the note for this process, or null when another holds it or it has nothing to do now. */
  async function claim(rowId: number, states: readonly NoteState[]): Promise<NoteRow | null> {
    const now = new Date();
    const [held] = await db
      .update(fiscalNotes)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(fiscalNotes.id, rowId),
          inArray(fiscalNotes.state, [...states]),
          or(isNull(fiscalNotes.leaseUntil), lt(fiscalNotes.leaseUntil, now)),
        ),
      )
      .returning();
    return held ?? null;
  }

  const release = (rowId: number, changes: Partial<NoteRow> = {}) =>
    db
      .update(fiscalNotes)
      .set({ ...changes, leaseUntil: null, updatedAt: new Date() })
      .where(eq(fiscalNotes.id, rowId));

  /** A failure to reach the provider or of its answer: kept for the owner, tried again later. */
  function failureChanges(row: NoteRow, error: unknown, uncertain: boolean): Partial<NoteRow> {
    const now = Date.now();
    if (error instanceof FiscalProviderError) {
      const blocked = error.failure === "unauthorized" || error.failure === "forbidden";
      const wait = blocked ? BLOCKED_RETRY_MS : pollDelaySeconds(row.attempts, error.retryAfterSeconds ?? 0) * 1000;
      return {
        lastError: error.message,
        attempts: row.attempts + 1,
        nextCheckAt: new Date(now + wait),
        sendUncertain: row.sendUncertain || (uncertain && error.failure === "unreachable"),
      };
    }
    // The settings' own refusal (no token saved) is said as it is; anything else is ours, not the owner's to read.
    const message = isDomainError(error) ? error.message : "Falha inesperada ao enviar a nota.";
    return { lastError: message, attempts: row.attempts + 1, nextCheckAt: new Date(now + BLOCKED_RETRY_MS) };
  }

  /**
   * The failure kept and the note let go; a step in its history when the failure is new (the first of a run of
   * retries, or another kind), so a provider down for a day is one line, not one per retry.
   */
  async function sendFailed(row: NoteRow, error: unknown, uncertain: boolean): Promise<void> {
    const changes = failureChanges(row, error, uncertain);
    await context.transaction(async (tx) => {
      await tx.db
        .update(fiscalNotes)
        .set({ ...changes, leaseUntil: null, updatedAt: new Date() })
        .where(eq(fiscalNotes.id, row.id));
      if (changes.lastError === row.lastError) return;
      const wait = Math.max(Math.round(((changes.nextCheckAt?.getTime() ?? Date.now()) - Date.now()) / 1000), 0);
      const text =
        error instanceof FiscalProviderError && error.failure === "rate_limited"
          ? `${error.message} Nova tentativa em ${wait} s.`
          : `Tentativa sem sucesso: ${changes.lastError ?? ""}`;
      await recordStep(tx, { ...row, ...changes }, SYSTEM, text);
    });
  }

  /** Copies a held settled note's files, then lets the note go, whatever the copy came to. */
  async function storeFilesThenRelease(rowId: number): Promise<void> {
    try {
      await storeFiles(rowId);
    } finally {
      await release(rowId);
    }
  }

  /** A settled note's files copied now, unless another process holds the note (it is copying them then). */
  async function copyFilesHeld(rowId: number): Promise<void> {
    if (await claim(rowId, ["authorized", "rejected", "denied", "cancelled"])) await storeFilesThenRelease(rowId);
  }

  /**
   * A webhook's report checked with the provider before it is applied: the note asked about with its own
   * environment's token. When the provider cannot answer now, the job runner asks as soon as it runs.
   */
  async function confirm(row: NoteRow): Promise<NoteRow | null> {
    try {
      const found = await (await providerFor(row.environment)).find(row.reference, AbortSignal.timeout(CONFIRM_MS));
      return await applyReport(row.id, found, await providerActor());
    } catch {
      await db.update(fiscalNotes).set({ nextCheckAt: new Date() }).where(eq(fiscalNotes.id, row.id));
      return null;
    }
  }

  /**
   * An administrator's request on the order's authorised note (cancel, correct): held while the provider
   * answers and its new files are copied, its answer applied, and the administrator's step recorded once it is
   * all done (the last line of the note's history).
   */
  async function onAuthorized(
    orderId: number,
    admin: Actor,
    request: {
      ask(client: FiscalProvider, reference: string): Promise<ProviderNote>;
      /** The refusal to answer for a provider's failure; null: its own message, as a 400. */
      refused(error: FiscalProviderError): Error | null;
      answered(answer: ProviderNote): ProviderNote;
      step(answer: ProviderNote): { action: "cancelled" | "corrected"; text: string };
      correction?: string;
    },
  ): Promise<void> {
    const row = await byOrder(orderId);
    if (!row) throw notFound("Este pedido não tem nota fiscal.");
    if (row.state !== "authorized") throw conflict(NOT_AUTHORIZED);
    if (!(await claim(row.id, ["authorized"]))) throw conflict(NOTE_BUSY);
    try {
      let answer: ProviderNote;
      try {
        answer = await request.ask(await providerFor(row.environment), row.reference);
      } catch (error) {
        if (error instanceof FiscalProviderError) throw request.refused(error) ?? invalid(error.message);
        throw error;
      }
      const saved = await applyReport(row.id, request.answered(answer), admin, {
        silent: true,
        correction: request.correction,
      });
      await storeFiles(row.id);
      const step = request.step(answer);
      if (saved) await context.transaction((tx) => recordStep(tx, saved, admin, step.text, step.action));
    } finally {
      await release(row.id);
    }
  }

  return {
    byOrder,

    /**
     * In the transaction that confirms an order's payment: its note asked for when the shop issues on payment.
     * The row is written with the payment, so the note cannot be forgotten by a process that dies after it.
     */
    async orderPaid(request: NoteRequest): Promise<void> {
      const settings = await deps.settings();
      if (!settings.enabled || settings.issueMode !== "on_payment") return;
      await context.transaction((tx) => ensure(tx, request, settings, SYSTEM));
    },

    /**
     * "Emitir nota fiscal" or "Emitir novamente" on the order (administrators): the row of the settings'
     * environment made when missing (after a test note of homologação, the real one), a rejected note put back
     * to waiting. Answers the row to send; sending is the caller's (the flow's).
     */
    async request(actor: Actor | null, request: NoteRequest): Promise<NoteRow> {
      const admin = requireAdmin(actor);
      const settings = await deps.settings();
      if (!settings.enabled) throw invalid(FISCAL_OFF);
      return context.transaction(async (tx) => {
        const row = await ensure(tx, request, settings, admin);
        if (!row) throw new Error("fiscal note insert returned nothing");
        if (row.state === "waiting") return row;
        if (row.state !== "rejected") throw conflict(NOT_REJECTED);
        if (row.leaseUntil && row.leaseUntil > new Date()) throw conflict(NOTE_BUSY);
        const [reissued] = await tx.db
          .update(fiscalNotes)
          .set({
            state: "waiting",
            problems: [],
            providerErrors: [],
            lastError: null,
            attempts: 0,
            nextCheckAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(fiscalNotes.id, row.id), eq(fiscalNotes.state, "rejected")))
          .returning();
        if (!reissued) throw conflict(NOTE_BUSY);
        await recordStep(tx, reissued, admin, "Nota enviada novamente depois da correção.", "reissued");
        return reissued;
      });
    },

    /** Holds a waiting note to send it: null when another process holds it or it is no longer waiting. */
    claimToSend: (rowId: number) => claim(rowId, ["waiting"]),

    /**
     * Sends the held note's draft (or keeps what blocks it): asks the provider first when an earlier send may
     * have reached it, so a timeout never makes a second note; then the provider's answer, or the failure and
     * when to try again. Releases the hold.
     */
    async send(row: NoteRow, result: DraftResult): Promise<void> {
      if (!result.ok) {
        const problems = noteProblemsView(result.problems, row.orderId);
        await context.transaction(async (tx) => {
          await tx.db
            .update(fiscalNotes)
            .set({ problems, nextCheckAt: new Date(Date.now() + BLOCKED_RETRY_MS), leaseUntil: null })
            .where(eq(fiscalNotes.id, row.id));
          // Told once for each new set of blocking fields, not at every retry.
          if (JSON.stringify(problems) !== JSON.stringify(row.problems))
            await recordStep(
              tx,
              row,
              SYSTEM,
              `Nota não enviada: ${problems.map((problem) => problem.message).join(" ")}`,
            );
        });
        return;
      }
      if (result.draft.environment !== row.environment) throw new Error("fiscal note drafted for another environment");
      const provider = await providerActor();
      let client: FiscalProvider;
      try {
        client = await providerFor(row.environment);
      } catch (error) {
        await sendFailed(row, error, false);
        return;
      }
      if (row.sendUncertain) {
        try {
          const found = await client.find(row.reference);
          // Found: that earlier send is the note, whatever became of it; but a rejection may be an earlier
          // send's (a re-issued note keeps its reference), and the provider takes the reference again after a
          // rejection, so the note is sent and SEFAZ answers for what is sent now.
          if (found.status !== "rejected") {
            await applyReport(row.id, found, provider);
            await release(row.id, { problems: [] });
            return;
          }
        } catch (error) {
          if (!(error instanceof FiscalProviderError) || error.failure !== "not_found") {
            await sendFailed(row, error, false);
            return;
          }
        }
      }
      try {
        const answer = await client.issue(result.draft);
        // Sent and released in one statement: no other process may take the note as still waiting.
        const sent = await context.transaction(async (tx) => {
          const [moved] = await tx.db
            .update(fiscalNotes)
            .set({
              state: "processing",
              problems: [],
              providerErrors: [],
              lastError: null,
              sendUncertain: false,
              totalCents: result.draft.totalCents,
              attempts: 0,
              nextCheckAt: new Date(Date.now() + pollDelaySeconds(0) * 1000),
              leaseUntil: null,
              updatedAt: new Date(),
            })
            .where(and(eq(fiscalNotes.id, row.id), eq(fiscalNotes.state, "waiting")))
            .returning();
          if (moved) await recordStep(tx, moved, SYSTEM, `Nota enviada à SEFAZ (referência ${row.reference}).`, "sent");
          return moved;
        });
        if (sent && answer.status !== "processing") await applyReport(row.id, answer, provider);
      } catch (error) {
        if (error instanceof FiscalProviderError && error.failure === "invalid") {
          // The provider refused what was sent before SEFAZ saw it: the owner fixes it and issues again.
          await applyReport(
            row.id,
            {
              reference: row.reference,
              status: "rejected",
              sefazStatus: null,
              sefazMessage: [error.message, ...error.details].join(" "),
              accessKey: null,
              number: null,
              series: null,
              xmlPath: null,
              danfePath: null,
              cancellationXmlPath: null,
              correctionXmlPath: null,
              correctionPdfPath: null,
              correctionNumber: null,
            },
            provider,
            { refused: true },
          );
          await release(row.id, { problems: [], providerErrors: [...error.details] });
          return;
        }
        if (error instanceof FiscalProviderError && error.failure === "processing") {
          await release(row.id, { sendUncertain: true, nextCheckAt: new Date() });
          return;
        }
        await sendFailed(row, error, true);
      }
    },

    /** The notes the job runner has something to do with now: waiting to be sent, or to be asked about. */
    async due(limit: number): Promise<{ id: number; state: NoteState }[]> {
      return db
        .select({ id: fiscalNotes.id, state: fiscalNotes.state })
        .from(fiscalNotes)
        .where(
          and(
            isNotNull(fiscalNotes.nextCheckAt),
            lte(fiscalNotes.nextCheckAt, new Date()),
            or(isNull(fiscalNotes.leaseUntil), lt(fiscalNotes.leaseUntil, new Date())),
          ),
        )
        .orderBy(asc(fiscalNotes.nextCheckAt))
        .limit(limit);
    },

    /** A note still processing asked of the provider (its webhook may be lost), or a settled one's files copied. */
    async check(rowId: number): Promise<void> {
      const row = await claim(rowId, ["processing", "authorized", "rejected", "denied", "cancelled"]);
      if (!row) return;
      if (!isUnsettled(row.state)) {
        await storeFilesThenRelease(row.id);
        return;
      }
      try {
        const found = await (await providerFor(row.environment)).find(row.reference);
        const saved = await applyReport(row.id, found, await providerActor());
        await release(row.id);
        if (saved && !isUnsettled(saved.state)) await storeFiles(row.id);
      } catch (error) {
        await sendFailed(row, error, false);
      }
    },

    /** The provider's webhook: the note it names, when it carries our secret and a note's report. */
    async receiveWebhook(request: {
      headers: Headers;
      body: string;
    }): Promise<"received" | "unauthorized" | "malformed"> {
      const settings = await deps.settings();
      const other = settings.environment === "producao" ? "homologacao" : "producao";
      const client = providerOf(settings, deps.connection) ?? providerOf(settings, deps.connection, other);
      if (!client || settings.webhookSecret === "") return "unauthorized";
      const reading = client.readWebhook(request, settings.webhookSecret);
      if (reading.kind !== "note") return reading.kind;
      const { note } = reading;
      const rows = await db.select().from(fiscalNotes).where(eq(fiscalNotes.reference, note.reference));
      // A webhook names the reference, not the environment (one secret serves both, and a reference is ours in
      // each), and it may be about an earlier send of the reference: the provider retries a webhook for a day,
      // and a rejected note is sent again under the same reference. A rejection is the one report an earlier
      // send can leave behind, so it (like any report that could be of either environment's note) is applied
      // only as the provider confirms it when asked with the note's own token; any other is applied as it came.
      const trusted = rows.length === 1 && note.status !== "rejected" ? rows[0] : undefined;
      const saved = trusted
        ? [await applyReport(trusted.id, note, await providerActor())]
        : await Promise.all(rows.filter((row) => !isFinal(row.state)).map(confirm));
      // Answered at once: the provider never waits on our downloads. The files are copied right after, held as
      // the job runner holds a note; if that fails, the job runner's check (due now) copies them.
      for (const row of saved)
        if (row && !isUnsettled(row.state) && hasFilesToCopy(row))
          void copyFilesHeld(row.id).catch((error: unknown) =>
            context.logger.warn({ err: error, note: row.id }, "fiscal note files not copied after its webhook"),
          );
      return "received";
    },

    /** "Cancelar nota" (administrators): within SEFAZ's window, with the justification SEFAZ keeps. */
    async cancel(actor: Actor | null, orderId: number, justification: string): Promise<void> {
      const admin = requireAdmin(actor);
      await onAuthorized(orderId, admin, {
        ask: (client, reference) => client.cancel(reference, justification),
        refused: (error) =>
          error.failure === "not_authorized" ? conflict(`${CANCEL_WINDOW_PASSED} (SEFAZ: ${error.message})`) : null,
        answered: (answer) => ({ ...answer, status: "cancelled" }),
        step: () => ({ action: "cancelled", text: `Justificativa: ${justification}` }),
      });
    },

    /** "Carta de correção" (administrators): a text correction of an authorised note; each one is kept. */
    async correct(actor: Actor | null, orderId: number, correction: string): Promise<void> {
      const admin = requireAdmin(actor);
      await onAuthorized(orderId, admin, {
        ask: (client, reference) => client.correct(reference, correction),
        refused: () => null,
        answered: (answer) => answer,
        step: (answer) => ({
          action: "corrected",
          text: `Carta de correção${answer.correctionNumber ? ` nº ${answer.correctionNumber}` : ""}: ${correction}`,
        }),
        correction,
      });
    },

    /** The order's note for its administrators (everything) or null when it has none. */
    async adminView(actor: Actor | null, orderId: number): Promise<FiscalNoteView | null> {
      requireAdmin(actor);
      const row = await byOrder(orderId);
      if (!row) return null;
      const history = await db
        .select()
        .from(fiscalNoteEvents)
        .where(eq(fiscalNoteEvents.noteId, row.id))
        .orderBy(asc(fiscalNoteEvents.id));
      return {
        id: row.id,
        order_id: row.orderId,
        order_number: row.orderNumber,
        reference: row.reference,
        environment: row.environment,
        state: row.state,
        state_label: NOTE_STATE_LABELS[row.state],
        number: row.number,
        series: row.series,
        access_key: row.accessKey,
        sefaz_status: row.sefazStatus,
        sefaz_message: row.sefazMessage,
        problems: row.problems,
        provider_errors: row.providerErrors,
        last_error: row.lastError,
        danfe_url: fileUrl(row, "danfe"),
        xml_url: fileUrl(row, "xml"),
        cancellation_xml_url: fileUrl(row, "cancelamento"),
        correction_pdf_url: fileUrl(row, "carta-correcao"),
        authorized_at: row.authorizedAt?.toISOString() ?? null,
        cancelled_at: row.cancelledAt?.toISOString() ?? null,
        can_reissue: row.state === "rejected",
        can_cancel: row.state === "authorized",
        can_correct: row.state === "authorized",
        history: history.map((event) => ({
          state_label: NOTE_STATE_LABELS[event.state],
          actor_name: event.actorName,
          text: event.text,
          created_at: event.createdAt.toISOString(),
        })),
      };
    },

    /** What the order's customer sees of its note (her own orders only: another's is not found). */
    async customerView(actor: Actor | null, orderId: number): Promise<CustomerNoteView | null> {
      const user = requireUser(actor);
      const row = await byOrder(orderId);
      if (!row || (row.userId !== user.id && !isAdmin(user))) return null;
      return customerViewOf(row);
    },

    /** Her orders' notes among `orderIds` ('Meus pedidos'), by order id: only her own. */
    async customerViews(actor: Actor | null, orderIds: readonly number[]): Promise<Record<number, CustomerNoteView>> {
      const user = requireUser(actor);
      if (orderIds.length === 0) return {};
      const { environment } = await deps.settings();
      const rows = await db
        .select()
        .from(fiscalNotes)
        .where(
          and(
            inArray(fiscalNotes.orderId, [...orderIds]),
            eq(fiscalNotes.userId, user.id),
            eq(fiscalNotes.environment, environment),
          ),
        );
      return Object.fromEntries(rows.map((row) => [row.orderId, customerViewOf(row)]));
    },

    /** One of a note's files, for the order's customer and administrators; a 404 for everyone else. */
    async file(actor: Actor | null, rowId: number, kind: NoteFileKind) {
      const user = requireUser(actor);
      const row = await byId(rowId);
      const key = row ? fileKeyOf(row, kind) : null;
      if (!row || !key || (row.userId !== user.id && !isAdmin(user))) throw notFound("Arquivo não encontrado.");
      const stored = await context.storage.get(key);
      if (!stored) throw notFound("Arquivo não encontrado.");
      return { ...stored, name: noteFileName(row, kind) };
    },

    /** How many notes the owner must act on (the /conta home's count; administrators). */
    async attentionCount(actor: Actor | null): Promise<number> {
      requireAdmin(actor);
      const { environment } = await deps.settings();
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(fiscalNotes)
        .where(and(eq(fiscalNotes.environment, environment), needsAttention));
      return row?.count ?? 0;
    },

    /** The notes the owner must act on, oldest first, with why (/conta/fiscal; administrators). */
    async attention(actor: Actor | null): Promise<NoteAttentionView[]> {
      requireAdmin(actor);
      const rows = await db
        .select()
        .from(fiscalNotes)
        .where(and(eq(fiscalNotes.environment, (await deps.settings()).environment), needsAttention))
        .orderBy(asc(fiscalNotes.updatedAt))
        .limit(ATTENTION_LIMIT);
      return rows.map((row) => ({
        order_id: row.orderId,
        order_number: row.orderNumber,
        state: row.state,
        state_label: NOTE_STATE_LABELS[row.state],
        reason:
          row.lastError ??
          row.problems[0]?.message ??
          (row.sefazMessage ? `${row.sefazStatus ? `${row.sefazStatus}: ` : ""}${row.sefazMessage}` : ""),
        order_path: accountPaths.order(row.orderId),
      }));
    },

    /**
     * The produção notes with a document of [from, to): authorised or denied then, cancelled then, or with a
     * carta de correção then; the accountant's month. Homologação's notes have no fiscal value: never exported.
     */
    async monthNotes(from: Date, to: Date): Promise<NoteRow[]> {
      const within = (
        column: typeof fiscalNotes.authorizedAt | typeof fiscalNotes.deniedAt | typeof fiscalNotes.cancelledAt,
      ) => and(gte(column, from), lt(column, to));
      return db
        .select()
        .from(fiscalNotes)
        .where(
          and(
            eq(fiscalNotes.environment, "producao"),
            or(
              within(fiscalNotes.authorizedAt),
              within(fiscalNotes.deniedAt),
              within(fiscalNotes.cancelledAt),
              sql`exists (select 1 from jsonb_array_elements(${fiscalNotes.corrections}) as carta where (carta->>'at')::timestamptz >= ${from.toISOString()}::timestamptz and (carta->>'at')::timestamptz < ${to.toISOString()}::timestamptz)`,
            ),
          ),
        )
        .orderBy(asc(fiscalNotes.id));
    },

    storeFiles,
  };
}

// An order's nota fiscal from the request to its files: one row per order (its reference derived from the order,
// so nothing sends two notes for one sale), held by a lease while a process sends it or asks about it, moved by
// the state machine (note-states.ts) whatever order the provider's webhooks and our polls arrive in, and copied
// into our storage once authorised. The provider is never called inside a transaction: its answers are written
// after, each in a short one.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { conflict, invalid, isDomainError, notFound } from "../../../common/errors.ts";
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
import { type FiscalSettingsRow, providerOf } from "./fiscal-settings.ts";
import type { DraftResult, NoteProblem } from "./note-draft.ts";
import { noteReference } from "./note-draft.ts";
import {
  fileKeyOf,
  hasFilesToCopy,
  type NoteFileKind,
  noteFileKinds,
  noteFileName,
  storeNoteFile,
} from "./note-files.ts";
import { isUnsettled, NOTE_STATE_LABELS, type NoteState, nextNoteState, pollDelaySeconds } from "./note-states.ts";
import { fiscalNoteEvents, fiscalNotes } from "./tables.ts";

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
const PROVIDER: NoteActor = { id: null, name: "Focus NFe" };

/**
 * How long a process may hold a note while it talks to the provider: the client gives up on each call after
 * 15 s, and a send makes three calls at most (ask, send, files).
 */
const LEASE_MS = 2 * 60_000;
/** A note refused for its token or blocked by its data is tried again this much later (the owner is told). */
const BLOCKED_RETRY_MS = 30 * 60_000;

export const FISCAL_OFF = "A emissão de notas fiscais está desligada: ative-a em Configurações fiscais.";
export const NOTE_BUSY =
  "A nota fiscal deste pedido está sendo enviada agora. Aguarde um instante e recarregue a página.";
const NO_TOKEN = "Salve o token da Focus NFe do ambiente escolhido em Configurações fiscais.";
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

export function createFiscalNotes(
  context: FiscalContext,
  deps: { settings(): Promise<FiscalSettingsRow>; providerUrl: string | undefined },
) {
  const { db } = context;

  const byId = async (id: number) => (await db.select().from(fiscalNotes).where(eq(fiscalNotes.id, id)))[0];
  const byOrder = async (orderId: number) =>
    (await db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, orderId)))[0];

  async function provider(): Promise<FiscalProvider> {
    const settings = await deps.settings();
    const client = providerOf(settings, deps.providerUrl);
    if (!client) throw invalid(NO_TOKEN);
    return client;
  }

  /** Writes a step into the note's history and the audit log, on the caller's transaction. */
  async function recordStep(
    tx: FiscalContext,
    row: NoteRow,
    actor: NoteActor,
    action: "requested" | "sent" | "answered" | "reissued" | "cancelled" | "corrected",
    text: string,
  ) {
    await tx.db
      .insert(fiscalNoteEvents)
      .values({ noteId: row.id, state: row.state, actorId: actor.id, actorName: actor.name, text });
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

  /** The row for `request`, made when missing; two at once make one (the order's unique index). */
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
    if (made) await recordStep(tx, made, actor, "requested", "Nota fiscal pedida para o pedido.");
    return made ?? (await tx.db.select().from(fiscalNotes).where(eq(fiscalNotes.orderId, request.orderId)))[0];
  }

  /** The provider's answer written on the row: its fields, its state by the machine, and the step recorded. */
  async function applyReport(rowId: number, note: ProviderNote, actor: NoteActor): Promise<NoteRow | null> {
    return context.transaction(async (tx) => {
      const [row] = await tx.db.select().from(fiscalNotes).where(eq(fiscalNotes.id, rowId)).for("update");
      if (!row) return null;
      const next = nextNoteState(row.state, { type: "reported", status: note.status });
      // An old or repeated report after a newer state: its fields would be older too.
      if (next === null && note.status !== row.state) return row;
      const state = next ?? row.state;
      const now = new Date();
      const settled = !isUnsettled(state);
      const paths = {
        providerXmlPath: note.xmlPath ?? row.providerXmlPath,
        providerDanfePath: note.danfePath ?? row.providerDanfePath,
        providerCancellationXmlPath: note.cancellationXmlPath ?? row.providerCancellationXmlPath,
        providerCorrectionXmlPath: note.correctionXmlPath ?? row.providerCorrectionXmlPath,
        providerCorrectionPdfPath: note.correctionPdfPath ?? row.providerCorrectionPdfPath,
      };
      const [saved] = await tx.db
        .update(fiscalNotes)
        .set({
          state,
          sefazStatus: note.sefazStatus ?? row.sefazStatus,
          sefazMessage: note.sefazMessage ?? row.sefazMessage,
          accessKey: note.accessKey ?? row.accessKey,
          number: note.number ?? row.number,
          series: note.series ?? row.series,
          ...paths,
          lastError: null,
          sendUncertain: false,
          attempts: settled ? 0 : row.attempts + 1,
          // Settled: asked again only for files still to copy (storeFiles clears it), so a rejected note
          // without files is never held by the job runner while the owner sends it again.
          nextCheckAt: settled
            ? hasFilesToCopy({ ...row, ...paths })
              ? now
              : null
            : new Date(now.getTime() + pollDelaySeconds(row.attempts) * 1000),
          ...(state === "authorized" && !row.authorizedAt ? { authorizedAt: now } : {}),
          ...(state === "cancelled" && !row.cancelledAt ? { cancelledAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(fiscalNotes.id, row.id))
        .returning();
      if (!saved) return null;
      if (next !== null) await reportStep(tx, saved, actor);
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
    await recordStep(tx, row, actor, "answered", text);
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
      client = await provider();
    } catch {
      return;
    }
    const stored: Partial<NoteRow> = {};
    let missing = false;
    for (const kind of noteFileKinds) {
      const result = await storeNoteFile(context.storage, client, row, kind);
      if (result === "failed") missing = true;
      else if (result !== null) Object.assign(stored, result);
    }
    const settings = await deps.settings();
    await context.transaction(async (tx) => {
      const [current] = await tx.db.select().from(fiscalNotes).where(eq(fiscalNotes.id, row.id)).for("update");
      if (!current) return;
      const done = { ...current, ...stored };
      const mail =
        settings.customerMail &&
        !current.customerMailed &&
        done.state === "authorized" &&
        done.xmlKey !== null &&
        done.danfeKey !== null;
      const now = new Date();
      await tx.db
        .update(fiscalNotes)
        .set({
          ...stored,
          customerMailed: current.customerMailed || mail,
          nextCheckAt: missing ? new Date(now.getTime() + pollDelaySeconds(current.attempts) * 1000) : null,
          attempts: missing ? current.attempts + 1 : 0,
          updatedAt: now,
        })
        .where(eq(fiscalNotes.id, row.id));
      if (mail) await mailCustomer(tx, done);
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

  const sendFailed = (row: NoteRow, error: unknown, uncertain: boolean) =>
    release(row.id, failureChanges(row, error, uncertain));

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
   * An administrator's request on the order's authorised note (cancel, correct): held while the provider
   * answers, its answer applied and recorded in the note's history, its new files copied.
   */
  async function onAuthorized(
    orderId: number,
    admin: Actor,
    request: {
      ask(client: FiscalProvider, reference: string): Promise<ProviderNote>;
      /** The refusal to answer for a provider's failure; null: its own message, as a 400. */
      refused(error: FiscalProviderError): Error | null;
      answered(answer: ProviderNote): ProviderNote;
      release?: Partial<NoteRow>;
      step: { action: "cancelled" | "corrected"; text: string };
    },
  ): Promise<void> {
    const row = await byOrder(orderId);
    if (!row) throw notFound("Este pedido não tem nota fiscal.");
    if (row.state !== "authorized") throw conflict(NOT_AUTHORIZED);
    if (!(await claim(row.id, ["authorized"]))) throw conflict(NOTE_BUSY);
    let answer: ProviderNote;
    try {
      answer = await request.ask(await provider(), row.reference);
    } catch (error) {
      await release(row.id);
      if (error instanceof FiscalProviderError) throw request.refused(error) ?? invalid(error.message);
      throw error;
    }
    await applyReport(row.id, request.answered(answer), admin);
    await release(row.id, request.release);
    const saved = await byId(row.id);
    if (saved) await context.transaction((tx) => recordStep(tx, saved, admin, request.step.action, request.step.text));
    await storeFiles(row.id);
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
     * "Emitir nota fiscal" or "Emitir novamente" on the order (administrators): the row made when missing, a
     * rejected note put back to waiting. Answers the row to send; sending is the caller's (the flow's).
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
            environment: settings.environment,
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
        await recordStep(tx, reissued, admin, "reissued", "Nota enviada novamente depois da correção.");
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
        await release(row.id, { problems, nextCheckAt: new Date(Date.now() + BLOCKED_RETRY_MS) });
        return;
      }
      let client: FiscalProvider;
      try {
        client = await provider();
      } catch (error) {
        await sendFailed(row, error, false);
        return;
      }
      if (row.sendUncertain) {
        try {
          const found = await client.find(row.reference);
          // Found: that earlier send is the note, whatever became of it.
          await applyReport(row.id, found, PROVIDER);
          await release(row.id, { problems: [] });
          return;
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
          if (moved) await recordStep(tx, moved, SYSTEM, "sent", `Nota enviada à SEFAZ (referência ${row.reference}).`);
          return moved;
        });
        if (sent && answer.status !== "processing") await applyReport(row.id, answer, PROVIDER);
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
            },
            PROVIDER,
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
        const found = await (await provider()).find(row.reference);
        const saved = await applyReport(row.id, found, PROVIDER);
        await release(row.id);
        if (saved && !isUnsettled(saved.state)) await storeFiles(row.id);
      } catch (error) {
        await sendFailed(row, error, false);
      }
    },

    /** The provider's webhook: the note it names, when it carries our secret; false when it does not. */
    async receiveWebhook(request: { headers: Headers; body: string }): Promise<boolean> {
      const settings = await deps.settings();
      const client = providerOf(settings, deps.providerUrl);
      if (!client || settings.webhookSecret === "") return false;
      const note = client.readWebhook(request, settings.webhookSecret);
      if (!note) return false;
      const [row] = await db.select().from(fiscalNotes).where(eq(fiscalNotes.reference, note.reference));
      if (!row) return true;
      const saved = await applyReport(row.id, note, PROVIDER);
      // Answered at once: the provider never waits on our downloads. The files are copied right after, held as
      // the job runner holds a note; if that fails, the job runner's check (due now) copies them.
      if (saved && !isUnsettled(saved.state) && hasFilesToCopy(saved))
        void copyFilesHeld(row.id).catch((error: unknown) =>
          context.logger.warn({ err: error, note: row.id }, "fiscal note files not copied after its webhook"),
        );
      return true;
    },

    /** "Cancelar nota" (administrators): within SEFAZ's window, with the justification SEFAZ keeps. */
    async cancel(actor: Actor | null, orderId: number, justification: string): Promise<void> {
      const admin = requireAdmin(actor);
      await onAuthorized(orderId, admin, {
        ask: (client, reference) => client.cancel(reference, justification),
        refused: (error) =>
          error.failure === "not_authorized" ? conflict(`${CANCEL_WINDOW_PASSED} (SEFAZ: ${error.message})`) : null,
        answered: (answer) => ({ ...answer, status: "cancelled" }),
        step: { action: "cancelled", text: `Justificativa: ${justification}` },
      });
    },

    /** "Carta de correção" (administrators): a text correction of an authorised note; each replaces the last. */
    async correct(actor: Actor | null, orderId: number, correction: string): Promise<void> {
      const admin = requireAdmin(actor);
      await onAuthorized(orderId, admin, {
        ask: (client, reference) => client.correct(reference, correction),
        refused: () => null,
        answered: (answer) => answer,
        // The new carta's files replace the last one's.
        release: { correctionXmlKey: null, correctionPdfKey: null },
        step: { action: "corrected", text: `Correção: ${correction}` },
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
      const rows = await db
        .select()
        .from(fiscalNotes)
        .where(and(inArray(fiscalNotes.orderId, [...orderIds]), eq(fiscalNotes.userId, user.id)));
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
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(fiscalNotes).where(needsAttention);
      return row?.count ?? 0;
    },

    /** The notes the owner must act on, oldest first, with why (/conta/fiscal; administrators). */
    async attention(actor: Actor | null): Promise<NoteAttentionView[]> {
      requireAdmin(actor);
      const rows = await db
        .select()
        .from(fiscalNotes)
        .where(needsAttention)
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

    /** The notes authorised in [from, to) with their XML stored: the accountant's month. */
    async authorizedBetween(from: Date, to: Date): Promise<NoteRow[]> {
      return db
        .select()
        .from(fiscalNotes)
        .where(
          and(
            inArray(fiscalNotes.state, ["authorized", "cancelled"]),
            gte(fiscalNotes.authorizedAt, from),
            lt(fiscalNotes.authorizedAt, to),
          ),
        )
        .orderBy(asc(fiscalNotes.authorizedAt));
    },

    storeFiles,
  };
}

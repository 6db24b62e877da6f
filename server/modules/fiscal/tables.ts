import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  EMPTY_ITEM_FISCAL,
  type FiscalEnvironment,
  type FiscalProviderName,
  type IssueMode,
  type ItemFiscalInput,
  type TaxRegime,
} from "../../../common/schemas/fiscal.ts";
import type { NoteProblemView } from "../../../common/views/fiscal.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";
import { type NoteState, noteStates } from "./note-states.ts";

/**
 * The shop's one row of fiscal settings (/conta/fiscal, administrators): who issues the notes and how. The
 * tokens and the webhook's secret are kept sealed (kernel/secret-box.ts), written only.
 */
export const fiscalSettings = pgTable(
  "fiscal_settings",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    /** Who issues the notes (server/adapters/fiscal/providers.ts). */
    provider: text("provider").$type<FiscalProviderName>().notNull().default("focus_nfe"),
    environment: text("environment").$type<FiscalEnvironment>().notNull().default("homologacao"),
    homologationToken: text("homologation_token").notNull().default(""),
    productionToken: text("production_token").notNull().default(""),
    cnpj: text("cnpj").notNull().default(""),
    /** Digits, or "ISENTO". */
    stateRegistration: text("state_registration").notNull().default(""),
    uf: text("uf").notNull().default(""),
    regime: text("regime").$type<TaxRegime>().notNull().default("simples"),
    series: integer("series").notNull().default(1),
    operationNature: text("operation_nature").notNull().default("Venda de mercadoria"),
    issueMode: text("issue_mode").$type<IssueMode>().notNull().default("on_payment"),
    /** The customer's e-mail "Nota fiscal emitida", on unless switched off. */
    customerMail: boolean("customer_mail").notNull().default(true),
    /** Every product's fiscal data where neither it nor its variant has its own. */
    defaults: jsonb("defaults").$type<ItemFiscalInput>().notNull().default(EMPTY_ITEM_FISCAL),
    /** What the provider sends in the `authorization` header of each webhook; made once, sealed. */
    webhookSecret: text("webhook_secret").notNull().default(""),
    /** The environment, CNPJ and address the webhook was last registered for: registered again when one changes. */
    webhookRegisteredFor: text("webhook_registered_for"),
    /** Why registering the webhook failed last (pt-BR), shown on /conta/fiscal; null once it worked. */
    webhookError: text("webhook_error"),
    /** Orders paid from then on get their note when issuing on payment; null while switched off. */
    enabledAt: timestamp("enabled_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("fiscal_settings_single_row", sql`${table.id} = 1`),
    check("fiscal_settings_series", sql`${table.series} between 1 and 889`),
  ],
);

/** A carta de correção of a note, each kept: SEFAZ's sequence number, its text, and its files there and ours. */
export type NoteCorrection = {
  sequence: number;
  text: string;
  /** When it was registered (ISO 8601): the accountant's month it belongs to. */
  at: string;
  xmlPath: string | null;
  pdfPath: string | null;
  xmlKey: string | null;
  pdfKey: string | null;
};

/**
 * An order's nota fiscal: at most one per order and environment, and one per reference (`pedido-<number>`) and
 * environment, so two clicks, two processes or a retry after a timeout all find the same row, while a test note
 * of homologação never stands in the way of the order's real one (each environment has its own token, and the
 * provider keeps references unique per token). Its state moves by note-states.ts; SEFAZ's answer, the access key
 * and the provider's paths are what the provider said last; the files are our copies in the storage (kept
 * whatever happens to the provider account).
 */
export const fiscalNotes = pgTable(
  "fiscal_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    orderNumber: integer("order_number").notNull(),
    /** The order's customer: she may read the note and its files. Null once her account is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The buyer's name and e-mail when the note was asked for: her e-mail "Nota fiscal emitida" goes there. */
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    reference: text("reference").notNull(),
    /** Where it was issued: every later call about it uses this environment's token, whatever the settings say now. */
    environment: text("environment").$type<FiscalEnvironment>().notNull(),
    state: text("state").$type<NoteState>().notNull().default("waiting"),
    /** What blocks the note before it is sent (empty when nothing does), each field with where to fix it. */
    problems: jsonb("problems").$type<NoteProblemView[]>().notNull().default([]),
    sefazStatus: text("sefaz_status"),
    sefazMessage: text("sefaz_message"),
    /** The provider's own list of what is wrong with what was sent, as it wrote it. */
    providerErrors: jsonb("provider_errors").$type<string[]>().notNull().default([]),
    accessKey: text("access_key"),
    number: text("number"),
    series: text("series"),
    totalCents: integer("total_cents"),
    providerXmlPath: text("provider_xml_path"),
    providerDanfePath: text("provider_danfe_path"),
    providerCancellationXmlPath: text("provider_cancellation_xml_path"),
    /** Our copies, as storage keys under private/fiscal/ (never served at /files). */
    xmlKey: text("xml_key"),
    danfeKey: text("danfe_key"),
    cancellationXmlKey: text("cancellation_xml_key"),
    /** Every carta de correção, oldest first: the provider tells only the latest's files, so each is kept here. */
    corrections: jsonb("corrections").$type<NoteCorrection[]>().notNull().default([]),
    /** The provider took it and the answer is not known (a timeout): ask it before sending again. */
    sendUncertain: boolean("send_uncertain").notNull().default(false),
    /** Why the last attempt to send or ask failed (pt-BR); null once the provider answered. */
    lastError: text("last_error"),
    /** Polls (or sends) in a row without a settled answer: the backoff's step. */
    attempts: integer("attempts").notNull().default(0),
    /** When the job runner next sends it (waiting) or asks about it (processing, files missing). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /** A process is sending or asking until then (a lease: one that died frees it when it runs out). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    authorizedAt: timestamp("authorized_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    deniedAt: timestamp("denied_at", { withTimezone: true }),
    /** The customer's e-mail "Nota fiscal emitida" is queued once. */
    customerMailed: boolean("customer_mailed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("fiscal_notes_order_environment_unique").on(table.orderId, table.environment),
    uniqueIndex("fiscal_notes_reference_environment_unique").on(table.reference, table.environment),
    index("fiscal_notes_due_idx").on(table.nextCheckAt).where(sql`${table.nextCheckAt} is not null`),
    index("fiscal_notes_state_idx").on(table.state, table.authorizedAt),
    index("fiscal_notes_user_idx").on(table.userId),
    check(
      "fiscal_notes_state",
      sql`${table.state} in (${sql.raw(noteStates.map((state) => `'${state}'`).join(", "))})`,
    ),
  ],
);

/** Each step of a note: sent, answered, rejected, re-issued, cancelled, corrected; the order's fiscal history. */
export const fiscalNoteEvents = pgTable(
  "fiscal_note_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    noteId: integer("note_id")
      .notNull()
      .references(() => fiscalNotes.id, { onDelete: "cascade" }),
    state: text("state").$type<NoteState>().notNull(),
    /** Null for the system (the job runner, the provider's webhook) or a deleted account. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("fiscal_note_events_note_idx").on(table.noteId, table.id)],
);

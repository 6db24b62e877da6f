import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  type AsaasBilling,
  type AsaasEnvironment,
  DEFAULT_MEMBER_SETTINGS,
  type DueStatus,
  type DuesProviderChoice,
  type MemberKind,
  type MemberSettings,
  type MemberStatus,
  type PlanCycle,
  planCycles,
} from "../../../common/schemas/members.ts";
import type { AddressInput } from "../../../common/schemas/orders.ts";
import type { DuesChargeStatus } from "../../adapters/dues/dues-provider.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/** The register's one row of its own: the next member number, handed out under the row's lock. */
export const memberRegister = pgTable(
  "member_register",
  {
    id: integer("id").primaryKey().default(1),
    nextNumber: integer("next_number").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (table) => [check("member_register_single_row", sql`${table.id} = 1`)],
);

/**
 * What a member pays and when. A due keeps the amount it was made with, so a new amount applies from the
 * next due made, never to one already open.
 */
export const memberPlans = pgTable(
  "member_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    cycle: text("cycle").$type<PlanCycle>().notNull(),
    dueDay: integer("due_day").notNull(),
    graceDays: integer("grace_days").notNull(),
    suspendAfter: integer("suspend_after").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("member_plans_name_unique").on(sql`lower(${table.name})`),
    check("member_plans_amount", sql`${table.amountCents} > 0`),
    check("member_plans_due_day", sql`${table.dueDay} between 1 and 31`),
    check("member_plans_grace", sql`${table.graceDays} >= 0`),
    check("member_plans_suspend_after", sql`${table.suspendAfter} >= 1`),
    check("member_plans_cycle", sql.raw(`cycle in (${planCycles.map((cycle) => `'${cycle}'`).join(", ")})`)),
  ],
);

/**
 * A member of the cooperative: a person or an organisation, with the number she was given on approval (none
 * while a Proposta), her plan and where she stands. `statusSource` says whether the dues moved her there
 * (and may move her back) or an administrator did. `lastPeriod` is the period ("YYYY-MM") of her latest due:
 * the job runner makes the ones after it. The verification code is what her card's QR opens.
 */
export const members = pgTable(
  "members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    number: integer("number"),
    kind: text("kind").$type<MemberKind>().notNull(),
    name: text("name").notNull(),
    taxId: text("tax_id").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: jsonb("address").$type<AddressInput>().notNull(),
    bornOn: date("born_on", { mode: "string" }),
    admittedOn: date("admitted_on", { mode: "string" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => memberPlans.id),
    status: text("status").$type<MemberStatus>().notNull(),
    statusSource: text("status_source").$type<"automatic" | "manual">().notNull().default("manual"),
    statusSince: timestamp("status_since", { withTimezone: true }).notNull().defaultNow(),
    lastPeriod: text("last_period"),
    /** Her account on the site, when one has her e-mail; she never needs one. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    verificationCode: text("verification_code").notNull(),
    notes: text("notes").notNull().default(""),
    /** Her customer at Asaas (cus_...), made once, the first time her dues go through Asaas. */
    asaasCustomerId: text("asaas_customer_id"),
    /**
     * Her name and e-mail as last sent to her customer (Asaas e-mails her charges to them): one changed since is
     * sent again; null when not known to be sent (a customer found again after a lost answer).
     */
    asaasCustomerSent: jsonb("asaas_customer_sent").$type<AsaasCustomerSent>(),
    /** Her plan's subscription at Asaas (sub_...), while she owes dues through it. */
    asaasSubscriptionId: text("asaas_subscription_id"),
    /** The first period the subscription charges; her dues before it are charged one by one (asaas-link.ts). */
    asaasSubscriptionFrom: text("asaas_subscription_from"),
    /** What the subscription was made or last changed with: a plan that now says otherwise is followed. */
    asaasSubscriptionTerms: jsonb("asaas_subscription_terms").$type<AsaasSubscriptionTerms>(),
    /** One process links her with Asaas at a time: the others leave her until this passes. */
    asaasLeaseUntil: timestamp("asaas_lease_until", { withTimezone: true }),
    /** Why her last link with Asaas failed (the job runner tries again); null when it went through. */
    asaasError: text("asaas_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("members_number_unique").on(table.number),
    uniqueIndex("members_asaas_subscription_unique").on(table.asaasSubscriptionId),
    uniqueIndex("members_tax_id_unique").on(table.taxId),
    uniqueIndex("members_verification_unique").on(table.verificationCode),
    index("members_status_idx").on(table.status),
    index("members_user_idx").on(table.userId),
    index("members_email_idx").on(sql`lower(${table.email})`),
  ],
);

/** Every move of a member's status, with when, why and who (null: the dues, by the job runner). */
export const memberStatusChanges = pgTable(
  "member_status_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<MemberStatus>(),
    toStatus: text("to_status").$type<MemberStatus>().notNull(),
    reason: text("reason").notNull().default(""),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (table) => [index("member_status_changes_member_idx").on(table.memberId, table.createdAt)],
);

/**
 * One due of one member for one cycle: at most one per member and period whatever runs twice (the unique
 * index), with the amount it was made with and its own Pix txid.
 */
export const memberDues = pgTable(
  "member_dues",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<DueStatus>().notNull().default("open"),
    paidOn: date("paid_on", { mode: "string" }),
    paidCents: integer("paid_cents").notNull().default(0),
    /** How it was paid or closed: "manual" (recorded by an administrator), "asaas"; the waiver's reason. */
    settledBy: text("settled_by"),
    note: text("note").notNull().default(""),
    txid: text("txid").notNull(),
    /** What Asaas gave back of what was paid: a partial refund keeps the due paid, a full one makes it refunded. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The Asaas charge (pay_...) that collects it: its subscription's for the period, or one of its own. */
    asaasChargeId: text("asaas_charge_id"),
    /** The charge as Asaas last told: "deleted" asks the job runner for a new charge while she still owes it. */
    asaasStatus: text("asaas_status").$type<DuesChargeStatus>(),
    asaasInvoiceUrl: text("asaas_invoice_url"),
    asaasBoletoUrl: text("asaas_boleto_url"),
    /** Asaas's Pix Copia e Cola for the charge; "" when Asaas has none for it, null while not yet asked. */
    asaasPixCode: text("asaas_pix_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("member_dues_period_unique").on(table.memberId, table.period),
    uniqueIndex("member_dues_txid_unique").on(table.txid),
    uniqueIndex("member_dues_asaas_charge_unique").on(table.asaasChargeId),
    index("member_dues_open_idx").on(table.status, table.dueOn),
    check(
      "member_dues_amount",
      sql`${table.amountCents} > 0 and ${table.paidCents} >= 0 and ${table.refundedCents} >= 0`,
    ),
  ],
);

export type AsaasCustomerSent = { name: string; email: string };

export type AsaasSubscriptionTerms = {
  amountCents: number;
  cycle: PlanCycle;
  dueDay: number;
  billing: AsaasBilling;
};

/**
 * The members' one row of settings (administrators): the dues' reminders and how the dues are paid. Asaas's
 * API key and webhook token are kept sealed (kernel/secret-box.ts: member-settings.ts), written only.
 */
export const memberSettings = pgTable(
  "member_settings",
  {
    id: integer("id").primaryKey().default(1),
    organizationCnpj: text("organization_cnpj").notNull().default(""),
    reminders: jsonb("reminders")
      .$type<MemberSettings["reminders"]>()
      .notNull()
      .default(DEFAULT_MEMBER_SETTINGS.reminders),
    paymentProvider: text("payment_provider").$type<DuesProviderChoice>().notNull().default("shop_pix"),
    asaasApiKey: text("asaas_api_key").notNull().default(""),
    asaasWebhookToken: text("asaas_webhook_token").notNull().default(""),
    asaasEnvironment: text("asaas_environment").$type<AsaasEnvironment>().notNull().default("sandbox"),
    asaasBilling: text("asaas_billing").$type<AsaasBilling>().notNull().default("pix"),
    updatedAt: updatedAt(),
  },
  (table) => [check("member_settings_single_row", sql`${table.id} = 1`)],
);

/**
 * Each Asaas webhook event received, by its id: Asaas sends each at least once, so the same id again is answered
 * and left. Written before the event is acted on; `processedAt` stays null until its charge was read from Asaas
 * and applied, and the job runner takes up those left so (Asaas unreachable at that moment).
 */
export const memberAsaasEvents = pgTable(
  "member_asaas_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    chargeId: text("charge_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    /** What it did, for whoever reads the table: "paid", "refunded", "no due", ... */
    outcome: text("outcome"),
  },
  (table) => [
    uniqueIndex("member_asaas_events_event_unique").on(table.eventId),
    index("member_asaas_events_pending_idx").on(table.processedAt, table.receivedAt),
  ],
);

/**
 * Each reminder of a due sent, by kind ("before-5", "on-day", "after-3"): written in the transaction that
 * queues its e-mail, so a reminder goes once whatever runs twice.
 */
export const memberDueReminders = pgTable(
  "member_due_reminders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    dueId: integer("due_id")
      .notNull()
      .references(() => memberDues.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("member_due_reminders_unique").on(table.dueId, table.kind)],
);

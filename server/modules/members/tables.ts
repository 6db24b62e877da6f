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
  DEFAULT_MEMBER_SETTINGS,
  type DueStatus,
  type MemberKind,
  type MemberSettings,
  type MemberStatus,
  type PlanCycle,
  planCycles,
} from "../../../common/schemas/members.ts";
import type { AddressInput } from "../../../common/schemas/orders.ts";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("members_number_unique").on(table.number),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("member_dues_period_unique").on(table.memberId, table.period),
    uniqueIndex("member_dues_txid_unique").on(table.txid),
    index("member_dues_open_idx").on(table.status, table.dueOn),
    check("member_dues_amount", sql`${table.amountCents} > 0 and ${table.paidCents} >= 0`),
  ],
);

/** The members' one row of settings (administrators): the dues' reminders. */
export const memberSettings = pgTable(
  "member_settings",
  {
    id: integer("id").primaryKey().default(1),
    organizationCnpj: text("organization_cnpj").notNull().default(""),
    reminders: jsonb("reminders")
      .$type<MemberSettings["reminders"]>()
      .notNull()
      .default(DEFAULT_MEMBER_SETTINGS.reminders),
    updatedAt: updatedAt(),
  },
  (table) => [check("member_settings_single_row", sql`${table.id} = 1`)],
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

import {
  asaasBillings,
  asaasEnvironments,
  dueStatuses,
  duesProviders,
  memberKinds,
  memberStatuses,
  planCycles,
} from "../schemas/members.ts";
import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });
const day = z.string().meta({ description: "A day in São Paulo, YYYY-MM-DD." });

export const planViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  amount_cents: cents,
  cycle: z.enum(planCycles),
  cycle_label: z.string(),
  due_day: z.number().int(),
  grace_days: z.number().int(),
  suspend_after: z.number().int(),
  active: z.boolean(),
  members: z.number().int().meta({ description: "Members on the plan, whatever their status." }),
});
export type PlanView = z.infer<typeof planViewSchema>;
export const planListSchema = z.strictObject({ data: z.array(planViewSchema) });

/** A plan as "Associe-se" offers it: what she would pay and when. */
export const offeredPlanSchema = planViewSchema.omit({ members: true, active: true });
export type OfferedPlan = z.infer<typeof offeredPlanSchema>;
export const offeredPlanListSchema = z.strictObject({ data: z.array(offeredPlanSchema) });
export type OfferedPlanList = z.infer<typeof offeredPlanListSchema>;
export type PlanList = z.infer<typeof planListSchema>;

export const dueViewSchema = z.strictObject({
  id: z.number().int(),
  period: z.string().meta({ description: "The month its cycle starts, YYYY-MM." }),
  period_label: z.string().meta({ description: "The cycle in words: 'dezembro de 2026', 'dez/2026 a fev/2027'." }),
  due_on: day,
  amount_cents: cents,
  status: z.enum(dueStatuses),
  status_label: z.string(),
  overdue: z.boolean().meta({ description: "Open, and past its due day and the plan's grace, today." }),
  paid_on: day.nullable(),
  paid_cents: cents,
  settled_by: z.string().nullable(),
  note: z.string(),
  refunded_cents: cents.meta({ description: "What Asaas gave back of what was paid (a partial or full refund)." }),
  pix_code: z.string().nullable().meta({
    description:
      "An open due's Pix Copia e Cola: the shop's BR Code with its own txid and amount, or Asaas's for its charge; null otherwise.",
  }),
  asaas: z
    .strictObject({
      charge_id: z.string(),
      status: z.string().meta({ description: "The charge as Asaas last said: pending, paid, overdue, refunded..." }),
      invoice_url: z.string().nullable().meta({ description: "Asaas's page where she pays." }),
      boleto_url: z.string().nullable(),
    })
    .nullable()
    .meta({ description: "The Asaas charge the due is linked to; null with the shop's Pix or while not yet linked." }),
});
export type DueView = z.infer<typeof dueViewSchema>;

export const memberViewSchema = z.strictObject({
  id: z.number().int(),
  number: z.number().int().nullable().meta({ description: "Given on approval; null while a Proposta." }),
  kind: z.enum(memberKinds),
  name: z.string(),
  tax_id: z.string().meta({ description: "Bare digits (CPF or CNPJ)." }),
  email: z.string(),
  phone: z.string(),
  address: z.strictObject({
    postal_code: z.string(),
    uf: z.string(),
    city: z.string(),
    street: z.string(),
    number: z.string(),
    neighborhood: z.string(),
    complement: z.string(),
  }),
  born_on: day.nullable(),
  admitted_on: day.nullable(),
  plan: z.strictObject({ id: z.number().int(), name: z.string() }),
  status: z.enum(memberStatuses),
  status_label: z.string(),
  status_since: timestampSchema,
  in_good_standing: z.boolean(),
  user_id: z.number().int().nullable().meta({ description: "Her account on the site, when linked." }),
  notes: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type MemberView = z.infer<typeof memberViewSchema>;
export const memberPageSchema = paginatedSchema(memberViewSchema);
export type MemberPage = z.infer<typeof memberPageSchema>;

export const statusChangeViewSchema = z.strictObject({
  from: z.enum(memberStatuses).nullable(),
  to: z.enum(memberStatuses),
  to_label: z.string(),
  reason: z.string(),
  by: z.string().meta({ description: "Who moved her: an administrator's name, or 'Automático' (her dues)." }),
  at: timestampSchema,
});
export type StatusChangeView = z.infer<typeof statusChangeViewSchema>;

/** One member as administrators open her: the register's fields, her status's history and her dues. */
export const memberDetailSchema = z.strictObject({
  member: memberViewSchema,
  history: z.array(statusChangeViewSchema),
  dues: z.array(dueViewSchema),
  moves: z.array(z.enum(memberStatuses)).meta({ description: "The statuses an administrator may move her to." }),
  asaas_error: z.string().nullable().meta({
    description: "Why her last link with Asaas failed (the job runner tries again); null when it went through.",
  }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** 'Minha associação': the signed-in person's own membership, or null when her account has none. */
export const myMembershipSchema = z.strictObject({
  membership: z
    .strictObject({
      member: memberViewSchema.omit({ notes: true, user_id: true }),
      plan: planViewSchema.omit({ members: true, active: true }),
      dues: z.array(dueViewSchema),
      pays_with: z.enum(duesProviders).meta({ description: "How her dues are paid: the shop's Pix or Asaas." }),
      verification_path: z.string().meta({ description: "Her card's public verification page." }),
    })
    .nullable(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** What a member card's QR opens: only her name, number and whether she is in good standing today. */
export const memberVerificationSchema = z.strictObject({
  name: z.string(),
  number: z.number().int().nullable(),
  in_good_standing: z.boolean(),
  checked_on: day,
});
export type MemberVerification = z.infer<typeof memberVerificationSchema>;

/** The members' settings as administrators read them: the reminders' kinds and days, and how dues are paid. */
export const memberSettingsViewSchema = z.strictObject({
  organization_cnpj: z.string().meta({ description: "Bare digits, or empty." }),
  reminders: z.strictObject({
    before: z.strictObject({ enabled: z.boolean(), days: z.array(z.number().int()) }),
    on_day: z.strictObject({ enabled: z.boolean() }),
    after: z.strictObject({ enabled: z.boolean(), days: z.array(z.number().int()) }),
  }),
  payments: z.strictObject({
    provider: z.enum(duesProviders),
    asaas: z.strictObject({
      api_key: z.literal("").meta({ description: "Never returned: always empty." }),
      api_key_set: z.boolean(),
      webhook_token: z.literal("").meta({ description: "Never returned: always empty." }),
      webhook_token_set: z.boolean(),
      environment: z.enum(asaasEnvironments),
      billing: z.enum(asaasBillings),
    }),
    webhook_url: z
      .string()
      .nullable()
      .meta({ description: "The address to give Asaas for its webhook; null while BASE_URL is not set." }),
  }),
});
export type MemberSettingsView = z.infer<typeof memberSettingsViewSchema>;

/** The board's view on /conta (administrators): members by status, this month's dues, the overdue, a year of dues. */
export const membersDashboardSchema = z.strictObject({
  by_status: z.array(z.strictObject({ status: z.enum(memberStatuses), label: z.string(), count: z.number().int() })),
  month: z.strictObject({
    period: z.string(),
    label: z.string(),
    expected_cents: cents.meta({ description: "The dues due this month (São Paulo), waived ones left out." }),
    received_cents: cents.meta({ description: "What of them was paid, less what Asaas gave back." }),
  }),
  overdue: z.array(
    z.strictObject({
      member_id: z.number().int(),
      number: z.number().int().nullable(),
      name: z.string(),
      dues: z.number().int(),
      amount_cents: cents,
      oldest_due_on: day,
    }),
  ),
  months: z.array(
    z.strictObject({ period: z.string(), label: z.string(), expected_cents: cents, received_cents: cents }),
  ),
});
export type MembersDashboard = z.infer<typeof membersDashboardSchema>;

/** What a turn of the dues' job did. */
export const duesRunSchema = z.strictObject({
  made: z.number().int().meta({ description: "Dues made." }),
  moved: z.number().int().meta({ description: "Members whose status the dues changed." }),
  reminded: z.number().int().meta({ description: "Reminders e-mailed." }),
});
export type DuesRun = z.infer<typeof duesRunSchema>;

/** A paid due's receipt (printable): who received, from whom, for which cycle, how much and when. */
export const dueReceiptSchema = z.strictObject({
  receipt_number: z.string().meta({ description: "The member's number and the cycle: 12-2026-12." }),
  organization_name: z.string(),
  organization_cnpj: z.string().meta({ description: "Formatted, or empty when the settings hold none." }),
  member_name: z.string(),
  member_number: z.number().int().nullable(),
  member_tax_id: z.string().meta({ description: "Formatted CPF or CNPJ." }),
  plan_name: z.string(),
  period_label: z.string(),
  due_on: day,
  paid_on: day,
  paid_cents: cents,
});
export type DueReceipt = z.infer<typeof dueReceiptSchema>;

/** What a CSV import of the register does, or would do (its preview), line by line. */
export const memberImportReportSchema = z.strictObject({
  counts: z.strictObject({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  lines: z.array(
    z.strictObject({
      line: z.number().int().meta({ description: "The line of the file, the header being line 1." }),
      action: z.enum(["create", "update", "unchanged", "error"]),
      name: z.string(),
      tax_id: z.string(),
      errors: z.array(z.string()).meta({ description: "Each field's error, in pt-BR, naming its column." }),
    }),
  ),
});
export type MemberImportReport = z.infer<typeof memberImportReportSchema>;

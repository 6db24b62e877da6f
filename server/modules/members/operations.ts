import { z } from "zod";
import { listQuerySchema } from "../../../common/pagination.ts";
import {
  duePaymentSchema,
  dueWaiverSchema,
  memberApplicationSchema,
  memberImportSchema,
  memberListQuerySchema,
  memberSchema,
  memberSettingsSchema,
  memberStatusChangeSchema,
  planSchema,
} from "../../../common/schemas/members.ts";
import {
  dueReceiptSchema,
  duesRunSchema,
  memberDetailSchema,
  memberImportReportSchema,
  memberPageSchema,
  memberSettingsViewSchema,
  membersDashboardSchema,
  memberVerificationSchema,
  myMembershipSchema,
  offeredPlanListSchema,
  planListSchema,
  planViewSchema,
} from "../../../common/views/members.ts";
import { input, messageSchema, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";

const detail = output("MemberDetail", memberDetailSchema);
const importReport = output("MemberImportReport", memberImportReportSchema);
const memberSettings = output("MemberSettings", memberSettingsViewSchema);

const members = recordOperations({
  tag: "members",
  path: "/api/members",
  access: "admin",
  noun: "member, with her status's history and her dues",
  view: detail,
  body: input("MemberInput", memberSchema),
});

const plans = recordOperations({
  tag: "members",
  path: "/api/members/plans",
  access: "admin",
  noun: "plan",
  view: output("MemberPlan", planViewSchema),
  body: input("MemberPlanInput", planSchema),
});

const planNameTaken = { status: 409, description: "Another plan has this name (whatever its case)" };
const taxIdTaken = { status: 409, description: "Another member has this CPF or CNPJ" };
const dueClosed = { status: 409, description: "The due is no longer open (paid or waived)" };

export const membersOperations: Operation[] = [
  members.post({
    path: "/asaas/webhook",
    access: "public",
    summary:
      "Asaas's webhook for the dues: accepted only with the saved token in asaas-access-token; each event once by its id; the charge is read from Asaas (never taken from the body) and its due paid, refunded or linked; events in any order never reopen a paid due",
    success: {
      status: 200,
      description: "Received (also an event of another kind, left alone)",
      schema: output("AsaasWebhookReceived", z.strictObject({ received: z.literal(true) })),
    },
    refusals: [
      { status: 400, description: "Not JSON, or not an event of Asaas's documented shape" },
      { status: 401, description: "Without the saved token (or Asaas not set up)" },
      { status: 413, description: "Larger than an event" },
    ],
  }),
  members.get({
    path: "/verify/{code}",
    access: "public",
    summary: "What a member card's QR opens: only the member's name, number and whether she is in good standing today",
    success: { status: 200, description: "The card", schema: output("MemberVerification", memberVerificationSchema) },
  }),
  members.post({
    path: "/applications",
    access: "public",
    summary:
      "“Associe-se” (while the members feature is on): a person's proposal, with her consent to the LGPD terms, waiting as a Proposta for an administrator",
    body: input("MemberApplication", memberApplicationSchema),
    success: { status: 201, description: "Received", schema: messageSchema },
    refusals: [
      { status: 404, description: "Proposals are not open (the feature is off)" },
      { status: 409, description: "This CPF or CNPJ is already in the register" },
    ],
  }),
  members.get({
    path: "/offered-plans",
    access: "public",
    summary: "“Associe-se” (while the members feature is on): the active plans, with what each costs and when",
    success: { status: 200, description: "The plans", schema: output("OfferedPlanList", offeredPlanListSchema) },
    refusals: [{ status: 404, description: "Proposals are not open (the feature is off)" }],
  }),
  members.get({
    path: "/dues/{due}/receipt",
    access: "user",
    summary:
      "A paid due's receipt (printable): the organisation's name and CNPJ, the member, the cycle, the amount and the day paid; for her and administrators",
    success: { status: 200, description: "The receipt", schema: output("DueReceipt", dueReceiptSchema) },
  }),
  members.get({
    path: "/me",
    access: "user",
    summary:
      "The signed-in person's own membership (her account linked to the register): status, plan, number, dues with the open ones' Pix code, and her card's verification page; null without one",
    success: {
      status: 200,
      description: "Her membership, or null",
      schema: output("MyMembership", myMembershipSchema),
    },
  }),
  members.post({
    path: "/dues/run",
    summary:
      "The job runner's turn now (“Gerar mensalidades agora”): the dues due to be made, the members they move, today's reminders; each once whatever runs twice",
    success: { status: 200, description: "What was done", schema: output("DuesRun", duesRunSchema) },
  }),
  members.get({
    path: "/dashboard",
    summary:
      "The board's numbers: members by status, this month's dues received against expected, who is overdue with how much, and the last 12 months",
    success: { status: 200, description: "The numbers", schema: output("MembersDashboard", membersDashboardSchema) },
  }),
  members.get({
    path: "/settings",
    summary:
      "The members' settings: the dues' reminders by e-mail (before the due day, on it, after it), the receipts' CNPJ, and how the dues are paid (the shop's Pix or Asaas; Asaas's key and token never returned, only whether each is set)",
    success: { status: 200, description: "The settings", schema: memberSettings },
  }),
  members.put({
    path: "/settings",
    summary:
      "Save the settings: each reminder kind switched on or off, with its days (at most 15 before and 60 after, three of each), and how the dues are paid; an empty Asaas key or token keeps the saved one",
    body: input("MemberSettingsInput", memberSettingsSchema),
    success: { status: 200, description: "The saved settings", schema: memberSettings },
  }),
  plans.list({
    summary: "Every plan by name, with how many members each has",
    success: { description: "The plans", schema: output("MemberPlanList", planListSchema) },
  }),
  plans.create({
    summary: "Create a plan: amount, cycle, due day, days of grace and overdue dues that suspend",
    refusals: [planNameTaken],
  }),
  plans.read({ summary: "One plan" }),
  plans.update({
    summary: "Rewrite a plan; a new amount applies to the dues made from then on, never to open ones",
    refusals: [planNameTaken],
  }),
  plans.delete({
    summary: "Delete a plan nobody is on",
    refusals: [{ status: 409, description: "Members are on the plan: switch it off instead" }],
  }),
  members.list({
    summary:
      "The register by member number (proposals last); q searches name, e-mail, CPF/CNPJ and number; filters by status and plan",
    query: [listQuerySchema, memberListQuerySchema],
    success: { description: "One page of members", schema: output("MemberPage", memberPageSchema) },
  }),
  members.get({
    path: "/export.csv",
    summary:
      "The register (filtered as the list) as CSV for a Brazilian spreadsheet (; separated, UTF-8 with BOM, formulas neutralised); the audit log keeps who exported what",
    query: [listQuerySchema, memberListQuerySchema],
    success: {
      status: 200,
      description: "An attachment: associados.csv",
      text: ["text/csv"],
      schema: output("MembersCsv", z.string().meta({ description: "The members, one per line, ; separated." })),
    },
  }),
  members.post({
    path: "/import/preview",
    summary:
      "What importing a CSV of the register (its export's columns) would do, line by line: new, changed, unchanged (matched by CPF/CNPJ) or each field's error; nothing is written",
    body: input("MemberImport", memberImportSchema),
    success: { status: 200, description: "The plan", schema: importReport },
  }),
  members.post({
    path: "/import",
    summary:
      "Import a CSV of the register: its lines without errors (new members with their number or the next, changed entries); importing the same file again changes nothing",
    body: input("MemberImport", memberImportSchema),
    success: { status: 200, description: "What was done", schema: importReport },
  }),
  members.create({
    summary: "Register a member as Ativo: she gets the next number, and her dues start with the plan's next due day",
    refusals: [taxIdTaken],
  }),
  members.read({ summary: "One member, with her status's history and her dues" }),
  members.update({
    summary: "Rewrite a member's register entry (her status has its own action)",
    refusals: [taxIdTaken],
  }),
  members.delete({
    summary:
      "Delete a member's entry, history and dues (LGPD), her Asaas subscription ended first; the audit log keeps that it was done",
    refusals: [{ status: 503, description: "Asaas did not end her subscription: nothing was deleted" }],
  }),
  members.post({
    path: "/{id}/status",
    summary:
      "Move a member by hand: approve a Proposta (her number, her first due, an e-mail), refuse it (an e-mail with the reason), suspend, reinstate, let go, readmit",
    body: input("MemberStatusChange", memberStatusChangeSchema),
    success: { status: 200, description: "The member now", schema: detail },
    refusals: [{ status: 409, description: "Not a move her status allows" }],
  }),
  members.post({
    path: "/{id}/dues/{due}/payment",
    summary:
      "Record a due paid outside Asaas (the Pix to the shop's key, cash): her status follows her dues (back to Ativo when nothing is overdue)",
    body: input("DuePayment", duePaymentSchema),
    success: { status: 200, description: "The member now", schema: detail },
    refusals: [dueClosed],
  }),
  members.post({
    path: "/{id}/dues/{due}/waiver",
    summary: "Waive a due, with the reason the audit log keeps",
    body: input("DueWaiver", dueWaiverSchema),
    success: { status: 200, description: "The member now", schema: detail },
    refusals: [dueClosed],
  }),
];

import { normalizeTaxId } from "../brazil/tax-id.ts";
import { MAX_ID } from "../id-range.ts";
import { moneyField } from "../money.ts";
import { dayField, emailField, optionalText, plainString, requiredText, z } from "../zod.ts";
import { phoneField } from "./customer.ts";
import { addressSchema } from "./orders.ts";
import { optionalTaxIdField } from "./tax-id.ts";

// The cooperative's members, their plans and their dues: one schema per input, shared by the forms, the page
// actions and the REST routes (server/modules/members).

export const planCycles = ["mensal", "trimestral", "semestral", "anual"] as const;
export type PlanCycle = (typeof planCycles)[number];
export const planCycleLabels: Record<PlanCycle, string> = {
  mensal: "Mensal",
  trimestral: "Trimestral",
  semestral: "Semestral",
  anual: "Anual",
};

export const memberKinds = ["pessoa", "organizacao"] as const;
export type MemberKind = (typeof memberKinds)[number];
export const memberKindLabels: Record<MemberKind, string> = { pessoa: "Pessoa", organizacao: "Organização" };

export const memberStatuses = ["proposta", "ativo", "em_atraso", "suspenso", "desligado"] as const;
export type MemberStatus = (typeof memberStatuses)[number];
export const memberStatusLabels: Record<MemberStatus, string> = {
  proposta: "Proposta",
  ativo: "Ativo",
  em_atraso: "Em atraso",
  suspenso: "Suspenso",
  desligado: "Desligado",
};

/** "refunded": paid, then all of it given back through Asaas; she no longer owes it (decision 0025, "Paying"). */
export const dueStatuses = ["open", "paid", "waived", "refunded"] as const;
export type DueStatus = (typeof dueStatuses)[number];
export const dueStatusLabels: Record<DueStatus, string> = {
  open: "Em aberto",
  paid: "Paga",
  waived: "Dispensada",
  refunded: "Estornada",
};

/** More than a year of grace, or more than two years of dues before a suspension, is a typo. */
export const MAX_GRACE_DAYS = 365;
export const MAX_SUSPEND_AFTER = 24;
/** The largest due a cooperative charges: R$ 100.000,00. */
export const MAX_DUE_CENTS = 10_000_000;

export const TAX_ID_OF_KIND: Record<MemberKind, string> = {
  pessoa: "Informe um CPF válido",
  organizacao: "Informe um CNPJ válido",
};
export const PLAN_NAME_TAKEN = "Já existe um plano com este nome";
export const TAX_ID_TAKEN = "Já existe um associado com este CPF ou CNPJ";

/** A whole number from `min` to `max`: a JSON number, or the digits a form sends (not z.coerce, which reads true as 1). */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const planSchema = z.object({
  name: requiredText(120),
  amount_cents: moneyField(MAX_DUE_CENTS)
    .refine((cents) => cents > 0, "Informe um valor maior que zero")
    .meta({ description: "Each cycle's due, in integer cents. A change applies from the next due made." }),
  cycle: z.enum(planCycles, "Escolha mensal, trimestral, semestral ou anual"),
  due_day: wholeNumber("Informe um dia de 1 a 31", 1, 31).meta({
    description: "Day of the month the dues fall on; 29-31 fall on the month's last day when it is shorter.",
  }),
  grace_days: wholeNumber(`Informe de 0 a ${MAX_GRACE_DAYS} dias`, 0, MAX_GRACE_DAYS).meta({
    description: "Days after the due day before the member counts as Em atraso.",
  }),
  suspend_after: wholeNumber(`Informe de 1 a ${MAX_SUSPEND_AFTER} mensalidades`, 1, MAX_SUSPEND_AFTER).meta({
    description: "Overdue dues that suspend the member.",
  }),
  active: z
    .boolean("Informe true ou false")
    .default(true)
    .meta({ description: "Offered to new members; members already on it keep it." }),
});
export type PlanInput = z.infer<typeof planSchema>;

const planIdField = () =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: "Escolha um plano" }).int("Escolha um plano").positive("Escolha um plano").max(MAX_ID),
  );

const memberFields = {
  kind: z.enum(memberKinds, "Escolha pessoa ou organização"),
  name: requiredText(160),
  tax_id: plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(30, "Informe um CPF ou CNPJ válido")
    .meta({ description: "CPF for a person, CNPJ for an organisation; checked by its digits, kept bare." }),
  email: emailField(),
  phone: phoneField(),
  address: addressSchema,
  born_on: dayField("a data de nascimento ou fundação").meta({
    description: "Birth date (a person) or founding date (an organisation), YYYY-MM-DD; empty: not known.",
  }),
  plan_id: planIdField(),
};

/** The CPF of a person, the CNPJ of an organisation: checked by its digits and kept bare. */
function taxIdOfKind<T extends { kind: MemberKind; tax_id: string }>(member: T, context: z.RefinementCtx) {
  const bare = normalizeTaxId(member.tax_id);
  if (bare === null || bare.length !== (member.kind === "pessoa" ? 11 : 14)) {
    context.addIssue({ code: "custom", path: ["tax_id"], message: TAX_ID_OF_KIND[member.kind] });
    return z.NEVER;
  }
  return { ...member, tax_id: bare };
}

/** A member as the register's form and the REST API write her (administrators); the status has its own action. */
export const memberSchema = z
  .object({
    ...memberFields,
    admitted_on: dayField("a data de admissão").meta({
      description: "Admission date, YYYY-MM-DD; empty: today.",
    }),
    notes: optionalText(5000),
  })
  .transform(taxIdOfKind);
export type MemberInput = z.infer<typeof memberSchema>;

export const CONSENT_MISSING = "Para se associar, aceite o tratamento dos seus dados";

/**
 * "Associe-se": a person's proposal (public), with her consent to the LGPD terms; it waits as a Proposta for an
 * administrator to approve or refuse.
 */
export const memberApplicationSchema = z
  .object({
    ...memberFields,
    consent: z.boolean({ error: CONSENT_MISSING }).refine((given) => given, CONSENT_MISSING),
  })
  .transform(taxIdOfKind);
export type MemberApplication = z.infer<typeof memberApplicationSchema>;

/** An administrator moving a member by hand: approving, refusing, suspending, reinstating, letting go. */
export const memberStatusChangeSchema = z.object({
  status: z.enum(memberStatuses, "Escolha a nova situação"),
  reason: optionalText(500),
});
export type MemberStatusChange = z.infer<typeof memberStatusChangeSchema>;

export const memberListQuerySchema = z.object({
  status: z
    .enum(memberStatuses, "Situação inválida")
    .optional()
    .catch(undefined)
    .meta({ description: "Only members in this status." }),
  plan_id: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

/** A due paid outside Asaas (the Pix to the shop's key, cash), recorded by an administrator. */
export const duePaymentSchema = z.object({
  paid_on: dayField("a data do pagamento").refine((day) => day !== "", "Informe a data do pagamento"),
  note: optionalText(500),
});
export type DuePayment = z.infer<typeof duePaymentSchema>;

export const dueWaiverSchema = z.object({
  reason: requiredText(500),
});
export type DueWaiver = z.infer<typeof dueWaiverSchema>;

/** A member card's code as its QR carries it: 22 URL-safe characters. */
export const verificationCodeSchema = z.object({
  code: plainString().regex(/^[A-Za-z0-9_-]{22}$/, "Carteirinha não encontrada"),
});

/** Reminders before the due day go at most this many days ahead (the due is made 15 days before its day). */
export const MAX_REMINDER_DAYS_BEFORE = 15;
/** And after it at most this many days late; later, the board calls her. */
export const MAX_REMINDER_DAYS_AFTER = 60;
export const MAX_REMINDERS_PER_KIND = 3;

const reminderDays = (max: number, label: string) =>
  z
    .array(wholeNumber(`Informe dias de 1 a ${max} ${label}`, 1, max), "Informe os dias")
    .max(MAX_REMINDERS_PER_KIND, `No máximo ${MAX_REMINDERS_PER_KIND} lembretes`)
    .transform((days) => [...new Set(days)].sort((a, b) => b - a));

/** How the dues are paid: the shop's own Pix key (recorded by hand), or Asaas's charges (confirmed by its webhook). */
export const duesProviders = ["shop_pix", "asaas"] as const;
export type DuesProviderChoice = (typeof duesProviders)[number];
export const duesProviderLabels: Record<DuesProviderChoice, string> = {
  shop_pix: "Pix da loja (código Pix por mensalidade, pagamento registrado à mão)",
  asaas: "Asaas (cobrança por Pix ou boleto, pagamento confirmado pelo Asaas)",
};

export const asaasEnvironments = ["sandbox", "production"] as const;
export type AsaasEnvironment = (typeof asaasEnvironments)[number];
export const asaasEnvironmentLabels: Record<AsaasEnvironment, string> = {
  sandbox: "Sandbox (testes, sem dinheiro de verdade)",
  production: "Produção",
};

/** "undefined" is Asaas's own word: the member picks Pix, boleto or card on Asaas's invoice page. */
export const asaasBillings = ["pix", "boleto", "undefined"] as const;
export type AsaasBilling = (typeof asaasBillings)[number];
export const asaasBillingLabels: Record<AsaasBilling, string> = {
  pix: "Pix",
  boleto: "Boleto",
  undefined: "O associado escolhe (Pix, boleto ou cartão)",
};

export const MAX_ASAAS_API_KEY = 300;
/** Asaas takes a webhook's authToken of 32 to 255 characters without spaces. */
export const MIN_ASAAS_WEBHOOK_TOKEN = 32;
export const MAX_ASAAS_WEBHOOK_TOKEN = 255;
export const ASAAS_API_KEY_MISSING = "Informe a chave de API do Asaas";
export const ASAAS_WEBHOOK_TOKEN_MISSING = "Informe o token de autenticação do webhook do Asaas";
const WEBHOOK_TOKEN_RULE = `Use de ${MIN_ASAAS_WEBHOOK_TOKEN} a ${MAX_ASAAS_WEBHOOK_TOKEN} caracteres, sem espaços`;

/** A write-only secret as typed: empty keeps the one saved. */
const asaasApiKey = plainString()
  .trim()
  .max(MAX_ASAAS_API_KEY, `No máximo ${MAX_ASAAS_API_KEY} caracteres`)
  .refine((value) => !/\s/.test(value), "A chave não tem espaços: confira se foi copiada inteira")
  .default("");
const asaasWebhookToken = plainString()
  .trim()
  .refine(
    (value) =>
      value === "" ||
      (value.length >= MIN_ASAAS_WEBHOOK_TOKEN && value.length <= MAX_ASAAS_WEBHOOK_TOKEN && !/\s/.test(value)),
    WEBHOOK_TOKEN_RULE,
  )
  .default("");

export const duesPaymentsSchema = z.object({
  provider: z.enum(duesProviders, "Escolha Pix da loja ou Asaas"),
  asaas: z.object({
    api_key: asaasApiKey.meta({ description: "Write-only: empty keeps the saved key; never returned." }),
    webhook_token: asaasWebhookToken.meta({
      description: "The webhook's authToken as set in Asaas; write-only: empty keeps the saved one; never returned.",
    }),
    environment: z.enum(asaasEnvironments, "Escolha sandbox ou produção").default("sandbox"),
    billing: z.enum(asaasBillings, "Escolha Pix, boleto ou a escolha do associado").default("pix"),
  }),
});
export type DuesPayments = z.infer<typeof duesPaymentsSchema>;

/** The dues' reminders by e-mail: each kind switchable, the days configurable (defaults: 5 and 1 before, 3 and 10 after). */
export const memberSettingsSchema = z.object({
  organization_cnpj: optionalTaxIdField()
    .refine((bare) => bare === "" || bare.length === 14, "Informe um CNPJ válido")
    .meta({ description: "The organisation's CNPJ, printed on the dues' receipts; empty: none printed." }),
  reminders: z.object({
    before: z.object({
      enabled: z.boolean("Informe true ou false"),
      days: reminderDays(MAX_REMINDER_DAYS_BEFORE, "antes do vencimento"),
    }),
    on_day: z.object({ enabled: z.boolean("Informe true ou false") }),
    after: z.object({
      enabled: z.boolean("Informe true ou false"),
      days: reminderDays(MAX_REMINDER_DAYS_AFTER, "depois do vencimento"),
    }),
  }),
  payments: duesPaymentsSchema
    .optional()
    .meta({ description: "How the dues are paid; left out, what is saved stays as it is." }),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

export const DEFAULT_DUES_PAYMENTS: DuesPayments = {
  provider: "shop_pix",
  asaas: { api_key: "", webhook_token: "", environment: "sandbox", billing: "pix" },
};

export const DEFAULT_MEMBER_SETTINGS = {
  organization_cnpj: "",
  reminders: {
    before: { enabled: true, days: [5, 1] },
    on_day: { enabled: true },
    after: { enabled: true, days: [3, 10] },
  },
  payments: DEFAULT_DUES_PAYMENTS,
} satisfies Required<MemberSettings>;

/** The register's CSV columns: what its export writes and its import reads back. */
export const MEMBER_CSV_COLUMNS = [
  "Número",
  "Nome",
  "Tipo",
  "CPF ou CNPJ",
  "E-mail",
  "Telefone",
  "CEP",
  "UF",
  "Cidade",
  "Endereço",
  "Número do endereço",
  "Bairro",
  "Complemento",
  "Nascimento ou fundação",
  "Admissão",
  "Plano",
  "Situação",
  "Observações",
] as const;

/** The largest register's CSV the import reads: 10 MB is tens of thousands of members. */
export const MAX_MEMBER_IMPORT_CHARS = 10_000_000;

/** A CSV of the register (its own export's columns), pasted or sent as the file's text. */
export const memberImportSchema = z.object({
  csv: plainString({ error: "Envie a planilha (CSV)" })
    .min(1, "Envie a planilha (CSV)")
    .max(MAX_MEMBER_IMPORT_CHARS, "A planilha passa de 10 MB: divida-a em partes"),
});

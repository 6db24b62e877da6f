import { formatBRL } from "../../../common/money.ts";
import { buildPixCode, PixCodeError } from "../../../common/pix/br-code.ts";
import {
  type DuesProviderChoice,
  dueStatusLabels,
  memberStatusLabels,
  planCycleLabels,
} from "../../../common/schemas/members.ts";
import type { PaymentSettings } from "../../../common/schemas/payments.ts";
import type { DueView, MemberView, PlanView, StatusChangeView } from "../../../common/views/members.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import { CYCLE_MONTHS, type LocalDate, overdueFrom } from "./due-cycles.ts";
import { inGoodStanding } from "./member-standing.ts";
import type { memberDues, memberPlans, memberStatusChanges, members } from "./tables.ts";

export type PlanRow = typeof memberPlans.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type DueRow = typeof memberDues.$inferSelect;
export type StatusChangeRow = typeof memberStatusChanges.$inferSelect;

/** Who a change made by the dues (the job runner) names in her history. */
export const AUTOMATIC = "Automático";

export const planView = (row: PlanRow, memberCount: number): PlanView => ({
  id: row.id,
  name: row.name,
  amount_cents: row.amountCents,
  cycle: row.cycle,
  cycle_label: planCycleLabels[row.cycle],
  due_day: row.dueDay,
  grace_days: row.graceDays,
  suspend_after: row.suspendAfter,
  active: row.active,
  members: memberCount,
});

export const planAuditFields = (row: PlanRow): AuditFields => ({
  Nome: row.name,
  Valor: formatBRL(row.amountCents),
  Periodicidade: planCycleLabels[row.cycle],
  "Dia de vencimento": row.dueDay,
  "Dias de tolerância": row.graceDays,
  "Mensalidades em atraso para suspender": row.suspendAfter,
  Ativo: row.active,
});

export const memberView = (row: MemberRow, plan: Pick<PlanRow, "id" | "name">): MemberView => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  name: row.name,
  tax_id: row.taxId,
  email: row.email,
  phone: row.phone,
  address: {
    postal_code: row.address.postal_code,
    uf: row.address.uf,
    city: row.address.city,
    street: row.address.street,
    number: row.address.number,
    neighborhood: row.address.neighborhood,
    complement: row.address.complement,
  },
  born_on: row.bornOn,
  admitted_on: row.admittedOn,
  plan: { id: plan.id, name: plan.name },
  status: row.status,
  status_label: memberStatusLabels[row.status],
  status_since: row.statusSince.toISOString(),
  in_good_standing: inGoodStanding(row.status),
  user_id: row.userId,
  notes: row.notes,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const memberAuditFields = (row: MemberRow, planName: string): AuditFields => ({
  Número: row.number,
  Tipo: row.kind === "pessoa" ? "Pessoa" : "Organização",
  Nome: row.name,
  "CPF ou CNPJ": row.taxId,
  "E-mail": row.email,
  Telefone: row.phone,
  Endereço: `${row.address.street}, ${row.address.number} ${row.address.complement} - ${row.address.neighborhood}, ${row.address.city} - ${row.address.uf}, ${row.address.postal_code}`,
  "Nascimento ou fundação": row.bornOn,
  Admissão: row.admittedOn,
  Plano: planName,
  Situação: memberStatusLabels[row.status],
  Observações: row.notes,
});

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

const shortMonth = (period: string) => {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return `${(MONTHS[month - 1] ?? "").slice(0, 3)}/${year}`;
};

/** "dezembro de 2026" for a month; "dez/2026 a fev/2027" for a longer cycle. */
export function periodLabel(period: string, months: number): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  if (months === 1) return `${MONTHS[month - 1]} de ${year}`;
  const endIndex = month - 1 + months - 1;
  const end = `${year + Math.floor(endIndex / 12)}-${String((endIndex % 12) + 1).padStart(2, "0")}`;
  return `${shortMonth(period)} a ${shortMonth(end)}`;
}

/**
 * The due's BR Code: the shop's Pix key, the due's exact amount and its own txid, so the bank statement names
 * the member and the cycle. Null when the shop's Pix is not set up (the due is then paid another way).
 */
export function duePixCode(due: DueRow, pix: PaymentSettings["pix"]): string | null {
  if (due.status !== "open" || pix.key === "") return null;
  try {
    return buildPixCode({
      key: pix.key,
      receiverName: pix.receiver_name,
      receiverCity: pix.receiver_city,
      amountCents: due.amountCents,
      txid: due.txid,
      description: "Mensalidade",
      initiation: "12",
    });
  } catch (error) {
    if (error instanceof PixCodeError) return null;
    throw error;
  }
}

/** The Asaas charge a due is linked to, while it is one she can still see (not removed at Asaas). */
const linkedCharge = (due: DueRow) =>
  due.asaasChargeId !== null && due.asaasStatus !== "deleted" ? due.asaasChargeId : null;

/**
 * What pays an open due, as the dues are paid now: the shop's BR Code, or Asaas's Pix code and its payment page
 * (both null while the due waits for its Asaas charge).
 */
export function duePayment(
  due: DueRow,
  provider: DuesProviderChoice,
  pix: PaymentSettings["pix"],
): { pixCode: string | null; paymentUrl: string | null } {
  if (provider === "shop_pix") return { pixCode: duePixCode(due, pix), paymentUrl: null };
  if (due.status !== "open" || linkedCharge(due) === null) return { pixCode: null, paymentUrl: null };
  return { pixCode: due.asaasPixCode || null, paymentUrl: due.asaasInvoiceUrl };
}

export function dueView(
  due: DueRow,
  plan: Pick<PlanRow, "cycle" | "graceDays">,
  today: LocalDate,
  pix: PaymentSettings["pix"],
  provider: DuesProviderChoice,
): DueView {
  const charge = linkedCharge(due);
  return {
    id: due.id,
    period: due.period,
    period_label: periodLabel(due.period, CYCLE_MONTHS[plan.cycle]),
    due_on: due.dueOn,
    amount_cents: due.amountCents,
    status: due.status,
    status_label: dueStatusLabels[due.status],
    overdue: due.status === "open" && today >= overdueFrom(due.dueOn, plan.graceDays),
    paid_on: due.paidOn,
    paid_cents: due.paidCents,
    settled_by: due.settledBy,
    note: due.note,
    refunded_cents: due.refundedCents,
    pix_code: duePayment(due, provider, pix).pixCode,
    asaas:
      charge === null
        ? null
        : {
            charge_id: charge,
            status: due.asaasStatus ?? "pending",
            invoice_url: due.asaasInvoiceUrl,
            boleto_url: due.asaasBoletoUrl,
          },
  };
}

export const statusChangeView = (row: StatusChangeRow): StatusChangeView => ({
  from: row.fromStatus,
  to: row.toStatus,
  to_label: memberStatusLabels[row.toStatus],
  reason: row.reason,
  by: row.actorName ?? AUTOMATIC,
  at: row.createdAt.toISOString(),
});

/** A due's txid: the member's number and the cycle, letters and digits only ("A12P202612"), unique by both. */
export const dueTxid = (memberNumber: number, period: string) => `A${memberNumber}P${period.replace("-", "")}`;

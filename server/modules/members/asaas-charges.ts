// A due's Asaas charge as Asaas tells it now (read from Asaas, never from a webhook's body), applied to the due:
// its link (charge, invoice, boleto, Pix code) and what the money did. The due only moves forward: open ->
// paid -> (part of it given back) -> refunded. A charge pending or overdue again never reopens a paid due, so
// events in any order leave the same due. Decision 0025, "Paying".
import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { formatBRL } from "../../../common/money.ts";
import type { DuesCharge, DuesChargeStatus } from "../../adapters/dues/dues-provider.ts";
import type { MembersContext } from "./context.ts";
import { saoPauloDate } from "./due-cycles.ts";
import { monthOf } from "./dues.ts";
import { settleStanding } from "./member-status.ts";
import type { DueRow } from "./member-views.ts";
import { memberDues, members } from "./tables.ts";

/** Who the audit log and her history name for what Asaas confirmed. */
export const ASAAS_ACTOR = "Asaas";

export type ChargeOutcome = "linked" | "unchanged" | "paid" | "short_paid" | "partially_refunded" | "refunded";

/** The statuses after money came in. */
const RECEIVED: readonly DuesChargeStatus[] = ["paid", "partially_refunded", "refunded"];
/** The statuses Asaas still waits money in: only these have a Pix code and a page to pay. */
export const UNPAID: readonly DuesChargeStatus[] = ["pending", "overdue"];

/**
 * A due closed here (paid by hand, waived) whose charge Asaas still waits money for: Asaas would remind her of it
 * and take the money again until told (asaas-link.ts).
 */
export const closedHere = and(
  inArray(memberDues.status, ["paid", "waived"]),
  inArray(memberDues.settledBy, ["manual", "waived"]),
  isNotNull(memberDues.asaasChargeId),
  inArray(memberDues.asaasStatus, [...UNPAID]),
);

/**
 * Applies `charge` to the due `dueId` on the caller's transaction, the member and the due locked (in that
 * order, as recording a payment locks them). A due linked to another live charge is left alone. `pixCode` is
 * the charge's Pix Copia e Cola when the caller asked Asaas for it ("" when Asaas has none), undefined to keep
 * what the due has.
 */
export async function applyCharge(
  tx: MembersContext,
  dueId: number,
  charge: DuesCharge,
  pixCode?: string | null,
): Promise<ChargeOutcome> {
  const [owner] = await tx.db
    .select({ memberId: memberDues.memberId })
    .from(memberDues)
    .where(eq(memberDues.id, dueId));
  if (!owner) return "unchanged";
  const [member] = await tx.db.select().from(members).where(eq(members.id, owner.memberId)).for("update");
  const [due] = await tx.db.select().from(memberDues).where(eq(memberDues.id, dueId)).for("update");
  if (!member || !due) return "unchanged";
  const relinked = due.asaasChargeId !== charge.id;
  if (relinked && due.asaasChargeId !== null && due.asaasStatus !== "deleted") return "unchanged";

  const payable = UNPAID.includes(charge.status);
  const changes: Partial<DueRow> = {
    asaasChargeId: charge.id,
    asaasStatus: charge.status,
    asaasInvoiceUrl: charge.status === "deleted" ? null : charge.invoiceUrl,
    asaasBoletoUrl: payable ? charge.boletoUrl : null,
    asaasPixCode: !payable ? null : pixCode !== undefined ? pixCode : relinked ? null : due.asaasPixCode,
  };
  let outcome: ChargeOutcome = relinked ? "linked" : "unchanged";
  const label = `${member.name}: ${monthOf(due.period)}`;

  if (RECEIVED.includes(charge.status) && due.status === "open") {
    if (charge.paidAmountCents >= due.amountCents) {
      Object.assign(changes, {
        status: "paid",
        paidOn: charge.paidOn ?? saoPauloDate(new Date()),
        paidCents: charge.paidAmountCents,
        settledBy: "asaas",
      } satisfies Partial<DueRow>);
      outcome = "paid";
      await tx.services.audit.record({
        actor: null,
        actorName: ASAAS_ACTOR,
        action: "member_due.paid",
        recordId: due.id,
        recordLabel: label,
        before: { Situação: "Em aberto" },
        after: { Situação: "Paga", "Valor pago": formatBRL(charge.paidAmountCents), "Cobrança no Asaas": charge.id },
      });
    } else {
      // Less than the due came in (the charge changed at Asaas's panel): an administrator decides the rest.
      changes.note = `O Asaas confirmou ${formatBRL(charge.paidAmountCents)} de ${formatBRL(due.amountCents)}: registre o restante ou dispense a mensalidade.`;
      outcome = "short_paid";
    }
  }

  const paid = (changes.status ?? due.status) === "paid";
  if (paid && charge.refundedCents > due.refundedCents) {
    const whole = charge.status === "refunded";
    changes.refundedCents = charge.refundedCents;
    if (whole) changes.status = "refunded";
    outcome = whole ? "refunded" : "partially_refunded";
    await tx.services.audit.record({
      actor: null,
      actorName: ASAAS_ACTOR,
      action: "member_due.refunded",
      recordId: due.id,
      recordLabel: label,
      before: { Situação: "Paga", "Valor estornado": formatBRL(due.refundedCents) },
      after: { Situação: whole ? "Estornada" : "Paga", "Valor estornado": formatBRL(charge.refundedCents) },
    });
  }

  await tx.db
    .update(memberDues)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(memberDues.id, due.id));
  if (outcome === "paid")
    await settleStanding(tx, member.id, () => `Mensalidade de ${monthOf(due.period)} paga pelo Asaas.`);
  return outcome;
}

/**
 * The due a charge collects: the one linked to it; else, for a charge Asaas made before the due was linked, the
 * open due of its subscription's member for the month it falls in, or the due a charge of its own was made for
 * (its externalReference). Null when no due of ours is waiting for it.
 */
export async function dueForCharge(tx: MembersContext, charge: DuesCharge): Promise<number | null> {
  const [linked] = await tx.db
    .select({ id: memberDues.id })
    .from(memberDues)
    .where(eq(memberDues.asaasChargeId, charge.id));
  if (linked) return linked.id;
  const waiting = or(isNull(memberDues.asaasChargeId), eq(memberDues.asaasStatus, "deleted"));
  if (charge.subscriptionId !== null) {
    const [found] = await tx.db
      .select({ id: memberDues.id })
      .from(memberDues)
      .innerJoin(members, eq(members.id, memberDues.memberId))
      .where(
        and(
          eq(members.asaasSubscriptionId, charge.subscriptionId),
          eq(memberDues.period, charge.dueDate.slice(0, 7)),
          gte(memberDues.period, members.asaasSubscriptionFrom),
          isNull(memberDues.asaasChargeId),
        ),
      );
    return found?.id ?? null;
  }
  const [member] = await tx.db
    .select({ id: members.id, verificationCode: members.verificationCode })
    .from(members)
    .where(eq(members.asaasCustomerId, charge.customerId));
  const prefix = member ? `${asaasReference(member)}-` : null;
  const reference = charge.externalReference;
  if (!member || prefix === null || reference === null || !reference.startsWith(prefix)) return null;
  const period = reference.slice(prefix.length);
  const [found] = await tx.db
    .select({ id: memberDues.id })
    .from(memberDues)
    .where(and(eq(memberDues.memberId, member.id), eq(memberDues.period, period), waiting));
  return found?.id ?? null;
}

/** What makes a member's references at Asaas hers alone. */
export type MemberKey = { id: number; verificationCode: string };

/**
 * Our name for a member at Asaas, the start of every externalReference of hers (her customer, her subscription,
 * each charge of its own): her id and a digest of her card's code, so another site on the same Asaas account (a
 * copy for tests) never takes her records for its own, and the card's code itself never leaves the site.
 */
export const asaasReference = (member: MemberKey) =>
  `associado-${member.id}-${createHash("sha256").update(`asaas:${member.verificationCode}`).digest("hex").slice(0, 10)}`;

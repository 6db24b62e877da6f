import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { conflict, notFound } from "../../../common/errors.ts";
import type { DuePayment, DueWaiver, MemberStatus } from "../../../common/schemas/members.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { eventLoopTurns } from "../../kernel/event-loop.ts";
import type { MembersContext } from "./context.ts";
import {
  addMonths,
  CYCLE_MONTHS,
  dueDateOf,
  firstDue,
  type LocalDate,
  type Period,
  periodOf,
  periodsToMake,
  saoPauloDate,
} from "./due-cycles.ts";
import { standingStatus } from "./member-standing.ts";
import { settleStanding } from "./member-status.ts";
import { type DueRow, dueTxid, type MemberRow, type PlanRow } from "./member-views.ts";
import { memberDues, memberPlans, members } from "./tables.ts";

/** "2026-12" as "12/2026", as a bank statement or a receipt names the month. */
export const monthOf = (period: Period) => period.split("-").reverse().join("/");

const DUE_NOT_FOUND = "Mensalidade não encontrada.";
const DUE_NOT_OPEN = "Esta mensalidade não está em aberto: já foi paga ou dispensada.";

/** The statuses whose members keep owing dues: a Proposta does not yet, a Desligado no longer. */
export const OWING: readonly MemberStatus[] = ["ativo", "em_atraso", "suspenso"];

const reasonFor = (next: MemberStatus) =>
  next === "ativo" ? "Nenhuma mensalidade em atraso." : "Mensalidades em atraso.";

/** Members the job runner reads at a time: their plans, open dues and new dues in a few statements. */
export const DUES_BATCH = 200;

/**
 * The period before a member's first due when she joins the dues' schedule without an approval's first due
 * (registered already a member, or readmitted): her dues start with the plan's next due day from today.
 */
export function periodBeforeNext(today: LocalDate, plan: Pick<PlanRow, "cycle" | "dueDay">): Period {
  const current = periodOf(today);
  return dueDateOf(current, plan.dueDay) >= today ? addMonths(current, -CYCLE_MONTHS[plan.cycle]) : current;
}

/** A due's columns: the plan's amount today, its due day in the period, its own txid. */
const dueColumns = (member: MemberRow, plan: PlanRow, period: Period, dueOn?: LocalDate) => ({
  memberId: member.id,
  period,
  dueOn: dueOn ?? dueDateOf(period, plan.dueDay),
  amountCents: plan.amountCents,
  txid: dueTxid(member.number ?? member.id, period),
});

export function createDues(context: MembersContext) {
  const { db } = context;

  /** The due and its member, both locked until the caller's transaction ends. */
  async function lockedDue(tx: MembersContext, memberId: number, dueId: number) {
    const [member] = await tx.db.select().from(members).where(eq(members.id, memberId)).for("update");
    const [due] = await tx.db
      .select()
      .from(memberDues)
      .where(and(eq(memberDues.id, dueId), eq(memberDues.memberId, memberId)))
      .for("update");
    if (!member || !due) throw notFound(DUE_NOT_FOUND);
    if (due.status !== "open") throw conflict(DUE_NOT_OPEN);
    return { member, due };
  }

  /** Closes an open due (paid or waived), records it, and gives her back the status her dues now make. */
  async function closeDue(
    actor: Actor | null,
    memberId: number,
    dueId: number,
    close: (due: DueRow) => { changes: Partial<DueRow>; action: "member_due.paid" | "member_due.waived"; note: string },
  ): Promise<void> {
    const admin = requireAdmin(actor);
    await context.transaction(async (tx) => {
      const { member, due } = await lockedDue(tx, memberId, dueId);
      const { changes, action, note } = close(due);
      const [closed] = await tx.db
        .update(memberDues)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(memberDues.id, due.id))
        .returning();
      if (!closed) throw notFound(DUE_NOT_FOUND);
      const label = `${member.name}: ${monthOf(due.period)}`;
      await tx.services.audit.record({
        actor: admin,
        action,
        recordId: due.id,
        recordLabel: label,
        before: { Situação: "Em aberto" },
        after: { Situação: action === "member_due.paid" ? "Paga" : "Dispensada", Observação: note },
      });
      const done = action === "member_due.paid" ? "paga" : "dispensada";
      await settleStanding(tx, member.id, () => `Mensalidade de ${monthOf(due.period)} ${done}.`);
    });
  }

  return {
    /**
     * Approval's first due, on the caller's transaction: the approval's month, due that day. The member's
     * number must already be given (the due's txid carries it).
     */
    async makeFirstDue(tx: MembersContext, member: MemberRow, plan: PlanRow, approvedOn: LocalDate): Promise<DueRow> {
      const first = firstDue(approvedOn);
      const [due] = await tx.db
        .insert(memberDues)
        .values(dueColumns(member, plan, first.period, first.dueDate))
        .onConflictDoNothing()
        .returning();
      await tx.db.update(members).set({ lastPeriod: first.period }).where(eq(members.id, member.id));
      if (due) return due;
      const [kept] = await tx.db
        .select()
        .from(memberDues)
        .where(and(eq(memberDues.memberId, member.id), eq(memberDues.period, first.period)));
      if (!kept) throw notFound(DUE_NOT_FOUND);
      return kept;
    },

    /**
     * The job runner's turn: every owing member's dues due to be made by today (each period once whatever
     * runs twice: the unique index on member and period), then each one's status as her dues make it.
     * Returns how many dues were made and how many members moved.
     */
    async runDues(now = new Date()): Promise<{ made: number; moved: number }> {
      const today = saoPauloDate(now);
      let made = 0;
      let moved = 0;
      let after = 0;
      const letOthersIn = eventLoopTurns();
      for (;;) {
        const batch = await db
          .select({ member: members, plan: memberPlans })
          .from(members)
          .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
          .where(and(inArray(members.status, [...OWING]), gt(members.id, after)))
          .orderBy(asc(members.id))
          .limit(DUES_BATCH);
        if (batch.length === 0) break;
        after = batch[batch.length - 1]?.member.id ?? after;
        made += await makeDuesOf(batch, today);
        await letOthersIn();
        moved += await moveByDues(batch, today, now, letOthersIn);
        await letOthersIn();
      }
      return { made, moved };
    },

    recordPayment: (actor: Actor | null, memberId: number, dueId: number, payment: DuePayment) =>
      closeDue(actor, memberId, dueId, (due) => ({
        changes: {
          status: "paid",
          paidOn: payment.paid_on,
          paidCents: due.amountCents,
          settledBy: "manual",
          note: payment.note,
        },
        action: "member_due.paid",
        note: payment.note,
      })),

    waiveDue: (actor: Actor | null, memberId: number, dueId: number, waiver: DueWaiver) =>
      closeDue(actor, memberId, dueId, () => ({
        changes: { status: "waived", settledBy: "waived", note: waiver.reason },
        action: "member_due.waived",
        note: waiver.reason,
      })),
  };

  /** The batch's new dues in one statement, and each member's latest period moved on. */
  async function makeDuesOf(batch: { member: MemberRow; plan: PlanRow }[], today: LocalDate): Promise<number> {
    const rows: ReturnType<typeof dueColumns>[] = [];
    const latest: { id: number; period: Period }[] = [];
    for (const { member, plan } of batch) {
      const last = member.lastPeriod ?? periodBeforeNext(today, plan);
      const periods = periodsToMake(last, plan.cycle, plan.dueDay, today);
      if (periods.length === 0) continue;
      for (const period of periods) rows.push(dueColumns(member, plan, period));
      latest.push({ id: member.id, period: periods[periods.length - 1] ?? last });
    }
    if (rows.length === 0) return 0;
    return context.transaction(async (tx) => {
      const inserted = await tx.db
        .insert(memberDues)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: memberDues.id });
      const values = sql.join(
        latest.map((entry) => sql`(${entry.id}::integer, ${entry.period}::text)`),
        sql`, `,
      );
      await tx.db.execute(
        sql`update ${members} set last_period = latest.period from (values ${values}) as latest(id, period)
            where ${members.id} = latest.id and (${members.lastPeriod} is null or ${members.lastPeriod} < latest.period)`,
      );
      return inserted.length;
    });
  }

  /** Each member of the batch whose dues now make another status moved there, one transaction each. */
  async function moveByDues(
    batch: { member: MemberRow; plan: PlanRow }[],
    today: LocalDate,
    now: Date,
    letOthersIn: () => Promise<void>,
  ): Promise<number> {
    const ids = batch.map((entry) => entry.member.id);
    const open = await db
      .select({ memberId: memberDues.memberId, dueOn: memberDues.dueOn })
      .from(memberDues)
      .where(and(inArray(memberDues.memberId, ids), eq(memberDues.status, "open")));
    const unpaid = new Map<number, { dueDate: LocalDate }[]>();
    for (const due of open) unpaid.set(due.memberId, [...(unpaid.get(due.memberId) ?? []), { dueDate: due.dueOn }]);
    let moved = 0;
    for (const { member, plan } of batch) {
      const next = standingStatus({
        status: member.status,
        source: member.statusSource,
        unpaid: unpaid.get(member.id) ?? [],
        today,
        graceDays: plan.graceDays,
        suspendAfter: plan.suspendAfter,
      });
      if (next === member.status) continue;
      // Judged again under her lock: a payment may have come since the batch was read.
      const done = await context.transaction((tx) => settleStanding(tx, member.id, reasonFor, now));
      if (done) moved += 1;
      await letOthersIn();
    }
    return moved;
  }
}

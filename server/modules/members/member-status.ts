import { and, eq } from "drizzle-orm";
import type { MemberStatus } from "../../../common/schemas/members.ts";
import type { Actor } from "../../kernel/access.ts";
import type { MembersContext } from "./context.ts";
import { type LocalDate, saoPauloDate } from "./due-cycles.ts";
import { type StatusSource, standingStatus } from "./member-standing.ts";
import type { MemberRow, PlanRow } from "./member-views.ts";
import { memberDues, memberPlans, memberStatusChanges, members } from "./tables.ts";

/**
 * Moves a member to `to` on the caller's transaction, recording the step in her history (who: the
 * administrator, or nobody for the dues). The update is guarded by the status read, so two moves of one member
 * never both apply: the second finds another status and returns null.
 */
export async function moveStatus(
  tx: MembersContext,
  row: MemberRow,
  to: MemberStatus,
  step: { reason: string; actor: Actor | null; source: StatusSource; changes?: Partial<MemberRow> },
): Promise<MemberRow | null> {
  const now = new Date();
  const [moved] = await tx.db
    .update(members)
    .set({ ...step.changes, status: to, statusSource: step.source, statusSince: now, updatedAt: now })
    .where(and(eq(members.id, row.id), eq(members.status, row.status)))
    .returning();
  if (!moved) return null;
  await tx.db.insert(memberStatusChanges).values({
    memberId: row.id,
    fromStatus: row.status,
    toStatus: to,
    reason: step.reason,
    actorId: step.actor?.id ?? null,
    actorName: step.actor?.name ?? null,
    createdAt: now,
  });
  return moved;
}

/** Her status as her dues make it today (member-standing.ts), from her open dues and her plan's rules. */
export async function standingOf(tx: MembersContext, row: MemberRow, plan: PlanRow, today: LocalDate) {
  const open = await tx.db
    .select({ dueOn: memberDues.dueOn })
    .from(memberDues)
    .where(and(eq(memberDues.memberId, row.id), eq(memberDues.status, "open")));
  return standingStatus({
    status: row.status,
    source: row.statusSource,
    unpaid: open.map((due) => ({ dueDate: due.dueOn })),
    today,
    graceDays: plan.graceDays,
    suspendAfter: plan.suspendAfter,
  });
}

/**
 * Her status as her dues make it now (back to Ativo when nothing is overdue), recorded as the dues' doing.
 * Reads the member again under its lock, so a payment and the job runner never undo each other's move.
 * Answers her row when this call moved her, null when her status stays: a job runner that finds her already
 * moved by another counts no move of its own.
 */
export async function settleStanding(
  tx: MembersContext,
  memberId: number,
  reasonFor: (next: MemberStatus) => string,
  now = new Date(),
): Promise<MemberRow | null> {
  const [row] = await tx.db.select().from(members).where(eq(members.id, memberId)).for("update");
  if (!row) return null;
  const [plan] = await tx.db.select().from(memberPlans).where(eq(memberPlans.id, row.planId));
  if (!plan) return null;
  const next = await standingOf(tx, row, plan, saoPauloDate(now));
  if (next === row.status) return null;
  return moveStatus(tx, row, next, { reason: reasonFor(next), actor: null, source: "automatic" });
}

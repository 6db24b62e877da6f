import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { memberStatuses, memberStatusLabels } from "../../../common/schemas/members.ts";
import type { MembersDashboard } from "../../../common/views/members.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { MembersContext } from "./context.ts";
import { addMonths, dueDateOf, overdueFrom, periodOf, saoPauloDate } from "./due-cycles.ts";
import { OWING } from "./dues.ts";
import { periodLabel } from "./member-views.ts";
import { memberDues, memberPlans, members } from "./tables.ts";

/** The overdue list shows the members who owe the most first, this many. */
const OVERDUE_SHOWN = 50;

/**
 * The board's numbers, a few grouped statements whatever the register's size: members by status, the dues
 * falling due in each of the last 12 months (São Paulo) against what of them was paid, and who is overdue now.
 */
export async function membersDashboard(
  context: MembersContext,
  actor: Actor | null,
  now = new Date(),
): Promise<MembersDashboard> {
  requireAdmin(actor);
  const { db } = context;
  const today = saoPauloDate(now);
  const current = periodOf(today);
  const first = addMonths(current, -11);
  const byStatus = await db.select({ status: members.status, count: count() }).from(members).groupBy(members.status);
  const counted = new Map(byStatus.map((row) => [row.status, row.count]));
  const month = sql<string>`to_char(${memberDues.dueOn}, 'YYYY-MM')`;
  const perMonth = await db
    .select({
      period: month,
      expected: sql<number>`coalesce(sum(${memberDues.amountCents}), 0)::integer`,
      received: sql<number>`coalesce(sum(${memberDues.paidCents} - ${memberDues.refundedCents}) filter (where ${memberDues.status} = 'paid'), 0)::integer`,
    })
    .from(memberDues)
    .where(
      and(
        gte(memberDues.dueOn, dueDateOf(first, 1)),
        lt(memberDues.dueOn, dueDateOf(addMonths(current, 1), 1)),
        inArray(memberDues.status, ["open", "paid"]),
      ),
    )
    .groupBy(month);
  const sums = new Map(perMonth.map((row) => [row.period, row]));
  const months = Array.from({ length: 12 }, (_, index) => {
    const period = addMonths(first, index);
    const sum = sums.get(period);
    return {
      period,
      label: periodLabel(period, 1),
      expected_cents: Number(sum?.expected ?? 0),
      received_cents: Number(sum?.received ?? 0),
    };
  });
  const overdueRows = await db
    .select({
      memberId: members.id,
      number: members.number,
      name: members.name,
      dueOn: memberDues.dueOn,
      amountCents: memberDues.amountCents,
      graceDays: memberPlans.graceDays,
    })
    .from(memberDues)
    .innerJoin(members, eq(members.id, memberDues.memberId))
    .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
    .where(and(eq(memberDues.status, "open"), lt(memberDues.dueOn, today), inArray(members.status, [...OWING])))
    .orderBy(asc(memberDues.dueOn));
  const overdue = new Map<number, MembersDashboard["overdue"][number]>();
  for (const row of overdueRows) {
    if (today < overdueFrom(row.dueOn, row.graceDays)) continue;
    const entry = overdue.get(row.memberId) ?? {
      member_id: row.memberId,
      number: row.number,
      name: row.name,
      dues: 0,
      amount_cents: 0,
      oldest_due_on: row.dueOn,
    };
    entry.dues += 1;
    entry.amount_cents += row.amountCents;
    overdue.set(row.memberId, entry);
  }
  const thisMonth = months[months.length - 1] ?? { period: current, label: "", expected_cents: 0, received_cents: 0 };
  return {
    by_status: memberStatuses.map((status) => ({
      status,
      label: memberStatusLabels[status],
      count: counted.get(status) ?? 0,
    })),
    month: thisMonth,
    overdue: [...overdue.values()]
      .sort((a, b) => b.amount_cents - a.amount_cents || a.oldest_due_on.localeCompare(b.oldest_due_on))
      .slice(0, OVERDUE_SHOWN),
    months,
  };
}

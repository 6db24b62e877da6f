import { asc, count, eq } from "drizzle-orm";
import { conflict, notFound } from "../../../common/errors.ts";
import { PLAN_NAME_TAKEN, type PlanInput } from "../../../common/schemas/members.ts";
import type { OfferedPlanList, PlanList, PlanView } from "../../../common/views/members.ts";
import { isUniqueViolation } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { MembersContext } from "./context.ts";
import { planAuditFields, planView } from "./member-views.ts";
import { memberPlans, members } from "./tables.ts";

const PLAN_NOT_FOUND = "Plano não encontrado.";
export const APPLICATIONS_CLOSED = "As propostas de associação não estão abertas.";
const PLAN_IN_USE = "Há associados neste plano: desative-o em vez de excluí-lo, ou mude antes o plano deles.";

const columns = (input: PlanInput) => ({
  name: input.name,
  amountCents: input.amount_cents,
  cycle: input.cycle,
  dueDay: input.due_day,
  graceDays: input.grace_days,
  suspendAfter: input.suspend_after,
  active: input.active,
});

/** The plans: what members pay and when (administrators). */
export function createPlans(context: MembersContext) {
  const { db } = context;

  async function memberCount(planId: number): Promise<number> {
    const [row] = await db.select({ value: count() }).from(members).where(eq(members.planId, planId));
    return row?.value ?? 0;
  }

  async function save(actor: Actor | null, id: number | null, input: PlanInput): Promise<PlanView> {
    const admin = requireAdmin(actor);
    try {
      const row = await context.transaction(async (tx) => {
        const [before] =
          id === null ? [null] : await tx.db.select().from(memberPlans).where(eq(memberPlans.id, id)).for("update");
        if (before === undefined) throw notFound(PLAN_NOT_FOUND);
        const [written] =
          id === null
            ? await tx.db.insert(memberPlans).values(columns(input)).returning()
            : await tx.db
                .update(memberPlans)
                .set({ ...columns(input), updatedAt: new Date() })
                .where(eq(memberPlans.id, id))
                .returning();
        if (!written) throw notFound(PLAN_NOT_FOUND);
        await tx.services.audit.record({
          actor: admin,
          action: before ? "member_plan.updated" : "member_plan.created",
          recordId: written.id,
          recordLabel: written.name,
          before: before && planAuditFields(before),
          after: planAuditFields(written),
        });
        return written;
      });
      return planView(row, id === null ? 0 : await memberCount(row.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${PLAN_NAME_TAKEN}.`, { name: [PLAN_NAME_TAKEN] });
      throw error;
    }
  }

  return {
    /** Every plan, by name, with how many members each has. */
    async listPlans(actor: Actor | null): Promise<PlanList> {
      requireAdmin(actor);
      const counts = db
        .select({ planId: members.planId, value: count().as("value") })
        .from(members)
        .groupBy(members.planId)
        .as("counts");
      const rows = await db
        .select({ plan: memberPlans, members: counts.value })
        .from(memberPlans)
        .leftJoin(counts, eq(counts.planId, memberPlans.id))
        .orderBy(asc(memberPlans.name), asc(memberPlans.id));
      return { data: rows.map((row) => planView(row.plan, row.members ?? 0)) };
    },

    /** "Associe-se" (public, while the members feature is on): the active plans, by name. */
    async offeredPlans(): Promise<OfferedPlanList> {
      const settings = await context.services.settings.get();
      if (!settings?.features.members.enabled) throw notFound(APPLICATIONS_CLOSED);
      const rows = await db
        .select()
        .from(memberPlans)
        .where(eq(memberPlans.active, true))
        .orderBy(asc(memberPlans.name), asc(memberPlans.id));
      return {
        data: rows.map((row) => {
          const { members: _count, active: _active, ...offered } = planView(row, 0);
          return offered;
        }),
      };
    },

    async getPlan(actor: Actor | null, id: number): Promise<PlanView> {
      requireAdmin(actor);
      const [row] = await db.select().from(memberPlans).where(eq(memberPlans.id, id));
      if (!row) throw notFound(PLAN_NOT_FOUND);
      return planView(row, await memberCount(id));
    },

    createPlan: (actor: Actor | null, input: PlanInput) => save(actor, null, input),
    updatePlan: (actor: Actor | null, id: number, input: PlanInput) => save(actor, id, input),

    /** Deletes a plan nobody is on; one with members is refused (switch it off instead). */
    async removePlan(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const [row] = await tx.db.select().from(memberPlans).where(eq(memberPlans.id, id)).for("update");
        if (!row) throw notFound(PLAN_NOT_FOUND);
        const [used] = await tx.db.select({ value: count() }).from(members).where(eq(members.planId, id));
        if ((used?.value ?? 0) > 0) throw conflict(PLAN_IN_USE);
        await tx.db.delete(memberPlans).where(eq(memberPlans.id, id));
        await tx.services.audit.record({
          actor: admin,
          action: "member_plan.deleted",
          recordId: id,
          recordLabel: row.name,
          before: planAuditFields(row),
          after: null,
        });
      });
    },
  };
}

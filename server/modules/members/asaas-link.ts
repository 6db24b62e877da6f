// The members' dues through Asaas (decision 0025, "Paying"): each owing member's customer (once) and her plan's
// subscription, each open due linked to the Asaas charge that collects it, and each due paid by hand or waived
// here closed at Asaas too. Everything here asks Asaas over the network, so nothing runs inside a transaction:
// each answer is written in a short one of its own. A failure (Asaas down, slow, refusing) loses nothing: the due
// was made (or closed) before, the member keeps the error to show, and the job runner's next turn does what is
// left. One process links a member at a time (her lease).
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { busy } from "../../../common/errors.ts";
import type { AsaasBilling } from "../../../common/schemas/members.ts";
import { type DuesCharge, type DuesProvider, DuesProviderError } from "../../adapters/dues/dues-provider.ts";
import { applyCharge, asaasReference, closedHere, UNPAID } from "./asaas-charges.ts";
import type { MembersContext } from "./context.ts";
import { CYCLE_MONTHS, dueDateOf, type LocalDate, nextPeriod, saoPauloDate } from "./due-cycles.ts";
import { OWING, periodBeforeNext } from "./dues.ts";
import { asaasClientOf, type MemberSettingsService, type StoredMemberSettings } from "./member-settings.ts";
import { type DueRow, type MemberRow, type PlanRow, periodLabel } from "./member-views.ts";
import { type AsaasSubscriptionTerms, memberDues, memberPlans, members } from "./tables.ts";

/** Long enough for a member's few calls at Asaas's slowest (10 s each); a dead process's lease runs out. */
const LEASE_MS = 2 * 60_000;
/** An administrator waits on the page while a member is linked: each call to Asaas waits at most this long. */
const INTERACTIVE_MS = 5_000;
/** A turn of the job runner links members for at most this long, this many at a time; the rest wait a turn. */
const TURN_MS = 60_000;
const AT_ONCE = 4;
const BATCH = 100;

export type LinkOutcome = "off" | "busy" | "done" | "failed";

/** What Asaas no longer has (404) is as good as ended; any other failure goes on. */
const unlessGone = (error: unknown): void => {
  if (!(error instanceof DuesProviderError && error.status === 404)) throw error;
};

const termsOf = (plan: PlanRow, billing: AsaasBilling): AsaasSubscriptionTerms => ({
  amountCents: plan.amountCents,
  cycle: plan.cycle,
  dueDay: plan.dueDay,
  billing,
});

/** An open due that waits for its charge, or for its charge's Pix code. */
const needsLink = or(
  isNull(memberDues.asaasChargeId),
  eq(memberDues.asaasStatus, "deleted"),
  and(isNull(memberDues.asaasPixCode), inArray(memberDues.asaasStatus, [...UNPAID])),
);

/** The charge as Asaas holds it now; null when Asaas knows no charge of that id. */
async function chargeIfKnown(client: DuesProvider, chargeId: string): Promise<DuesCharge | null> {
  try {
    return await client.charge(chargeId);
  } catch (error) {
    if (error instanceof DuesProviderError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The charge's Pix Copia e Cola: "" when there is none to ask for (a boleto, a charge no longer payable, or
 * Asaas refusing one), null when Asaas could not be asked now (the next turn asks again).
 */
async function pixCodeOf(client: DuesProvider, charge: DuesCharge, billing: AsaasBilling): Promise<string | null> {
  if (billing === "boleto" || !UNPAID.includes(charge.status)) return "";
  try {
    return (await client.pixCode(charge.id)).payload;
  } catch (error) {
    if (!(error instanceof DuesProviderError)) throw error;
    return error.status === 400 || error.status === 404 ? "" : null;
  }
}

export function createAsaasLink(context: MembersContext, memberSettings: MemberSettingsService) {
  const { db } = context;

  /** Her row, held for this process until `release`; null while another holds it. */
  async function claim(memberId: number, now: Date): Promise<MemberRow | null> {
    const [row] = await db
      .update(members)
      .set({ asaasLeaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(members.id, memberId), or(isNull(members.asaasLeaseUntil), lt(members.asaasLeaseUntil, now))))
      .returning();
    return row ?? null;
  }

  const release = (memberId: number, error: string | null) =>
    db.update(members).set({ asaasLeaseUntil: null, asaasError: error }).where(eq(members.id, memberId));

  /**
   * Her customer at Asaas: the one made for her before (a call that failed after Asaas made it), or a new one;
   * her name and e-mail sent again when they changed since, as Asaas e-mails her charges to them.
   */
  async function customerOf(client: DuesProvider, member: MemberRow): Promise<string> {
    const current = { name: member.name, email: member.email };
    const sent = member.asaasCustomerSent;
    if (member.asaasCustomerId && sent?.name === current.name && sent.email === current.email)
      return member.asaasCustomerId;
    const externalReference = asaasReference(member);
    // One found again was made with what she was then: what she is now is sent to it.
    const known = member.asaasCustomerId
      ? { id: member.asaasCustomerId }
      : await client.findCustomer(externalReference);
    if (known) await client.updateCustomer(known.id, current);
    const customer = known ?? (await client.createCustomer({ ...current, taxId: member.taxId, externalReference }));
    await db
      .update(members)
      .set({ asaasCustomerId: customer.id, asaasCustomerSent: current })
      .where(eq(members.id, member.id));
    return customer.id;
  }

  /**
   * Her plan's subscription from the first period none of her dues has yet (its due day not past), on the plan's
   * due day: each later due finds its charge among the subscription's by the month it falls in. Her dues made
   * before it are charged one by one (linkDues), approval's first due among them.
   */
  async function subscribe(
    client: DuesProvider,
    member: MemberRow,
    plan: PlanRow,
    customerId: string,
    billing: AsaasBilling,
    today: LocalDate,
  ): Promise<MemberRow> {
    let from = nextPeriod(member.lastPeriod ?? periodBeforeNext(today, plan), plan.cycle);
    while (dueDateOf(from, plan.dueDay) < today) from = nextPeriod(from, plan.cycle);
    const externalReference = `${asaasReference(member)}-desde-${from}`;
    const subscription =
      (await client.findSubscription(externalReference)) ??
      (await client.createSubscription({
        customerId,
        billing,
        amountCents: plan.amountCents,
        nextDueDate: dueDateOf(from, plan.dueDay),
        cycle: plan.cycle,
        description: `Mensalidade - ${plan.name}`,
        externalReference,
      }));
    const [row] = await db
      .update(members)
      .set({
        asaasSubscriptionId: subscription.id,
        asaasSubscriptionFrom: from,
        asaasSubscriptionTerms: termsOf(plan, billing),
      })
      .where(eq(members.id, member.id))
      .returning();
    return row ?? member;
  }

  /**
   * Ends her subscription (already gone at Asaas counts as ended). Asaas removes its charges not yet paid with it,
   * so each open due linked to a charge is read again: a removed one is charged again on its own while she owes.
   */
  async function unsubscribe(client: DuesProvider, member: MemberRow): Promise<void> {
    if (member.asaasSubscriptionId === null) return;
    try {
      await client.cancelSubscription(member.asaasSubscriptionId);
    } catch (error) {
      if (!(error instanceof DuesProviderError && error.status === 404)) throw error;
    }
    await db
      .update(members)
      .set({ asaasSubscriptionId: null, asaasSubscriptionFrom: null, asaasSubscriptionTerms: null })
      .where(eq(members.id, member.id));
    const linked = await db
      .select()
      .from(memberDues)
      .where(
        and(
          eq(memberDues.memberId, member.id),
          eq(memberDues.status, "open"),
          isNotNull(memberDues.asaasChargeId),
          inArray(memberDues.asaasStatus, [...UNPAID]),
        ),
      );
    for (const due of linked) {
      if (due.asaasChargeId === null) continue;
      const charge = await client.charge(due.asaasChargeId);
      await context.transaction((tx) => applyCharge(tx, due.id, charge));
    }
  }

  /**
   * Each due of hers closed here whose charge is still open at Asaas, closed there too: received in cash for
   * what she paid, removed when waived. Refused (she paid it at Asaas meanwhile, it was removed there), the
   * charge is read instead; either way the due keeps Asaas's answer, and a charge Asaas does not know is left.
   */
  async function settleClosed(client: DuesProvider, memberId: number, today: LocalDate): Promise<void> {
    const closed = await db
      .select()
      .from(memberDues)
      .where(and(eq(memberDues.memberId, memberId), closedHere));
    for (const due of closed) {
      const chargeId = due.asaasChargeId;
      if (chargeId === null) continue;
      let charge: DuesCharge | null = null;
      try {
        if (due.status === "paid")
          charge = await client.receiveInCash(chargeId, { paidOn: due.paidOn ?? today, amountCents: due.paidCents });
        else await client.deleteCharge(chargeId);
      } catch (error) {
        if (!(error instanceof DuesProviderError && (error.status === 400 || error.status === 404))) throw error;
      }
      charge ??= await chargeIfKnown(client, chargeId);
      if (charge === null) {
        await db
          .update(memberDues)
          .set({ asaasStatus: "deleted", asaasBoletoUrl: null, asaasPixCode: null, updatedAt: new Date() })
          .where(and(eq(memberDues.id, due.id), eq(memberDues.asaasChargeId, chargeId)));
        continue;
      }
      const current = charge;
      await context.transaction((tx) => applyCharge(tx, due.id, current));
    }
  }

  /** The charge that collects `due`, or null while Asaas has not made its subscription's charge for that month. */
  async function chargeFor(
    client: DuesProvider,
    member: MemberRow,
    plan: PlanRow,
    due: DueRow,
    subscriptionCharges: () => Promise<DuesCharge[]>,
    billing: AsaasBilling,
    today: LocalDate,
  ): Promise<DuesCharge | null> {
    const from = member.asaasSubscriptionFrom;
    if (due.asaasStatus !== "deleted" && from !== null && due.period >= from) {
      const charges = await subscriptionCharges();
      return charges.find((charge) => charge.dueDate.slice(0, 7) === due.period && charge.status !== "deleted") ?? null;
    }
    const externalReference = `${asaasReference(member)}-${due.period}`;
    const customerId = member.asaasCustomerId;
    if (customerId === null) return null;
    return (
      (await client.findCharge(externalReference)) ??
      client.createCharge({
        customerId,
        billing,
        amountCents: due.amountCents,
        // Asaas takes no charge already due: one for a late due falls due today.
        dueDate: due.dueOn < today ? today : due.dueOn,
        description: `Mensalidade de ${periodLabel(due.period, CYCLE_MONTHS[plan.cycle])} - ${plan.name}`,
        externalReference,
      })
    );
  }

  /** Each open due of hers that waits for its charge (or its Pix code) linked to it, as Asaas tells it now. */
  async function linkDues(
    client: DuesProvider,
    member: MemberRow,
    plan: PlanRow,
    billing: AsaasBilling,
    today: LocalDate,
  ): Promise<void> {
    const waiting = await db
      .select()
      .from(memberDues)
      .where(and(eq(memberDues.memberId, member.id), eq(memberDues.status, "open"), needsLink))
      .orderBy(asc(memberDues.period));
    let charges: Promise<DuesCharge[]> | null = null;
    const subscriptionCharges = () => {
      const id = member.asaasSubscriptionId;
      charges ??= id === null ? Promise.resolve([]) : client.subscriptionCharges(id);
      return charges;
    };
    for (const due of waiting) {
      const linked = due.asaasChargeId !== null && due.asaasStatus !== "deleted";
      let charge = linked && due.asaasChargeId !== null ? await client.charge(due.asaasChargeId) : null;
      charge ??= await chargeFor(client, member, plan, due, subscriptionCharges, billing, today);
      if (charge === null) continue;
      // The due keeps the amount it was made with; a charge Asaas made before the plan changed is set to it.
      if (UNPAID.includes(charge.status) && charge.amountCents !== due.amountCents) {
        await client.updateCharge(charge.id, { amountCents: due.amountCents });
        charge = { ...charge, amountCents: due.amountCents };
      }
      const pixCode = await pixCodeOf(client, charge, billing);
      const current = charge;
      await context.transaction((tx) => applyCharge(tx, due.id, current, pixCode));
    }
  }

  /** Everything Asaas should hold for her now, with the settings' client; see the file's comment. */
  async function linkWith(
    client: DuesProvider,
    settings: StoredMemberSettings,
    memberId: number,
    now: Date,
  ): Promise<LinkOutcome> {
    const held = await claim(memberId, now);
    if (!held) return "busy";
    let error: string | null = null;
    try {
      // First, while her subscription's charges are still there to be closed: ending it removes them.
      await settleClosed(client, held.id, saoPauloDate(now));
      const [plan] = await db.select().from(memberPlans).where(eq(memberPlans.id, held.planId));
      if (!plan) return "done";
      const owing = OWING.includes(held.status) && settings.payments.provider === "asaas";
      if (!owing) {
        await unsubscribe(client, held);
        return "done";
      }
      const today = saoPauloDate(now);
      const billing = settings.payments.asaas.billing;
      const customerId = await customerOf(client, held);
      let member: MemberRow = { ...held, asaasCustomerId: customerId };
      const terms = termsOf(plan, billing);
      const kept = member.asaasSubscriptionTerms;
      const sameSchedule =
        kept !== null && kept.cycle === terms.cycle && kept.dueDay === terms.dueDay && kept.billing === terms.billing;
      if (member.asaasSubscriptionId !== null && !(sameSchedule && kept.amountCents === terms.amountCents)) {
        if (sameSchedule) {
          // A new amount: from the subscription's next charge on, as a due keeps the amount it was made with.
          await client.updateSubscription(member.asaasSubscriptionId, { amountCents: terms.amountCents });
          await db.update(members).set({ asaasSubscriptionTerms: terms }).where(eq(members.id, member.id));
        } else {
          // Another cycle, due day or way to pay: a new subscription from her next period.
          await unsubscribe(client, member);
          member = { ...member, asaasSubscriptionId: null, asaasSubscriptionFrom: null, asaasSubscriptionTerms: null };
        }
      }
      if (member.asaasSubscriptionId === null)
        member = await subscribe(client, member, plan, customerId, billing, today);
      await linkDues(client, member, plan, billing, today);
      return "done";
    } catch (failure) {
      if (!(failure instanceof DuesProviderError)) throw failure;
      error = failure.message;
      context.logger.warn({ member: memberId, status: failure.status, err: failure }, "member not linked with Asaas");
      return "failed";
    } finally {
      await release(memberId, error);
    }
  }

  /** One member's failure of our own making is logged and left, so the turn goes on with the others. */
  const unexpected =
    (memberId: number) =>
    (error: unknown): LinkOutcome => {
      context.logger.error({ err: error, member: memberId }, "member not linked with Asaas");
      return "failed";
    };

  /** The members the job runner's turn looks at, after `after` by id. */
  async function membersToLink(settings: StoredMemberSettings, after: number, now: Date): Promise<number[]> {
    const free = or(isNull(members.asaasLeaseUntil), lt(members.asaasLeaseUntil, now));
    const subscribed = isNotNull(members.asaasSubscriptionId);
    const owing = inArray(members.status, [...OWING]);
    const billing = settings.payments.asaas.billing;
    const wanted =
      settings.payments.provider === "asaas"
        ? or(
            and(
              owing,
              or(
                isNull(members.asaasCustomerId),
                sql`${members.asaasCustomerSent} is distinct from jsonb_build_object('name', ${members.name}, 'email', ${members.email})`,
                isNull(members.asaasSubscriptionId),
                sql`${members.asaasSubscriptionTerms} is distinct from jsonb_build_object('amountCents', ${memberPlans.amountCents}, 'cycle', ${memberPlans.cycle}, 'dueDay', ${memberPlans.dueDay}, 'billing', ${billing}::text)`,
                sql`exists (select 1 from ${memberDues} where ${memberDues.memberId} = ${members.id} and ${memberDues.status} = 'open' and ${needsLink})`,
              ),
            ),
            and(notInArray(members.status, [...OWING]), subscribed),
          )
        : subscribed;
    const closing = sql`exists (select 1 from ${memberDues} where ${memberDues.memberId} = ${members.id} and ${closedHere})`;
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
      .where(and(gt(members.id, after), free, or(wanted, closing)))
      .orderBy(asc(members.id))
      .limit(BATCH);
    return rows.map((row) => row.id);
  }

  return {
    /**
     * One member now (after her approval, a move, an edit, a due of hers paid by hand or waived): linked, or her
     * subscription ended when she no longer owes dues or the dues no longer go through Asaas. Never throws for
     * Asaas's sake: what fails is left to the job runner.
     */
    async linkMember(memberId: number, now = new Date()): Promise<LinkOutcome> {
      const settings = await memberSettings.stored();
      const client = asaasClientOf(settings.payments, context.config, INTERACTIVE_MS);
      if (!client) return "off";
      return linkWith(client, settings, memberId, now);
    },

    /**
     * Before her entry is deleted: her subscription ended and her customer (her name, CPF/CNPJ and e-mail) removed
     * at Asaas, as nothing here would do it afterwards (LGPD: her data goes wherever we put it). A refusal or a
     * silence is a 503 that says so, and nothing is deleted; already gone at Asaas counts as done.
     */
    async endBeforeDeletion(memberId: number): Promise<void> {
      const [row] = await db.select().from(members).where(eq(members.id, memberId));
      if (!row || (row.asaasSubscriptionId === null && row.asaasCustomerId === null)) return;
      const client = asaasClientOf((await memberSettings.stored()).payments, context.config, INTERACTIVE_MS);
      if (!client) return;
      const { asaasSubscriptionId: subscriptionId, asaasCustomerId: customerId } = row;
      try {
        if (subscriptionId !== null) await client.cancelSubscription(subscriptionId).catch(unlessGone);
        if (customerId !== null) await client.deleteCustomer(customerId).catch(unlessGone);
      } catch (error) {
        if (!(error instanceof DuesProviderError)) throw error;
        throw busy(
          `A assinatura e o cadastro do associado no Asaas não foram encerrados, então ele não foi excluído. ${error.message}`,
        );
      }
    },

    /**
     * The job runner's turn: every member whose link with Asaas is not what it should be (a customer or a
     * subscription missing, her name or e-mail changed, a plan changed, a due waiting for its charge, a due
     * closed here whose charge is still open there, a subscription to end), a few at a time for at most
     * TURN_MS. Answers how many it looked at.
     */
    async linkAll(now = new Date()): Promise<number> {
      const settings = await memberSettings.stored();
      const client = asaasClientOf(settings.payments, context.config);
      if (!client) return 0;
      const until = Date.now() + TURN_MS;
      const limit = pLimit(AT_ONCE);
      let after = 0;
      let seen = 0;
      while (Date.now() < until) {
        const ids = await membersToLink(settings, after, now);
        if (ids.length === 0) break;
        after = ids[ids.length - 1] ?? after;
        await Promise.all(ids.map((id) => limit(() => linkWith(client, settings, id, now).catch(unexpected(id)))));
        seen += ids.length;
      }
      return seen;
    },
  };
}

export type AsaasLink = ReturnType<typeof createAsaasLink>;

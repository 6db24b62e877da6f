import { randomBytes } from "node:crypto";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { conflict, invalid, notFound } from "../../../common/errors.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import {
  type DuePayment,
  type DueWaiver,
  type MemberApplication,
  type MemberInput,
  type MemberListQuery,
  type MemberStatusChange,
  memberStatusLabels,
  TAX_ID_TAKEN,
} from "../../../common/schemas/members.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type {
  DueReceipt,
  DuesRun,
  MemberDetail,
  MemberPage,
  MemberVerification,
  MemberView,
  MyMembership,
} from "../../../common/views/members.ts";
import { isUniqueViolation } from "../../db/sql.ts";
import { type Actor, isAdmin, requireAdmin, requireUser } from "../../kernel/access.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { createAsaasLink } from "./asaas-link.ts";
import { createAsaasWebhook } from "./asaas-webhook.ts";
import type { MembersContext } from "./context.ts";
import { CYCLE_MONTHS, saoPauloDate } from "./due-cycles.ts";
import { createDues, periodBeforeNext } from "./dues.ts";
import { createMemberSettings } from "./member-settings.ts";
import { adminTransitions, canMoveTo, inGoodStanding } from "./member-standing.ts";
import { moveStatus } from "./member-status.ts";
import {
  dueView,
  type MemberRow,
  memberAuditFields,
  memberView,
  type PlanRow,
  periodLabel,
  planView,
  statusChangeView,
} from "./member-views.ts";
import { membersDashboard } from "./members-dashboard.ts";
import { memberFilter, membersCsv } from "./members-export.ts";
import { createMembersImport } from "./members-import.ts";
import { APPLICATIONS_CLOSED, createPlans } from "./plans.ts";
import { createReminders } from "./reminders.ts";
import { memberDues, memberPlans, memberRegister, memberStatusChanges, members } from "./tables.ts";

const MEMBER_NOT_FOUND = "Associado não encontrado.";
const RECEIPT_NOT_FOUND = "Recibo não encontrado: só as mensalidades pagas têm recibo.";
const ALREADY_APPLIED = "Este CPF ou CNPJ já está no nosso cadastro: fale conosco para saber da sua associação";
export const APPLICATION_RECEIVED =
  "Proposta recebida! Vamos analisá-la e responder por e-mail. A primeira mensalidade vem com a aprovação.";
const PLAN_MISSING = "Escolha um plano da lista";
const cannotMove = (from: MemberRow["status"], to: MemberRow["status"]) =>
  `Um associado em “${memberStatusLabels[from]}” não passa a “${memberStatusLabels[to]}”.`;

/** An unguessable code for her card's QR: 128 bits, URL-safe. */
const verificationCode = () => randomBytes(16).toString("base64url");

const columns = (input: MemberInput, planId: number) => ({
  kind: input.kind,
  name: input.name,
  taxId: input.tax_id,
  email: input.email,
  phone: input.phone,
  address: input.address,
  bornOn: input.born_on || null,
  admittedOn: input.admitted_on || null,
  planId,
  notes: input.notes,
});

/** Proposals per client address: a person applies once; a form posted in a loop is not a person. */
export const createApplicationThrottle = (throttle: ThrottleFactory): Throttle =>
  throttle({
    name: "member-application",
    maxHits: 5,
    windowMs: 60 * 60 * 1000,
    message: "Muitas propostas enviadas deste endereço. Aguarde um pouco e tente novamente.",
  });

export function createMembersService(context: MembersContext, applications: Throttle) {
  const { db } = context;
  const plans = createPlans(context);
  const dues = createDues(context);
  const memberSettings = createMemberSettings(context);
  const reminders = createReminders(context, memberSettings);
  const asaas = createAsaasLink(context, memberSettings);
  const asaasWebhook = createAsaasWebhook(context, memberSettings);
  const imports = createMembersImport(context, (tx) => nextNumber(tx));

  /**
   * The job runner's turn: the dues made, the members moved by them; with Asaas, its events left unprocessed
   * and each member's link (so today's reminders carry her charge's link); then today's reminders.
   */
  async function runDues(now = new Date()): Promise<DuesRun> {
    const done = await dues.runDues(now);
    await asaasWebhook.retryEvents(now);
    await asaas.linkAll(now);
    return { ...done, reminded: await reminders.sendReminders(now) };
  }

  /** After a commit: the member linked with Asaas now; whatever fails is left to the job runner's next turn. */
  async function linkNow(id: number): Promise<void> {
    try {
      await asaas.linkMember(id);
    } catch (error) {
      context.logger.error({ err: error, member: id }, "member not linked with Asaas after her change");
    }
  }

  /** How the dues are paid now, for the views of her dues. */
  const duesProvider = async () => (await memberSettings.stored()).payments.provider;

  async function planOf(on: MembersContext["db"], id: number): Promise<PlanRow> {
    const [plan] = await on.select().from(memberPlans).where(eq(memberPlans.id, id));
    if (!plan) throw invalid(`${PLAN_MISSING}.`, { plan_id: [PLAN_MISSING] });
    return plan;
  }

  async function lockedMember(tx: MembersContext, id: number): Promise<MemberRow> {
    const [row] = await tx.db.select().from(members).where(eq(members.id, id)).for("update");
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    return row;
  }

  /** The register's next number, under its one row's lock (the row made on first use). */
  async function nextNumber(tx: MembersContext): Promise<number> {
    await tx.db.insert(memberRegister).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.db
      .update(memberRegister)
      .set({ nextNumber: sql`${memberRegister.nextNumber} + 1`, updatedAt: new Date() })
      .where(eq(memberRegister.id, 1))
      .returning({ next: memberRegister.nextNumber });
    return (row?.next ?? 2) - 1;
  }

  async function detail(id: number, now = new Date()): Promise<MemberDetail> {
    const [found] = await db
      .select({ member: members, plan: memberPlans })
      .from(members)
      .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
      .where(eq(members.id, id));
    if (!found) throw notFound(MEMBER_NOT_FOUND);
    const history = await db
      .select()
      .from(memberStatusChanges)
      .where(eq(memberStatusChanges.memberId, id))
      .orderBy(desc(memberStatusChanges.createdAt), desc(memberStatusChanges.id));
    const rows = await db.select().from(memberDues).where(eq(memberDues.memberId, id)).orderBy(desc(memberDues.period));
    const pix = (await context.services.shop.paymentSettings()).pix;
    const provider = await duesProvider();
    const today = saoPauloDate(now);
    return {
      member: memberView(found.member, found.plan),
      history: history.map(statusChangeView),
      dues: rows.map((due) => dueView(due, found.plan, today, pix, provider)),
      moves: [...adminTransitions[found.member.status]],
      asaas_error: found.member.asaasError,
    };
  }

  /** Creates (`id` null: an Ativo member, given her number) or rewrites a member; a CPF/CNPJ taken is a 409. */
  async function save(actor: Actor | null, id: number | null, input: MemberInput): Promise<MemberDetail> {
    const admin = requireAdmin(actor);
    const userId = await context.services.users.idByEmail(input.email);
    try {
      const written = await context.transaction(async (tx) => {
        const plan = await planOf(tx.db, input.plan_id);
        const before = id === null ? null : await lockedMember(tx, id);
        const today = saoPauloDate(new Date());
        const [row] =
          before === null
            ? await tx.db
                .insert(members)
                .values({
                  ...columns(input, plan.id),
                  admittedOn: input.admitted_on || today,
                  number: await nextNumber(tx),
                  status: "ativo",
                  statusSource: "automatic",
                  lastPeriod: periodBeforeNext(today, plan),
                  userId,
                  verificationCode: verificationCode(),
                })
                .returning()
            : await tx.db
                .update(members)
                .set({ ...columns(input, plan.id), userId: before.userId ?? userId, updatedAt: new Date() })
                .where(eq(members.id, before.id))
                .returning();
        if (!row) throw notFound(MEMBER_NOT_FOUND);
        if (before === null)
          await tx.db.insert(memberStatusChanges).values({
            memberId: row.id,
            toStatus: "ativo",
            reason: "Cadastrado.",
            actorId: admin.id,
            actorName: admin.name,
          });
        const beforePlan = before && before.planId !== plan.id ? await planOf(tx.db, before.planId) : plan;
        await tx.services.audit.record({
          actor: admin,
          action: before ? "member.updated" : "member.created",
          recordId: row.id,
          recordLabel: row.name,
          before: before && memberAuditFields(before, beforePlan.name),
          after: memberAuditFields(row, plan.name),
        });
        return row;
      });
      await linkNow(written.id);
      return detail(written.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${TAX_ID_TAKEN}.`, { tax_id: [TAX_ID_TAKEN] });
      throw error;
    }
  }

  return {
    ...plans,
    settings: memberSettings.settings,
    dashboard: (actor: Actor | null, now?: Date) => membersDashboard(context, actor, now),
    saveSettings: memberSettings.saveSettings,
    unreadableSecrets: memberSettings.unreadableSecrets,
    sealStoredSecrets: memberSettings.sealStoredSecrets,

    /** Asaas's webhook (public): the answer's status and body (asaas-webhook.ts). */
    receiveAsaasWebhook: asaasWebhook.receive,

    runDues,

    /** An administrator's "Gerar mensalidades agora": the job runner's turn, at once. */
    async runDuesNow(actor: Actor | null): Promise<DuesRun> {
      requireAdmin(actor);
      return runDues();
    },

    /** Administrators: by number (proposals last), searched in name, e-mail, CPF/CNPJ and number; by status and plan. */
    async list(actor: Actor | null, query: ListQuery & MemberListQuery): Promise<MemberPage> {
      requireAdmin(actor);
      const where = memberFilter(query);
      const [total] = await db.select({ value: count() }).from(members).where(where);
      const rows = await db
        .select({ member: members, plan: { id: memberPlans.id, name: memberPlans.name } })
        .from(members)
        .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
        .where(where)
        .orderBy(sql`${members.number} asc nulls last`, asc(members.id))
        .limit(query.per_page)
        .offset(pageOffset(query));
      return toPage(
        rows.map((row) => memberView(row.member, row.plan)),
        total?.value ?? 0,
        query,
      );
    },

    previewImport: imports.previewImport,
    importMembers: imports.importMembers,
    exportCsv: (actor: Actor | null, query: ListQuery & MemberListQuery) => membersCsv(context, actor, query),

    async get(actor: Actor | null, id: number): Promise<MemberDetail> {
      requireAdmin(actor);
      return detail(id);
    },

    create: (actor: Actor | null, input: MemberInput) => save(actor, null, input),
    update: (actor: Actor | null, id: number, input: MemberInput) => save(actor, id, input),

    /**
     * An administrator's move (member-standing.ts's adminTransitions): approving a Proposta gives her a number
     * and her first due and e-mails her; refusing one e-mails her the reason; a readmission starts her dues
     * again from the plan's next due day; a suspension by hand stays until lifted by hand.
     */
    async changeStatus(actor: Actor | null, id: number, change: MemberStatusChange): Promise<MemberDetail> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const row = await lockedMember(tx, id);
        if (!canMoveTo(row.status, change.status)) throw conflict(cannotMove(row.status, change.status));
        const plan = await planOf(tx.db, row.planId);
        const today = saoPauloDate(new Date());
        const approving = row.status === "proposta" && change.status === "ativo";
        const readmitting = row.status === "desligado" && change.status === "ativo";
        const changes: Partial<MemberRow> = approving
          ? { number: await nextNumber(tx), admittedOn: row.admittedOn ?? today }
          : readmitting
            ? { lastPeriod: periodBeforeNext(today, plan) }
            : {};
        const source = change.status === "suspenso" || change.status === "desligado" ? "manual" : "automatic";
        const moved = await moveStatus(tx, row, change.status, {
          reason: change.reason,
          actor: admin,
          source,
          changes,
        });
        if (!moved) throw conflict(cannotMove(row.status, change.status));
        await tx.services.audit.record({
          actor: admin,
          action: "member.status_changed",
          recordId: row.id,
          recordLabel: row.name,
          before: { Situação: memberStatusLabels[row.status] },
          after: { Situação: memberStatusLabels[moved.status], Motivo: change.reason },
        });
        const base = tx.config.BASE_URL;
        if (approving) {
          const first = await dues.makeFirstDue(tx, moved, plan, today);
          await tx.services.mail.queue("member-approved", moved.email, {
            name: moved.name,
            number: moved.number ?? 0,
            planName: plan.name,
            firstDueCents: first.amountCents,
            firstDueOn: first.dueOn,
            accountUrl: base ? `${base}${accountPaths.membership}` : null,
          });
        } else if (row.status === "proposta")
          await tx.services.mail.queue("member-refused", row.email, { name: row.name, reason: change.reason });
      });
      // After the commit: approval (or any move) stands whatever Asaas answers, and her dues are already made.
      await linkNow(id);
      return detail(id);
    },

    /**
     * "Associe-se" (public, while the feature is on): a Proposta on an active plan, linked to the account she
     * is signed in with when it has her e-mail. A CPF/CNPJ already in the register is refused in words that
     * tell her to get in touch, and nothing about the member it belongs to.
     */
    async apply(actor: Actor | null, input: MemberApplication, clientAddress: string): Promise<{ message: string }> {
      const settings = await context.services.settings.get();
      if (!settings?.features.members.enabled) throw notFound(APPLICATIONS_CLOSED);
      await applications.take(clientAddress);
      const plan = await planOf(db, input.plan_id);
      if (!plan.active) throw invalid(`${PLAN_MISSING}.`, { plan_id: [PLAN_MISSING] });
      const own = actor !== null && actor.email.toLowerCase() === input.email.toLowerCase();
      try {
        await context.transaction(async (tx) => {
          const [row] = await tx.db
            .insert(members)
            .values({
              ...columns({ ...input, admitted_on: "", notes: "" }, plan.id),
              status: "proposta",
              statusSource: "manual",
              userId: own ? actor.id : null,
              verificationCode: verificationCode(),
            })
            .returning();
          if (!row) throw notFound(MEMBER_NOT_FOUND);
          await tx.db.insert(memberStatusChanges).values({
            memberId: row.id,
            toStatus: "proposta",
            reason: "Proposta enviada pelo site.",
            actorName: row.name,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`${ALREADY_APPLIED}.`, { tax_id: [ALREADY_APPLIED] });
        throw error;
      }
      return { message: APPLICATION_RECEIVED };
    },

    /**
     * LGPD: her register entry, its history and dues deleted (the audit log keeps that it was done), her Asaas
     * subscription ended first.
     */
    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await asaas.endBeforeDeletion(id);
      await context.transaction(async (tx) => {
        const row = await lockedMember(tx, id);
        const plan = await planOf(tx.db, row.planId);
        await tx.db.delete(members).where(eq(members.id, id));
        // Her data goes with her: the log keeps only that an entry of this number and plan was deleted.
        await tx.services.audit.record({
          actor: admin,
          action: "member.deleted",
          recordId: id,
          recordLabel: row.number === null ? `Proposta nº ${row.id}` : `Associado nº ${row.number}`,
          before: { Número: row.number, Plano: plan.name, Situação: memberStatusLabels[row.status] },
          after: null,
        });
      });
    },

    /** A paid due's receipt: for the member it belongs to (her linked account) and administrators. */
    async receipt(actor: Actor | null, dueId: number): Promise<DueReceipt> {
      const user = requireUser(actor);
      const [found] = await db
        .select({ due: memberDues, member: members, plan: memberPlans })
        .from(memberDues)
        .innerJoin(members, eq(members.id, memberDues.memberId))
        .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
        .where(eq(memberDues.id, dueId));
      const mine = found !== undefined && (isAdmin(user) || found.member.userId === user.id);
      const paidOn = found?.due.status === "paid" ? found.due.paidOn : null;
      if (!found || !mine || paidOn === null) throw notFound(RECEIPT_NOT_FOUND);
      const { organization_cnpj } = await memberSettings.stored();
      const { due, member, plan } = found;
      return {
        receipt_number: `${member.number ?? member.id}-${due.period}`,
        organization_name: (await context.services.settings.get())?.title ?? "",
        organization_cnpj: organization_cnpj ? formatTaxId(organization_cnpj) : "",
        member_name: member.name,
        member_number: member.number,
        member_tax_id: formatTaxId(member.taxId),
        plan_name: plan.name,
        period_label: periodLabel(due.period, CYCLE_MONTHS[plan.cycle]),
        due_on: due.dueOn,
        paid_on: paidOn,
        paid_cents: due.paidCents,
      };
    },

    /** A payment an administrator records; after the commit, its Asaas charge marked received in cash. */
    async recordPayment(actor: Actor | null, memberId: number, dueId: number, payment: DuePayment): Promise<void> {
      await dues.recordPayment(actor, memberId, dueId, payment);
      await linkNow(memberId);
    },

    /** A due waived; after the commit, its Asaas charge removed. */
    async waiveDue(actor: Actor | null, memberId: number, dueId: number, waiver: DueWaiver): Promise<void> {
      await dues.waiveDue(actor, memberId, dueId, waiver);
      await linkNow(memberId);
    },

    /** 'Minha associação': the signed-in person's membership (her account linked to the register), or null. */
    async mine(actor: Actor | null, now = new Date()): Promise<MyMembership> {
      const user = requireUser(actor);
      const [found] = await db
        .select({ member: members, plan: memberPlans })
        .from(members)
        .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
        .where(eq(members.userId, user.id))
        .limit(1);
      if (!found) return { membership: null };
      const rows = await db
        .select()
        .from(memberDues)
        .where(eq(memberDues.memberId, found.member.id))
        .orderBy(desc(memberDues.period));
      const pix = (await context.services.shop.paymentSettings()).pix;
      const provider = await duesProvider();
      const today = saoPauloDate(now);
      const { notes: _notes, user_id: _user, ...member }: MemberView = memberView(found.member, found.plan);
      const { members: _count, active: _active, ...plan } = planView(found.plan, 0);
      return {
        membership: {
          member,
          plan,
          dues: rows.map((due) => dueView(due, found.plan, today, pix, provider)),
          pays_with: provider,
          verification_path: sitePaths.memberVerification(found.member.verificationCode),
        },
      };
    },

    /** What her card's QR opens (public): her name, number and whether she is in good standing today. */
    async verify(code: string, now = new Date()): Promise<MemberVerification> {
      const [row] = await db
        .select({ name: members.name, number: members.number, status: members.status })
        .from(members)
        .where(eq(members.verificationCode, code))
        .limit(1);
      if (!row || row.status === "proposta") throw notFound("Carteirinha não encontrada.");
      return {
        name: row.name,
        number: row.number,
        in_good_standing: inGoodStanding(row.status),
        checked_on: saoPauloDate(now),
      };
    },
  };
}

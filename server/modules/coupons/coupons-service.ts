import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { conflict, invalid, notFound } from "../../../common/errors.ts";
import { formatBRL } from "../../../common/money.ts";
import { type CouponEffect, percentOf } from "../../../common/order-totals.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import {
  CODE_TAKEN,
  type CouponListQuery,
  type CouponStatus,
  type CouponValues,
  couponKindLabels,
  formatCouponDay,
  saoPauloDay,
} from "../../../common/schemas/coupons.ts";
import type { CouponPage, CouponProductChoice, CouponRemoval, CouponView } from "../../../common/views/coupons.ts";
import type { Db } from "../../db/client.ts";
import { containsPattern, isUniqueViolation } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import { products } from "../products/tables.ts";
import type { CouponsContext } from "./context.ts";
import { couponRedemptions, coupons } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "coupons.changed": undefined;
  }
}

/** What a coupon is checked against: the cart's lines with their products' tags, and who buys (null: nobody signed in). */
export type CouponCheck = {
  code: string;
  user_id: number | null;
  lines: { product_id: number; tags: string[]; line_total_cents: number }[];
  subtotal_cents: number;
  /** The moment it is checked at; now by default. */
  now?: Date;
};

/** A code applied to a cart: what it does, or why it does not apply (pt-BR, shown beside the field). */
export type CouponVerdict =
  | { applied: true; coupon_id: number; effect: CouponEffect }
  | { applied: false; code: string; reason: string };

/** A verdict that applies the coupon: what `redeem` counts. */
export type AppliedCoupon = Extract<CouponVerdict, { applied: true }>;

export const NOT_FOUND = "Cupom não encontrado";
export const EXPIRED = "Cupom expirado";
export const EXHAUSTED = "Cupom esgotado";
export const ALREADY_USED = "Cupom já utilizado";
export const NO_ELIGIBLE_LINE = "Este cupom não vale para os produtos do carrinho";
export const startsOn = (day: string) => `Este cupom vale a partir de ${formatCouponDay(day)}`;
export const minimumOf = (cents: number) => `Valor mínimo de ${formatBRL(cents)}`;
const UNKNOWN_PRODUCT = "Produto não encontrado: escolha os produtos da lista";
const DEACTIVATED_INSTEAD = "Desativado em vez de excluído: pedidos usaram este cupom";

type Row = typeof coupons.$inferSelect;

/** Where a coupon stands on `today` (São Paulo's "YYYY-MM-DD"); the list's filter says the same in SQL. */
function statusOf(row: Row, today: string): CouponStatus {
  if (!row.active) return "inactive";
  if (row.validUntil !== null && row.validUntil < today) return "expired";
  if (row.validFrom !== null && row.validFrom > today) return "scheduled";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "exhausted";
  return "active";
}

function statusFilter(status: CouponStatus, today: string): SQL | undefined {
  const expired = and(isNotNull(coupons.validUntil), lt(coupons.validUntil, today));
  const scheduled = and(isNotNull(coupons.validFrom), gt(coupons.validFrom, today));
  const exhausted = and(isNotNull(coupons.maxUses), sql`${coupons.uses} >= ${coupons.maxUses}`);
  const on = eq(coupons.active, true);
  const not = (condition: SQL | undefined) => sql`not coalesce(${condition}, false)`;
  switch (status) {
    case "inactive":
      return eq(coupons.active, false);
    case "expired":
      return and(on, expired);
    case "scheduled":
      return and(on, not(expired), scheduled);
    case "exhausted":
      return and(on, not(expired), not(scheduled), exhausted);
    case "active":
      return and(on, not(expired), not(scheduled), not(exhausted));
  }
}

const toView = (row: Row, today: string): CouponView => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  percent: row.percent,
  amount_cents: row.amountCents,
  min_subtotal_cents: row.minSubtotalCents,
  valid_from: row.validFrom,
  valid_until: row.validUntil,
  max_uses: row.maxUses,
  max_uses_per_customer: row.maxUsesPerCustomer,
  product_ids: row.productIds,
  tags: row.tags,
  active: row.active,
  uses: row.uses,
  status: statusOf(row, today),
  description: row.description,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The columns of a coupon as written: only the kind's own value is kept. */
const toColumns = (values: CouponValues) => ({
  code: values.code,
  kind: values.kind,
  percent: values.kind === "percent" ? values.percent : null,
  amountCents: values.kind === "fixed" ? values.amount_cents : null,
  minSubtotalCents: values.min_subtotal_cents,
  validFrom: values.valid_from,
  validUntil: values.valid_until,
  maxUses: values.max_uses,
  maxUsesPerCustomer: values.max_uses_per_customer,
  productIds: values.product_ids,
  tags: values.tags,
  active: values.active,
  description: values.description,
});

const money = (cents: number | null) => (cents === null ? null : formatBRL(cents));

/** A coupon as its audit entries show it: the form's fields, in its words, money as R$ (uses are orders' doing). */
const auditFields = (row: Row): AuditFields => ({
  Código: row.code,
  Desconto: couponKindLabels[row.kind],
  "Porcentagem (%)": row.percent,
  "Valor do desconto": money(row.amountCents),
  "Valor mínimo do carrinho": money(row.minSubtotalCents),
  "Primeiro dia": row.validFrom,
  "Último dia": row.validUntil,
  "Usos no total": row.maxUses,
  "Usos por cliente": row.maxUsesPerCustomer,
  Produtos: row.productIds,
  Tags: row.tags,
  Ativo: row.active,
  "Nota interna": row.description,
});

/** The cart's lines the coupon applies to: those of its products or with one of its tags; all without either. */
function eligibleLines(row: Row, lines: CouponCheck["lines"]): CouponCheck["lines"] {
  if (row.productIds.length === 0 && row.tags.length === 0) return lines;
  const ids = new Set(row.productIds);
  const tags = new Set(row.tags.map((tag) => tag.toLocaleLowerCase("pt-BR")));
  return lines.filter(
    (line) => ids.has(line.product_id) || line.tags.some((tag) => tags.has(tag.toLocaleLowerCase("pt-BR"))),
  );
}

/**
 * The verdict on an active coupon for this cart, the customer having `customerUses` uses that count
 * (0 when nobody is signed in). Refusals in the order a customer can act on them: the days, the uses,
 * then what the cart holds.
 */
function judge(row: Row, check: CouponCheck, customerUses: number): CouponVerdict {
  const refuse = (reason: string): CouponVerdict => ({ applied: false, code: row.code, reason });
  const today = saoPauloDay(check.now ?? new Date());
  if (row.validUntil !== null && row.validUntil < today) return refuse(EXPIRED);
  if (row.validFrom !== null && row.validFrom > today) return refuse(startsOn(row.validFrom));
  if (row.maxUses !== null && row.uses >= row.maxUses) return refuse(EXHAUSTED);
  if (row.maxUsesPerCustomer !== null && check.user_id !== null && customerUses >= row.maxUsesPerCustomer)
    return refuse(ALREADY_USED);
  const eligible = eligibleLines(row, check.lines);
  if (eligible.length === 0) return refuse(NO_ELIGIBLE_LINE);
  if (check.subtotal_cents < row.minSubtotalCents) return refuse(minimumOf(row.minSubtotalCents));
  const eligibleTotal = eligible.reduce((sum, line) => sum + line.line_total_cents, 0);
  const effect = (items_discount_cents: number, free_shipping: boolean): CouponVerdict => ({
    applied: true,
    coupon_id: row.id,
    effect: { code: row.code, items_discount_cents, free_shipping },
  });
  switch (row.kind) {
    case "percent":
      return effect(percentOf(eligibleTotal, row.percent ?? 0), false);
    case "fixed":
      return effect(Math.min(row.amountCents ?? 0, eligibleTotal), false);
    case "free_shipping":
      return effect(0, true);
  }
}

/** A code as customers type it: spaces around and case do not matter. */
const normalCode = (code: string) => code.trim().toUpperCase();

export function createCouponsService(context: CouponsContext) {
  const { db } = context;

  /** The coupon, locked until the caller's transaction ends when `lock` (a change: its entry's "before"). */
  async function find(on: Db, id: number, lock = false): Promise<Row> {
    const query = on.select().from(coupons).where(eq(coupons.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw notFound(`${NOT_FOUND}.`);
    return row;
  }

  /** The coupon of a code, locked until the caller's transaction ends when `lock` (hold). */
  async function byCode(on: Db, code: string, lock: boolean): Promise<Row | undefined> {
    const query = on
      .select()
      .from(coupons)
      .where(eq(coupons.code, normalCode(code)))
      .limit(1);
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  /** The customer's uses of the coupon that still count; only read when the coupon limits them. */
  async function customerUses(on: Db, row: Row, userId: number | null): Promise<number> {
    if (row.maxUsesPerCustomer === null || userId === null) return 0;
    const [counted] = await on
      .select({ value: count() })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, row.id),
          eq(couponRedemptions.userId, userId),
          isNull(couponRedemptions.releasedAt),
        ),
      );
    return counted?.value ?? 0;
  }

  async function verdictOn(on: Db, check: CouponCheck, lock: boolean): Promise<CouponVerdict> {
    const row = await byCode(on, check.code, lock);
    if (!row?.active) return { applied: false, code: normalCode(check.code), reason: NOT_FOUND };
    return judge(row, check, await customerUses(on, row, check.user_id));
  }

  /** Products named in a coupon must exist (any status: an archived one may still be in a cart). */
  async function checkProducts(on: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await on.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    if (found.length !== ids.length) throw invalid(`${UNKNOWN_PRODUCT}.`, { product_ids: [UNKNOWN_PRODUCT] });
  }

  /** Creates (`id` null) or rewrites a coupon; a code taken by another, whatever its case, is a 409. */
  async function save(actor: Actor | null, id: number | null, values: CouponValues): Promise<CouponView> {
    const admin = requireAdmin(actor);
    try {
      const row = await context.transaction(async (tx) => {
        await checkProducts(tx.db, values.product_ids);
        const before = id === null ? null : await find(tx.db, id, true);
        const [written] =
          id === null
            ? await tx.db.insert(coupons).values(toColumns(values)).returning()
            : await tx.db
                .update(coupons)
                .set({ ...toColumns(values), updatedAt: new Date() })
                .where(eq(coupons.id, id))
                .returning();
        if (!written) throw notFound(`${NOT_FOUND}.`);
        await tx.services.audit.record({
          actor: admin,
          action: before ? "coupon.updated" : "coupon.created",
          recordId: written.id,
          recordLabel: written.code,
          before: before && auditFields(before),
          after: auditFields(written),
        });
        tx.announce({ name: "coupons.changed", payload: undefined });
        return written;
      });
      return toView(row, saoPauloDay(new Date()));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${CODE_TAKEN}.`, { code: [CODE_TAKEN] });
      throw error;
    }
  }

  return {
    /** Administrators: newest first, searched in the code and the note, optionally by where each stands today. */
    async list(actor: Actor | null, query: ListQuery & CouponListQuery, now = new Date()): Promise<CouponPage> {
      requireAdmin(actor);
      const today = saoPauloDay(now);
      const filters: SQL[] = [];
      if (query.q) {
        const pattern = containsPattern(query.q);
        const match = or(ilike(coupons.code, pattern), ilike(coupons.description, pattern));
        if (match) filters.push(match);
      }
      const status = query.status ? statusFilter(query.status, today) : undefined;
      if (status) filters.push(status);
      const where = filters.length ? and(...filters) : undefined;
      const [total] = await db.select({ value: count() }).from(coupons).where(where);
      const rows = await db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(query.per_page)
        .offset(pageOffset(query));
      return toPage(
        rows.map((row) => toView(row, today)),
        total?.value ?? 0,
        query,
      );
    },

    async get(actor: Actor | null, id: number): Promise<CouponView> {
      requireAdmin(actor);
      return toView(await find(db, id), saoPauloDay(new Date()));
    },

    create: (actor: Actor | null, values: CouponValues) => save(actor, null, values),

    update: (actor: Actor | null, id: number, values: CouponValues) => save(actor, id, values),

    /**
     * Deletes a coupon no order ever used; one that was used is switched off instead, so the orders'
     * uses (and a customer's per-coupon count) stay on record. Locked like a redemption: an order
     * taking it at this moment either comes first (and it is switched off) or finds it gone.
     */
    async remove(actor: Actor | null, id: number): Promise<CouponRemoval["outcome"]> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const row = await find(tx.db, id, true);
        const [used] = await tx.db
          .select({ id: couponRedemptions.id })
          .from(couponRedemptions)
          .where(eq(couponRedemptions.couponId, id))
          .limit(1);
        tx.announce({ name: "coupons.changed", payload: undefined });
        const entry = { actor: admin, recordId: id, recordLabel: row.code, before: auditFields(row) };
        if (used) {
          const [off] = await tx.db
            .update(coupons)
            .set({ active: false, updatedAt: new Date() })
            .where(eq(coupons.id, id))
            .returning();
          if (!off) throw new Error("coupon update returned nothing");
          await tx.services.audit.record({
            ...entry,
            action: "coupon.updated",
            after: auditFields(off),
            details: { Resultado: DEACTIVATED_INSTEAD },
          });
          return "deactivated";
        }
        await tx.db.delete(coupons).where(eq(coupons.id, id));
        await tx.services.audit.record({ ...entry, action: "coupon.deleted", after: null });
        return "deleted";
      });
    },

    /**
     * The catalogue's products a coupon may be limited to, by name: archived ones only when the coupon
     * already names them.
     */
    async productChoices(actor: Actor | null, chosen: number[] = []): Promise<CouponProductChoice[]> {
      requireAdmin(actor);
      const offered = ne(products.status, "archived");
      return db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(chosen.length > 0 ? or(offered, inArray(products.id, chosen)) : offered)
        .orderBy(asc(products.name), asc(products.id));
    },

    /** Prices a code for a cart, for the cart and the checkout to show; reads only. */
    evaluate: (check: CouponCheck): Promise<CouponVerdict> => verdictOn(db, check, false),

    /**
     * Prices a code for an order being placed, in the order's transaction (call it on `tx.services.coupons`):
     * the coupon's row is locked until that transaction ends, so simultaneous orders judge it one at a time,
     * each with the uses counted before it. Counts nothing: `redeem` does, on the same transaction, with this
     * verdict, once the order exists.
     */
    async hold(check: CouponCheck): Promise<CouponVerdict> {
      if (!context.inTransaction) throw new Error("coupons.hold locks the coupon for the caller's transaction");
      return verdictOn(db, check, true);
    },

    /**
     * Counts the use of the coupon `hold` applied, by the order placed on the same transaction: its row is
     * still locked, so the verdict still holds and no other order counts meanwhile.
     */
    async redeem(held: AppliedCoupon, order: { order_id: number; user_id: number | null }): Promise<void> {
      if (!context.inTransaction) throw new Error("coupons.redeem counts on the transaction that held the coupon");
      await db
        .insert(couponRedemptions)
        .values({ couponId: held.coupon_id, orderId: order.order_id, userId: order.user_id });
      await db
        .update(coupons)
        .set({ uses: sql`${coupons.uses} + 1` })
        .where(eq(coupons.id, held.coupon_id));
    },

    /**
     * Gives a canceled order's use back, in the cancellation's transaction: once (a second call finds
     * it released and changes nothing); an order without a coupon changes nothing either.
     */
    async release(orderId: number): Promise<void> {
      await context.transaction(async (tx) => {
        const [released] = await tx.db
          .update(couponRedemptions)
          .set({ releasedAt: new Date() })
          .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
          .returning({ couponId: couponRedemptions.couponId });
        if (!released) return;
        await tx.db
          .update(coupons)
          .set({ uses: sql`${coupons.uses} - 1` })
          .where(eq(coupons.id, released.couponId));
      });
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;

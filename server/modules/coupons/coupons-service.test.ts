import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conflict } from "../../../common/errors.ts";
import type { ListQuery } from "../../../common/pagination.ts";
import {
  AMOUNT_MISSING,
  CODE_TAKEN,
  type CouponInput,
  type CouponListQuery,
  couponSchema,
  PERCENT_MISSING,
  UNTIL_BEFORE_FROM,
} from "../../../common/schemas/coupons.ts";
import { productSchema } from "../../../common/schemas/product.ts";
import { fieldErrors, INVALID_CHARACTERS } from "../../../common/zod.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../kernel/access.ts";
import { auditEntries } from "../audit/tables.ts";
import { orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";
import {
  ALREADY_USED,
  type CouponCheck,
  EXHAUSTED,
  EXPIRED,
  minimumOf,
  NO_ELIGIBLE_LINE,
  NOT_FOUND,
  startsOn,
} from "./coupons-service.ts";
import { couponRedemptions, coupons } from "./tables.ts";

const t = withTestServices();

const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const customer: Actor = { id: 2, name: "Bia", email: "bia@example.com", role: "user" };
const listQuery: ListQuery & CouponListQuery = { page: 1, per_page: 20, q: "" };

const values = (input: Partial<CouponInput>) =>
  couponSchema.parse({ code: "PROMO10", kind: "percent", percent: 10, ...input });
const create = (input: Partial<CouponInput>) => t.services.coupons.create(admin, values(input));
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = couponSchema.safeParse({ code: "PROMO10", kind: "percent", percent: 10, ...input });
  return parsed.success ? {} : fieldErrors(parsed.error);
};

/** A cart of two lines of products the catalogue does not hold: a jam (tag "geleias") of R$ 60,00 and a shirt of R$ 40,00. */
const cart = (over: Partial<CouponCheck> = {}): CouponCheck => ({
  code: "promo10",
  user_id: null,
  lines: [
    { product_id: 900_001, tags: ["Geleias"], line_total_cents: 6000 },
    { product_id: 900_002, tags: ["vestuário"], line_total_cents: 4000 },
  ],
  subtotal_cents: 10000,
  ...over,
});

const refusal = async (check: CouponCheck) => {
  const verdict = await t.services.coupons.evaluate(check);
  return verdict.applied ? null : verdict.reason;
};
const effect = async (check: CouponCheck) => {
  const verdict = await t.services.coupons.evaluate(check);
  if (!verdict.applied) throw new Error(`refused: ${verdict.reason}`);
  return verdict.effect;
};

async function product(name: string): Promise<number> {
  const created = await t.services.products.create(
    admin,
    productSchema.parse({ name, status: "published", variants: [{ price_cents: 1000, stock: 5 }] }),
  );
  return created.id;
}

async function buyer(email: string): Promise<number> {
  const [row] = await t.database.db
    .insert(users)
    .values({ name: email, email, passwordHash: "x" })
    .returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

/** An order row as the orders area records one, before the coupon it held is redeemed. */
async function fakeOrder(db: Db, userId: number | null): Promise<number> {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      idempotencyKey: randomUUID(),
      customerName: "Bia",
      customerEmail: "bia@example.com",
      customerPhone: "81987654321",
      customerTaxId: "52998224725",
      address: {
        postal_code: "50010000",
        uf: "PE",
        city: "Recife",
        street: "Rua da Aurora",
        number: "1",
        neighborhood: "",
        complement: "",
      },
      shipping: { code: "pickup", provider: "pickup", name: "Retirada", price_cents: 0, delivery_days: 1 },
      subtotalCents: 10000,
      shippingCents: 0,
      totalCents: 10000,
      paymentMethod: "pix",
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("no order");
  return row.id;
}

/**
 * An order, then its coupon held and redeemed in a transaction of its own, as the order's placement does
 * (server/flows/place-order.ts): a refusal is thrown as a conflict with the reason.
 */
async function order(check: CouponCheck) {
  const orderId = await fakeOrder(t.database.db, check.user_id);
  const effect = await t.services.transaction(async (tx) => {
    const verdict = await tx.coupons.hold(check);
    if (!verdict.applied) throw conflict(verdict.reason);
    await tx.coupons.redeem(verdict, { order_id: orderId, user_id: check.user_id });
    return verdict.effect;
  });
  return { orderId, effect };
}

const usesOf = async (id: number) =>
  (await t.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0]?.uses;

describe("the shared schema", () => {
  it("keeps the code in upper case and only the kind's own value", async () => {
    expect(values({ code: " verao-25 ", kind: "fixed", amount_cents: "15,00", percent: "" })).toMatchObject({
      code: "VERAO-25",
      kind: "fixed",
      amount_cents: 1500,
      percent: null,
      min_subtotal_cents: 0,
      valid_from: null,
      valid_until: null,
      max_uses: null,
      product_ids: [],
      tags: [],
      active: true,
    });
    const saved = await create({ kind: "fixed", amount_cents: 1500, percent: 10 });
    expect(saved).toMatchObject({ kind: "fixed", amount_cents: 1500, percent: null });
  });

  it("refuses what cannot be a coupon, each field with its pt-BR message", () => {
    expect(errorsOf({ percent: 101 })).toEqual({ percent: [PERCENT_MISSING] });
    expect(errorsOf({ percent: 0 })).toEqual({ percent: [PERCENT_MISSING] });
    expect(errorsOf({ percent: null })).toEqual({ percent: [PERCENT_MISSING] });
    expect(errorsOf({ kind: "fixed", amount_cents: 0 })).toEqual({ amount_cents: [AMOUNT_MISSING] });
    expect(errorsOf({ kind: "fixed" })).toEqual({ amount_cents: [AMOUNT_MISSING] });
    expect(errorsOf({ kind: "free_shipping", percent: null })).toEqual({});
    expect(errorsOf({ valid_from: "2026-12-10", valid_until: "2026-12-09" })).toEqual({
      valid_until: [UNTIL_BEFORE_FROM],
    });
    expect(errorsOf({ valid_from: "2026-02-30" })).toEqual({
      valid_from: ["Informe o primeiro dia como uma data válida entre 1900 e 2200"],
    });
    expect(errorsOf({ code: "DEZ\u0000" }).code).toContain(INVALID_CHARACTERS);
    expect(errorsOf({ description: "nota\u0000" })).toEqual({ description: [INVALID_CHARACTERS] });
    expect(errorsOf({ code: "natal 10%" }).code).toEqual(["Use de 1 a 30 letras sem acento, números, - ou _"]);
    expect(errorsOf({ max_uses: 0, max_uses_per_customer: "1,5", min_subtotal_cents: -1 })).toEqual({
      max_uses: ["Informe de 1 a 1.000.000 usos"],
      max_uses_per_customer: ["Informe de 1 a 1.000.000 usos por cliente"],
      min_subtotal_cents: ["O valor não pode ser negativo"],
    });
    expect(errorsOf({ product_ids: ["abc"] })).toEqual({ "product_ids.0": ["Escolha os produtos da lista"] });
  });
});

describe("administration", () => {
  it("creates, reads, lists with search and status, updates and deletes", async () => {
    const now = new Date();
    const promo = await create({ code: "promo10", description: "Feira de dezembro" });
    expect(promo).toMatchObject({ code: "PROMO10", uses: 0, status: "active", description: "Feira de dezembro" });
    expect(await t.services.coupons.get(admin, promo.id)).toEqual(promo);
    const old = await create({ code: "VELHO", valid_from: "2020-01-01", valid_until: "2020-01-31" });
    const later = await create({ code: "FUTURO", valid_from: "2199-01-01" });
    const off = await create({ code: "PAUSADO", active: false });
    const full = await create({ code: "CHEIO", max_uses: 1 });
    await t.database.db.update(coupons).set({ uses: 1 }).where(eq(coupons.id, full.id));

    const codes = async (query: Partial<ListQuery & CouponListQuery>) =>
      (await t.services.coupons.list(admin, { ...listQuery, ...query }, now)).data.map((coupon) => coupon.code);
    expect(await codes({})).toEqual(["CHEIO", "PAUSADO", "FUTURO", "VELHO", "PROMO10"]);
    expect(await codes({ q: "dezembro" })).toEqual(["PROMO10"]);
    expect(await codes({ q: "velh" })).toEqual(["VELHO"]);
    expect(await codes({ status: "active" })).toEqual(["PROMO10"]);
    expect(await codes({ status: "expired" })).toEqual(["VELHO"]);
    expect(await codes({ status: "scheduled" })).toEqual(["FUTURO"]);
    expect(await codes({ status: "inactive" })).toEqual(["PAUSADO"]);
    expect(await codes({ status: "exhausted" })).toEqual(["CHEIO"]);
    const page = await t.services.coupons.list(admin, listQuery, now);
    expect(Object.fromEntries(page.data.map((coupon) => [coupon.code, coupon.status]))).toEqual({
      PROMO10: "active",
      VELHO: "expired",
      FUTURO: "scheduled",
      PAUSADO: "inactive",
      CHEIO: "exhausted",
    });
    expect(old.status).toBe("expired");
    expect(later.status).toBe("scheduled");
    expect(off.status).toBe("inactive");

    const edited = await t.services.coupons.update(admin, promo.id, values({ code: "PROMO15", percent: 15 }));
    expect(edited).toMatchObject({ id: promo.id, code: "PROMO15", percent: 15 });
    expect(await t.services.coupons.remove(admin, promo.id)).toBe("deleted");
    expect((await failure(t.services.coupons.get(admin, promo.id))).kind).toBe("not_found");
    expect((await failure(t.services.coupons.remove(admin, promo.id))).kind).toBe("not_found");
    expect((await failure(t.services.coupons.update(admin, promo.id, values({})))).kind).toBe("not_found");
  });

  it("refuses a code already taken, whatever its case", async () => {
    const first = await create({ code: "NATAL" });
    const taken = await failure(create({ code: "natal" }));
    expect(taken).toMatchObject({ kind: "conflict", message: `${CODE_TAKEN}.`, fieldErrors: { code: [CODE_TAKEN] } });
    const other = await create({ code: "ANO-NOVO" });
    const renamed = await failure(t.services.coupons.update(admin, other.id, values({ code: "Natal" })));
    expect(renamed.fieldErrors).toEqual({ code: [CODE_TAKEN] });
    expect((await t.services.coupons.update(admin, first.id, values({ code: "natal", percent: 20 }))).percent).toBe(20);
  });

  it("refuses products that are not in the catalogue", async () => {
    const jam = await product("Geleia");
    expect((await create({ product_ids: [jam] })).product_ids).toEqual([jam]);
    const unknown = await failure(create({ code: "OUTRO", product_ids: [jam, jam + 100] }));
    expect(unknown).toMatchObject({ kind: "invalid", fieldErrors: { product_ids: [expect.any(String)] } });
    expect(await t.services.coupons.productChoices(admin)).toEqual([{ id: jam, name: "Geleia" }]);
  });

  it("switches a used coupon off instead of deleting it", async () => {
    const promo = await create({});
    await order(cart());
    expect(await t.services.coupons.remove(admin, promo.id)).toBe("deactivated");
    expect(await t.services.coupons.get(admin, promo.id)).toMatchObject({ active: false, uses: 1, status: "inactive" });
  });

  it("is for administrators only", async () => {
    const promo = await create({});
    for (const call of [
      t.services.coupons.list(customer, listQuery),
      t.services.coupons.get(customer, promo.id),
      t.services.coupons.create(customer, values({ code: "OUTRO" })),
      t.services.coupons.update(customer, promo.id, values({})),
      t.services.coupons.remove(customer, promo.id),
      t.services.coupons.productChoices(customer),
    ]) {
      expect((await failure(call)).kind).toBe("forbidden");
    }
    expect((await failure(t.services.coupons.list(null, listQuery))).kind).toBe("unauthenticated");
  });

  it("announces its changes", async () => {
    const heard: (string | undefined)[] = [];
    t.services.onEveryChange((event) => heard.push(event?.name));
    const promo = await create({});
    await t.services.coupons.update(admin, promo.id, values({ percent: 20 }));
    await t.services.coupons.remove(admin, promo.id);
    expect(heard).toEqual(["coupons.changed", "coupons.changed", "coupons.changed"]);
  });
});

describe("evaluate", () => {
  it("gives every refusal its reason", async () => {
    expect(await refusal(cart({ code: "NADA" }))).toBe(NOT_FOUND);
    await create({ code: "PAUSADO", active: false });
    expect(await refusal(cart({ code: "pausado" }))).toBe(NOT_FOUND);
    await create({ code: "VELHO", valid_until: "2020-01-31" });
    expect(await refusal(cart({ code: "VELHO" }))).toBe(EXPIRED);
    await create({ code: "FUTURO", valid_from: "2199-03-01" });
    expect(await refusal(cart({ code: "FUTURO" }))).toBe("Este cupom vale a partir de 01/03/2199");
    expect(startsOn("2199-03-01")).toBe("Este cupom vale a partir de 01/03/2199");
    await create({ code: "MINIMO", min_subtotal_cents: 10001 });
    expect(await refusal(cart({ code: "MINIMO" }))).toBe("Valor mínimo de R$ 100,01");
    expect(minimumOf(10000)).toBe("Valor mínimo de R$ 100,00");
    expect(await refusal(cart({ code: "MINIMO", subtotal_cents: 10001 }))).toBeNull();
    const full = await create({ code: "CHEIO", max_uses: 2 });
    await t.database.db.update(coupons).set({ uses: 2 }).where(eq(coupons.id, full.id));
    expect(await refusal(cart({ code: "CHEIO" }))).toBe(EXHAUSTED);
    await create({ code: "SOMENTE", product_ids: [await product("Caneca")] });
    expect(await refusal(cart({ code: "SOMENTE" }))).toBe(NO_ELIGIBLE_LINE);
    await create({ code: "UMAVEZ", max_uses_per_customer: 1 });
    const bia = await buyer("bia@example.com");
    await order(cart({ code: "UMAVEZ", user_id: bia }));
    expect(await refusal(cart({ code: "UMAVEZ", user_id: bia }))).toBe(ALREADY_USED);
    // Not signed in yet: the customer is known only at checkout, where the order holds the coupon for her.
    expect(await refusal(cart({ code: "UMAVEZ", user_id: null }))).toBeNull();
    expect(await refusal(cart({ code: "UMAVEZ", user_id: await buyer("cleo@example.com") }))).toBeNull();
  });

  it("takes a percentage or an amount off the eligible lines, or the shipping", async () => {
    const jam = await product("Geleia");
    const lines = [
      { product_id: jam, tags: ["Geleias"], line_total_cents: 3335 },
      { product_id: jam + 50, tags: ["vestuário"], line_total_cents: 4000 },
      { product_id: jam + 60, tags: ["GELEIAS", "doces"], line_total_cents: 1000 },
    ];
    const check = (code: string) => cart({ code, lines, subtotal_cents: 8335 });
    await create({ code: "TUDO10", percent: 10 });
    expect(await effect(check("TUDO10"))).toEqual({ code: "TUDO10", items_discount_cents: 834, free_shipping: false });
    // Products or tags, either: the jam by id, the other jam by its tag (case does not matter); 15 % of R$ 43,35.
    await create({ code: "GELEIA15", percent: 15, product_ids: [jam], tags: ["geleias"] });
    expect(await effect(check("GELEIA15"))).toMatchObject({ items_discount_cents: 650 });
    await create({ code: "DOCES", percent: 50, tags: ["doces"] });
    expect(await effect(check("doces"))).toMatchObject({ items_discount_cents: 500 });
    await create({ code: "MENOS15", kind: "fixed", amount_cents: 1500 });
    expect(await effect(check("MENOS15"))).toEqual({
      code: "MENOS15",
      items_discount_cents: 1500,
      free_shipping: false,
    });
    // Never more than the lines it applies to.
    await create({ code: "MENOS50", kind: "fixed", amount_cents: 5000, product_ids: [jam] });
    expect(await effect(check("MENOS50"))).toMatchObject({ items_discount_cents: 3335 });
    await create({ code: "FRETE", kind: "free_shipping" });
    expect(await effect(check("FRETE"))).toEqual({ code: "FRETE", items_discount_cents: 0, free_shipping: true });
    await create({ code: "FRETEDOCE", kind: "free_shipping", tags: ["doces"] });
    expect(await effect(check("FRETEDOCE"))).toMatchObject({ free_shipping: true });
  });

  it("counts the days in São Paulo: the last day until 23:59:59, the first from 00:00", async () => {
    await create({ code: "DEZEMBRO", valid_from: "2026-12-01", valid_until: "2026-12-31" });
    const at = (iso: string) => refusal(cart({ code: "DEZEMBRO", now: new Date(iso) }));
    // São Paulo is 3 hours behind UTC.
    expect(await at("2026-12-01T02:59:59.999Z")).toBe("Este cupom vale a partir de 01/12/2026");
    expect(await at("2026-12-01T03:00:00.000Z")).toBeNull();
    expect(await at("2027-01-01T02:59:00.000Z")).toBeNull();
    expect(await at("2027-01-01T02:59:59.999Z")).toBeNull();
    expect(await at("2027-01-01T03:00:00.000Z")).toBe(EXPIRED);
  });
});

describe("hold, redeem and release", () => {
  it("makes at most as many discounted orders as the coupon has uses, with 30 at once", async () => {
    const promo = await create({ max_uses: 10 });
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => order(cart())));
    const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const reason of refused) expect(reason).toMatchObject({ kind: "conflict", message: EXHAUSTED });
    expect(await usesOf(promo.id)).toBe(10);
    expect(await t.database.db.select().from(couponRedemptions)).toHaveLength(10);
  });

  it("gives one customer only her own uses, however many orders she sends at once", async () => {
    const promo = await create({ max_uses_per_customer: 2 });
    const bia = await buyer("bia@example.com");
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => order(cart({ user_id: bia }))));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    for (const outcome of outcomes)
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ message: ALREADY_USED });
    expect(await usesOf(promo.id)).toBe(2);
  });

  it("holds with the reason of a refusal, and counts nothing until redeemed", async () => {
    const promo = await create({ max_uses: 1 });
    await create({ code: "VELHO", valid_until: "2020-01-01" });
    await t.services.transaction(async (tx) => {
      expect(await tx.coupons.hold(cart({ code: "velho" }))).toEqual({
        applied: false,
        code: "VELHO",
        reason: EXPIRED,
      });
      expect(await tx.coupons.hold(cart())).toMatchObject({ applied: true, coupon_id: promo.id });
    });
    expect(await usesOf(promo.id)).toBe(0);
    expect(await t.database.db.select().from(couponRedemptions)).toEqual([]);
  });

  it("holds and redeems only on a transaction, where the coupon's lock lasts until it ends", async () => {
    await create({});
    await expect(t.services.coupons.hold(cart())).rejects.toThrow(/transaction/);
    const verdict = await t.services.coupons.evaluate(cart());
    if (!verdict.applied) throw new Error(verdict.reason);
    const orderId = await fakeOrder(t.database.db, null);
    await expect(t.services.coupons.redeem(verdict, { order_id: orderId, user_id: null })).rejects.toThrow(
      /transaction/,
    );
    expect(await t.database.db.select().from(couponRedemptions)).toEqual([]);
  });

  it("gives a canceled order's use back once", async () => {
    const promo = await create({ max_uses: 1, max_uses_per_customer: 1 });
    const bia = await buyer("bia@example.com");
    const { orderId, effect: taken } = await order(cart({ user_id: bia }));
    expect(taken).toEqual({ code: "PROMO10", items_discount_cents: 1000, free_shipping: false });
    expect(await refusal(cart())).toBe(EXHAUSTED);

    await t.services.transaction((tx) => tx.coupons.release(orderId));
    expect(await usesOf(promo.id)).toBe(0);
    const [redemption] = await t.database.db.select().from(couponRedemptions);
    expect(redemption?.releasedAt).toBeInstanceOf(Date);
    await t.services.transaction((tx) => tx.coupons.release(orderId));
    expect(await usesOf(promo.id)).toBe(0);
    // An order without a coupon has nothing to give back.
    await t.services.coupons.release(await fakeOrder(t.database.db, null));
    expect(await usesOf(promo.id)).toBe(0);

    // The use given back counts for nobody: she may use the coupon again.
    expect(await refusal(cart({ user_id: bia }))).toBeNull();
    await order(cart({ user_id: bia }));
    expect(await usesOf(promo.id)).toBe(1);
  });
});

describe("audit entries", () => {
  const entries = () => t.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));

  it("names who created, changed and deleted a coupon, with its fields' before and after", async () => {
    const promo = await create({ code: "FEIRA", kind: "fixed", amount_cents: 1500, min_subtotal_cents: 5000 });
    await t.services.coupons.update(
      admin,
      promo.id,
      values({ code: "FEIRA", kind: "fixed", amount_cents: 9000, min_subtotal_cents: 5000, max_uses: 10 }),
    );
    expect(await t.services.coupons.remove(admin, promo.id)).toBe("deleted");
    const [created, updated, deleted, ...more] = await entries();
    expect(more).toEqual([]);
    const who = { actorId: admin.id, actorName: "Ana", recordKind: "coupon", recordId: String(promo.id) };
    expect(created).toMatchObject({ ...who, action: "coupon.created", recordLabel: "FEIRA" });
    expect(created?.changes).toMatchObject({
      Código: { before: null, after: "FEIRA" },
      Desconto: { before: null, after: "Valor fixo" },
      "Valor do desconto": { before: null, after: "R$ 15,00" },
      "Valor mínimo do carrinho": { before: null, after: "R$ 50,00" },
      Ativo: { before: null, after: true },
    });
    expect(updated).toMatchObject({ ...who, action: "coupon.updated" });
    expect(updated?.changes).toEqual({
      "Valor do desconto": { before: "R$ 15,00", after: "R$ 90,00" },
      "Usos no total": { before: null, after: 10 },
    });
    expect(deleted).toMatchObject({ ...who, action: "coupon.deleted", recordLabel: "FEIRA" });
    expect(deleted?.changes).toMatchObject({ Código: { before: "FEIRA", after: null } });
  });

  it("records a used coupon switched off as a change of Ativo, and no entry for an order's use", async () => {
    const promo = await create({});
    await order(cart());
    expect((await entries()).map((entry) => entry.action)).toEqual(["coupon.created"]);
    expect(await t.services.coupons.remove(admin, promo.id)).toBe("deactivated");
    const switchedOff = (await entries()).at(-1);
    expect(switchedOff).toMatchObject({ action: "coupon.updated", recordId: String(promo.id), actorId: admin.id });
    expect(switchedOff?.changes).toEqual({ Ativo: { before: true, after: false } });
    expect(switchedOff?.details).toEqual({ Resultado: "Desativado em vez de excluído: pedidos usaram este cupom" });
  });

  it("leaves no entry when the change is rolled back", async () => {
    const promo = await create({});
    const before = await entries();
    await expect(
      t.services.transaction(async (tx) => {
        await tx.coupons.update(admin, promo.id, values({ percent: 90 }));
        await tx.coupons.create(admin, values({ code: "OUTRO" }));
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entries()).toEqual(before);
    expect((await t.services.coupons.get(admin, promo.id)).percent).toBe(10);
  });
});

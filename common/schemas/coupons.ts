import { siteClock } from "../dates/time-zone.ts";
import { MAX_ID } from "../id-range.ts";
import { MAX_PRICE_CENTS, moneyField } from "../money.ts";
import { MAX_DATE_YEAR, MIN_DATE_YEAR, optionalText, plainString, z } from "../zod.ts";
import { couponCodeField } from "./cart.ts";
import { contentFields } from "./content.ts";

export const couponKinds = ["percent", "fixed", "free_shipping"] as const;
export type CouponKind = (typeof couponKinds)[number];
export const couponKindLabels: Record<CouponKind, string> = {
  percent: "Porcentagem",
  fixed: "Valor fixo",
  free_shipping: "Frete grátis",
};

/**
 * Where a coupon stands today, as the list shows and filters it: switched off, past its last day, before
 * its first day, every use taken, or taking orders.
 */
export const couponStatuses = ["active", "scheduled", "expired", "exhausted", "inactive"] as const;
export type CouponStatus = (typeof couponStatuses)[number];
export const couponStatusLabels: Record<CouponStatus, string> = {
  active: "Ativo",
  scheduled: "Agendado",
  expired: "Expirado",
  exhausted: "Esgotado",
  inactive: "Inativo",
};

/** More uses than any cooperative's promotion; a larger figure is a typo. */
export const MAX_COUPON_USES = 1_000_000;
/** A coupon limited to products names a handful; the form's list holds the whole catalogue. */
export const MAX_COUPON_PRODUCTS = 200;

export const CODE_TAKEN = "Já existe um cupom com este código";
export const UNTIL_BEFORE_FROM = "O último dia não pode ser antes do primeiro";
export const PERCENT_MISSING = "Informe a porcentagem de desconto, de 1 a 100";
export const AMOUNT_MISSING = "Informe o valor do desconto";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for "YYYY-MM-DD" naming a real day between MIN_DATE_YEAR and MAX_DATE_YEAR. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= MIN_DATE_YEAR &&
    year <= MAX_DATE_YEAR &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The day it is in São Paulo at `now`, as "YYYY-MM-DD": a coupon's days are the cooperative's. */
export function saoPauloDay(now: Date): string {
  const { year, month, day } = siteClock(now.getTime());
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2026-12-31" as "31/12/2026". */
export function formatCouponDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** A day as the form's date input or the API sends it; "" or absent: no limit on that side. */
const dayField = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    plainString({ error: `Informe ${label} como AAAA-MM-DD` })
      .trim()
      .refine(isCalendarDay, `Informe ${label} como uma data válida entre ${MIN_DATE_YEAR} e ${MAX_DATE_YEAR}`)
      .nullable(),
  );

/**
 * A whole number from `min` to `max`, or null when left empty: a JSON number, or the digits a form sends.
 * Not z.coerce, which reads true as 1.
 */
const optionalWholeNumber = (message: string, min: number, max: number) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value === undefined ? null : value;
    const text = value.trim();
    if (text === "") return null;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }, z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());

const productId = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: "Escolha os produtos da lista" })
    .int("Escolha os produtos da lista")
    .positive("Escolha os produtos da lista")
    .max(MAX_ID, "Escolha os produtos da lista"),
);

type Checked = { kind: CouponKind; percent: number | null; amount_cents: number | null };

/** A check across fields runs once the fields it reads passed theirs (and beside the others' errors). */
const after =
  (...fields: string[]) =>
  ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !issues.some((issue) => fields.includes(String(issue.path?.[0])));

/**
 * A coupon as the form, the page action and the REST API write it. The value of the other kinds
 * (a percentage on a fixed coupon) is ignored, so a form sent without JavaScript may carry both.
 * What needs the other coupons or the catalogue (a code in use, products that exist) is the service's.
 */
export const couponSchema = z
  .object({
    code: couponCodeField().meta({ description: "Typed in any case, kept in upper case; unique whatever the case." }),
    kind: z.enum(couponKinds, "Escolha porcentagem, valor fixo ou frete grátis"),
    percent: optionalWholeNumber(PERCENT_MISSING, 1, 100).meta({
      description: "Percent off the eligible items (kind percent); null otherwise.",
    }),
    amount_cents: z
      .preprocess(
        (value) => (value === "" || value === undefined ? null : value),
        moneyField(MAX_PRICE_CENTS).nullable(),
      )
      .meta({ description: "Integer cents off the eligible items, at most their total (kind fixed); null otherwise." }),
    min_subtotal_cents: moneyField(MAX_PRICE_CENTS)
      .default(0)
      .meta({ description: "The whole cart's subtotal it needs, in integer cents; 0: none." }),
    valid_from: dayField("o primeiro dia").meta({
      description: "First day it applies, from 00:00 in São Paulo (YYYY-MM-DD); null: already.",
    }),
    valid_until: dayField("o último dia").meta({
      description: "Last day it applies, until 23:59:59 in São Paulo (YYYY-MM-DD); null: no end.",
    }),
    max_uses: optionalWholeNumber(
      `Informe de 1 a ${MAX_COUPON_USES.toLocaleString("pt-BR")} usos`,
      1,
      MAX_COUPON_USES,
    ).meta({ description: "Orders it may discount in all; null: unlimited. A canceled order gives its use back." }),
    max_uses_per_customer: optionalWholeNumber(
      `Informe de 1 a ${MAX_COUPON_USES.toLocaleString("pt-BR")} usos por cliente`,
      1,
      MAX_COUPON_USES,
    ).meta({ description: "Orders of one customer it may discount; null: unlimited." }),
    product_ids: z
      .array(productId, "Escolha os produtos da lista")
      .max(MAX_COUPON_PRODUCTS, `No máximo ${MAX_COUPON_PRODUCTS} produtos`)
      .default([])
      .transform((ids) => [...new Set(ids)])
      .meta({ description: "Only these products' lines count (with tags: either). Both empty: the whole cart." }),
    tags: contentFields.tags.meta({ description: "Only lines of products with one of these tags count." }),
    active: z.boolean("Informe true ou false").default(true),
    description: optionalText(500).meta({ description: "An internal note; customers never see it." }),
  })
  .refine((coupon: Checked) => coupon.kind !== "percent" || coupon.percent !== null, {
    path: ["percent"],
    message: PERCENT_MISSING,
    when: after("kind", "percent"),
  })
  .refine((coupon: Checked) => coupon.kind !== "fixed" || (coupon.amount_cents ?? 0) > 0, {
    path: ["amount_cents"],
    message: AMOUNT_MISSING,
    when: after("kind", "amount_cents"),
  })
  .refine(
    (coupon: { valid_from: string | null; valid_until: string | null }) =>
      coupon.valid_from === null || coupon.valid_until === null || coupon.valid_from <= coupon.valid_until,
    { path: ["valid_until"], message: UNTIL_BEFORE_FROM, when: after("valid_from", "valid_until") },
  );

export type CouponInput = z.input<typeof couponSchema>;
export type CouponValues = z.infer<typeof couponSchema>;

export const couponListQuerySchema = z.object({
  status: z.enum(couponStatuses, "Escolha um estado válido").optional(),
});
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

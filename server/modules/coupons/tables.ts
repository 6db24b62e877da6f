import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { couponKinds } from "../../../common/schemas/coupons.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";

export const couponKind = pgEnum("coupon_kind", couponKinds);

/**
 * A discount code of the shop: a percentage or an amount off the items it applies to, or free shipping.
 * Its days are São Paulo's; `uses` counts the redemptions that still count, kept in the row so that
 * the order's transaction checks it under the row's lock.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case always (the check below): the unique index then makes codes unique whatever the case. */
    code: text("code").notNull(),
    kind: couponKind("kind").notNull(),
    percent: integer("percent"),
    amountCents: integer("amount_cents"),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    /** Both empty: the whole cart; else the lines of these products or of products with one of these tags. */
    productIds: integer("product_ids").array().notNull().default(sql`'{}'::integer[]`),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    uses: integer("uses").notNull().default(0),
    /** The administrators' note; customers never see it. */
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("coupons_code_unique").on(table.code),
    index("coupons_created_idx").on(table.createdAt),
    check("coupons_code_upper", sql`${table.code} = upper(${table.code})`),
    check(
      "coupons_kind_value",
      sql`(${table.kind} = 'percent') = (${table.percent} is not null) and (${table.kind} = 'fixed') = (${table.amountCents} is not null)`,
    ),
    check("coupons_percent", sql`${table.percent} between 1 and 100`),
    check("coupons_amounts", sql`${table.amountCents} > 0 and ${table.minSubtotalCents} >= 0`),
    check("coupons_uses", sql`${table.uses} >= 0`),
    check("coupons_days", sql`${table.validUntil} >= ${table.validFrom}`),
  ],
);

/**
 * One order's use of a coupon (one coupon per order). A canceled order's use is released, once, and no
 * longer counts; the row stays, so a used coupon is switched off rather than deleted.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Who bought, for the uses per customer; null for an order whose customer deleted her account. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Set when the order was canceled: the use was given back. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("coupon_redemptions_order_unique").on(table.orderId),
    index("coupon_redemptions_customer_idx").on(table.couponId, table.userId).where(sql`${table.releasedAt} is null`),
  ],
);

import { couponKinds, couponStatuses } from "../schemas/coupons.ts";
import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });
const day = z.string().meta({ description: "A day in São Paulo, YYYY-MM-DD." });

/** A coupon as administrators see it. */
export const couponViewSchema = z.strictObject({
  id: z.number().int(),
  code: z.string().meta({ description: "Upper case; customers may type it in any case." }),
  kind: z.enum(couponKinds),
  percent: z.number().int().nullable().meta({ description: "Kind percent: 1 to 100; else null." }),
  amount_cents: cents.nullable().meta({ description: "Kind fixed: the amount off; else null." }),
  min_subtotal_cents: cents.meta({ description: "The whole cart's subtotal it needs; 0: none." }),
  valid_from: day.nullable().meta({ description: "First day (from 00:00 in São Paulo); null: no start." }),
  valid_until: day.nullable().meta({ description: "Last day (until 23:59:59 in São Paulo); null: no end." }),
  max_uses: z.number().int().nullable().meta({ description: "Orders it may discount in all; null: unlimited." }),
  max_uses_per_customer: z.number().int().nullable().meta({ description: "Per customer; null: unlimited." }),
  product_ids: z.array(z.number().int()),
  tags: z.array(z.string()),
  active: z.boolean(),
  uses: z.number().int().meta({ description: "Orders it discounts now (canceled orders gave theirs back)." }),
  status: z.enum(couponStatuses).meta({
    description:
      "Today, in São Paulo: inactive (switched off), expired (past its last day), scheduled (before its first), exhausted (every use taken) or active.",
  }),
  description: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type CouponView = z.infer<typeof couponViewSchema>;

export const couponPageSchema = paginatedSchema(couponViewSchema);
export type CouponPage = z.infer<typeof couponPageSchema>;

/** What DELETE did: a coupon used by orders is switched off instead, so their record keeps it. */
export const couponRemovalSchema = z.strictObject({ outcome: z.enum(["deleted", "deactivated"]) });
export type CouponRemoval = z.infer<typeof couponRemovalSchema>;

/** A product a coupon may be limited to, as the form lists them. */
export type CouponProductChoice = { id: number; name: string };

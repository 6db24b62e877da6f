import { listQuerySchema } from "../../../common/pagination.ts";
import { couponListQuerySchema, couponSchema } from "../../../common/schemas/coupons.ts";
import { couponPageSchema, couponRemovalSchema, couponViewSchema } from "../../../common/views/coupons.ts";
import { input, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";

const coupons = recordOperations({
  tag: "coupons",
  path: "/api/coupons",
  access: "admin",
  noun: "coupon",
  view: output("Coupon", couponViewSchema),
  body: input("CouponInput", couponSchema),
});

const taken = { status: 409, description: "Another coupon already has this code (whatever its case)" };

export const couponsOperations: Operation[] = [
  coupons.list({
    summary: "List coupons, newest first; q searches the code and the note, status filters by where each stands today",
    query: [listQuerySchema, couponListQuerySchema],
    success: { description: "One page of coupons", schema: output("CouponPage", couponPageSchema) },
  }),
  coupons.create({
    summary:
      "Create a coupon: a percentage or an amount off the items it applies to, or free shipping, with its days (São Paulo), minimum and uses",
    refusals: [taken],
  }),
  coupons.read({ summary: "One coupon, with its uses" }),
  coupons.update({ summary: "Rewrite a coupon (the uses already counted stay)", refusals: [taken] }),
  coupons.delete({
    summary: "Delete a coupon; one that orders used is switched off instead",
    success: { status: 200, description: "What was done", schema: output("CouponRemoval", couponRemovalSchema) },
  }),
];

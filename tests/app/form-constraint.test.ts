import { describe, expect, it } from "vitest";
import { formConstraint } from "../../app/components/form-kit/constraint.ts";
import { couponSchema } from "../../common/schemas/coupons.ts";
import { productSchema } from "../../common/schemas/product.ts";
import { z } from "../../common/zod.ts";

const required = (schema: z.ZodType, name: string) => formConstraint(schema)[name]?.required;

describe("the account forms' required marks (issue 33 item 19)", () => {
  it("leaves the product's “de” price, SKU and shipping sizes unmarked, and marks its name and price", () => {
    expect(required(productSchema, "variants[0].compare_at_cents")).toBe(false);
    expect(required(productSchema, "variants[].compare_at_cents")).toBe(false);
    expect(required(productSchema, "variants[0].sku")).toBe(false);
    expect(required(productSchema, "weight_grams")).toBe(false);
    expect(required(productSchema, "name")).toBe(true);
    expect(required(productSchema, "variants[0].price_cents")).toBe(true);
    expect(required(productSchema, "variants[0].stock")).toBe(true);
  });

  it("leaves the coupon's dates, use limits and kind-dependent values unmarked, and marks its code", () => {
    for (const name of ["valid_from", "valid_until", "max_uses", "max_uses_per_customer", "percent", "amount_cents"])
      expect(required(couponSchema, name), name).toBe(false);
    expect(required(couponSchema, "code")).toBe(true);
    expect(required(couponSchema, "kind")).toBe(true);
  });

  it("reads every shape the schemas use: nullable, preprocessed, defaulted, nested and behind a whole-form transform", () => {
    const schema = z
      .object({
        plain: z.string(),
        nullable: z.string().nullable(),
        blank: z.preprocess((value) => (value === undefined ? null : value), z.string().nullable()),
        throws: z.preprocess((value) => (value as string).trim(), z.string()),
        group: z.object({ inner: z.string(), note: z.string().optional() }),
      })
      .transform((values) => values.plain);
    expect(required(schema, "plain")).toBe(true);
    expect(required(schema, "nullable")).toBe(true);
    expect(required(schema, "blank")).toBe(false);
    expect(required(schema, "throws")).toBe(true);
    expect(required(schema, "group.inner")).toBe(true);
    expect(required(schema, "group.note")).toBe(false);
  });
});

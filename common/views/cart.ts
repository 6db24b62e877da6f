import { z } from "../zod.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });

/** One line of the cart as the server priced it just now. */
export const cartLineSchema = z.strictObject({
  position: z.number().int().meta({ description: "Its place in the cart: what a removal names." }),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  variant: z.string().meta({ description: 'The chosen option values, "Tamanho: M"; empty without options.' }),
  url: z.string(),
  image: z.string().nullable(),
  unit_price_cents: cents,
  compare_at_cents: cents.nullable(),
  quantity: z.number().int(),
  line_total_cents: cents,
  stock: z.number().int(),
  weight_grams: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const pricedCartSchema = z.strictObject({
  lines: z.array(cartLineSchema),
  subtotal_cents: cents,
  count: z.number().int().meta({ description: "Units in the cart: the header's count." }),
  postal_code: z.string().nullable(),
  shipping: z.string().nullable().meta({ description: "The chosen shipping option's code." }),
  coupon: z
    .strictObject({
      code: z.string(),
      applied: z.boolean(),
      reason: z.string().nullable().meta({ description: 'Why it was refused ("Cupom expirado"); null when applied.' }),
      items_discount_cents: cents,
      free_shipping: z.boolean(),
    })
    .nullable()
    .meta({ description: "The cart's coupon as priced now: applied, or refused with the reason." }),
  pix_discount_percent: z
    .number()
    .int()
    .meta({ description: "The shop's discount for paying by Pix, off the items after the coupon; 0: none." }),
  notices: z
    .array(z.string())
    .meta({ description: "What changed since the cart was filled: items gone, sold out or fewer in stock." }),
});
export type PricedCart = z.infer<typeof pricedCartSchema>;

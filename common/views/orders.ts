import { orderStatuses } from "../order-status.ts";
import { z } from "../zod.ts";

const cents = z.number().int().meta({ description: "Integer cents: 1290 is R$ 12,90." });

export const orderAddressSchema = z.strictObject({
  postal_code: z.string(),
  uf: z.string(),
  city: z.string(),
  street: z.string(),
  number: z.string(),
  neighborhood: z.string(),
  complement: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderShippingSchema = z.strictObject({
  code: z.string(),
  provider: z.enum(["table", "pickup", "free", "correios"]),
  name: z.string(),
  price_cents: cents,
  delivery_days: z.number().int(),
  details: z.string().optional(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

export const orderStatusSchema = z.enum(orderStatuses);

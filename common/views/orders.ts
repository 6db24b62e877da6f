import { carriers } from "../brazil/tracking.ts";
import { orderStatuses } from "../order-status.ts";
import { paymentChoices } from "../schemas/payments.ts";
import { z } from "../zod.ts";
import { orderLabelViewSchema } from "./order-labels.ts";
import { paginatedSchema } from "./pagination.ts";

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
  provider: z.enum(["table", "pickup", "free", "correios", "melhorenvio"]),
  name: z.string(),
  price_cents: cents,
  delivery_days: z.number().int(),
  details: z.string().optional(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

export const orderStatusSchema = z.enum(orderStatuses);

export const orderItemViewSchema = z.strictObject({
  product_id: z.number().int(),
  variant_id: z.number().int().nullable(),
  name: z.string(),
  variant: z.string(),
  sku: z.string(),
  unit_price_cents: cents,
  quantity: z.number().int(),
  total_cents: cents,
  weight_grams: z.number().int(),
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

export const orderEventViewSchema = z.strictObject({
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  actor: z.string(),
  note: z.string(),
  at: z.string().meta({ description: "ISO 8601 instant." }),
});

/** How the order is paid, as the /checkout page shows it. */
export const orderPaymentViewSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("pix_static"),
    copy_paste: z.string().meta({ description: 'The Pix "copia e cola" BR Code.' }),
    qr_svg: z.string().meta({ description: "The BR Code as an SVG QR image." }),
  }),
  z.strictObject({
    kind: z.literal("provider"),
    provider: z.literal("mercadopago"),
    status: z.string(),
    copy_paste: z.string().nullable(),
    qr_png_base64: z.string().nullable(),
    ticket_url: z.string().nullable(),
    card_checkout_url: z.string().nullable(),
  }),
  z.strictObject({ kind: z.literal("manual"), instructions: z.string() }),
  z.strictObject({
    kind: z.literal("unavailable"),
    message: z.string().meta({ description: "Why the charge could not be made now; the page offers to try again." }),
  }),
  z.strictObject({ kind: z.literal("none"), message: z.string() }),
]);
export type OrderPaymentView = z.infer<typeof orderPaymentViewSchema>;

/** How a sent order travels; all null until it is sent. */
const orderTrackingFields = {
  tracking_code: z.string().nullable(),
  tracking_carrier: z.enum(carriers).nullable(),
  tracking_url: z
    .string()
    .nullable()
    .meta({ description: "The carrier's public tracking page for the code; null when there is none to link." }),
};
export type OrderTrackingView = {
  [Field in keyof typeof orderTrackingFields]: z.infer<(typeof orderTrackingFields)[Field]>;
};

export const orderViewSchema = z.strictObject({
  id: z.number().int(),
  number: z.number().int(),
  status: orderStatusSchema,
  status_label: z.string(),
  customer: z.strictObject({
    user_id: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    tax_id: z.string(),
    organization: z.string(),
  }),
  address: orderAddressSchema,
  shipping: orderShippingSchema,
  items: z.array(orderItemViewSchema),
  subtotal_cents: cents,
  shipping_cents: cents,
  coupon_code: z.string().nullable().meta({ description: "The coupon applied, in upper case; null: none." }),
  coupon_discount_cents: cents.meta({ description: "What the coupon took off: items, and the shipping when free." }),
  pix_discount_cents: cents.meta({ description: "The shop's discount for paying by Pix." }),
  total_cents: cents,
  payment_method: z.string(),
  payment_choice: z
    .enum(paymentChoices)
    .nullable()
    .meta({ description: "At a gateway taking Pix and cards, how she chose to pay; null: not asked." }),
  ...orderTrackingFields,
  expires_at: z.string(),
  created_at: z.string(),
  history: z.array(orderEventViewSchema),
  next_statuses: z.array(orderStatusSchema).meta({ description: "Where the viewer may move it now." }),
  label: orderLabelViewSchema
    .nullable()
    .meta({ description: "The Melhor Envio label, for administrators of an order sent by its services; else null." }),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderListItemSchema = z.strictObject({
  id: z.number().int(),
  number: z.number().int(),
  status: orderStatusSchema,
  status_label: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  item_count: z.number().int(),
  total_cents: cents,
  created_at: z.string(),
  ...orderTrackingFields,
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;
export const orderListSchema = paginatedSchema(orderListItemSchema);

/** /conta/shop's dashboard: the last 30 days (São Paulo), the best sellers and what is running low. */
export const shopDashboardSchema = z.strictObject({
  days: z.array(z.strictObject({ day: z.string(), orders: z.number().int(), revenue_cents: cents })),
  best_sellers: z.array(
    z.strictObject({ product_id: z.number().int(), name: z.string(), units: z.number().int(), revenue_cents: cents }),
  ),
  low_stock: z.array(
    z.strictObject({
      product_id: z.number().int(),
      variant_id: z.number().int(),
      name: z.string(),
      variant: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type ShopDashboard = z.infer<typeof shopDashboardSchema>;

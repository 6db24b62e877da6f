import { DEFAULT_CARRIER, trackingUrl } from "../../../common/brazil/tracking.ts";
import {
  type OrderStatus,
  orderStatusLabels,
  orderTransitions,
  unpaidOrderStatuses,
} from "../../../common/order-status.ts";
import type { OrderLabelView } from "../../../common/views/order-labels.ts";
import type { OrderTrackingView, OrderView } from "../../../common/views/orders.ts";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import type { orderEvents, orderItems, orders } from "./tables.ts";

type OrderRow = typeof orders.$inferSelect;
type TrackingColumns = Pick<OrderRow, "trackingCode" | "trackingCarrier" | "trackingUrl">;
type ItemRow = typeof orderItems.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;

/** Where `viewer` may move the order now: administrators along the machine, a customer only to cancel it unpaid. */
export function nextStatusesFor(viewer: Actor, status: OrderStatus): OrderStatus[] {
  if (isAdmin(viewer)) return [...orderTransitions[status]];
  return unpaidOrderStatuses.includes(status) ? ["canceled"] : [];
}

/** The code, its carrier and where the customer follows it; all null until the order is sent. */
export function trackingView(order: TrackingColumns): OrderTrackingView {
  if (order.trackingCode === null) return { tracking_code: null, tracking_carrier: null, tracking_url: null };
  const carrier = order.trackingCarrier ?? DEFAULT_CARRIER;
  return {
    tracking_code: order.trackingCode,
    tracking_carrier: carrier,
    tracking_url: trackingUrl(carrier, order.trackingCode, order.trackingUrl),
  };
}

export function orderView(
  viewer: Actor,
  order: OrderRow,
  items: ItemRow[],
  events: EventRow[],
  label: OrderLabelView | null = null,
): OrderView {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    status_label: orderStatusLabels[order.status],
    customer: {
      user_id: order.userId,
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      tax_id: order.customerTaxId,
      organization: order.customerOrganization,
    },
    address: order.address,
    shipping: order.shipping,
    items: items.map((item) => ({
      product_id: item.productId,
      variant_id: item.variantId,
      name: item.name,
      variant: item.variantLabel,
      sku: item.sku,
      unit_price_cents: item.unitPriceCents,
      quantity: item.quantity,
      total_cents: item.totalCents,
      weight_grams: item.weightGrams,
    })),
    subtotal_cents: order.subtotalCents,
    shipping_cents: order.shippingCents,
    coupon_code: order.couponCode,
    coupon_discount_cents: order.couponDiscountCents,
    pix_discount_cents: order.pixDiscountCents,
    total_cents: order.totalCents,
    payment_choice: order.paymentChoice,
    payment_method: order.paymentMethod,
    ...trackingView(order),
    expires_at: order.expiresAt.toISOString(),
    created_at: order.createdAt.toISOString(),
    history: events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      actor: event.actorName,
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
    next_statuses: nextStatusesFor(viewer, order.status),
    label,
  };
}

import { and, eq } from "drizzle-orm";
import { type Carrier, carrierLabels, DEFAULT_CARRIER } from "../../../common/brazil/tracking.ts";
import { conflict } from "../../../common/errors.ts";
import { canMoveOrder, type OrderStatus, orderStatusLabels, paidOrderStatuses } from "../../../common/order-status.ts";
import type { Actor } from "../../kernel/access.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import type { TrackingMail } from "../mail/templates/index.ts";
import type { StockReturn } from "../products/stock.ts";
import type { OrdersContext } from "./context.ts";
import { orderMail } from "./order-mail.ts";
import { trackingView } from "./order-views.ts";
import { orderEvents, orderItems, orders } from "./tables.ts";

export type OrderRow = typeof orders.$inferSelect;

/** How a sent order travels: the carrier, its code and, for "Outra transportadora", the page given. */
export type OrderTracking = { carrier: Carrier; code: string; url: string | null };

/** Who moved an order: a person, or the system (expiry) or a payment provider by name. */
export type MoveActor = Pick<Actor, "id" | "name" | "email"> | { id: null; name: string };

/** The site itself: the expiry of unpaid orders, the confirmation of one with nothing to pay. */
export const SYSTEM: MoveActor = { id: null, name: "Sistema" };

/** How the audit log names an order. */
export const orderLabel = (order: Pick<OrderRow, "number">) => `Pedido ${order.number}`;

/** What a move changes, as the order's page shows it: its status and, once sent, how it travels. */
function auditFields(order: OrderRow): AuditFields {
  const tracking = trackingView(order);
  return {
    Situação: orderStatusLabels[order.status],
    Transportadora: tracking.tracking_carrier && carrierLabels[tracking.tracking_carrier],
    "Código de rastreamento": tracking.tracking_code,
    "Página de rastreamento": tracking.tracking_url,
  };
}

/** Statuses in which the order's units count as sold ("mais vendidos"). */
const SOLD = paidOrderStatuses;

export function refusedMove(from: OrderStatus, to: OrderStatus) {
  return conflict(`Não é possível passar um pedido de "${orderStatusLabels[from]}" para "${orderStatusLabels[to]}".`, {
    status: ["Mudança de status não permitida"],
  });
}

/** The order's lines as the products area counts them. */
async function soldLines(tx: OrdersContext, orderId: number): Promise<StockReturn[]> {
  const rows = await tx.db
    .select({ product_id: orderItems.productId, variant_id: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows;
}

/**
 * Gives an order's units back to the stock, and its coupon's use, once: the flag is turned in the same
 * statement that says whether it was already, so a cancellation and the expiry racing each other give back
 * one time.
 */
async function giveBack(tx: OrdersContext, orderId: number): Promise<void> {
  const claimed = await tx.db
    .update(orders)
    .set({ stockReturned: true })
    .where(and(eq(orders.id, orderId), eq(orders.stockReturned, false)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return;
  await tx.services.products.returnStock(await soldLines(tx, orderId));
  await tx.services.coupons.release(orderId);
}

/**
 * Moves an order along the state machine (common/order-status.ts), inside the caller's transaction:
 * refuses a move outside it, records the change in the history, gives the stock back on cancellation,
 * keeps the units sold, and queues the customer's e-mail. `expected` guards against a concurrent change:
 * the update applies only while the order still has the status it was read with.
 */
export async function moveOrder(
  tx: OrdersContext,
  order: OrderRow,
  to: OrderStatus,
  actor: MoveActor,
  change: { note?: string; tracking?: OrderTracking } = {},
): Promise<OrderRow> {
  const from = order.status;
  if (!canMoveOrder(from, to)) throw refusedMove(from, to);
  const tracking = to === "sent" ? change.tracking : undefined;
  const [moved] = await tx.db
    .update(orders)
    .set({
      status: to,
      ...(tracking
        ? { trackingCode: tracking.code, trackingCarrier: tracking.carrier, trackingUrl: tracking.url }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning();
  if (!moved) throw conflict("O pedido mudou enquanto você o editava. Recarregue a página e tente de novo.");
  await tx.db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actorId: actor.id,
    actorName: actor.name,
    note: change.note ?? "",
  });
  await tx.services.audit.record({
    ...(actor.id === null
      ? { actor: null, actorName: actor.name }
      : { actor: { id: actor.id, name: actor.name, email: actor.email } }),
    action: "order.status_changed",
    recordId: order.id,
    recordLabel: orderLabel(order),
    before: auditFields(order),
    after: auditFields(moved),
    details: change.note ? { Observação: change.note } : {},
  });
  if (to === "canceled") await giveBack(tx, order.id);
  if (SOLD.includes(to) && !SOLD.includes(from)) await tx.services.products.countSold(await soldLines(tx, order.id), 1);
  if (SOLD.includes(from) && !SOLD.includes(to))
    await tx.services.products.countSold(await soldLines(tx, order.id), -1);
  await queueStatusMail(tx, moved, change.note ?? "");
  // The note is asked for with the payment, on its transaction: a paid order cannot lose its note.
  if (to === "paid")
    await tx.services.fiscal.orderPaid({
      orderId: moved.id,
      orderNumber: moved.number,
      userId: moved.userId,
      customerName: moved.customerName,
      customerEmail: moved.customerEmail,
    });
  tx.announce({ name: "orders.changed", payload: { id: order.id } });
  return moved;
}

async function queueStatusMail(tx: OrdersContext, order: OrderRow, note: string): Promise<void> {
  if (order.anonymizedAt) return;
  const mail = await orderMail(tx, order);
  const to = order.customerEmail;
  if (order.status === "paid") await tx.services.mail.queue("order-paid", to, { order: mail });
  if (order.status === "sent")
    await tx.services.mail.queue("order-sent", to, { order: mail, tracking: trackingOf(order) });
  if (order.status === "canceled") await tx.services.mail.queue("order-canceled", to, { order: mail, reason: note });
  if (order.status === "processing" || order.status === "received" || order.status === "failed")
    await tx.services.mail.queue("order-status", to, { order: mail, status: orderStatusLabels[order.status], note });
}

/** The tracking of a sent order as the e-mail tells it. */
function trackingOf(order: OrderRow): TrackingMail {
  const tracking = trackingView(order);
  return {
    code: tracking.tracking_code ?? "",
    carrier: carrierLabels[tracking.tracking_carrier ?? DEFAULT_CARRIER],
    url: tracking.tracking_url,
  };
}

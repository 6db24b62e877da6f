import { and, eq, inArray, sql } from "drizzle-orm";
import { type Carrier, carrierLabels, DEFAULT_CARRIER } from "../../../common/brazil/tracking.ts";
import { conflict } from "../../../common/errors.ts";
import { canMoveOrder, type OrderStatus, orderStatusLabels, paidOrderStatuses } from "../../../common/order-status.ts";
import type { Db } from "../../db/client.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import type { TrackingMail } from "../mail/templates/index.ts";
import { products, productVariants } from "../products/tables.ts";
import { orderMail } from "./order-mail.ts";
import { trackingView } from "./order-views.ts";
import { orderEvents, orderItems, orders } from "./tables.ts";

export type OrderRow = typeof orders.$inferSelect;

/** How a sent order travels: the carrier, its code and, for "Outra transportadora", the page given. */
export type OrderTracking = { carrier: Carrier; code: string; url: string | null };

/** Who moved an order: a person, or the system (expiry) or a payment provider by name. */
export type MoveActor = { id: number | null; name: string };

/** The site itself: the expiry of unpaid orders, the confirmation of one with nothing to pay. */
export const SYSTEM: MoveActor = { id: null, name: "Sistema" };

/** Statuses in which the order's units count as sold ("mais vendidos"). */
const SOLD = paidOrderStatuses;

export function refusedMove(from: OrderStatus, to: OrderStatus) {
  return conflict(`Não é possível passar um pedido de "${orderStatusLabels[from]}" para "${orderStatusLabels[to]}".`, {
    status: ["Mudança de status não permitida"],
  });
}

/**
 * Gives an order's units back to the stock, once: the flag is turned in the same statement that says
 * whether it was already, so a cancellation and the expiry racing each other give back one time.
 */
async function returnStock(db: Db, orderId: number): Promise<void> {
  const claimed = await db
    .update(orders)
    .set({ stockReturned: true })
    .where(and(eq(orders.id, orderId), eq(orders.stockReturned, false)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return;
  const items = await db
    .select({ variantId: orderItems.variantId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const item of items) {
    if (item.variantId === null) continue;
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
  await refreshStockTotals(
    db,
    items.map((item) => item.productId),
  );
}

/** The list's stock on the product rows, after their variants' stock changed. */
export async function refreshStockTotals(db: Db, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await db
    .update(products)
    .set({
      stockTotal: sql`(select coalesce(sum(${productVariants.stock}), 0) from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    })
    .where(inArray(products.id, ids));
}

/** Units sold per product go up when an order is paid and down when a paid order is canceled. */
async function countSold(db: Db, orderId: number, sign: 1 | -1): Promise<void> {
  const items = await db
    .select({ productId: orderItems.productId, quantity: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .groupBy(orderItems.productId);
  for (const item of items) {
    await db
      .update(products)
      .set({ unitsSold: sql`greatest(${products.unitsSold} + ${sign * item.quantity}, 0)` })
      .where(eq(products.id, item.productId));
  }
}

/**
 * Moves an order along the state machine (common/order-status.ts), inside the caller's transaction:
 * refuses a move outside it, records the change in the history, gives the stock back on cancellation,
 * keeps the units sold, and queues the customer's e-mail. `expected` guards against a concurrent change:
 * the update applies only while the order still has the status it was read with.
 */
export async function moveOrder(
  tx: ServiceContext,
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
  if (to === "canceled") await returnStock(tx.db, order.id);
  if (SOLD.includes(to) && !SOLD.includes(from)) await countSold(tx.db, order.id, 1);
  if (SOLD.includes(from) && !SOLD.includes(to)) await countSold(tx.db, order.id, -1);
  await queueStatusMail(tx, moved, change.note ?? "");
  tx.announce({ name: "orders.changed", payload: { id: order.id } });
  return moved;
}

async function queueStatusMail(tx: ServiceContext, order: OrderRow, note: string): Promise<void> {
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

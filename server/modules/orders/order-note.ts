// The order as its nota fiscal is drafted from (server/flows/fiscal-notes.ts): the copies taken when it was
// placed, never today's products or prices; each line's product and variant, for their fiscal data.
import { asc, eq } from "drizzle-orm";
import { notFound } from "../../../common/errors.ts";
import type { Db } from "../../db/client.ts";
import type { NoteOrder } from "../fiscal/note-draft.ts";
import { orderItems, orders } from "./tables.ts";

/** The order's note-to-be, its items' fiscal data still to be filled in, and who bought (the note's row). */
export type OrderForNote = {
  order: Omit<NoteOrder, "items"> & { items: (NoteOrder["items"][number] & { variantId: number | null })[] };
  request: { orderId: number; orderNumber: number; userId: number | null; customerName: string; customerEmail: string };
};

export async function orderForNote(db: Db, orderId: number): Promise<OrderForNote> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("Pedido não encontrado.");
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return {
    order: {
      id: order.id,
      number: order.number,
      customerName: order.customerOrganization || order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      customerTaxId: order.customerTaxId,
      address: order.address,
      pickup: order.shipping.provider === "pickup",
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      couponItemsDiscountCents: order.couponDiscountCents - order.couponShippingDiscountCents,
      couponShippingDiscountCents: order.couponShippingDiscountCents,
      pixDiscountCents: order.pixDiscountCents,
      totalCents: order.totalCents,
      items: items.map((item) => ({
        productId: item.productId,
        variantId: item.variantId,
        code: item.sku || `P${item.productId}${item.variantId ? `-${item.variantId}` : ""}`,
        description: item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        totalCents: item.totalCents,
        fiscal: null,
      })),
    },
    request: {
      orderId: order.id,
      orderNumber: order.number,
      userId: order.userId,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
    },
  };
}

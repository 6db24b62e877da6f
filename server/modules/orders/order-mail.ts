import { asc, eq } from "drizzle-orm";
import { formatCep } from "../../../common/brazil/cep.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { OrderMail } from "../mail/templates/index.ts";
import type { OrdersContext } from "./context.ts";
import { orderItems, type orders } from "./tables.ts";

type OrderRow = typeof orders.$inferSelect;

/** "Rua das Flores, 12, apto 3 - Centro - Recife/PE - CEP 50010-000" */
export function addressLine(address: OrderRow["address"]): string {
  const street = [address.street, address.number, address.complement].filter(Boolean).join(", ");
  return [street, address.neighborhood, `${address.city}/${address.uf}`, `CEP ${formatCep(address.postal_code)}`]
    .filter(Boolean)
    .join(" - ");
}

/** What the order e-mails show of an order, read from its copies (never from today's products). */
export async function orderMail(context: OrdersContext, order: OrderRow): Promise<OrderMail> {
  const items = await context.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  return {
    number: order.number,
    customerName: order.customerName,
    // Never a relative link: without BASE_URL the e-mail goes without one (the /conta home says so).
    url: context.config.BASE_URL ? `${context.config.BASE_URL}${accountPaths.order(order.id)}` : null,
    items: items.map((item) => ({
      name: item.name,
      variant: item.variantLabel,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      totalCents: item.totalCents,
    })),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    coupon: order.couponCode ? { code: order.couponCode, discountCents: order.couponDiscountCents } : null,
    pixDiscountCents: order.pixDiscountCents,
    totalCents: order.totalCents,
    shippingName: order.shipping.name,
    deliveryDays: order.shipping.delivery_days,
    address: addressLine(order.address),
  };
}

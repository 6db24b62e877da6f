import { and, eq } from "drizzle-orm";
import { payByText } from "../../../common/dates/pay-by.ts";
import { isDomainError } from "../../../common/errors.ts";
import type { OrderTotals } from "../../../common/order-totals.ts";
import type { PaymentChoice, PaymentProvider } from "../../../common/schemas/payments.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { CartLine } from "../../../common/views/cart.ts";
import type { OrderAddress, OrderShipping } from "../../../common/views/orders.ts";
import { isUniqueViolation, violatedConstraint } from "../../db/sql.ts";
import type { Actor } from "../../kernel/access.ts";
import type { PaymentMail } from "../mail/templates/index.ts";
import { pixStaticCode } from "../payments/pix-static.ts";
import type { OrdersContext } from "./context.ts";
import { orderMail } from "./order-mail.ts";
import { moveOrder, type OrderRow, SYSTEM } from "./order-moves.ts";
import { tellOwnerOfNewOrder } from "./owner-mail.ts";
import { orderEvents, orderItems, orders } from "./tables.ts";

// The orders area's part of placing an order: the order, its lines and its history's first line written
// from what server/flows/place-order.ts priced on the same transaction, the customer's idempotency key, and
// the e-mails that tell of it.

/** An order as it was priced, copied as it is (integer cents): never read again from the catalogue. */
export type PricedOrder = {
  idempotency_key: string;
  customer: { name: string; phone: string; tax_id: string; organization: string };
  address: OrderAddress;
  shipping: OrderShipping;
  lines: readonly CartLine[];
  /** Each variant's SKU as its stock was taken. */
  skus: ReadonlyMap<number, string>;
  totals: OrderTotals;
  coupon_code: string | null;
  payment: { method: PaymentProvider; choice: PaymentChoice | null };
  expires_at: Date;
};

/** The order her key already made. Keys are each customer's own: another's equal key finds nothing of hers. */
export async function orderOfKey(context: OrdersContext, actor: Actor, key: string): Promise<OrderRow | null> {
  const [row] = await context.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, actor.id), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** The same key sent twice at once: the second order's insert met the first's, which is hers to answer. */
export const isSameKeyTwice = (error: unknown): boolean =>
  isUniqueViolation(error) && violatedConstraint(error) === "orders_user_idempotency_unique";

/**
 * Writes the order, its lines and the first line of its history, on the caller's transaction; the number
 * comes from the database's sequence. A key she already used is a unique violation (isSameKeyTwice).
 */
export async function recordOrder(context: OrdersContext, actor: Actor, priced: PricedOrder): Promise<OrderRow> {
  const { totals } = priced;
  const [order] = await context.db
    .insert(orders)
    .values({
      userId: actor.id,
      idempotencyKey: priced.idempotency_key,
      customerName: priced.customer.name,
      customerEmail: actor.email,
      customerPhone: priced.customer.phone,
      customerTaxId: priced.customer.tax_id,
      customerOrganization: priced.customer.organization,
      address: priced.address,
      shipping: priced.shipping,
      subtotalCents: totals.subtotal_cents,
      shippingCents: totals.shipping_cents,
      couponCode: priced.coupon_code,
      couponDiscountCents: totals.coupon_discount_cents,
      couponShippingDiscountCents: totals.coupon_shipping_discount_cents,
      pixDiscountCents: totals.pix_discount_cents,
      totalCents: totals.total_cents,
      paymentMethod: priced.payment.method,
      paymentChoice: priced.payment.choice,
      expiresAt: priced.expires_at,
    })
    .returning();
  if (!order) throw new Error("order insert returned nothing");
  await context.db.insert(orderItems).values(
    priced.lines.map((line, position) => ({
      orderId: order.id,
      position,
      productId: line.product_id,
      variantId: line.variant_id,
      name: line.name,
      variantLabel: line.variant,
      sku: priced.skus.get(line.variant_id) ?? "",
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
      totalCents: line.line_total_cents,
      weightGrams: line.weight_grams,
    })),
  );
  await context.db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: "pending",
    actorId: actor.id,
    actorName: priced.customer.name,
    note: "Pedido realizado",
  });
  context.announce({ name: "orders.changed", payload: { id: order.id } });
  return order;
}

/**
 * How the "pedido recebido" e-mail says to pay, without asking a provider: it is queued on the order's
 * transaction, where no network call should wait and no QR code is drawn (the e-mail shows the code to copy).
 * Mercado Pago's charge is made once the order is committed (or when she opens the payment page): the
 * e-mail sends her there, to pay by Pix or card.
 */
async function placedPaymentMail(context: OrdersContext, order: OrderRow): Promise<PaymentMail> {
  if (order.totalCents === 0) return { kind: "none" };
  const payBy = payByText(order.expiresAt);
  const base = context.config.BASE_URL;
  const paymentPage: PaymentMail = { kind: "link", url: base ? `${base}${sitePaths.payment(order.id)}` : null, payBy };
  if (order.paymentMethod === "mercadopago") return paymentPage;
  const settings = await context.services.shop.paymentSettings();
  if (order.paymentMethod === "manual") return { kind: "manual", instructions: settings.manual.instructions, payBy };
  try {
    return { kind: "pix", copyPaste: pixStaticCode(settings.pix, order.totalCents, order.number), payBy };
  } catch (error) {
    // A shop whose Pix was never set up still takes the order: its payment page says what is missing.
    if (!isDomainError(error)) throw error;
    return paymentPage;
  }
}

/**
 * Queues the e-mails of an order just placed, on its transaction, so they exist exactly when it does: the
 * customer's "pedido recebido" with how to pay, and the shop's own (owner-mail.ts).
 */
export async function tellOfNewOrder(context: OrdersContext, order: OrderRow): Promise<void> {
  await context.services.mail.queue("order-received", order.customerEmail, {
    order: await orderMail(context, order),
    payment: await placedPaymentMail(context, order),
  });
  await tellOwnerOfNewOrder(context, order);
}

/**
 * An order with nothing to pay (free items picked up, or shipped free) is confirmed as it is placed: no
 * payment method takes R$ 0,00 (a Pix charge of zero is not valid), and left pending it would only
 * expire. The products were priced at zero on purpose by the shop, and it still moves the order on to
 * processing and sending by hand, so a mistaken price is caught before anything leaves.
 */
const NOTHING_TO_PAY = "Pedido sem valor a pagar: confirmado sem pagamento.";

export async function confirmNothingToPay(context: OrdersContext, order: OrderRow): Promise<OrderRow> {
  if (order.totalCents !== 0) throw new Error(`order ${order.id} has a total to pay`);
  return moveOrder(context, order, "paid", SYSTEM, { note: NOTHING_TO_PAY });
}

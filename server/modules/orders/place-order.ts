import { and, eq } from "drizzle-orm";
import type { Cart } from "../../../common/cart.ts";
import { conflict, invalid, isDomainError } from "../../../common/errors.ts";
import { formatBRL, MAX_ORDER_TOTAL_CENTS } from "../../../common/money.ts";
import { orderTotals } from "../../../common/order-totals.ts";
import type { CheckoutInput } from "../../../common/schemas/orders.ts";
import type { PaymentChoice, PaymentProvider } from "../../../common/schemas/payments.ts";
import type { PricedCart } from "../../../common/views/cart.ts";
import type { OrderShipping } from "../../../common/views/orders.ts";
import { isUniqueViolation, violatedConstraint } from "../../db/sql.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { REVIEW_AGAIN, type StockTake } from "../products/stock.ts";
import { moveOrder, SYSTEM } from "./order-moves.ts";
import { tellOwnerOfNewOrder } from "./owner-mail.ts";
import { orderEvents, orderItems, orders } from "./tables.ts";

export type OrderRow = typeof orders.$inferSelect;

export const EMPTY_CART = "Seu carrinho está vazio.";

/** The order her key already made. Keys are each customer's own: another's equal key finds nothing of hers. */
async function orderOfKey(context: ServiceContext, actor: Actor, key: string): Promise<OrderRow | undefined> {
  const [row] = await context.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, actor.id), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * An order with nothing to pay (free items picked up, or shipped free) is confirmed as it is placed: no
 * payment method takes R$ 0,00 (a Pix charge of zero is not valid), and left pending it would only
 * expire. The products were priced at zero on purpose by the shop, and it still moves the order on to
 * processing and sending by hand, so a mistaken price is caught before anything leaves.
 */
const NOTHING_TO_PAY = "Pedido sem valor a pagar: confirmado sem pagamento.";

/** The cart as the server prices it now; nothing changed since she reviewed it, or she reviews again. */
async function pricedCart(context: ServiceContext, cart: Cart): Promise<PricedCart> {
  if (cart.items.length === 0) throw invalid(EMPTY_CART);
  const { priced } = await context.services.cart.price(cart);
  if (priced.lines.length === 0) throw invalid(EMPTY_CART);
  if (priced.notices.length > 0) throw conflict(`${priced.notices.join(" ")} ${REVIEW_AGAIN}`);
  return priced;
}

/** The chosen shipping option quoted again on the server for this cart and CEP. */
async function quotedShipping(
  context: ServiceContext,
  actor: Actor,
  priced: PricedCart,
  input: CheckoutInput,
): Promise<OrderShipping> {
  const quote = await context.services.shop.quote(actor, {
    postal_code: input.postal_code,
    items: priced.lines.map((line) => ({
      product_id: line.product_id,
      variant_id: line.variant_id,
      quantity: line.quantity,
    })),
  });
  const option = quote.options.find((candidate) => candidate.code === input.shipping);
  if (!option) {
    const message = "A forma de entrega escolhida não está disponível para este CEP. Escolha outra.";
    throw invalid(message, { shipping: [message] });
  }
  return {
    code: option.code,
    provider: option.provider,
    name: option.name,
    price_cents: option.price_cents,
    delivery_days: option.delivery_days,
    ...(option.details ? { details: option.details } : {}),
  };
}

/** The order's lines as the products area takes them from the stock. */
function stockTakes(priced: PricedCart): StockTake[] {
  return priced.lines.map((line) => ({
    product_id: line.product_id,
    variant_id: line.variant_id,
    quantity: line.quantity,
    unit_price_cents: line.unit_price_cents,
    label: line.variant ? `${line.name} (${line.variant})` : line.name,
  }));
}

/** What a coupon is checked against: the cart's lines with their products' tags, and who buys. */
async function couponCheck(context: ServiceContext, actor: Actor, priced: PricedCart, code: string) {
  const found = await context.services.products.forCart(priced.lines.map((line) => line.variant_id));
  const tags = new Map(found.map((item) => [item.product.id, item.product.tags]));
  return {
    code,
    user_id: actor.id,
    lines: priced.lines.map((line) => ({
      product_id: line.product_id,
      tags: tags.get(line.product_id) ?? [],
      line_total_cents: line.line_total_cents,
    })),
    subtotal_cents: priced.subtotal_cents,
  };
}

/** The coupon she applied, as it prices this cart now; its refusal's reason when it no longer applies. */
async function acceptedCoupon(context: ServiceContext, check: Awaited<ReturnType<typeof couponCheck>> | null) {
  if (check === null) return null;
  const verdict = await context.services.coupons.evaluate(check);
  if (!verdict.applied) throw couponRefused(verdict.reason);
  return verdict.effect;
}

/** The coupon no longer applies: the reason on its field, and the order to review again. */
const couponRefused = (reason: string) => conflict(`${reason}. ${REVIEW_AGAIN}`, { coupon_code: [reason] });

/** How the order is paid: the Pix discount is for Pix, the static code's or the gateway's when she chose it. */
function paysByPix(method: PaymentProvider, choice: PaymentChoice | undefined): boolean {
  if (method === "pix") return true;
  return method === "mercadopago" && choice === "pix";
}

/**
 * Places an order in one transaction: the cart priced again, the chosen shipping quoted again, the coupon
 * priced again and its use counted (locked against every other order using it), the Pix discount when she
 * pays by Pix, the stock taken through the products area, the customer, address, items, shipping and totals
 * copied in integer cents (common/order-totals.ts), the number from the database's sequence, the history's
 * first line, her details and address kept for next time through the customers area. The same idempotency
 * key gives back the order it already made (`created` false).
 */
export async function placeOrder(
  context: ServiceContext,
  actor: Actor,
  cart: Cart,
  input: CheckoutInput,
  payment: { method: PaymentProvider; pixDiscountPercent: number; expiryHours: number; now: Date },
): Promise<{ order: OrderRow; created: boolean }> {
  const existing = await orderOfKey(context, actor, input.idempotency_key);
  if (existing) return { order: existing, created: false };
  const priced = await pricedCart(context, cart);
  const shipping = await quotedShipping(context, actor, priced, input);
  const check = input.coupon_code ? await couponCheck(context, actor, priced, input.coupon_code) : null;
  const coupon = await acceptedCoupon(context, check);
  const byPix = paysByPix(payment.method, input.payment_choice);
  const sums = (pix: boolean) =>
    orderTotals({
      subtotal_cents: priced.subtotal_cents,
      shipping_cents: shipping.price_cents,
      coupon,
      pix_discount_percent: payment.pixDiscountPercent,
      by_pix: pix,
    });
  const totals = sums(byPix);
  const total = totals.total_cents;
  if (total > MAX_ORDER_TOTAL_CENTS)
    throw invalid(
      `O valor máximo de um pedido é ${formatBRL(MAX_ORDER_TOTAL_CENTS)}, e este soma ${formatBRL(total)}. Divida a compra em pedidos menores.`,
    );
  // A form without JavaScript carries one reviewed total while she picks Pix or card: the total before the
  // Pix discount is one she reviewed too, and paying by Pix only lowers it.
  const reviewed = input.expected_total_cents;
  if (reviewed !== undefined && reviewed !== total && reviewed !== sums(false).total_cents)
    throw conflict(`O total do pedido mudou para ${formatBRL(total)}. ${REVIEW_AGAIN}`);
  const address = {
    postal_code: input.postal_code,
    uf: input.uf,
    city: input.city,
    street: input.street,
    number: input.number,
    neighborhood: input.neighborhood,
    complement: input.complement,
  };
  try {
    const order = await context.transaction(async (tx) => {
      const skus = await tx.services.products.takeStock(stockTakes(priced));
      const [order] = await tx.db
        .insert(orders)
        .values({
          userId: actor.id,
          idempotencyKey: input.idempotency_key,
          customerName: input.name,
          customerEmail: actor.email,
          customerPhone: input.phone,
          customerTaxId: input.tax_id,
          customerOrganization: input.organization,
          address,
          shipping,
          subtotalCents: totals.subtotal_cents,
          shippingCents: totals.shipping_cents,
          couponCode: coupon?.code ?? null,
          couponDiscountCents: totals.coupon_discount_cents,
          pixDiscountCents: totals.pix_discount_cents,
          totalCents: total,
          paymentMethod: payment.method,
          paymentChoice: payment.method === "mercadopago" ? (input.payment_choice ?? null) : null,
          expiresAt: new Date(payment.now.getTime() + payment.expiryHours * 3_600_000),
        })
        .returning();
      if (!order) throw new Error("order insert returned nothing");
      if (check !== null && coupon !== null) {
        // Counted here, locked, against the uses of every other order committing now: the coupon may have
        // run out (or changed) since she reviewed it.
        const redeemed = await tx.services.coupons.redeem({ ...check, order_id: order.id }).catch((error: unknown) => {
          throw isDomainError(error) ? couponRefused(error.message) : error;
        });
        if (
          redeemed.items_discount_cents !== coupon.items_discount_cents ||
          redeemed.free_shipping !== coupon.free_shipping
        )
          throw conflict(`O cupom ${coupon.code} mudou. ${REVIEW_AGAIN}`, { coupon_code: ["O cupom mudou"] });
      }
      await tx.db.insert(orderItems).values(
        priced.lines.map((line, position) => ({
          orderId: order.id,
          position,
          productId: line.product_id,
          variantId: line.variant_id,
          name: line.name,
          variantLabel: line.variant,
          sku: skus.get(line.variant_id) ?? "",
          unitPriceCents: line.unit_price_cents,
          quantity: line.quantity,
          totalCents: line.line_total_cents,
          weightGrams: line.weight_grams,
        })),
      );
      await tx.db.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: null,
        toStatus: "pending",
        actorId: actor.id,
        actorName: input.name,
        note: "Pedido realizado",
      });
      await tellOwnerOfNewOrder(tx, order);
      await tx.services.customers.rememberContact(actor.id, input);
      await tx.services.customers.rememberAddress(actor.id, address);
      tx.announce({ name: "orders.changed", payload: { id: order.id } });
      return total === 0 ? moveOrder(tx, order, "paid", SYSTEM, { note: NOTHING_TO_PAY }) : order;
    });
    return { order, created: true };
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) === "orders_user_idempotency_unique") {
      const made = await orderOfKey(context, actor, input.idempotency_key);
      if (made) return { order: made, created: false };
    }
    throw error;
  }
}

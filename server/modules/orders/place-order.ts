import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Cart } from "../../../common/cart.ts";
import { conflict, invalid } from "../../../common/errors.ts";
import { formatBRL, MAX_ORDER_TOTAL_CENTS } from "../../../common/money.ts";
import type { CheckoutInput } from "../../../common/schemas/orders.ts";
import type { PaymentProvider } from "../../../common/schemas/payments.ts";
import type { PricedCart } from "../../../common/views/cart.ts";
import type { OrderShipping } from "../../../common/views/orders.ts";
import { isUniqueViolation, violatedConstraint } from "../../db/sql.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { productVariants } from "../products/tables.ts";
import { users } from "../users/tables.ts";
import { moveOrder, refreshStockTotals, SYSTEM } from "./order-moves.ts";
import { tellOwnerOfNewOrder } from "./owner-mail.ts";
import { orderEvents, orderItems, orders } from "./tables.ts";

export type OrderRow = typeof orders.$inferSelect;

export const EMPTY_CART = "Seu carrinho está vazio.";
const REVIEW_AGAIN = "Revise o pedido e confirme de novo.";

function units(quantity: number): string {
  return quantity === 1 ? "1 unidade" : `${quantity} unidades`;
}

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

/**
 * Takes the cart's units from the stock inside the placing transaction. The variants are locked in id
 * order (two checkouts never wait on each other in a cycle) and each decrement applies only while the
 * stock covers it, so concurrent checkouts for the last units make exactly as many orders as there are
 * units. A price that changed since the cart was priced is refused: she pays what she reviewed.
 */
async function takeStock(tx: ServiceContext, priced: PricedCart): Promise<Map<number, string>> {
  const wanted = new Map<number, number>();
  for (const line of priced.lines) wanted.set(line.variant_id, (wanted.get(line.variant_id) ?? 0) + line.quantity);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const locked = await tx.db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("update");
  const byId = new Map(locked.map((variant) => [variant.id, variant]));
  for (const line of priced.lines) {
    const variant = byId.get(line.variant_id);
    const label = line.variant ? `${line.name} (${line.variant})` : line.name;
    if (!variant || variant.productId !== line.product_id)
      throw conflict(`${label} não está mais disponível. ${REVIEW_AGAIN}`);
    if (variant.priceCents !== line.unit_price_cents)
      throw conflict(`O preço de ${label} mudou para ${formatBRL(variant.priceCents)}. ${REVIEW_AGAIN}`);
    const quantity = wanted.get(variant.id) ?? 0;
    if (variant.stock < quantity)
      throw conflict(
        variant.stock === 0
          ? `${label} esgotou. ${REVIEW_AGAIN}`
          : `Só há ${units(variant.stock)} de ${label} em estoque; você pediu ${quantity}. ${REVIEW_AGAIN}`,
      );
  }
  for (const [variantId, quantity] of wanted) {
    await tx.db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${quantity}` })
      .where(eq(productVariants.id, variantId));
  }
  await refreshStockTotals(
    tx.db,
    priced.lines.map((line) => line.product_id),
  );
  return new Map(locked.map((variant) => [variant.id, variant.sku]));
}

/**
 * Places an order in one transaction: the cart priced again, the chosen shipping quoted again, the
 * stock taken, the customer, address, items, shipping and totals copied in integer cents, the number
 * from the database's sequence, the history's first line, the customer's details and address kept for
 * next time. The same idempotency key gives back the order it already made (`created` false).
 */
export async function placeOrder(
  context: ServiceContext,
  actor: Actor,
  cart: Cart,
  input: CheckoutInput,
  payment: { method: PaymentProvider; expiryHours: number; now: Date },
): Promise<{ order: OrderRow; created: boolean }> {
  const existing = await orderOfKey(context, actor, input.idempotency_key);
  if (existing) return { order: existing, created: false };
  const priced = await pricedCart(context, cart);
  const shipping = await quotedShipping(context, actor, priced, input);
  const total = priced.subtotal_cents + shipping.price_cents;
  if (total > MAX_ORDER_TOTAL_CENTS)
    throw invalid(
      `O valor máximo de um pedido é ${formatBRL(MAX_ORDER_TOTAL_CENTS)}, e este soma ${formatBRL(total)}. Divida a compra em pedidos menores.`,
    );
  if (input.expected_total_cents !== undefined && input.expected_total_cents !== total)
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
      const skus = await takeStock(tx, priced);
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
          subtotalCents: priced.subtotal_cents,
          shippingCents: shipping.price_cents,
          totalCents: total,
          paymentMethod: payment.method,
          expiresAt: new Date(payment.now.getTime() + payment.expiryHours * 3_600_000),
        })
        .returning();
      if (!order) throw new Error("order insert returned nothing");
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
      await tx.db
        .update(users)
        .set({ taxId: input.tax_id, phone: input.phone, organization: input.organization, updatedAt: new Date() })
        .where(eq(users.id, actor.id));
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

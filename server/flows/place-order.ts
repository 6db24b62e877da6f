import type { Cart } from "../../common/cart.ts";
import { conflict, invalid } from "../../common/errors.ts";
import { formatBRL, MAX_ORDER_TOTAL_CENTS } from "../../common/money.ts";
import { type CouponEffect, type OrderTotals, orderTotals } from "../../common/order-totals.ts";
import type { CheckoutInput } from "../../common/schemas/orders.ts";
import type { PaymentChoice, PaymentProvider } from "../../common/schemas/payments.ts";
import type { OrderPaymentView, OrderShipping, OrderView } from "../../common/views/orders.ts";
import type { ShippingQuoteView } from "../../common/views/shop.ts";
import { type Actor, requireUser } from "../kernel/access.ts";
import type { AppliedCoupon } from "../modules/coupons/coupons-service.ts";
import { isSameKeyTwice } from "../modules/orders/order-record.ts";
import { REVIEW_AGAIN, type StockTake } from "../modules/products/stock.ts";
import type { OrderPricing } from "../modules/shop/cart-service.ts";
import { requireShopOpen } from "../modules/shop/shop-open.ts";
import type { Services } from "../services.ts";

// Placing an order: the cart she confirmed at /loja/finalizar-pedido or sent to POST /api/shop/checkout
// becomes an order, in one transaction that prices it once and takes its stock. Each area does its own part
// through its service: the cart prices the lines, the products area takes the stock, the coupons area judges
// and counts the coupon under its lock, the orders area writes the order and its e-mails, the customers area
// keeps her details for next time.

const EMPTY_CART = "Seu carrinho está vazio.";

export type PlacedOrder = { order: OrderView; payment: OrderPaymentView; created: boolean };

/** The chosen option of the quote, copied onto the order; an option not offered for her CEP is her field's error. */
function chosenShipping(quote: ShippingQuoteView, code: string): OrderShipping {
  const option = quote.options.find((candidate) => candidate.code === code);
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

/** The order's lines as the products area takes them from the stock, at the prices just read. */
function stockTakes(priced: OrderPricing): StockTake[] {
  return priced.lines.map((line) => ({
    product_id: line.product_id,
    variant_id: line.variant_id,
    quantity: line.quantity,
    unit_price_cents: line.unit_price_cents,
    label: line.variant ? `${line.name} (${line.variant})` : line.name,
  }));
}

/** The coupon no longer applies: the reason on its field, and the order to review again. */
const couponRefused = (reason: string) => conflict(`${reason}. ${REVIEW_AGAIN}`, { coupon_code: [reason] });

/** How the order is paid: the Pix discount is for Pix, the static code's or the gateway's when she chose it. */
function paysByPix(method: PaymentProvider, choice: PaymentChoice | undefined): boolean {
  if (method === "pix") return true;
  return method === "mercadopago" && choice === "pix";
}

/**
 * The order's sums (common/order-totals.ts), within the maximum and equal to what she reviewed, when the
 * form sent it. A form without JavaScript carries one reviewed total while she picks Pix or card: the total
 * before the Pix discount is one she reviewed too, and paying by Pix only lowers it.
 */
function checkedTotals(
  input: CheckoutInput,
  sums: { subtotal_cents: number; shipping_cents: number; coupon: CouponEffect | null },
  payment: { method: PaymentProvider; pixDiscountPercent: number },
): OrderTotals {
  const totalsBy = (byPix: boolean) =>
    orderTotals({ ...sums, pix_discount_percent: payment.pixDiscountPercent, by_pix: byPix });
  const totals = totalsBy(paysByPix(payment.method, input.payment_choice));
  const total = totals.total_cents;
  if (total > MAX_ORDER_TOTAL_CENTS)
    throw invalid(
      `O valor máximo de um pedido é ${formatBRL(MAX_ORDER_TOTAL_CENTS)}, e este soma ${formatBRL(total)}. Divida a compra em pedidos menores.`,
    );
  const reviewed = input.expected_total_cents;
  if (reviewed !== undefined && reviewed !== total && reviewed !== totalsBy(false).total_cents)
    throw conflict(`O total do pedido mudou para ${formatBRL(total)}. ${REVIEW_AGAIN}`);
  return totals;
}

/** The order as she sees it next, and how it is paid (a gateway's charge is made here, once, after the commit). */
async function answer(services: Services, customer: Actor, orderId: number, created: boolean): Promise<PlacedOrder> {
  const { order, payment } = await services.orders.payment(customer, orderId);
  return { order, payment, created };
}

/**
 * Places the signed-in customer's order of `cart`, priced once, in the transaction that takes its stock: the
 * lines and their products read once (cart.priceForOrder), the stock taken at those prices (locked in id
 * order), the coupon judged once under its row's lock and its use counted, the Pix discount when she pays by
 * Pix, the total within the maximum and equal to the one she reviewed, the order written by the orders area,
 * her details and address kept, and both e-mails (hers and the shop's) queued: all of it is committed, or
 * none. A price, a stock or a coupon that changed since she reviewed the order is a conflict that asks her to
 * review it again (REVIEW_AGAIN). The same idempotency key answers the order it already made (`created`
 * false), without a second e-mail; an order with nothing to pay is confirmed at once.
 */
export async function placeOrder(
  services: Services,
  actor: Actor | null,
  cart: Cart,
  input: CheckoutInput,
  now = new Date(),
): Promise<PlacedOrder> {
  const customer = requireUser(actor);
  await requireShopOpen(services, customer);
  const made = await services.orders.ofKey(customer, input.idempotency_key);
  if (made) return answer(services, customer, made.id, false);
  if (cart.items.length === 0) throw invalid(EMPTY_CART);
  const payments = await services.shop.paymentSettings();
  const expiryHours = await services.shop.orderExpiryHours();
  // Quoted before the transaction opens, once: the carriers (Correios, Melhor Envio) answer over the network,
  // up to 5 s, and a transaction open meanwhile would hold its database connection and, on the embedded
  // database, every other request of the process for as long. The quote is of the cookie's lines; the
  // transaction refuses a cart whose products changed since (its notices) or whose stock no longer covers
  // them, so it is the quote of what is ordered.
  const quote = await services.shop.quote(customer, { postal_code: input.postal_code, items: cart.items });
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
    const order = await services.transaction(async (tx) => {
      const priced = await tx.cart.priceForOrder(cart);
      if (priced.lines.length === 0) throw invalid(EMPTY_CART);
      if (priced.notices.length > 0) throw conflict(`${priced.notices.join(" ")} ${REVIEW_AGAIN}`);
      const shipping = chosenShipping(quote, input.shipping);
      // The stock before the coupon: a cancellation gives back the stock, then the coupon's use, and locks
      // taken in one order everywhere never wait on each other in a cycle.
      const skus = await tx.products.takeStock(stockTakes(priced));
      let coupon: AppliedCoupon | null = null;
      if (input.coupon_code) {
        const verdict = await tx.coupons.hold({
          code: input.coupon_code,
          user_id: customer.id,
          lines: priced.coupon_lines,
          subtotal_cents: priced.subtotal_cents,
          now,
        });
        if (!verdict.applied) throw couponRefused(verdict.reason);
        coupon = verdict;
      }
      const totals = checkedTotals(
        input,
        { subtotal_cents: priced.subtotal_cents, shipping_cents: shipping.price_cents, coupon: coupon?.effect ?? null },
        { method: payments.provider, pixDiscountPercent: payments.pix_discount_percent },
      );
      const order = await tx.orders.record(customer, {
        idempotency_key: input.idempotency_key,
        customer: { name: input.name, phone: input.phone, tax_id: input.tax_id, organization: input.organization },
        address,
        shipping,
        lines: priced.lines,
        skus,
        totals,
        coupon_code: coupon?.effect.code ?? null,
        payment: {
          method: payments.provider,
          choice: payments.provider === "mercadopago" ? (input.payment_choice ?? null) : null,
        },
        expires_at: new Date(now.getTime() + expiryHours * 3_600_000),
      });
      if (coupon) await tx.coupons.redeem(coupon, { order_id: order.id, user_id: customer.id });
      await tx.customers.rememberContact(customer.id, input);
      await tx.customers.rememberAddress(customer.id, address);
      await tx.orders.tellOfNewOrder(order);
      return totals.total_cents === 0 ? tx.orders.confirmNothingToPay(order) : order;
    });
    return answer(services, customer, order.id, true);
  } catch (error) {
    // The same key sent twice at once: the other request's order is the one she placed.
    if (isSameKeyTwice(error)) {
      const other = await services.orders.ofKey(customer, input.idempotency_key);
      if (other) return answer(services, customer, other.id, false);
    }
    throw error;
  }
}

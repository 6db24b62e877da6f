import { and, desc, eq } from "drizzle-orm";
import { isDomainError } from "../../../common/errors.ts";
import { formatBRL } from "../../../common/money.ts";
import {
  type OrderStatus,
  orderStatusLabels,
  paidOrderStatuses,
  unpaidOrderStatuses,
} from "../../../common/order-status.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { OrderPaymentView } from "../../../common/views/orders.ts";
import type { PaymentReversal } from "../mail/templates/index.ts";
import type { ChargeInput, ProviderPayment } from "../payments/provider.ts";
import type { OrdersContext } from "./context.ts";
import { moveOrder, type OrderRow, orderLabel } from "./order-moves.ts";
import { tellOwnerOfPayment, tellOwnerOfReversal } from "./owner-mail.ts";
import { orderEvents, orderPayments, orders } from "./tables.ts";

type PaymentRow = typeof orderPayments.$inferSelect;

const PROVIDER_NAMES: Record<ProviderPayment["provider"], string> = { mercadopago: "Mercado Pago" };

function settledMessage(status: OrderStatus, totalCents: number): string {
  if (status === "canceled") return "Este pedido foi cancelado.";
  // Confirmed as it was placed (place-order.ts): there was never a payment to receive.
  if (totalCents === 0) return `Este pedido não tem valor a pagar. Situação do pedido: ${orderStatusLabels[status]}.`;
  return `Pagamento recebido. Situação do pedido: ${orderStatusLabels[status]}.`;
}

function chargeInput(context: OrdersContext, order: OrderRow): ChargeInput {
  const base = context.config.BASE_URL ?? "";
  return {
    orderId: order.id,
    orderNumber: order.number,
    totalCents: order.totalCents,
    description: `Pedido ${order.number}`,
    payer: { name: order.customerName, email: order.customerEmail, taxId: order.customerTaxId },
    // The checkout's key is only unique per customer (place-order.ts); the provider's key is its merchant's.
    idempotencyKey: `${order.idempotencyKey}:${order.id}`,
    notificationUrl: base.startsWith("https:") ? `${base}/api/payments/mercadopago/webhook` : null,
    returnUrl: `${base}${sitePaths.payment(order.id)}`,
    expiresAt: order.expiresAt,
    offerCard: order.paymentChoice !== "pix",
  };
}

function providerView(row: PaymentRow): OrderPaymentView {
  return {
    kind: "provider",
    provider: "mercadopago",
    status: row.status,
    copy_paste: row.qrCode,
    qr_png_base64: row.qrCodeBase64,
    ticket_url: row.ticketUrl,
    card_checkout_url: row.cardCheckoutUrl,
  };
}

/**
 * How an unpaid order is paid, for the /checkout page: the static Pix code made from the shop's key, the
 * provider's charge (made once, on first need, with the order's idempotency key, and kept), or the
 * manual instructions. A provider that cannot be reached gives "unavailable": the page offers to retry.
 */
export async function paymentOf(context: OrdersContext, order: OrderRow): Promise<OrderPaymentView> {
  if (!unpaidOrderStatuses.includes(order.status))
    return { kind: "none", message: settledMessage(order.status, order.totalCents) };
  try {
    if (order.paymentMethod === "mercadopago") {
      const [stored] = await context.db
        .select()
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.provider, "mercadopago")))
        .orderBy(desc(orderPayments.id))
        .limit(1);
      if (stored && order.status === "pending") return providerView(stored);
    }
    const gateway = await context.services.shop.paymentGateway(order.paymentMethod);
    const charge = await gateway.charge(chargeInput(context, order));
    if (charge.kind === "pix_static") return { kind: "pix_static", copy_paste: charge.copyPaste, qr_svg: charge.qrSvg };
    if (charge.kind === "manual") return { kind: "manual", instructions: charge.instructions };
    const [row] = await context.db
      .insert(orderPayments)
      .values({
        orderId: order.id,
        provider: charge.provider,
        externalId: charge.externalId,
        status: charge.status,
        amountCents: charge.amountCents,
        qrCode: charge.copyPaste,
        qrCodeBase64: charge.qrPngBase64,
        ticketUrl: charge.ticketUrl,
        cardCheckoutUrl: charge.cardCheckoutUrl,
        providerUpdatedAt: charge.updatedAt,
      })
      .onConflictDoUpdate({
        target: [orderPayments.provider, orderPayments.externalId],
        set: {
          qrCode: charge.copyPaste,
          qrCodeBase64: charge.qrPngBase64,
          ticketUrl: charge.ticketUrl,
          cardCheckoutUrl: charge.cardCheckoutUrl,
        },
      })
      .returning();
    if (!row) throw new Error("payment upsert returned nothing");
    return providerView(row);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.logger.warn({ err: error, order: order.id }, "payment charge failed");
    return { kind: "unavailable", message: error.message };
  }
}

export type PaymentOutcome =
  | "paid"
  | "failed"
  | "reversed"
  | "recorded"
  | "stale"
  | "unknown_order"
  | "amount_mismatch";

/**
 * A paid order's payment taken back, as the provider reports it: refunded or charged back, or cancelled
 * after it had been approved (a pending charge cancelled once the order was paid otherwise is no news).
 */
function reversalOf(status: string, before: string | undefined): PaymentReversal | null {
  if (status === before) return null;
  if (status === "refunded" || status === "charged_back") return status;
  if (status === "cancelled" && before === "approved") return "cancelled";
  return null;
}

const REVERSAL_NOTES: Record<PaymentReversal, string> = {
  refunded: "estornado",
  charged_back: "contestado no cartão (chargeback)",
  cancelled: "cancelado",
};

/**
 * Writes a reversal in the order's history, its status unchanged (whether to cancel, or to hold the
 * parcel, is the shop's call), and tells the shop.
 */
async function recordReversal(
  tx: OrdersContext,
  order: OrderRow,
  payment: ProviderPayment,
  reversal: PaymentReversal,
): Promise<void> {
  const provider = PROVIDER_NAMES[payment.provider];
  await tx.db.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actorId: null,
    actorName: provider,
    note: `Pagamento ${payment.externalId} ${REVERSAL_NOTES[reversal]} (${formatBRL(payment.amountCents)}), informou o ${provider}.`,
  });
  await tellOwnerOfReversal(tx, order, {
    provider,
    paymentId: payment.externalId,
    reversal,
    amountCents: payment.amountCents,
    status: orderStatusLabels[order.status],
  });
  tx.announce({ name: "orders.changed", payload: { id: order.id } });
}

/**
 * What a payment provider says of a charge, asked of the provider itself (never taken from a webhook's
 * body). Notices arrive repeated and out of order: one older than what is recorded changes nothing;
 * an approval pays the order only for the whole amount (and tells the shop); a refusal marks a pending
 * order failed; a refund or chargeback of a paid order goes in its history and to the shop.
 */
export async function recordProviderPayment(context: OrdersContext, payment: ProviderPayment): Promise<PaymentOutcome> {
  if (payment.orderId === null) return "unknown_order";
  const orderId = payment.orderId;
  return context.transaction(async (tx) => {
    const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.paymentMethod !== payment.provider) return "unknown_order";
    const [known] = await tx.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.provider, payment.provider), eq(orderPayments.externalId, payment.externalId)))
      .for("update");
    if (known?.providerUpdatedAt && known.providerUpdatedAt >= payment.updatedAt && known.status === payment.status)
      return "stale";
    if (known?.providerUpdatedAt && known.providerUpdatedAt > payment.updatedAt) return "stale";
    const values = {
      status: payment.status,
      amountCents: payment.amountCents,
      providerUpdatedAt: payment.updatedAt,
      updatedAt: new Date(),
    };
    if (known) await tx.db.update(orderPayments).set(values).where(eq(orderPayments.id, known.id));
    else
      await tx.db
        .insert(orderPayments)
        .values({ orderId, provider: payment.provider, externalId: payment.externalId, ...values });
    const outcome = await settle(tx, order, payment, known?.status);
    await tx.services.audit.record({
      actor: null,
      actorName: PROVIDER_NAMES[payment.provider],
      action: "order.payment_notice",
      recordId: order.id,
      recordLabel: orderLabel(order),
      before: { "Situação do pagamento no provedor": known?.status ?? null },
      after: { "Situação do pagamento no provedor": payment.status },
      details: {
        "Pagamento no provedor": payment.externalId,
        Valor: formatBRL(payment.amountCents),
        Resultado: OUTCOME_NOTES[outcome],
      },
    });
    return outcome;
  });
}

type SettledOutcome = Exclude<PaymentOutcome, "stale" | "unknown_order">;

/** What a recorded notice did to its order, as its audit entry tells it. */
const OUTCOME_NOTES: Record<SettledOutcome, string> = {
  paid: `Pedido passou a "${orderStatusLabels.paid}"`,
  failed: `Pedido passou a "${orderStatusLabels.failed}"`,
  reversed: "Estorno ou contestação anotado no histórico do pedido",
  recorded: "Registrado, sem mudar o pedido",
  amount_mismatch: "Valor diferente do total do pedido: o pedido não foi dado como pago",
};

/** What a new state of a charge does to its order (the notice is already recorded). */
async function settle(
  tx: OrdersContext,
  order: OrderRow,
  payment: ProviderPayment,
  before: string | undefined,
): Promise<SettledOutcome> {
  const actor = { id: null, name: PROVIDER_NAMES[payment.provider] };
  if (payment.approved) {
    if (payment.amountCents !== order.totalCents) {
      tx.logger.warn(
        { order: order.id, confirmed: payment.amountCents, total: order.totalCents },
        "payment amount differs from the order total",
      );
      return "amount_mismatch";
    }
    if (!unpaidOrderStatuses.includes(order.status)) return "recorded";
    if (order.status === "failed") await moveOrder(tx, order, "pending", actor, { note: "Novo pagamento" });
    const current = order.status === "failed" ? { ...order, status: "pending" as const } : order;
    await moveOrder(tx, current, "paid", actor, { note: `Pagamento ${payment.externalId} aprovado` });
    await tellOwnerOfPayment(tx, order, { provider: actor.name, paymentId: payment.externalId });
    return "paid";
  }
  const reversal = reversalOf(payment.status, before);
  if (reversal && paidOrderStatuses.includes(order.status)) {
    await recordReversal(tx, order, payment, reversal);
    return "reversed";
  }
  if (payment.failed && order.status === "pending") {
    await moveOrder(tx, order, "failed", actor, { note: `Pagamento ${payment.externalId}: ${payment.status}` });
    return "failed";
  }
  return "recorded";
}

import { paymentProviderLabels } from "../../../common/schemas/payments.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import type { OwnerOrderMail, PaymentReversal } from "../mail/templates/index.ts";
import { orderMail } from "./order-mail.ts";
import type { OrderRow } from "./order-moves.ts";

// The shop's own e-mails about its orders, queued in the transaction of what they tell (the order placed,
// the provider's notice recorded), so one exists exactly when that was committed. Each goes to the address
// the shop's settings give for its notice, or nowhere when it is off or there is no address.

/** Where the shop's answer goes: the customer, unless her data was anonymised. */
const replyTo = (order: OrderRow) => (order.anonymizedAt ? {} : { replyTo: order.customerEmail });

async function ownerOrderMail(tx: ServiceContext, order: OrderRow): Promise<OwnerOrderMail> {
  const base = tx.config.BASE_URL;
  return {
    order: await orderMail(tx, order),
    customerEmail: order.anonymizedAt ? "" : order.customerEmail,
    customerPhone: order.anonymizedAt ? "" : order.customerPhone,
    // From the configuration only: an address taken from a request could point the shop anywhere.
    link: base ? `${base}${accountPaths.order(order.id)}` : null,
  };
}

export async function tellOwnerOfNewOrder(tx: ServiceContext, order: OrderRow): Promise<void> {
  const to = await tx.services.shop.ownerAddress("new_order");
  if (!to) return;
  const mail = await ownerOrderMail(tx, order);
  const paymentMethod = paymentProviderLabels[order.paymentMethod];
  await tx.services.mail.queue("owner-new-order", to, { ...mail, paymentMethod }, replyTo(order));
}

export type ProviderNotice = { provider: string; paymentId: string };

export async function tellOwnerOfPayment(tx: ServiceContext, order: OrderRow, notice: ProviderNotice): Promise<void> {
  const to = await tx.services.shop.ownerAddress("payment_confirmed");
  if (!to) return;
  const mail = await ownerOrderMail(tx, order);
  await tx.services.mail.queue("owner-payment-confirmed", to, { ...mail, ...notice }, replyTo(order));
}

export async function tellOwnerOfReversal(
  tx: ServiceContext,
  order: OrderRow,
  notice: ProviderNotice & { reversal: PaymentReversal; amountCents: number; status: string },
): Promise<void> {
  const to = await tx.services.shop.ownerAddress("payment_reversed");
  if (!to) return;
  const mail = await ownerOrderMail(tx, order);
  await tx.services.mail.queue("owner-payment-reversed", to, { ...mail, ...notice }, replyTo(order));
}

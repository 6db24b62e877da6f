import { paymentProviderLabels } from "../../../common/schemas/payments.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { OwnerOrderMail, PaymentReversal } from "../mail/templates/index.ts";
import type { OrdersContext } from "./context.ts";
import { orderMail } from "./order-mail.ts";
import type { OrderRow } from "./order-moves.ts";

// The shop's own e-mails about its orders, queued in the transaction of what they tell (the order placed,
// the provider's notice recorded), so one exists exactly when that was committed. Each goes to the addresses
// the shop's settings give for its notice (shop.ownerAddresses: in the end, the administrators'), or nowhere
// when it is off.

/** Where the shop's answer goes: the customer, unless her data was anonymised. */
const replyTo = (order: OrderRow) => (order.anonymizedAt ? {} : { replyTo: order.customerEmail });

async function ownerOrderMail(tx: OrdersContext, order: OrderRow): Promise<OwnerOrderMail> {
  const base = tx.config.BASE_URL;
  return {
    order: await orderMail(tx, order),
    customerEmail: order.anonymizedAt ? "" : order.customerEmail,
    customerPhone: order.anonymizedAt ? "" : order.customerPhone,
    // From the configuration only: an address taken from a request could point the shop anywhere.
    link: base ? `${base}${accountPaths.order(order.id)}` : null,
  };
}

export async function tellOwnerOfNewOrder(tx: OrdersContext, order: OrderRow): Promise<void> {
  const addresses = await tx.services.shop.ownerAddresses("new_order");
  if (addresses.length === 0) return;
  const mail = await ownerOrderMail(tx, order);
  const paymentMethod = paymentProviderLabels[order.paymentMethod];
  for (const to of addresses)
    await tx.services.mail.queue("owner-new-order", to, { ...mail, paymentMethod }, replyTo(order));
}

export type ProviderNotice = { provider: string; paymentId: string };

export async function tellOwnerOfPayment(tx: OrdersContext, order: OrderRow, notice: ProviderNotice): Promise<void> {
  const addresses = await tx.services.shop.ownerAddresses("payment_confirmed");
  if (addresses.length === 0) return;
  const mail = await ownerOrderMail(tx, order);
  for (const to of addresses)
    await tx.services.mail.queue("owner-payment-confirmed", to, { ...mail, ...notice }, replyTo(order));
}

export async function tellOwnerOfReversal(
  tx: OrdersContext,
  order: OrderRow,
  notice: ProviderNotice & { reversal: PaymentReversal; amountCents: number; status: string },
): Promise<void> {
  const addresses = await tx.services.shop.ownerAddresses("payment_reversed");
  if (addresses.length === 0) return;
  const mail = await ownerOrderMail(tx, order);
  for (const to of addresses)
    await tx.services.mail.queue("owner-payment-reversed", to, { ...mail, ...notice }, replyTo(order));
}

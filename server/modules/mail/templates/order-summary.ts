import { formatBRL } from "../../../../common/money.ts";
import { type Html, html, multiline } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { OrderMail } from "./mail-data.ts";

const CELL = "padding:6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top";
const RIGHT = `${CELL};text-align:right;white-space:nowrap`;

const itemName = (item: OrderMail["items"][number]) => (item.variant ? `${item.name} (${item.variant})` : item.name);

const days = (count: number) => (count === 1 ? "1 dia útil" : `${count} dias úteis`);

/** "Entrega padrão, até 3 dias úteis"; a pickup or same-day option has no wait to tell. */
const shippingLine = (order: OrderMail) =>
  order.deliveryDays > 0 ? `${order.shippingName}, até ${days(order.deliveryDays)}` : order.shippingName;

/** The discounts' lines, label and amount: the coupon's, then the Pix discount's. */
function discounts(order: OrderMail): [string, string][] {
  const lines: [string, string][] = [];
  if (order.coupon) lines.push([`Cupom ${order.coupon.code}`, `− ${formatBRL(order.coupon.discountCents)}`]);
  if (order.pixDiscountCents > 0) lines.push(["Desconto no Pix", `− ${formatBRL(order.pixDiscountCents)}`]);
  return lines;
}

/** The order's items, totals, shipping and address, as every order e-mail repeats them. */
export function orderSummaryHtml(order: OrderMail): Html {
  const rows = order.items.map(
    (item) =>
      html`<tr><td style="${CELL}">${itemName(item)}<br><span style="color:#6b7280;font-size:13px">${item.quantity} × ${formatBRL(item.unitPriceCents)}</span></td><td style="${RIGHT}">${formatBRL(item.totalCents)}</td></tr>`,
  );
  return html`<h2 style="margin:24px 0 8px;font-size:17px">Pedido nº ${order.number}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">
${rows}
<tr><td style="${CELL}">Subtotal</td><td style="${RIGHT}">${formatBRL(order.subtotalCents)}</td></tr>
<tr><td style="${CELL}">Frete: ${shippingLine(order)}</td><td style="${RIGHT}">${formatBRL(order.shippingCents)}</td></tr>
${discounts(order).map(([label, amount]) => html`<tr><td style="${CELL}">${label}</td><td style="${RIGHT}">${amount}</td></tr>`)}
<tr><td style="padding:8px 0;font-weight:bold">Total</td><td style="padding:8px 0;text-align:right;white-space:nowrap;font-weight:bold">${formatBRL(order.totalCents)}</td></tr>
</table>
<h2 style="margin:24px 0 8px;font-size:17px">Entrega</h2>
<p style="margin:0">${multiline(order.address)}</p>`;
}

export function orderSummaryText(order: OrderMail): string {
  return [
    `Pedido nº ${order.number}`,
    "",
    ...order.items.map(
      (item) =>
        `- ${itemName(item)}: ${item.quantity} × ${formatBRL(item.unitPriceCents)} = ${formatBRL(item.totalCents)}`,
    ),
    "",
    `Subtotal: ${formatBRL(order.subtotalCents)}`,
    `Frete (${shippingLine(order)}): ${formatBRL(order.shippingCents)}`,
    ...discounts(order).map(([label, amount]) => `${label}: ${amount}`),
    `Total: ${formatBRL(order.totalCents)}`,
    "",
    "Entrega:",
    order.address,
  ].join("\n");
}

/**
 * The order's page as the e-mail's button, when there is an address for it: without BASE_URL the e-mail
 * carries no link at all rather than a relative one no mail program can open.
 */
export function viewOrderAction(order: OrderMail): { action?: MailContent["action"] } {
  return order.url ? { action: { label: "Ver o pedido", url: order.url } } : {};
}

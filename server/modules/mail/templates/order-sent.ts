import { html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText } from "./order-summary.ts";

export function orderSent({ order, trackingCode }: MailTemplateData["order-sent"]): MailContent {
  const message = `Olá, ${order.customerName}! O seu pedido nº ${order.number} foi enviado por ${order.shippingName}.`;
  const tracking = "Acompanhe a entrega com o código de rastreamento:";
  return {
    subject: `Pedido nº ${order.number} enviado`,
    heading: "Seu pedido foi enviado",
    html: html`<p style="margin:0 0 8px">${message}</p>
<p style="margin:0">${tracking}</p>
<p style="margin:8px 0 0;font-family:Consolas,Menlo,monospace;font-size:18px;font-weight:bold;letter-spacing:1px">${trackingCode}</p>
${orderSummaryHtml(order)}`,
    text: [message, "", tracking, trackingCode, "", orderSummaryText(order)].join("\n"),
    action: { label: "Ver o pedido", url: order.url },
  };
}

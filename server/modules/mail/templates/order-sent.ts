import { type Html, html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData, TrackingMail } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText, viewOrderAction } from "./order-summary.ts";

const CODE_STYLE = "font-family:Consolas,Menlo,monospace;font-size:18px;font-weight:bold;letter-spacing:1px";

/** The code, and the carrier's tracking page when it has one. */
function trackingPart(tracking: TrackingMail): { html: Html; text: string[] } {
  const follow = `Acompanhe a entrega com o código de rastreamento (${tracking.carrier}):`;
  if (tracking.url === null)
    return {
      html: html`<p style="margin:0">${follow}</p>
<p style="margin:8px 0 0;${CODE_STYLE}">${tracking.code}</p>`,
      text: [follow, tracking.code],
    };
  const link = "Rastrear a encomenda no site da transportadora";
  return {
    html: html`<p style="margin:0">${follow}</p>
<p style="margin:8px 0 0;${CODE_STYLE}">${tracking.code}</p>
<p style="margin:8px 0 0"><a href="${tracking.url}">${link}</a></p>`,
    text: [follow, tracking.code, "", `${link}: ${tracking.url}`],
  };
}

export function orderSent({ order, tracking }: MailTemplateData["order-sent"]): MailContent {
  const message = `Olá, ${order.customerName}! O seu pedido nº ${order.number} foi enviado por ${order.shippingName}.`;
  const part = trackingPart(tracking);
  return {
    subject: `Pedido nº ${order.number} enviado`,
    heading: "Seu pedido foi enviado",
    html: html`<p style="margin:0 0 8px">${message}</p>
${part.html}
${orderSummaryHtml(order)}`,
    text: [message, "", ...part.text, "", orderSummaryText(order)].join("\n"),
    ...(tracking.url ? { action: { label: "Rastrear encomenda", url: tracking.url } } : viewOrderAction(order)),
  };
}

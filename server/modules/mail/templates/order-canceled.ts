import { html, multiline } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText, viewOrderAction } from "./order-summary.ts";

export function orderCanceled({ order, reason }: MailTemplateData["order-canceled"]): MailContent {
  const message = `Olá, ${order.customerName}. O seu pedido nº ${order.number} foi cancelado.`;
  const questions = "Se tiver alguma dúvida, fale conosco pela página de contato do site.";
  return {
    subject: `Pedido nº ${order.number} cancelado`,
    heading: "Pedido cancelado",
    html: html`<p style="margin:0 0 8px">${message}</p>
${reason ? html`<p style="margin:0 0 8px"><strong>Motivo:</strong> ${multiline(reason)}</p>` : null}
<p style="margin:0 0 8px">${questions}</p>
${orderSummaryHtml(order)}`,
    text: [message, ...(reason ? ["", `Motivo: ${reason}`] : []), "", questions, "", orderSummaryText(order)].join(
      "\n",
    ),
    ...viewOrderAction(order),
  };
}

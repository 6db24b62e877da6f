import { html, multiline } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText, viewOrderAction } from "./order-summary.ts";

/** Any other step of the order ("Em processamento", "Produto recebido"...), with the administrator's note. */
export function orderStatus({ order, status, note }: MailTemplateData["order-status"]): MailContent {
  const message = `Olá, ${order.customerName}. O seu pedido nº ${order.number} mudou de situação: ${status}.`;
  return {
    subject: `Pedido nº ${order.number}: ${status}`,
    heading: status,
    html: html`<p style="margin:0 0 8px">${message}</p>
${note ? html`<p style="margin:0 0 8px"><strong>Observação:</strong> ${multiline(note)}</p>` : null}
${orderSummaryHtml(order)}`,
    text: [message, ...(note ? ["", `Observação: ${note}`] : []), "", orderSummaryText(order)].join("\n"),
    ...viewOrderAction(order),
  };
}

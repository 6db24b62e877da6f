import { html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText, viewOrderAction } from "./order-summary.ts";

export function orderPaid({ order }: MailTemplateData["order-paid"]): MailContent {
  const message = `Olá, ${order.customerName}! Confirmamos o pagamento do seu pedido nº ${order.number}. Agora vamos prepará-lo para o envio e avisaremos quando ele sair.`;
  return {
    subject: `Pagamento confirmado: pedido nº ${order.number}`,
    heading: "Pagamento confirmado",
    html: html`<p style="margin:0 0 8px">${message}</p>
${orderSummaryHtml(order)}`,
    text: [message, "", orderSummaryText(order)].join("\n"),
    ...viewOrderAction(order),
  };
}

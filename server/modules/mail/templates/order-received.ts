import { formatBRL } from "../../../../common/money.ts";
import { type Html, html, multiline } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData, PaymentMail } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText, viewOrderAction } from "./order-summary.ts";

const CODE_BOX =
  "margin:8px 0 0;padding:12px;background:#f4f4f5;border:1px solid #e5e7eb;font-family:Consolas,Menlo,monospace;font-size:13px;word-break:break-all";

const DEADLINE = "margin:12px 0 0;font-weight:600";

/** How to pay and until when, in both bodies; nothing when there is nothing to pay now. */
function paymentPart(payment: PaymentMail, totalCents: number): { html: Html | null; text: string[] } {
  if (payment.kind === "none") return { html: null, text: [] };
  const how = howToPay(payment, formatBRL(totalCents));
  return {
    html: html`${how.html}
<p style="${DEADLINE}">${payment.payBy}</p>`,
    text: [...how.text, "", payment.payBy],
  };
}

function howToPay(payment: Exclude<PaymentMail, { kind: "none" }>, total: string): { html: Html; text: string[] } {
  switch (payment.kind) {
    case "pix":
      return {
        html: html`<h2 style="margin:24px 0 8px;font-size:17px">Pague com Pix</h2>
<p style="margin:0">Abra o app do seu banco, escolha <strong>Pix Copia e Cola</strong> e cole o código abaixo para pagar <strong>${total}</strong>. Confirmaremos o pedido assim que o pagamento chegar.</p>
<p style="${CODE_BOX}">${payment.copyPaste}</p>`,
        text: [
          "Pague com Pix",
          `Abra o app do seu banco, escolha Pix Copia e Cola e cole o código abaixo para pagar ${total}. Confirmaremos o pedido assim que o pagamento chegar.`,
          "",
          payment.copyPaste,
        ],
      };
    case "link": {
      const where = payment.url ? "pelo botão abaixo" : "na página do pedido, em Meus pedidos no site da loja";
      const whereText = payment.url ? "pelo endereço abaixo" : "na página do pedido, em Meus pedidos no site da loja";
      return {
        html: html`<h2 style="margin:24px 0 8px;font-size:17px">Pagamento</h2>
<p style="margin:0">Pague <strong>${total}</strong> ${where}. Confirmaremos o pedido assim que o pagamento for aprovado.</p>`,
        text: ["Pagamento", `Pague ${total} ${whereText}. Confirmaremos o pedido assim que o pagamento for aprovado.`],
      };
    }
    case "manual":
      return {
        html: html`<h2 style="margin:24px 0 8px;font-size:17px">Como pagar</h2>
<p style="margin:0">Valor: <strong>${total}</strong></p>
<p style="margin:8px 0 0">${multiline(payment.instructions)}</p>`,
        text: ["Como pagar", `Valor: ${total}`, "", payment.instructions],
      };
  }
}

export function orderReceived({ order, payment }: MailTemplateData["order-received"]): MailContent {
  const pay = paymentPart(payment, order.totalCents);
  const greeting = `Olá, ${order.customerName}! Recebemos o seu pedido nº ${order.number}.`;
  const follow = order.url
    ? "Você pode acompanhar o pedido a qualquer momento na sua conta."
    : "Você pode acompanhar o pedido a qualquer momento na sua conta, em Meus pedidos, no site da loja.";
  return {
    subject: `Pedido nº ${order.number} recebido`,
    heading: "Recebemos o seu pedido",
    html: html`<p style="margin:0 0 8px">${greeting}</p>
${pay.html}
${orderSummaryHtml(order)}
<p style="margin:24px 0 0">${follow} ${order.url ? html`<a href="${order.url}">Ver o pedido</a>` : null}</p>`,
    text: [
      greeting,
      ...(pay.text.length ? ["", ...pay.text] : []),
      "",
      orderSummaryText(order),
      "",
      follow,
      ...(order.url ? [order.url] : []),
    ].join("\n"),
    ...(payment.kind === "link" && payment.url
      ? { action: { label: "Pagar agora", url: payment.url } }
      : viewOrderAction(order)),
  };
}

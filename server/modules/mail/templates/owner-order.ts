import { formatPhone } from "../../../../common/brazil/phone.ts";
import { formatBRL } from "../../../../common/money.ts";
import { type Html, html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData, OwnerOrderMail, PaymentReversal } from "./mail-data.ts";
import { orderSummaryHtml, orderSummaryText } from "./order-summary.ts";

// The shop's own e-mails about its orders: to the address set in /conta/shop (or the site's public one),
// answered straight to the customer (the outbox's reply-to).

const ANSWER = "Responda a este e-mail para escrever a quem fez o pedido.";

/** "Joana Silva (joana@example.com, (81) 98765-4321)": without the contact an anonymised order keeps none of. */
function buyer({ order, customerEmail, customerPhone }: OwnerOrderMail): string {
  const contact = [customerEmail, customerPhone ? formatPhone(customerPhone) : ""].filter(Boolean).join(", ");
  return contact ? `${order.customerName} (${contact})` : order.customerName;
}

/** The order's page in the account area, in both bodies, when BASE_URL gives one. */
function orderLink(mail: OwnerOrderMail): { html: Html | null; text: string[]; action?: MailContent["action"] } {
  if (mail.link === null) return { html: null, text: [] };
  return {
    html: html`<p style="margin:24px 0 0">Veja o pedido na área administrativa: <a href="${mail.link}">${mail.link}</a></p>`,
    text: ["", `Veja o pedido na área administrativa: ${mail.link}`],
    action: { label: "Ver o pedido", url: mail.link },
  };
}

function ownerMail(mail: OwnerOrderMail, parts: { subject: string; heading: string; lines: string[] }): MailContent {
  const link = orderLink(mail);
  return {
    subject: parts.subject,
    heading: parts.heading,
    html: html`${parts.lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
${orderSummaryHtml(mail.order)}
${link.html}
<p style="margin:16px 0 0;color:#6b7280;font-size:13px">${ANSWER}</p>`,
    text: [...parts.lines, "", orderSummaryText(mail.order), ...link.text, "", ANSWER].join("\n"),
    ...(link.action ? { action: link.action } : {}),
  };
}

export function ownerNewOrder(mail: MailTemplateData["owner-new-order"]): MailContent {
  const { order } = mail;
  const total = formatBRL(order.totalCents);
  return ownerMail(mail, {
    subject: `Novo pedido nº ${order.number}: ${total} de ${order.customerName}`,
    heading: "Novo pedido na loja",
    lines: [
      `${buyer(mail)} fez o pedido nº ${order.number}, de ${total}.`,
      `Forma de pagamento: ${mail.paymentMethod}.`,
    ],
  });
}

export function ownerPaymentConfirmed(mail: MailTemplateData["owner-payment-confirmed"]): MailContent {
  const { order } = mail;
  const total = formatBRL(order.totalCents);
  return ownerMail(mail, {
    subject: `Pagamento confirmado pelo ${mail.provider}: pedido nº ${order.number} (${total})`,
    heading: "Pagamento confirmado",
    lines: [
      `O ${mail.provider} confirmou o pagamento ${mail.paymentId}, de ${total}, do pedido nº ${order.number} de ${buyer(mail)}.`,
      "O pedido já está como “Pagamento confirmado”: pode separá-lo para o envio.",
    ],
  });
}

const REVERSALS: Record<PaymentReversal, { subject: string; heading: string; happened: string }> = {
  refunded: {
    subject: "Estorno",
    heading: "Pagamento estornado",
    happened: "foi estornado (o valor volta a quem pagou)",
  },
  charged_back: {
    subject: "Contestação (chargeback)",
    heading: "Pagamento contestado",
    happened: "foi contestado junto ao cartão (chargeback) e o valor foi retirado",
  },
  cancelled: { subject: "Cancelamento", heading: "Pagamento cancelado", happened: "foi cancelado" },
};

export function ownerPaymentReversed(mail: MailTemplateData["owner-payment-reversed"]): MailContent {
  const { order } = mail;
  const reversal = REVERSALS[mail.reversal];
  return ownerMail(mail, {
    subject: `${reversal.subject} no pedido nº ${order.number}: ${mail.provider}`,
    heading: reversal.heading,
    lines: [
      `O ${mail.provider} informou que o pagamento ${mail.paymentId}, de ${formatBRL(mail.amountCents)}, do pedido nº ${order.number} de ${buyer(mail)} ${reversal.happened}.`,
      `O pedido continua como “${mail.status}”: confira com o ${mail.provider} e, se for o caso, cancele o pedido ou segure o envio. O aviso também está no histórico do pedido.`,
    ],
  });
}

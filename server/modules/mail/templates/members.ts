import { formatBRL } from "../../../../common/money.ts";
import { html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

const day = (date: string) => date.split("-").reverse().join("/");

/** Her proposal approved: her number, her plan and her first due, with where to pay it. */
export function memberApproved(mail: MailTemplateData["member-approved"]): MailContent {
  const lines = [
    `Olá, ${mail.name}. Sua proposta de associação foi aprovada: boas-vindas!`,
    `Seu número de associado é ${mail.number}, no plano ${mail.planName}.`,
    `Sua primeira mensalidade, de ${formatBRL(mail.firstDueCents)}, vence em ${day(mail.firstDueOn)}.`,
  ];
  const after = mail.accountUrl
    ? "Em “Minha associação”, na sua conta do site, estão o código Pix de cada mensalidade, os recibos e a sua carteirinha."
    : "Crie uma conta no site com este e-mail para ver o código Pix de cada mensalidade, os recibos e a sua carteirinha.";
  return {
    subject: `Proposta aprovada: associado nº ${mail.number}`,
    heading: "Proposta de associação aprovada",
    html: html`${lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
<p style="margin:16px 0 0">${after}</p>`,
    text: [...lines, after].join("\n\n"),
    ...(mail.accountUrl ? { action: { label: "Abrir minha associação", url: mail.accountUrl } } : {}),
  };
}

/** Her proposal refused, with the reason the administrator gave. */
export function memberRefused(mail: MailTemplateData["member-refused"]): MailContent {
  const lines = [
    `Olá, ${mail.name}. Sua proposta de associação não foi aprovada.`,
    ...(mail.reason ? [`Motivo: ${mail.reason}`] : []),
    "Em caso de dúvida, responda a este e-mail ou fale conosco pelo site.",
  ];
  return {
    subject: "Proposta de associação não aprovada",
    heading: "Proposta de associação não aprovada",
    html: html`${lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}`,
    text: lines.join("\n\n"),
  };
}

/** A due's reminder: before its day, on it, or late; with its Pix code, Asaas's payment page if any, and her page. */
export function memberDueReminder(mail: MailTemplateData["member-due-reminder"]): MailContent {
  const amount = formatBRL(mail.amountCents);
  const when =
    mail.when === "before"
      ? `vence em ${mail.days} ${mail.days === 1 ? "dia" : "dias"}, em ${day(mail.dueOn)}`
      : mail.when === "on_day"
        ? `vence hoje, ${day(mail.dueOn)}`
        : `venceu em ${day(mail.dueOn)} e ainda não recebemos o pagamento`;
  const opening = `Olá, ${mail.name}. A mensalidade de ${mail.periodLabel}, de ${amount}, ${when}.`;
  const pix = mail.pixCode ? ["Pague pelo Pix com o código abaixo (Pix Copia e Cola):", mail.pixCode] : [];
  const pageText = `${mail.pixCode ? "Ou pague" : "Pague"} pela página de pagamento do Asaas:`;
  const closing = "Se você já pagou, desconsidere este e-mail.";
  const paragraph = (line: string) => html`<p style="margin:0 0 8px;word-break:break-all">${line}</p>`;
  const subject =
    mail.when === "after"
      ? `Mensalidade em atraso: ${mail.periodLabel}`
      : `Lembrete: mensalidade de ${mail.periodLabel} ${mail.when === "on_day" ? "vence hoje" : `vence em ${day(mail.dueOn)}`}`;
  // Asaas's page is where she pays: the e-mail's button, her account's page its link.
  const action = mail.paymentUrl
    ? { label: "Pagar a mensalidade", url: mail.paymentUrl }
    : mail.accountUrl
      ? { label: "Abrir minha associação", url: mail.accountUrl }
      : null;
  return {
    subject,
    heading: mail.when === "after" ? "Mensalidade em atraso" : "Lembrete de mensalidade",
    html: html`${[opening, ...pix].map(paragraph)}${
      mail.paymentUrl
        ? html`<p style="margin:0 0 8px;word-break:break-all">${pageText} <a href="${mail.paymentUrl}">${mail.paymentUrl}</a></p>`
        : null
    }${paragraph(closing)}`,
    text: [opening, ...pix, ...(mail.paymentUrl ? [`${pageText} ${mail.paymentUrl}`] : []), closing].join("\n\n"),
    ...(action ? { action } : {}),
  };
}

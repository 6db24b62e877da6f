import { html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

/** The customer's e-mail once her order's nota fiscal is authorised: its number, key and files. */
export function fiscalNoteIssued(mail: MailTemplateData["fiscal-note-issued"]): MailContent {
  const lines = [
    `Olá, ${mail.customerName}. A nota fiscal do seu pedido ${mail.orderNumber} foi autorizada pela SEFAZ.`,
    `Nota fiscal nº ${mail.noteNumber}, série ${mail.series}.`,
    `Chave de acesso: ${mail.accessKey}`,
  ];
  const links = [
    ...(mail.danfeUrl ? [{ label: "Baixar a DANFE (PDF)", url: mail.danfeUrl }] : []),
    ...(mail.xmlUrl ? [{ label: "Baixar o XML da nota", url: mail.xmlUrl }] : []),
  ];
  const after = mail.orderUrl
    ? "Os arquivos ficam também na página do pedido, em “Meus pedidos”."
    : "Os arquivos ficam também na página do pedido, em “Meus pedidos”, na sua conta da loja.";
  return {
    subject: `Nota fiscal emitida: pedido ${mail.orderNumber}`,
    heading: "Nota fiscal emitida",
    html: html`${lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
${links.map((link) => html`<p style="margin:8px 0 0"><a href="${link.url}">${link.label}</a></p>`)}
<p style="margin:16px 0 0">${after}</p>`,
    text: [...lines, ...links.map((link) => `${link.label}: ${link.url}`), after].join("\n\n"),
    ...(mail.orderUrl ? { action: { label: "Ver o pedido", url: mail.orderUrl } } : {}),
  };
}

/** The shop's e-mail when SEFAZ rejects or denies a note: what it said, and the order's page to fix it. */
export function ownerFiscalNoteFailed(mail: MailTemplateData["owner-fiscal-note-failed"]): MailContent {
  const denied = mail.outcome === "denied";
  const lines = [
    denied
      ? `A SEFAZ denegou a nota fiscal do pedido ${mail.orderNumber}: o uso da nota foi negado e ela não pode ser emitida de novo com esta numeração.`
      : `A SEFAZ rejeitou a nota fiscal do pedido ${mail.orderNumber}. O pedido e o pagamento continuam como estão; corrija o que a SEFAZ apontou e use “Emitir novamente” na página do pedido.`,
    `${mail.sefazStatus ? `${mail.sefazStatus}: ` : ""}${mail.sefazMessage}`,
  ];
  const link = mail.link;
  return {
    subject: `Nota fiscal ${denied ? "denegada" : "rejeitada"}: pedido ${mail.orderNumber}`,
    heading: denied ? "Nota fiscal denegada" : "Nota fiscal rejeitada",
    html: html`${lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
${link ? html`<p style="margin:16px 0 0">Abra o pedido: <a href="${link}">${link}</a></p>` : null}`,
    text: [...lines, ...(link ? [`Abra o pedido: ${link}`] : [])].join("\n\n"),
    ...(link ? { action: { label: "Abrir o pedido", url: link } } : {}),
  };
}

import { formatDateTime } from "../../../../common/dates/format.ts";
import { html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

/** The shop's e-mail when a carrier keeps failing its quotes (server/modules/shop/carrier-health.ts): once per incident. */
export function ownerCarrierFailing(mail: MailTemplateData["owner-carrier-failing"]): MailContent {
  const lines = [
    `As cotações de frete pelo ${mail.carrier} estão falhando desde ${formatDateTime(mail.since)} (${mail.failures} ${mail.failures === 1 ? "falha" : "falhas seguidas"}). Enquanto isso, os clientes leem “${mail.carrier} indisponível no momento” e não podem escolher esse frete; se for o único, ninguém consegue comprar.`,
    mail.reason,
    "Avisaremos de novo se voltar a falhar depois de funcionar.",
  ];
  const link = mail.link;
  return {
    subject: `Frete pelo ${mail.carrier} fora do ar na loja`,
    heading: `O ${mail.carrier} não está cotando fretes`,
    html: html`${lines.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
${link ? html`<p style="margin:16px 0 0">Confira as configurações da loja: <a href="${link}">${link}</a></p>` : null}`,
    text: [...lines, ...(link ? ["", `Confira as configurações da loja: ${link}`] : [])].join("\n\n"),
    ...(link ? { action: { label: "Abrir as configurações da loja", url: link } } : {}),
  };
}

import { html } from "./html.ts";
import type { MailContent, MailSite } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

/**
 * To the address an account had until now: who changed it (she or an administrator), to what (partly
 * hidden: a stranger's inbox may read this), and what to do when it was not her. She can no longer sign
 * in or reset the password with this address, so the way back is the site's team.
 */
export function emailChanged(
  { name, newEmail, changedAt, byAdmin, contactUrl }: MailTemplateData["email-changed"],
  site: MailSite,
): MailContent {
  const change = byAdmin
    ? `Um administrador do site trocou o e-mail da sua conta em ${site.title} para ${newEmail}`
    : `O e-mail da sua conta em ${site.title} foi trocado para ${newEmail}`;
  const message = `Olá, ${name}. ${change} em ${changedAt}. De agora em diante, a conta entra com o novo endereço.`;
  const notYou =
    "Se não foi você quem pediu essa troca, alguém pode estar usando a sua conta: fale com a equipe do site o quanto antes para recuperar o acesso. Este endereço não serve mais para entrar nem para criar uma nova senha.";
  return {
    subject: "O e-mail da sua conta foi alterado",
    heading: "O e-mail da sua conta foi alterado",
    html: html`<p style="margin:0 0 8px">${message}</p>
<p style="margin:0">${notYou}</p>`,
    text: [message, "", notYou].join("\n"),
    ...(contactUrl ? { action: { label: "Falar com a equipe", url: contactUrl } } : {}),
  };
}

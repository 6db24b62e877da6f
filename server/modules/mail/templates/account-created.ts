import { html } from "./html.ts";
import type { MailContent, MailSite } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

export function accountCreated({ name, loginUrl }: MailTemplateData["account-created"], site: MailSite): MailContent {
  const message = `Olá, ${name}! A sua conta em ${site.title} foi criada. Entre com o seu e-mail e a senha que você escolheu para acompanhar os seus pedidos e atualizar os seus dados.`;
  return {
    subject: `Bem-vindo(a) a ${site.title}`,
    heading: "Sua conta foi criada",
    html: html`<p style="margin:0">${message}</p>`,
    text: message,
    action: { label: "Entrar", url: loginUrl },
  };
}

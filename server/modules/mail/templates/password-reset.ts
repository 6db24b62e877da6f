import { html } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

export function passwordReset({ name, link }: MailTemplateData["password-reset"]): MailContent {
  const message = `Olá, ${name}. Recebemos um pedido para criar uma nova senha para a sua conta. Use o botão abaixo: o link vale por 1 hora e só pode ser usado uma vez.`;
  const ignore = "Se você não pediu uma nova senha, ignore este e-mail: a sua senha atual continua a mesma.";
  return {
    subject: "Criar uma nova senha",
    heading: "Criar uma nova senha",
    html: html`<p style="margin:0 0 8px">${message}</p>
<p style="margin:0;color:#6b7280;font-size:13px">${ignore}</p>`,
    text: [message, "", ignore].join("\n"),
    action: { label: "Criar nova senha", url: link },
  };
}

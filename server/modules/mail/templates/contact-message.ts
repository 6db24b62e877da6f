import { html, multiline } from "./html.ts";
import type { MailContent } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

/** To the site's own address: a message arrived through the contact form. */
export function contactMessage({ name, email, message }: MailTemplateData["contact-message"]): MailContent {
  return {
    subject: `Nova mensagem de contato de ${name}`,
    heading: "Nova mensagem de contato",
    html: html`<p style="margin:0 0 4px"><strong>Nome:</strong> ${name}</p>
<p style="margin:0 0 16px"><strong>E-mail:</strong> <a href="mailto:${email}">${email}</a></p>
<p style="margin:0;padding:12px;background:#f4f4f5;border-left:4px solid #d4d4d8">${multiline(message)}</p>
<p style="margin:16px 0 0;color:#6b7280;font-size:13px">Para responder, responda a este e-mail ou escreva para ${email}. A mensagem também fica em Contatos, na área administrativa do site.</p>`,
    text: [
      `Nome: ${name}`,
      `E-mail: ${email}`,
      "",
      message,
      "",
      `Para responder, responda a este e-mail ou escreva para ${email}. A mensagem também fica em Contatos, na área administrativa do site.`,
    ].join("\n"),
  };
}

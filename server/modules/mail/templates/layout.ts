import { type Html, html } from "./html.ts";

/** What every e-mail shows of the site: its title, main colour and address (none before BASE_URL is set). */
export type MailSite = { title: string; primaryColor: string; url: string | null };

/** A template's own part of an e-mail; the layout adds the site around it. */
export type MailContent = {
  subject: string;
  heading: string;
  html: Html;
  text: string;
  /** The one button the e-mail leads to (the order, the new password's page...). */
  action?: { label: string; url: string };
};

export type RenderedMail = { subject: string; text: string; html: string };

/** Black or white, whichever reads better on `hex` (#rrggbb), by the WCAG relative luminance. */
function textOn(hex: string): string {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  return luminance > 0.179 ? "#111111" : "#ffffff";
}

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.5";

/** Wraps a template's content in the site's frame: tables and inline styles, as mail programs need. */
export function layout(content: MailContent, site: MailSite): RenderedMail {
  const colour = site.primaryColor;
  const button = content.action
    ? html`<p style="margin:24px 0 8px"><a href="${content.action.url}" style="display:inline-block;background:${colour};color:${textOn(colour)};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${content.action.label}</a></p>`
    : null;
  const siteLink = site.url ? html` · <a href="${site.url}" style="color:#6b7280">${site.url}</a>` : null;
  const page = html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${content.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-top:6px solid ${colour};${FONT}">
<tr><td style="padding:24px 28px 0;font-size:18px;font-weight:bold">${site.title}</td></tr>
<tr><td style="padding:16px 28px 8px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${content.heading}</h1>
${content.html}
${button}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">Mensagem automática de ${site.title}${siteLink}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    site.title,
    "",
    content.heading,
    "",
    content.text,
    ...(content.action ? ["", `${content.action.label}: ${content.action.url}`] : []),
    "",
    "--",
    `Mensagem automática de ${site.title}`,
    ...(site.url ? [site.url] : []),
    "",
  ].join("\n");
  return { subject: content.subject, text, html: page.markup };
}

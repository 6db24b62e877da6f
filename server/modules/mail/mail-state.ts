import { createSmtpMailer } from "../../adapters/mail/smtp-mailer.ts";
import type { PlatformDeps } from "../../kernel/area.ts";
import type { ServicesOf } from "../../services.ts";
import { createMailDelivery } from "./mail-delivery.ts";

/** `"Título" <addr>`, the title quoted as RFC 5322 wants it. */
const mailbox = (name: string, address: string) => `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;

/** no-reply@ the public address's domain ("www." dropped), or @localhost before BASE_URL is set. */
function noReplyAddress(baseUrl: string | undefined): string {
  const host = baseUrl ? new URL(baseUrl).hostname.replace(/^www\./, "") : "localhost";
  return `no-reply@${host}`;
}

/** Per process: the mailer SMTP_URL names, if any, and the one delivery of the outbox. */
export function createMailState(deps: PlatformDeps & { services: ServicesOf<"settings"> }) {
  const { config } = deps;
  const mailer = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : null;
  const delivery = createMailDelivery({
    db: deps.database.db,
    mailer,
    logger: deps.logger,
    async from() {
      if (config.MAIL_FROM) return config.MAIL_FROM;
      const settings = await deps.services.settings.get();
      return mailbox(settings?.title || "cms", noReplyAddress(config.BASE_URL));
    },
  });
  return { delivery, smtpConfigured: mailer !== null };
}

export type MailState = ReturnType<typeof createMailState>;

import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";

/**
 * Short waits: a server that does not answer fails the attempt quickly and the outbox tries again
 * later, instead of holding a batch for minutes.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * A mailer speaking SMTP to the server of `url`: smtp://user:password@host:587 (STARTTLS when the
 * server offers it) or smtps://user:password@host:465 (TLS from the start). Credentials are
 * percent-encoded in the address. One connection per message: the site sends a few an hour.
 */
export function createSmtpMailer(url: string): Mailer {
  const address = new URL(url);
  const secure = address.protocol === "smtps:";
  const transport = nodemailer.createTransport({
    host: address.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: address.port ? Number(address.port) : secure ? 465 : 587,
    secure,
    auth: address.username
      ? { user: decodeURIComponent(address.username), pass: decodeURIComponent(address.password) }
      : undefined,
    ...TIMEOUTS,
  });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

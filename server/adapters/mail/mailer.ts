/** One e-mail as it leaves the site: both bodies, so every mail program shows one it can. */
export type MailMessage = {
  from: string;
  to: string;
  /** Where an answer goes, when not to the site. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * Hands messages to a mail server. `send` resolves once the server has accepted the message and
 * rejects when it refuses it or cannot be reached in time; the outbox (server/modules/mail/) retries.
 */
export type Mailer = { send(message: MailMessage): Promise<void> };

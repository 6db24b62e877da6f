import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

// A real SMTP peer on 127.0.0.1 (the smtp-server package): it asks for the credentials of the address
// it gives, refuses recipients whose mailbox starts with "recusado", and keeps every message it
// accepts, parsed. Tests never reach a real mail server.

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The Reply-To header's text; empty without one. */
  replyTo: string;
  subject: string;
  text: string;
  html: string;
};

export type FakeSmtpServer = {
  port: number;
  /** smtp://user:password@127.0.0.1:port, as SMTP_URL takes it. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages arrived in all; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export const FAKE_SMTP_USER = "loja@example.com";
export const FAKE_SMTP_PASSWORD = "senha smtp/1";

/** `port` 0 takes a free one; give the port of a closed fake to bring "the same server" back. */
export async function startFakeSmtpServer(port = 0): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback: no certificate to offer, so no STARTTLS and AUTH allowed without it.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_USER && auth.password === FAKE_SMTP_PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (!address.address.startsWith("recusado")) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((group) => group.value.map((mailbox) => mailbox.address ?? ""));
          received.push({
            from: parsed.from?.text ?? "",
            to,
            replyTo: parsed.replyTo?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  const credentials = `${encodeURIComponent(FAKE_SMTP_USER)}:${encodeURIComponent(FAKE_SMTP_PASSWORD)}`;
  return {
    port: actual,
    url: `smtp://${credentials}@127.0.0.1:${actual}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

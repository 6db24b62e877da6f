import { type SQL, sql } from "drizzle-orm";
import { formatDateTime } from "../../../common/dates/format.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { UsersContext } from "./context.ts";
import { users } from "./tables.ts";

/**
 * How many former addresses an account keeps. They serve her data export and, when she deletes her
 * account, finding the outbox e-mails sent to her. Nobody honest changes address ten times, while a script
 * holding her session and password could otherwise grow the row without end; past ten, the oldest goes
 * (its outbox e-mails are then no longer found by that deletion, a cost paid only by such a history).
 */
export const FORMER_EMAILS_KEPT = 10;

/**
 * users.former_emails after a change from `old` to `next`: `old` the newest former address, `next` no
 * longer among them, the oldest dropped past FORMER_EMAILS_KEPT.
 */
export function formerEmailsAfter(old: string, next: string): SQL {
  const moved = sql`array_remove(array_append(array_remove(${users.formerEmails}, ${old}), ${old}), ${next})`;
  return sql`(${moved})[greatest(cardinality(${moved}) - ${FORMER_EMAILS_KEPT - 1}, 1):]`;
}

/**
 * "no***@example.com": enough for her to recognise an address of hers, too little for a stranger who
 * reads the old inbox to learn the new one.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`;
}

/**
 * What follows an account's e-mail change, in the transaction that made it: the old address is told (a
 * borrowed session must not turn into a silent takeover through 'Esqueci minha senha'). The reset links
 * still waiting in the old inbox are the sign-in's to spend (server/flows/accounts.ts).
 */
export async function afterEmailChange(
  tx: UsersContext,
  account: { id: number; name: string; oldEmail: string; newEmail: string },
  byAdmin: boolean,
): Promise<void> {
  const now = new Date();
  const base = tx.config.BASE_URL;
  await tx.services.mail.queue("email-changed", account.oldEmail, {
    name: account.name,
    newEmail: maskEmail(account.newEmail),
    changedAt: formatDateTime(now),
    byAdmin,
    contactUrl: base ? `${base}${sitePaths.contact}` : null,
  });
}

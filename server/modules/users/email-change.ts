import { and, eq, isNull } from "drizzle-orm";
import { formatDateTime } from "../../../common/dates/format.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { passwordResets } from "../auth/tables.ts";

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
 * What follows an account's e-mail change, in the transaction that made it: the old address is told
 * (a borrowed session must not turn into a silent takeover through 'Esqueci minha senha'), and reset
 * links still waiting in the old inbox stop working.
 */
export async function afterEmailChange(
  tx: ServiceContext,
  account: { id: number; name: string; oldEmail: string; newEmail: string },
  byAdmin: boolean,
): Promise<void> {
  const now = new Date();
  await tx.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, account.id), isNull(passwordResets.usedAt)));
  const base = tx.config.BASE_URL;
  await tx.services.mail.queue("email-changed", account.oldEmail, {
    name: account.name,
    newEmail: maskEmail(account.newEmail),
    changedAt: formatDateTime(now),
    byAdmin,
    contactUrl: base ? `${base}${sitePaths.contact}` : null,
  });
}

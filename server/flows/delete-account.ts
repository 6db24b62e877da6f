import { type Actor, requireUser } from "../kernel/access.ts";
import type { Services } from "../services.ts";

/** What stays of a removed customer on her orders, their history and her contact messages. */
export const REMOVED_CUSTOMER = "Cliente removido";
const WRONG_PASSWORD = "Senha incorreta";

/**
 * Deletes the signed-in account (LGPD art. 18), once her password is checked. Her orders stay for the
 * fiscal record (art. 16) with the personal data taken out (server/modules/orders/order-anonymization.ts).
 * Her contact messages stay too, without her name, e-mail and words (server/modules/contacts). The
 * e-mails sent to any address of hers go (server/modules/mail); sessions, saved addresses and reset links
 * go with the user row. The last super user cannot leave. All of it in one transaction: a failure midway
 * leaves her account, orders and e-mails as they were.
 */
export async function deleteAccount(services: Services, actor: Actor | null, password: string): Promise<void> {
  const { id } = requireUser(actor);
  await services.users.verifyOwnPassword(id, password, "password", WRONG_PASSWORD);
  await services.transaction(async (tx) => {
    await tx.users.lockForOwnRemoval(id);
    // Read before her orders lose their copies of her e-mail.
    const addresses = distinctLowerCase([
      ...(await tx.users.addressesOf(id)),
      ...(await tx.orders.customerEmailsOf(id)),
    ]);
    await tx.orders.anonymizeCustomer(id, REMOVED_CUSTOMER);
    await tx.contacts.anonymizeSender(addresses, REMOVED_CUSTOMER);
    await tx.mail.deleteMailOf(addresses);
    await tx.users.removeOwnAccount(id);
  });
}

/** The outbox and the contact messages are searched in lower case. */
function distinctLowerCase(emails: string[]): string[] {
  return [...new Set(emails.filter(Boolean).map((email) => email.toLowerCase()))];
}

import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders } from "./tables.ts";

/**
 * A customer's orders once she deletes her account (server/flows/delete-account.ts): they stay for the
 * fiscal record (LGPD art. 16) with her personal data taken out; the state and city of the delivery stay.
 */
export function orderAnonymization(db: Db) {
  return {
    /** The addresses her orders were placed with: the e-mails sent about them went there. */
    async customerEmailsOf(userId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ email: orders.customerEmail })
        .from(orders)
        .where(eq(orders.userId, userId));
      return rows.map((row) => row.email);
    },

    /** Her name becomes `removedName` on her orders and on the lines of their history she wrote. */
    async anonymizeCustomer(userId: number, removedName: string): Promise<void> {
      const now = new Date();
      await db
        .update(orders)
        .set({
          customerName: removedName,
          customerEmail: sql`'removido-' || ${orders.id} || '@anonimo.invalid'`,
          customerPhone: "",
          customerTaxId: "",
          customerOrganization: "",
          address: sql`jsonb_build_object(
            'postal_code', '', 'uf', coalesce(${orders.address}->>'uf', ''),
            'city', coalesce(${orders.address}->>'city', ''), 'street', '', 'number', '',
            'neighborhood', '', 'complement', '')`,
          anonymizedAt: now,
          updatedAt: now,
        })
        .where(eq(orders.userId, userId));
      await db.update(orderEvents).set({ actorName: removedName }).where(eq(orderEvents.actorId, userId));
    },
  };
}

import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../../common/errors.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import type { ContactInput } from "../../../common/schemas/contact.ts";
import type { ContactPage, ContactView } from "../../../common/views/contacts.ts";
import { containsPattern } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import type { ContactsContext } from "./context.ts";
import { contacts } from "./tables.ts";

const toView = (row: typeof contacts.$inferSelect): ContactView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  read: row.readAt !== null,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * A message sent again within this time, by the same person with the same words, is the same message: a
 * double click, or a form posted twice on a slow connection.
 */
export const REPEAT_WINDOW_SECONDS = 10;

export type ContactListQuery = ListQuery & { status?: "read" | "unread" };

/** What stays of a message whose sender deleted her account: when it came and whether it was read. */
export const REMOVED_MESSAGE = "(Mensagem removida: quem a enviou excluiu a conta.)";

type ContactRow = typeof contacts.$inferSelect;

/** How the audit log names a message: by number, so no entry repeats a sender who later leaves. */
const auditRecord = (row: ContactRow) => ({ recordId: row.id, recordLabel: `Mensagem nº ${row.id}` });

/** Messages per client address, shared by every transaction. */
export const createContactThrottle = (throttle: ThrottleFactory): Throttle =>
  throttle({
    name: "contact",
    maxHits: 5,
    windowMs: 10 * 60 * 1000,
    message: "Você enviou muitas mensagens seguidas. Aguarde alguns minutos e tente novamente.",
  });

export function createContactsService(context: ContactsContext, throttle: Throttle) {
  const { db } = context;
  return {
    /**
     * Public: stores a message and, in the same transaction, tells the shop's notice address (or the site's
     * public e-mail) unless that notice is off, with the sender as the reply-to; a filled honeypot is
     * accepted silently and dropped, and so is the same message sent again within REPEAT_WINDOW_SECONDS.
     */
    async send(input: ContactInput, clientAddress: string): Promise<{ stored: boolean }> {
      const { name, email, message } = input;
      return context.transaction(async (tx) => {
        // One sender's messages one at a time, so a second copy posted at the same moment sees the first.
        await tx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact:${email}`}, 0))`);
        // Answered as the first was, without counting against the sender's limit: it is not a new message.
        const [repeated] = await tx.db
          .select({ id: contacts.id })
          .from(contacts)
          .where(
            and(
              eq(contacts.email, email),
              eq(contacts.name, name),
              eq(contacts.message, message),
              gt(contacts.createdAt, sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`),
            ),
          )
          .limit(1);
        if (repeated) return { stored: false };
        await throttle.take(clientAddress);
        if (input.website) return { stored: false };
        await tx.db.insert(contacts).values({ name, email, message });
        for (const to of await tx.services.shop.ownerAddresses("contact_message")) {
          await tx.services.mail.queue("contact-message", to, { name, email, message }, { replyTo: email });
        }
        return { stored: true };
      });
    },

    async list(actor: Actor | null, query: ContactListQuery): Promise<ContactPage> {
      requireAdmin(actor);
      const filters: SQL[] = [];
      if (query.q) {
        const pattern = containsPattern(query.q);
        const match = or(
          ilike(contacts.name, pattern),
          ilike(contacts.email, pattern),
          ilike(contacts.message, pattern),
        );
        if (match) filters.push(match);
      }
      if (query.status === "unread") filters.push(isNull(contacts.readAt));
      if (query.status === "read") filters.push(isNotNull(contacts.readAt));
      const where = filters.length ? and(...filters) : undefined;
      const [total] = await db.select({ value: count() }).from(contacts).where(where);
      const [unread] = await db.select({ value: count() }).from(contacts).where(isNull(contacts.readAt));
      const rows = await db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(desc(contacts.createdAt), desc(contacts.id))
        .limit(query.per_page)
        .offset(pageOffset(query));
      return { ...toPage(rows.map(toView), total?.value ?? 0, query), unread: unread?.value ?? 0 };
    },

    /** Opening a message marks it read. */
    async open(actor: Actor | null, id: number): Promise<ContactView> {
      requireAdmin(actor);
      const [row] = await db
        .update(contacts)
        .set({ readAt: new Date() })
        .where(and(eq(contacts.id, id), isNull(contacts.readAt)))
        .returning();
      if (row) return toView(row);
      const [existing] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
      if (!existing) throw notFound("Mensagem não encontrada.");
      return toView(existing);
    },

    /** Marks a message read or unread, in the audit log. */
    async setRead(actor: Actor | null, id: number, read: boolean): Promise<ContactView> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const [before] = await tx.db.select().from(contacts).where(eq(contacts.id, id)).for("update");
        if (!before) throw notFound("Mensagem não encontrada.");
        const [row] = await tx.db
          .update(contacts)
          .set({ readAt: read ? new Date() : null })
          .where(eq(contacts.id, id))
          .returning();
        if (!row) throw notFound("Mensagem não encontrada.");
        await tx.services.audit.record({
          actor: admin,
          action: "contact.updated",
          ...auditRecord(row),
          before: { Lida: before.readAt !== null },
          after: { Lida: row.readAt !== null },
        });
        return toView(row);
      });
    },

    /** Deletes a message; the audit log keeps who sent it and when, not its words. */
    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const [deleted] = await tx.db.delete(contacts).where(eq(contacts.id, id)).returning();
        if (!deleted) throw notFound("Mensagem não encontrada.");
        await tx.services.audit.record({
          actor: admin,
          action: "contact.deleted",
          ...auditRecord(deleted),
          before: { Nome: deleted.name, "E-mail": deleted.email, "Recebida em": deleted.createdAt },
          after: null,
        });
      });
    },

    /**
     * The messages sent from any of these addresses (in lower case) lose their sender's name, e-mail and
     * words, as her orders do when she deletes her account (server/modules/customers); answers how many.
     */
    async anonymizeSender(addresses: readonly string[], removedName: string): Promise<number> {
      if (addresses.length === 0) return 0;
      const changed = await db
        .update(contacts)
        .set({
          name: removedName,
          email: sql`'removido-contato-' || ${contacts.id} || '@anonimo.invalid'`,
          message: REMOVED_MESSAGE,
        })
        .where(inArray(sql`lower(${contacts.email})`, [...addresses]))
        .returning({ id: contacts.id });
      return changed.length;
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

import { and, count, desc, eq, gt, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../../common/errors.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import type { ContactInput } from "../../../common/schemas/contact.ts";
import type { ContactPage, ContactView } from "../../../common/views/contacts.ts";
import { containsPattern } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
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

/** Messages per client address, shared by every transaction. */
export const createContactThrottle = (throttle: ThrottleFactory): Throttle =>
  throttle({
    name: "contact",
    maxHits: 5,
    windowMs: 10 * 60 * 1000,
    message: "Você enviou muitas mensagens seguidas. Aguarde alguns minutos e tente novamente.",
  });

export function createContactsService(context: ServiceContext, throttle: Throttle) {
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
        const to = await tx.services.shop.ownerAddress("contact_message");
        if (to) await tx.services.mail.queue("contact-message", to, { name, email, message }, { replyTo: email });
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

    async setRead(actor: Actor | null, id: number, read: boolean): Promise<ContactView> {
      requireAdmin(actor);
      const [row] = await db
        .update(contacts)
        .set({ readAt: read ? new Date() : null })
        .where(eq(contacts.id, id))
        .returning();
      if (!row) throw notFound("Mensagem não encontrada.");
      return toView(row);
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
      if (deleted.length === 0) throw notFound("Mensagem não encontrada.");
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

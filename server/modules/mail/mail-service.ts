import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { conflict, notFound } from "../../../common/errors.ts";
import { type MailStatus, mailStatusLabels } from "../../../common/mail-status.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import type { MailPage, MailView } from "../../../common/views/mail.ts";
import { containsPattern } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { MailContext } from "./context.ts";
import type { MailState } from "./mail-state.ts";
import { mailOutbox } from "./tables.ts";
import { type MailSite, type MailTemplateData, type MailTemplateName, renderMail } from "./templates/index.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    /** An e-mail entered the outbox: the delivery looks for it once it is committed. */
    "mail.queued": undefined;
  }
}

/** Before the first-time setup the site has no title or colours of its own yet. */
const DEFAULT_SITE = { title: "cms", primaryColor: "#523d38" };

export type MailListQuery = ListQuery & { status?: MailStatus };

const toView = (row: typeof mailOutbox.$inferSelect): MailView => ({
  id: row.id,
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  text: row.text,
  status: row.status,
  attempts: row.attempts,
  next_attempt_at: row.nextAttemptAt.toISOString(),
  last_error: row.lastError,
  sent_at: row.sentAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * The site's e-mails: rendered when queued and written to the outbox in the caller's transaction (so
 * an e-mail exists exactly when what it tells of was committed), sent afterwards by the delivery
 * (mail-delivery.ts); the outbox as administrators see it.
 */
export function createMailService(context: MailContext, state: MailState) {
  const { db } = context;

  async function site(): Promise<MailSite> {
    const settings = await context.services.settings.get();
    return {
      title: settings?.title || DEFAULT_SITE.title,
      primaryColor: settings?.primary_color ?? DEFAULT_SITE.primaryColor,
      url: context.config.BASE_URL ?? null,
    };
  }

  return {
    /**
     * Renders `template` for `to` and puts it in the outbox, inside the caller's transaction when there is one;
     * `replyTo` is where an answer goes (the customer, the contact form's sender).
     */
    async queue<K extends MailTemplateName>(
      template: K,
      to: string,
      data: MailTemplateData[K],
      options: { replyTo?: string } = {},
    ): Promise<void> {
      const mail = renderMail(template, data, await site());
      await db.insert(mailOutbox).values({ kind: template, to, replyTo: options.replyTo ?? null, ...mail });
      context.announce({ name: "mail.queued", payload: undefined });
    },

    async list(actor: Actor | null, query: MailListQuery): Promise<MailPage> {
      requireAdmin(actor);
      const filters: SQL[] = [];
      if (query.q) {
        const pattern = containsPattern(query.q);
        const match = or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern));
        if (match) filters.push(match);
      }
      if (query.status) filters.push(eq(mailOutbox.status, query.status));
      const where = filters.length ? and(...filters) : undefined;
      const [total] = await db.select({ value: count() }).from(mailOutbox).where(where);
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(query.per_page)
        .offset(pageOffset(query));
      return { ...toPage(rows.map(toView), total?.value ?? 0, query), smtp_configured: state.smtpConfigured };
    },

    /**
     * Sends an e-mail again now: a failed one goes back to the queue for one more attempt, a pending
     * one stops waiting for its next try. One already sent is refused.
     */
    async retry(actor: Actor | null, id: number): Promise<MailView> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const [before] = await tx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
        if (!before) throw notFound("E-mail não encontrado.");
        const [row] = await tx.db
          .update(mailOutbox)
          .set({ status: "pending", nextAttemptAt: sql`now()` })
          .where(and(eq(mailOutbox.id, id), ne(mailOutbox.status, "sent")))
          .returning();
        if (!row) throw conflict("Este e-mail já foi enviado.");
        await tx.services.audit.record({
          actor: admin,
          action: "mail.retried",
          recordId: row.id,
          // By number and kind: an address or subject would outlive the person it names (an account deleted).
          recordLabel: `E-mail nº ${row.id}`,
          details: { Tipo: row.kind, "Situação antes": mailStatusLabels[before.status], Tentativas: before.attempts },
        });
        tx.announce({ name: "mail.queued", payload: undefined });
        return toView(row);
      });
    },

    /**
     * Every e-mail the outbox holds to one of `addresses`, or answered to one of them (the shop's e-mails
     * about her), sent or waiting; the addresses in lower case. A deleted account's (LGPD) go rather than
     * being anonymised: a rendered e-mail repeats her name, street, phone and orders in its subject, text
     * and HTML, in words each template chooses, so no rewrite could be sure to catch them all, and a row
     * emptied of them would tell administrators nothing. A waiting one is not owed any more.
     */
    async deleteMailOf(addresses: readonly string[]): Promise<void> {
      if (addresses.length === 0) return;
      const lower = [...addresses];
      await db
        .delete(mailOutbox)
        .where(or(inArray(sql`lower(${mailOutbox.to})`, lower), inArray(sql`lower(${mailOutbox.replyTo})`, lower)));
    },

    /**
     * Starts sending the outbox from this process (server/main.ts, once); `stop` on shutdown. Without
     * SMTP_URL it only logs that e-mails wait in the outbox.
     */
    startDelivery(): { stop(): Promise<void> } {
      state.delivery.start();
      return { stop: () => state.delivery.stop() };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;

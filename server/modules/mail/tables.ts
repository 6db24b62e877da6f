import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";

export const mailStatuses = ["pending", "sent", "failed"] as const;
export const mailStatus = pgEnum("mail_status", mailStatuses);

/**
 * Every e-mail the site sends, written in the transaction of what caused it and sent after the commit:
 * kept whether or not SMTP is set up, retried with a growing wait while the server refuses it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Which template made it: order-received, password-reset... */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /** Where an answer goes instead of the site's address: the customer, or whoever wrote through the contact form. */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index("mail_outbox_created_idx").on(table.createdAt),
  ],
);

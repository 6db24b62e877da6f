import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AuditChange } from "../../../common/audit.ts";

/**
 * The audit log: one row per administrative write, inserted in the write's own transaction. The person is
 * kept by id and name without a foreign key, so an entry outlives the account. No screen or endpoint
 * changes or deletes a row; only the retention job removes rows older than the kept period.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for what the system did on its own (a payment provider's notice, a script, a job). */
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    /** The person's e-mail then: a name alone can be anyone's (even "Sistema"). Null for the system, and in older entries. */
    actorEmail: text("actor_email"),
    /** The client's address, null outside a request. */
    address: text("address"),
    /** The request's X-Request-Id, to find its log lines. */
    requestId: text("request_id"),
    /** One of common/audit.ts's auditActions. */
    action: text("action").notNull(),
    /** The kind of record (the action's prefix), its id and a name to show if it is gone. */
    recordKind: text("record_kind").notNull(),
    recordId: text("record_id"),
    recordLabel: text("record_label").notNull().default(""),
    /** The fields that changed, each `{before, after}`; secrets as "alterado". */
    changes: jsonb("changes").$type<Record<string, AuditChange>>().notNull().default({}),
    /** Facts of an event that is not a change (the e-mail a sign-in used, how many entries an export held). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("audit_entries_at_idx").on(table.at),
    index("audit_entries_actor_idx").on(table.actorId, table.at),
    index("audit_entries_action_idx").on(table.action, table.at),
    index("audit_entries_record_idx").on(table.recordKind, table.recordId, table.at),
  ],
);

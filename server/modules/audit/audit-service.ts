import { and, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import {
  type AuditAction,
  type AuditRecordKind,
  auditActions,
  auditRecordHref,
  auditRecordKindOf,
  auditRecordKinds,
} from "../../../common/audit.ts";
import { forbidden } from "../../../common/errors.ts";
import { type ListQuery, type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import type { AuditListQuery } from "../../../common/schemas/audit.ts";
import type { AuditEntryView } from "../../../common/views/audit.ts";
import { type Actor, isSuper, requireUser } from "../../kernel/access.ts";
import { currentRequest } from "../../kernel/request-context.ts";
import { type AuditFields, changedFields } from "./audit-changes.ts";
import { auditCsv } from "./audit-export.ts";
import { existingRecords, hasRecordTable, recordKey } from "./audit-records.ts";
import type { AuditContext } from "./context.ts";
import { auditEntries } from "./tables.ts";

/** Who an entry names when no signed-in person made the change. */
export const SYSTEM_ACTOR_NAME = "Sistema";
/** An export holds at most this many entries, the newest: narrower dates reach older ones. */
export const MAX_EXPORT_ENTRIES = 100_000;

/** One administrative write, as its service tells the audit log. */
export type AuditWrite = {
  /** Who made it; null for the system (a provider's notice, a script, a job) or an unknown person. */
  actor: Pick<Actor, "id" | "name" | "email"> | null;
  /** Shown instead of "Sistema" when there is no actor (e.g. "Mercado Pago", "npm run backup"). */
  actorName?: string;
  action: AuditAction;
  /** The record's id (null for one-row settings) and a name to show once it is gone. */
  recordId?: string | number | null;
  recordLabel?: string;
  /** The record's fields before and after (null: created / deleted); only those that differ are kept. */
  before?: AuditFields | null;
  after?: AuditFields | null;
  /** Fields whose values are never kept: shown as "alterado". */
  secrets?: readonly string[];
  /** Facts that are not a field's change (e.g. the e-mail a failed sign-in tried), kept apart from the changes. */
  details?: AuditFields;
};

/** Someone who has entries in the log, by the name and e-mail of their latest entry: the screen's person filter. */
export type AuditPerson = { id: number; name: string; email: string | null };

export type AuditRow = typeof auditEntries.$inferSelect;

/** The audit log is read by super users only: it names every administrator's moves and addresses. */
export function requireSuper(actor: Actor | null): Actor {
  const user = requireUser(actor);
  if (!isSuper(user)) throw forbidden("Apenas um usuário Super pode ver o registro de auditoria.");
  return user;
}

const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'America/Sao_Paulo'`;
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`;

function listWhere(query: AuditListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.actor_id !== undefined) filters.push(eq(auditEntries.actorId, query.actor_id));
  if (query.action !== undefined) filters.push(eq(auditEntries.action, query.action));
  if (query.record_kind !== undefined) filters.push(eq(auditEntries.recordKind, query.record_kind));
  if (query.record_id !== undefined) filters.push(eq(auditEntries.recordId, query.record_id));
  if (query.from !== "") filters.push(gte(auditEntries.at, dayStart(query.from)));
  if (query.to !== "") filters.push(lt(auditEntries.at, dayAfter(query.to)));
  return filters.length ? and(...filters) : undefined;
}

const newestFirst = [desc(auditEntries.at), desc(auditEntries.id)];

function toView(row: AuditRow, exists: (row: AuditRow) => boolean): AuditEntryView {
  const action = row.action as AuditAction;
  const kind = row.recordKind as AuditRecordKind;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      id: row.actorId,
      name: row.actorName,
      email: row.actorEmail,
      kind: row.actorId === null ? "system" : "person",
    },
    address: row.address,
    request_id: row.requestId,
    action,
    action_label: auditActions[action] ?? row.action,
    record: {
      kind,
      kind_label: auditRecordKinds[kind] ?? row.recordKind,
      id: row.recordId,
      label: row.recordLabel,
      href: exists(row) ? auditRecordHref(kind, row.recordId) : null,
    },
    // Alphabetical: the database keeps the fields in an order of its own.
    changes: Object.entries(row.changes)
      .sort(([a], [b]) => a.localeCompare(b, "pt-BR"))
      .map(([field, change]) => ({ field, before: change.before, after: change.after })),
    details: Object.entries(row.details)
      .sort(([a], [b]) => a.localeCompare(b, "pt-BR"))
      .map(([field, value]) => ({ field, value })),
  };
}

/** The filters an export was made with, as the details of its own entry. */
function filterDetails(query: AuditListQuery): AuditFields {
  const details: Record<string, unknown> = {};
  if (query.actor_id !== undefined) details["Filtro: pessoa (id)"] = query.actor_id;
  if (query.action !== undefined) details["Filtro: ação"] = auditActions[query.action];
  if (query.record_kind !== undefined) details["Filtro: registro"] = auditRecordKinds[query.record_kind];
  if (query.record_id !== undefined) details["Filtro: id do registro"] = query.record_id;
  if (query.from !== "") details["Filtro: de"] = query.from;
  if (query.to !== "") details["Filtro: até"] = query.to;
  return details;
}

export function createAuditService(context: AuditContext) {
  const { db } = context;

  /** Entries link to their record while it exists; settings-like records (no id) always exist. */
  async function existence(rows: readonly AuditRow[]): Promise<(row: AuditRow) => boolean> {
    const found = await existingRecords(db, rows);
    return (row) =>
      !hasRecordTable(row.recordKind) || (row.recordId !== null && found.has(recordKey(row.recordKind, row.recordId)));
  }

  async function record(write: AuditWrite): Promise<void> {
    const request = currentRequest();
    const details = Object.fromEntries(
      Object.entries(write.details ?? {}).map(([name, value]) => [name, value ?? null]),
    );
    await db.insert(auditEntries).values({
      actorId: write.actor?.id ?? null,
      actorName: write.actor?.name ?? write.actorName ?? SYSTEM_ACTOR_NAME,
      actorEmail: write.actor?.email ?? null,
      address: request?.address ?? null,
      requestId: request?.id ?? null,
      action: write.action,
      recordKind: auditRecordKindOf(write.action),
      recordId: write.recordId === undefined || write.recordId === null ? null : String(write.recordId),
      recordLabel: write.recordLabel ?? "",
      changes: changedFields(write.before ?? null, write.after ?? null, write.secrets),
      details,
    });
  }

  return {
    /**
     * Writes the entry on the caller's handle: inside the change's transaction, so a change rolled back
     * leaves no entry, and an entry never exists without its change.
     */
    record,

    /** Super users: newest first, filtered by person, action, record and São Paulo days. */
    async list(actor: Actor | null, query: ListQuery & AuditListQuery): Promise<Paginated<AuditEntryView>> {
      requireSuper(actor);
      const where = listWhere(query);
      const [total] = await db.select({ value: count() }).from(auditEntries).where(where);
      const rows = await db
        .select()
        .from(auditEntries)
        .where(where)
        .orderBy(...newestFirst)
        .limit(query.per_page)
        .offset(pageOffset(query));
      const exists = await existence(rows);
      return toPage(
        rows.map((row) => toView(row, exists)),
        total?.value ?? 0,
        query,
      );
    },

    /**
     * The filtered entries as a CSV (the newest MAX_EXPORT_ENTRIES), for super users; the export is itself
     * an entry of the log, with its filters and how many entries it held.
     */
    async exportCsv(actor: Actor | null, query: AuditListQuery): Promise<string> {
      const reader = requireSuper(actor);
      const rows = await db
        .select()
        .from(auditEntries)
        .where(listWhere(query))
        .orderBy(...newestFirst)
        .limit(MAX_EXPORT_ENTRIES);
      const exists = await existence(rows);
      await record({
        actor: reader,
        action: "audit.exported",
        recordLabel: "Registro de auditoria",
        details: { ...filterDetails(query), "Entradas exportadas": rows.length },
      });
      return auditCsv(rows.map((row) => toView(row, exists)));
    },

    /** Everyone who has entries, by the name and e-mail of their latest one, in alphabetical order. */
    async people(actor: Actor | null): Promise<AuditPerson[]> {
      requireSuper(actor);
      const rows = await db
        .selectDistinctOn([auditEntries.actorId], {
          id: auditEntries.actorId,
          name: auditEntries.actorName,
          email: auditEntries.actorEmail,
        })
        .from(auditEntries)
        .where(isNotNull(auditEntries.actorId))
        .orderBy(auditEntries.actorId, desc(auditEntries.at), desc(auditEntries.id));
      return rows
        .flatMap((row) => (row.id === null ? [] : [{ id: row.id, name: row.name, email: row.email }]))
        .sort((a, b) => a.name.localeCompare(b.name, "pt-BR") || a.id - b.id);
    },

    /** The retention job: entries older than `retentionDays` (the settings' period) go; answers how many went. */
    async purgeExpired(retentionDays: number): Promise<number> {
      const deleted = await db
        .delete(auditEntries)
        .where(lt(auditEntries.at, sql`now() - make_interval(days => ${retentionDays})`))
        .returning({ id: auditEntries.id });
      return deleted.length;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

import { type AuditAction, auditRecordKindOf } from "../../../common/audit.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { currentRequest } from "../../kernel/request-context.ts";
import { type AuditFields, changedFields } from "./audit-changes.ts";
import { auditEntries } from "./tables.ts";

/** Who an entry names when no signed-in person made the change. */
export const SYSTEM_ACTOR_NAME = "Sistema";

/** One administrative write, as its service tells the audit log. */
export type AuditWrite = {
  /** Who made it; null for the system (a provider's notice, a script, a job) or an unknown person. */
  actor: Pick<Actor, "id" | "name"> | null;
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
  /** Facts that are not a field's change (e.g. the e-mail a failed sign-in tried), kept as `{before: null, after}`. */
  details?: AuditFields;
};

export function createAuditService(context: ServiceContext) {
  return {
    /**
     * Writes the entry on the caller's handle: inside the change's transaction, so a change rolled back
     * leaves no entry, and an entry never exists without its change.
     */
    async record(write: AuditWrite): Promise<void> {
      const request = currentRequest();
      const changes = changedFields(write.before ?? null, write.after ?? null, write.secrets);
      for (const [name, value] of Object.entries(write.details ?? {}))
        changes[name] = { before: null, after: value ?? null };
      await context.db.insert(auditEntries).values({
        actorId: write.actor?.id ?? null,
        actorName: write.actor?.name ?? write.actorName ?? SYSTEM_ACTOR_NAME,
        address: request?.address ?? null,
        requestId: request?.id ?? null,
        action: write.action,
        recordKind: auditRecordKindOf(write.action),
        recordId: write.recordId === undefined || write.recordId === null ? null : String(write.recordId),
        recordLabel: write.recordLabel ?? "",
        changes,
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

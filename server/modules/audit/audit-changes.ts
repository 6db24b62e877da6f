import { AUDIT_SECRET_CHANGED, type AuditChange } from "../../../common/audit.ts";

/** A record's fields as the audit log compares them: plain values (views, column values). */
export type AuditFields = Readonly<Record<string, unknown>>;

const comparable = (value: unknown): string =>
  JSON.stringify(value instanceof Date ? value.toISOString() : value) ?? "null";

const kept = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

/** Nothing to show: a record's empty field says nothing when the record is made or deleted. */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * The fields whose value differs between `before` and `after` (null: the record did not exist, or no
 * longer does), each as `{before, after}`; of a record made or deleted, only the fields that hold
 * something. A field named in `secrets` shows only that it changed.
 */
export function changedFields(
  before: AuditFields | null,
  after: AuditFields | null,
  secrets: readonly string[] = [],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const was = before?.[name];
    const is = after?.[name];
    if (comparable(was) === comparable(is)) continue;
    if ((before === null || after === null) && isEmpty(was) && isEmpty(is)) continue;
    changes[name] = secrets.includes(name)
      ? { before: AUDIT_SECRET_CHANGED, after: AUDIT_SECRET_CHANGED }
      : { before: kept(was), after: kept(is) };
  }
  return changes;
}

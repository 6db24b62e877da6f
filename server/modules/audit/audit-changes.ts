import { AUDIT_SECRET_CHANGED, type AuditChange } from "../../../common/audit.ts";

/** A record's fields as the audit log compares them: plain values (views, column values). */
export type AuditFields = Readonly<Record<string, unknown>>;

const comparable = (value: unknown): string =>
  JSON.stringify(value instanceof Date ? value.toISOString() : value) ?? "null";

const kept = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

/** Nothing to show: a record's empty field says nothing when the record is made or deleted. */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * One field's change, looked into where both sides have the same shape: an object's keys and a list of
 * objects' items each become a field of their own ("Imagens 2 › Descrição"), whatever keys they have, so
 * an edit deep in a field (an image's description) shows as itself rather than as nothing or a whole list.
 */
function diffField(changes: Record<string, AuditChange>, name: string, was: unknown, is: unknown): void {
  if (comparable(was) === comparable(is)) return;
  if (isPlainObject(was) && isPlainObject(is)) {
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) {
      diffField(changes, `${name} › ${key}`, was[key], is[key]);
    }
    return;
  }
  if (
    Array.isArray(was) &&
    Array.isArray(is) &&
    was.length === is.length &&
    [...was, ...is].every((item) => isPlainObject(item))
  ) {
    for (const [index, item] of was.entries()) diffField(changes, `${name} ${index + 1}`, item, is[index]);
    return;
  }
  changes[name] = { before: kept(was), after: kept(is) };
}

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
    if (secrets.includes(name)) changes[name] = { before: AUDIT_SECRET_CHANGED, after: AUDIT_SECRET_CHANGED };
    else if (before === null || after === null) changes[name] = { before: kept(was), after: kept(is) };
    else diffField(changes, name, was, is);
  }
  return changes;
}

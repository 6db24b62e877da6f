import { inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AuditRecordKind } from "../../../common/audit.ts";
import { parseId } from "../../../common/schemas/id.ts";
import type { Db } from "../../db/client.ts";
import { contacts } from "../contacts/tables.ts";
import { events, pages, posts } from "../content/tables.ts";
import { coupons } from "../coupons/tables.ts";
import { medias } from "../medias/tables.ts";
import { members } from "../members/tables.ts";
import { menus } from "../menus/tables.ts";
import { orders } from "../orders/tables.ts";
import { products } from "../products/tables.ts";
import { redirects } from "../redirects/tables.ts";
import { users } from "../users/tables.ts";
import { wordpressImports } from "../wordpress/tables.ts";

type RecordTable = PgTable & { id: PgColumn };

/**
 * The tables of the kinds of record that have a screen of their own per id: an entry links there while
 * the record exists, and shows only its name once it is gone.
 */
const recordTables: Partial<Record<AuditRecordKind, RecordTable>> = {
  menu: menus,
  page: pages,
  post: posts,
  event: events,
  media: medias,
  redirect: redirects,
  product: products,
  coupon: coupons,
  user: users,
  order: orders,
  contact: contacts,
  member: members,
  wordpress: wordpressImports,
};

export const recordKey = (kind: string, id: string) => `${kind}:${id}`;

/** Which of the records named by these entries still exist (as recordKey), one query per kind present. */
export async function existingRecords(
  db: Db,
  entries: readonly { recordKind: string; recordId: string | null }[],
): Promise<Set<string>> {
  const idsByKind = new Map<AuditRecordKind, number[]>();
  for (const entry of entries) {
    const kind = entry.recordKind as AuditRecordKind;
    const id = entry.recordId === null ? null : parseId(entry.recordId);
    if (id === null || !recordTables[kind]) continue;
    idsByKind.set(kind, [...(idsByKind.get(kind) ?? []), id]);
  }
  const found = new Set<string>();
  for (const [kind, ids] of idsByKind) {
    const table = recordTables[kind];
    if (!table) continue;
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, [...new Set(ids)]));
    for (const row of rows) found.add(recordKey(kind, String(row.id)));
  }
  return found;
}

/** Kinds whose records have no id: one row of settings, always there. */
export const hasRecordTable = (kind: string): boolean => kind in recordTables;

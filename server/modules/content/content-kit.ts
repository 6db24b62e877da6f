import { and, arrayContains, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { ListQuery } from "../../../common/pagination.ts";
import type { ContentListQuery, PageInput } from "../../../common/schemas/content.ts";
import { parseId } from "../../../common/schemas/id.ts";
import type { ContentView, TagCount } from "../../../common/views/content.ts";
import type { Db } from "../../db/client.ts";
import { isDigits } from "../../kernel/slugs.ts";
import { sanitizeRichText } from "./sanitize.ts";
import type { events, pages, posts } from "./tables.ts";

/** What pages, news and events have in common, in code as in the database. */
export type ContentTable = typeof pages | typeof posts | typeof events;
type ContentRow = typeof pages.$inferSelect;

/** The columns every kind stores from its input, with the rich text sanitised. */
export function contentValues(input: PageInput, slug: string) {
  return {
    title: input.title,
    slug,
    summary: input.summary,
    content: sanitizeRichText(input.content),
    cover: input.cover,
    coverAlt: input.cover_alt,
    documents: input.documents,
    tags: input.tags,
    status: input.status,
    membersOnly: input.members_only,
  };
}

export function contentView(row: ContentRow, url: string): ContentView {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    content: row.content,
    cover: row.cover,
    cover_alt: row.coverAlt,
    documents: row.documents,
    tags: row.tags,
    status: row.status,
    members_only: row.membersOnly,
    withheld: false,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url,
  };
}

/**
 * A members-only item as the site's pages show it to someone who may not open it: its title, dates, cover
 * and tags, and that it is for members; nothing of what it says.
 */
export function withheldContent<View extends ContentView>(view: View): View {
  return { ...view, summary: "", content: "", documents: [], withheld: true };
}

const tsQuery = (q: string) => sql`websearch_to_tsquery('pt_unaccent', ${q})`;

/**
 * The WHERE of a list: what the reader may see (`visible` from content-access.ts, none for
 * administrators, who may filter by status instead), the full-text query and the tag.
 */
export function listWhere(
  table: ContentTable,
  query: ListQuery & ContentListQuery,
  visible: SQL | undefined,
  extra: SQL[] = [],
): SQL | undefined {
  const filters: SQL[] = [...extra];
  if (visible) filters.push(visible);
  else if (query.status) filters.push(eq(table.status, query.status));
  if (query.q) filters.push(sql`${table.search} @@ ${tsQuery(query.q)}`);
  if (query.tag) filters.push(arrayContains(table.tags, [query.tag]));
  return filters.length ? and(...filters) : undefined;
}

/** Best match first when there is a query; the caller's order decides ties and everything else. */
export function rankFirst(table: ContentTable, q: string, order: SQL[]): SQL[] {
  return q ? [desc(sql`ts_rank(${table.search}, ${tsQuery(q)})`), ...order] : order;
}

export async function countWhere(db: Db, table: ContentTable, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ value: count() }).from(table).where(where);
  return total?.value ?? 0;
}

/** Tags in use among the rows the reader may see, most used first. */
export async function tagCounts(db: Db, table: ContentTable, visible: SQL | undefined): Promise<TagCount[]> {
  const used = db
    .select({ tag: sql<string>`unnest(${table.tags})`.as("tag") })
    .from(table)
    .where(visible)
    .as("used");
  const rows = await db
    .select({ tag: used.tag, count: count() })
    .from(used)
    .groupBy(used.tag)
    .orderBy(desc(count()), used.tag);
  return rows;
}

/** "12" is an id, anything else a slug; an unusable id finds nothing. */
export function byIdOrSlug(table: ContentTable, idOrSlug: string): SQL {
  if (isDigits(idOrSlug)) return eq(table.id, parseId(idOrSlug) ?? 0);
  return eq(table.slug, idOrSlug);
}

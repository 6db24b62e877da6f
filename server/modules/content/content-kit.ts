import { and, arrayContains, count, desc, eq, like, ne, or, type SQL, sql } from "drizzle-orm";
import { conflict, invalid } from "../../../common/errors.ts";
import type { ListQuery } from "../../../common/pagination.ts";
import type { ContentListQuery, PageInput } from "../../../common/schemas/content.ts";
import { parseId } from "../../../common/schemas/id.ts";
import type { ContentView, TagCount } from "../../../common/views/content.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/sql.ts";
import { sanitizeRichText } from "./sanitize.ts";
import type { events, pages, posts } from "./tables.ts";

/** What pages, news and events have in common, in code as in the database. */
export type ContentTable = typeof pages | typeof posts | typeof events;
type ContentRow = typeof pages.$inferSelect;

export const SLUG_TAKEN = "Este endereço já está em uso.";
const SLUG_DIGITS = "O endereço não pode ter só números.";
const SLUG_RESERVED = "Este endereço é usado pelo próprio site; escolha outro.";
const SLUG_MAX = 100;

/** "Quem Somos — Nossa história!" -> "quem-somos-nossa-historia". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

export const isDigits = (value: string) => /^\d+$/.test(value);

export type SlugRules = {
  /** Stands in for a title with no letters or digits, and prefixes an all-digit one ("2025" -> "noticia-2025"). */
  word: string;
  reserved?: readonly string[];
};

/**
 * Chooses the slug to store: a given one must be free (409) and allowed (400); an
 * empty one is made from the title, with -2, -3... when that is taken.
 */
export async function chooseSlug(
  db: Db,
  table: ContentTable,
  input: { slug: string; title: string },
  exceptId: number | null,
  rules: SlugRules,
): Promise<{ slug: string; generated: boolean }> {
  const reserved = new Set<string>(rules.reserved ?? []);
  const others = exceptId === null ? undefined : ne(table.id, exceptId);
  if (input.slug) {
    if (isDigits(input.slug)) throw invalid(SLUG_DIGITS, { slug: [SLUG_DIGITS] });
    if (reserved.has(input.slug)) throw invalid(SLUG_RESERVED, { slug: [SLUG_RESERVED] });
    const [taken] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.slug, input.slug), others))
      .limit(1);
    if (taken) throw conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    return { slug: input.slug, generated: false };
  }
  const fromTitle = slugify(input.title);
  const base = fromTitle === "" ? rules.word : isDigits(fromTitle) ? `${rules.word}-${fromTitle}` : fromTitle;
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(or(eq(table.slug, base), like(table.slug, `${base}-%`)), others));
  const taken = new Set([...reserved, ...rows.map((row) => row.slug)]);
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  return { slug, generated: true };
}

/**
 * Runs a write with a chosen slug; when a concurrent request takes the same slug first,
 * a generated one is chosen again and an explicit one is a conflict.
 */
export async function withSlug<T>(
  choose: () => Promise<{ slug: string; generated: boolean }>,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const { slug, generated } = await choose();
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (!generated || attempt >= 3) throw conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    }
  }
}

/** The columns every kind stores from its input, with the rich text sanitised. */
export function contentValues(input: PageInput, slug: string) {
  return {
    title: input.title,
    slug,
    summary: input.summary,
    content: sanitizeRichText(input.content),
    cover: input.cover,
    documents: input.documents,
    tags: input.tags,
    status: input.status,
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
    documents: row.documents,
    tags: row.tags,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url,
  };
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

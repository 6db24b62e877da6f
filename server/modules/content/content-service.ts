import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../../common/errors.ts";
import { type ListQuery, type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import type { ContentListQuery, PageInput } from "../../../common/schemas/content.ts";
import type { ContentView, TagCount } from "../../../common/views/content.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { PublicReader } from "../../kernel/public-reads.ts";
import { chooseSlug, type SlugRules, withSlug } from "../../kernel/slugs.ts";
import type { ContentAccess } from "./content-access.ts";
import { byIdOrSlug, type ContentTable, countWhere, listWhere, rankFirst, tagCounts } from "./content-kit.ts";
import type { pages } from "./tables.ts";

/** What distinguishes pages, news and events; everything else is the same service. */
export type ContentKind<T extends ContentTable, View extends ContentView, Input extends PageInput, Query> = {
  table: T;
  notFoundMessage: string;
  slugRules: SlugRules;
  toView(row: T["$inferSelect"]): View;
  /** The columns stored from the input (the shared ones come from contentValues). */
  values(input: Input, slug: string): T["$inferInsert"];
  /** What an actor may read (content-access.ts). */
  access: ContentAccess;
  /** Extra list filters beyond status, text and tag (the agenda's upcoming/past). */
  filters?(query: Query): SQL[];
  /** The list order after the text rank. */
  order(query: Query): SQL[];
  /** The sitemap lists the public rows in this order. */
  sitemapOrder: SQL[];
  /** Announces every successful write. */
  onChange(): void;
  /** Where visitors' reads are kept (kernel/public-reads.ts). */
  readPublic: PublicReader;
};

export function createContentService<
  T extends ContentTable,
  View extends ContentView,
  Input extends PageInput,
  Query extends ContentListQuery,
>(db: Db, kind: ContentKind<T, View, Input, Query>) {
  const { table } = kind;
  // Drizzle cannot type a query over a generic table; every content table has the pages
  // columns (contentColumns in the schema), so queries are typed through them and rows go
  // back through kind.toView with their own type.
  const rows = table as ContentTable as typeof pages;
  const changed = () => kind.onChange();
  const read = kind.readPublic;

  async function exists(id: number) {
    const [row] = await db.select({ id: table.id }).from(rows).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(kind.notFoundMessage);
  }

  async function listFor(actor: Actor | null, query: ListQuery & Query): Promise<Paginated<View>> {
    const where = listWhere(table, query, kind.access(actor), kind.filters?.(query));
    // The total comes with the rows (one query instead of two); only a page past the end needs a count.
    const found = await db
      .select({ row: rows, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(rows)
      .where(where)
      .orderBy(...rankFirst(table, query.q, kind.order(query)))
      .limit(query.per_page)
      .offset(pageOffset(query));
    const views = found.map(({ row }) => kind.toView(row as T["$inferSelect"]));
    const total = found[0]?.total ?? (query.page > 1 ? await countWhere(db, table, where) : 0);
    return toPage(views, total, query);
  }

  async function getFor(actor: Actor | null, idOrSlug: string): Promise<View> {
    const [row] = await db
      .select()
      .from(rows)
      .where(and(byIdOrSlug(table, idOrSlug), kind.access(actor)))
      .limit(1);
    if (!row) throw notFound(kind.notFoundMessage);
    return kind.toView(row as T["$inferSelect"]);
  }

  return {
    list(actor: Actor | null, query: ListQuery & Query): Promise<Paginated<View>> {
      return read(actor, `list ${JSON.stringify(query)}`, () => listFor(actor, query));
    },

    /** A hidden item (draft, or news not yet due) is a 404 for visitors and a preview for administrators. */
    get(actor: Actor | null, idOrSlug: string): Promise<View> {
      return read(actor, `get ${idOrSlug}`, () => getFor(actor, idOrSlug));
    },

    async create(actor: Actor | null, input: Input): Promise<View> {
      requireAdmin(actor);
      const row = await withSlug(
        () => chooseSlug(db, table, input, null, kind.slugRules),
        async (slug) => {
          const [inserted] = await db.insert(rows).values(kind.values(input, slug)).returning();
          if (!inserted) throw new Error("content insert returned nothing");
          return inserted;
        },
      );
      changed();
      return kind.toView(row as T["$inferSelect"]);
    },

    async update(actor: Actor | null, id: number, input: Input): Promise<View> {
      requireAdmin(actor);
      await exists(id);
      const row = await withSlug(
        () => chooseSlug(db, table, input, id, kind.slugRules),
        async (slug) => {
          const [updated] = await db
            .update(rows)
            .set({ ...kind.values(input, slug), updatedAt: new Date() })
            .where(eq(table.id, id))
            .returning();
          if (!updated) throw notFound(kind.notFoundMessage);
          return updated;
        },
      );
      changed();
      return kind.toView(row as T["$inferSelect"]);
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(rows).where(eq(table.id, id)).returning({ id: table.id });
      if (deleted.length === 0) throw notFound(kind.notFoundMessage);
      changed();
    },

    tags(actor: Actor | null): Promise<TagCount[]> {
      return read(actor, "tags", () => tagCounts(db, table, kind.access(actor)));
    },

    /** What visitors may see, whoever asks: the sitemap is public. */
    async sitemap(): Promise<{ url: string; updated_at: string }[]> {
      const found = await db
        .select()
        .from(rows)
        .where(kind.access(null))
        .orderBy(...kind.sitemapOrder, desc(table.id));
      return found.map((row) => {
        const view = kind.toView(row as T["$inferSelect"]);
        return { url: view.url, updated_at: view.updated_at };
      });
    },
  };
}

/** A kind's service as its REST routes (content-routes.ts) call it. */
export type ContentService<
  View extends ContentView,
  Input extends PageInput,
  Query extends ContentListQuery,
> = ReturnType<typeof createContentService<ContentTable, View, Input, Query>>;

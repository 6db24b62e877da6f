import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "../../../common/audit.ts";
import { notFound } from "../../../common/errors.ts";
import { type ListQuery, type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import type { ContentListQuery, PageInput } from "../../../common/schemas/content.ts";
import type { ContentView, TagCount } from "../../../common/views/content.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { AreaEvent } from "../../kernel/events.ts";
import type { PublicReader } from "../../kernel/public-reads.ts";
import { chooseSlug, type SlugRules, withSlug } from "../../kernel/slugs.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import type { ContentAccess } from "./content-access.ts";
import { byIdOrSlug, type ContentTable, countWhere, listWhere, rankFirst, tagCounts } from "./content-kit.ts";
import type { ContentContext } from "./context.ts";
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
  /** The view of a members-only item for a reader who may not open it (content-kit.ts's withheldContent). */
  withhold(view: View): View;
  /** Extra list filters beyond status, text and tag (the agenda's upcoming/past). */
  filters?(query: Query): SQL[];
  /** The list order after the text rank. */
  order(query: Query): SQL[];
  /** The sitemap lists the public rows in this order. */
  sitemapOrder: SQL[];
  /** Announced on every successful write, once it is committed. */
  changed: AreaEvent;
  /** Its audit entries: the kind of record (page, post, event) and its fields in the words of its form. */
  audit: { kind: "page" | "post" | "event"; fields(view: View): AuditFields };
  /** Where visitors' reads are kept (kernel/public-reads.ts). */
  readPublic: PublicReader;
};

/**
 * What a read does with the members-only items the reader may not open: `omit` them (the API, feeds, the
 * sitemap), or `tease` them, listed and opened as a notice (the site's own pages: content-kit.ts's
 * withheldContent).
 */
export type MembersOnlyItems = "omit" | "tease";

export function createContentService<
  T extends ContentTable,
  View extends ContentView,
  Input extends PageInput,
  Query extends ContentListQuery,
>(context: ContentContext, kind: ContentKind<T, View, Input, Query>) {
  const { db } = context;
  const { table } = kind;
  // Drizzle cannot type a query over a generic table; every content table has the pages
  // columns (contentColumns in the schema), so queries are typed through them and rows go
  // back through kind.toView with their own type.
  const rows = table as ContentTable as typeof pages;
  const read = kind.readPublic;
  const action = (change: "created" | "updated" | "deleted") => `${kind.audit.kind}.${change}` as AuditAction;

  /** The row locked until the transaction ends, so its entry's "before" stays true; a missing one is a 404. */
  async function lockRow(tx: ContentContext, id: number): Promise<View> {
    const [row] = await tx.db.select().from(rows).where(eq(table.id, id)).for("update");
    if (!row) throw notFound(kind.notFoundMessage);
    return kind.toView(row as T["$inferSelect"]);
  }

  /** The filter of a read, and whether each row it lets through may be opened (false: a teaser). */
  function readFilter(actor: Actor | null, items: MembersOnlyItems) {
    if (items === "omit") return { where: kind.access.read(actor), opens: sql<boolean>`true` };
    return { where: kind.access.listed(actor), opens: sql<boolean>`${kind.access.membersOnly(actor) ?? sql`true`}` };
  }

  const viewOf = (row: typeof pages.$inferSelect, opens: boolean) => {
    const view = kind.toView(row as T["$inferSelect"]);
    return opens ? view : kind.withhold(view);
  };

  async function listFor(
    actor: Actor | null,
    query: ListQuery & Query,
    items: MembersOnlyItems,
  ): Promise<Paginated<View>> {
    const filter = readFilter(actor, items);
    const where = listWhere(table, query, filter.where, kind.filters?.(query));
    // The total comes with the rows (one query instead of two); only a page past the end needs a count.
    const found = await db
      .select({ row: rows, opens: filter.opens, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(rows)
      .where(where)
      .orderBy(...rankFirst(table, query.q, kind.order(query)))
      .limit(query.per_page)
      .offset(pageOffset(query));
    const views = found.map(({ row, opens }) => viewOf(row, opens));
    const total = found[0]?.total ?? (query.page > 1 ? await countWhere(db, table, where) : 0);
    return toPage(views, total, query);
  }

  async function getFor(actor: Actor | null, idOrSlug: string, items: MembersOnlyItems): Promise<View> {
    const filter = readFilter(actor, items);
    const [found] = await db
      .select({ row: rows, opens: filter.opens })
      .from(rows)
      .where(and(byIdOrSlug(table, idOrSlug), filter.where))
      .limit(1);
    if (!found) throw notFound(kind.notFoundMessage);
    return viewOf(found.row, found.opens);
  }

  return {
    list(actor: Actor | null, query: ListQuery & Query, items: MembersOnlyItems = "omit"): Promise<Paginated<View>> {
      return read(actor, `list ${items} ${JSON.stringify(query)}`, () => listFor(actor, query, items));
    },

    /**
     * A hidden item (draft, or news not yet due) is a 404 for visitors and a preview for administrators;
     * a members-only one she may not open is a 404 too, or its teaser when `items` is "tease".
     */
    get(actor: Actor | null, idOrSlug: string, items: MembersOnlyItems = "omit"): Promise<View> {
      return read(actor, `get ${items} ${idOrSlug}`, () => getFor(actor, idOrSlug, items));
    },

    async create(actor: Actor | null, input: Input): Promise<View> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const row = await withSlug(
          () => chooseSlug(tx.db, table, input, null, kind.slugRules),
          // A savepoint per attempt: a slug taken meanwhile fails only the attempt, not the transaction.
          (slug) =>
            tx.transaction(async (attempt) => {
              const [inserted] = await attempt.db.insert(rows).values(kind.values(input, slug)).returning();
              if (!inserted) throw new Error("content insert returned nothing");
              return inserted;
            }),
        );
        const view = kind.toView(row as T["$inferSelect"]);
        await tx.services.audit.record({
          actor: admin,
          action: action("created"),
          recordId: view.id,
          recordLabel: view.title,
          after: kind.audit.fields(view),
        });
        tx.announce(kind.changed);
        return view;
      });
    },

    async update(actor: Actor | null, id: number, input: Input): Promise<View> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const before = await lockRow(tx, id);
        const row = await withSlug(
          () => chooseSlug(tx.db, table, input, id, kind.slugRules),
          (slug) =>
            tx.transaction(async (attempt) => {
              const [updated] = await attempt.db
                .update(rows)
                .set({ ...kind.values(input, slug), updatedAt: new Date() })
                .where(eq(table.id, id))
                .returning();
              if (!updated) throw notFound(kind.notFoundMessage);
              return updated;
            }),
        );
        const view = kind.toView(row as T["$inferSelect"]);
        await tx.services.audit.record({
          actor: admin,
          action: action("updated"),
          recordId: id,
          recordLabel: view.title,
          before: kind.audit.fields(before),
          after: kind.audit.fields(view),
        });
        tx.announce(kind.changed);
        return view;
      });
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const before = await lockRow(tx, id);
        await tx.db.delete(rows).where(eq(table.id, id));
        await tx.services.audit.record({
          actor: admin,
          action: action("deleted"),
          recordId: id,
          recordLabel: before.title,
          before: kind.audit.fields(before),
        });
        tx.announce(kind.changed);
      });
    },

    tags(actor: Actor | null): Promise<TagCount[]> {
      return read(actor, "tags", () => tagCounts(db, table, kind.access.read(actor)));
    },

    /** Every slug in use with its record's id, drafts included: what an import's plan renames around. */
    async slugs(): Promise<Map<string, number>> {
      const found = await db.select({ id: table.id, slug: table.slug }).from(rows);
      return new Map(found.map((row) => [row.slug, row.id]));
    },

    /** What visitors may see, whoever asks: the sitemap is public. */
    async sitemap(): Promise<{ url: string; updated_at: string }[]> {
      const found = await db
        .select()
        .from(rows)
        .where(kind.access.read(null))
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

import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type PageView, reservedSlugs, type TagCount } from "../../../common/content.ts";
import type { ListQuery, Paginated } from "../../../common/pagination.ts";
import type { ContentListQuery, PageInput } from "../../../common/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import { pages } from "../../db/schema.ts";
import { type Actor, isAdmin, requireAdmin } from "../access.ts";
import { notFound } from "../errors.ts";
import {
  byIdOrSlug,
  chooseSlug,
  contentValues,
  contentView,
  countWhere,
  listWhere,
  rankFirst,
  tagCounts,
  withSlug,
} from "./content-kit.ts";

const NOT_FOUND = "Página não encontrada.";
const slugRules = { word: "pagina", reserved: reservedSlugs };

const toView = (row: typeof pages.$inferSelect): PageView => contentView(row, `/${row.slug}`);

export function createPagesService(db: Db, deps: { onChange(): void }) {
  /** Visitors and customers see published pages only; administrators see every page. */
  const visibleTo = (actor: Actor | null) => (isAdmin(actor) ? null : eq(pages.status, "published"));

  async function exists(id: number) {
    const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.id, id)).limit(1);
    if (!row) throw notFound(NOT_FOUND);
  }

  return {
    async list(actor: Actor | null, query: ListQuery & ContentListQuery): Promise<Paginated<PageView>> {
      const where = listWhere(pages, query, visibleTo(actor));
      const byDate = query.sort === "date_asc" ? asc(pages.updatedAt) : desc(pages.updatedAt);
      const rows = await db
        .select()
        .from(pages)
        .where(where)
        .orderBy(...rankFirst(pages, query.q, [byDate, desc(pages.id)]))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return {
        data: rows.map(toView),
        pagination: { total: await countWhere(db, pages, where), page: query.page, per_page: query.per_page },
      };
    },

    /** A draft is a 404 for visitors and a preview for administrators. */
    async get(actor: Actor | null, idOrSlug: string): Promise<PageView> {
      const [row] = await db
        .select()
        .from(pages)
        .where(and(byIdOrSlug(pages, idOrSlug), visibleTo(actor) ?? undefined))
        .limit(1);
      if (!row) throw notFound(NOT_FOUND);
      return toView(row);
    },

    async create(actor: Actor | null, input: PageInput): Promise<PageView> {
      requireAdmin(actor);
      const row = await withSlug(
        () => chooseSlug(db, pages, input, null, slugRules),
        async (slug) => {
          const [inserted] = await db.insert(pages).values(contentValues(input, slug)).returning();
          if (!inserted) throw new Error("page insert returned nothing");
          return inserted;
        },
      );
      deps.onChange();
      return toView(row);
    },

    async update(actor: Actor | null, id: number, input: PageInput): Promise<PageView> {
      requireAdmin(actor);
      await exists(id);
      const row = await withSlug(
        () => chooseSlug(db, pages, input, id, slugRules),
        async (slug) => {
          const [updated] = await db
            .update(pages)
            .set({ ...contentValues(input, slug), updatedAt: new Date() })
            .where(eq(pages.id, id))
            .returning();
          if (!updated) throw notFound(NOT_FOUND);
          return updated;
        },
      );
      deps.onChange();
      return toView(row);
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      deps.onChange();
    },

    async tags(actor: Actor | null): Promise<TagCount[]> {
      return tagCounts(db, pages, visibleTo(actor));
    },

    /** Slugs of the given pages, whatever their status (menus link to them by id). */
    async slugsFor(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: pages.id, slug: pages.slug }).from(pages).where(inArray(pages.id, ids));
      return new Map(rows.map((row) => [row.id, row.slug]));
    },

    async sitemap(): Promise<{ url: string; updated_at: string }[]> {
      const rows = await db
        .select({ slug: pages.slug, updatedAt: pages.updatedAt })
        .from(pages)
        .where(eq(pages.status, "published"))
        .orderBy(asc(pages.id));
      return rows.map((row) => ({ url: `/${row.slug}`, updated_at: row.updatedAt.toISOString() }));
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;

import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { PostView, TagCount } from "../../../common/content.ts";
import type { ListQuery, Paginated } from "../../../common/pagination.ts";
import type { ContentListQuery, PostInput } from "../../../common/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import { posts } from "../../db/schema.ts";
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

const NOT_FOUND = "Notícia não encontrada.";
const slugRules = { word: "noticia" };

const toView = (row: typeof posts.$inferSelect): PostView => ({
  ...contentView(row, `/noticias/${row.slug}`),
  published_at: row.publishedAt.toISOString(),
});

/** Published and already due: what everyone may read. */
const isPublic = () => and(eq(posts.status, "published"), lte(posts.publishedAt, sql`now()`)) ?? sql`false`;

export function createPostsService(db: Db) {
  /** A future publication date hides a news item from everyone but administrators until then. */
  const visibleTo = (actor: Actor | null) => (isAdmin(actor) ? null : isPublic());

  async function exists(id: number) {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).limit(1);
    if (!row) throw notFound(NOT_FOUND);
  }

  const values = (input: PostInput, slug: string) => ({
    ...contentValues(input, slug),
    publishedAt: input.published_at,
  });

  return {
    async list(actor: Actor | null, query: ListQuery & ContentListQuery): Promise<Paginated<PostView>> {
      const where = listWhere(posts, query, visibleTo(actor));
      const byDate = query.sort === "date_asc" ? asc(posts.publishedAt) : desc(posts.publishedAt);
      const rows = await db
        .select()
        .from(posts)
        .where(where)
        .orderBy(...rankFirst(posts, query.q, [byDate, desc(posts.id)]))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return {
        data: rows.map(toView),
        pagination: { total: await countWhere(db, posts, where), page: query.page, per_page: query.per_page },
      };
    },

    /** A draft or a future item is a 404 for visitors and a preview for administrators. */
    async get(actor: Actor | null, idOrSlug: string): Promise<PostView> {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(byIdOrSlug(posts, idOrSlug), visibleTo(actor) ?? undefined))
        .limit(1);
      if (!row) throw notFound(NOT_FOUND);
      return toView(row);
    },

    async create(actor: Actor | null, input: PostInput): Promise<PostView> {
      requireAdmin(actor);
      const row = await withSlug(
        () => chooseSlug(db, posts, input, null, slugRules),
        async (slug) => {
          const [inserted] = await db.insert(posts).values(values(input, slug)).returning();
          if (!inserted) throw new Error("post insert returned nothing");
          return inserted;
        },
      );
      return toView(row);
    },

    async update(actor: Actor | null, id: number, input: PostInput): Promise<PostView> {
      requireAdmin(actor);
      await exists(id);
      const row = await withSlug(
        () => chooseSlug(db, posts, input, id, slugRules),
        async (slug) => {
          const [updated] = await db
            .update(posts)
            .set({ ...values(input, slug), updatedAt: new Date() })
            .where(eq(posts.id, id))
            .returning();
          if (!updated) throw notFound(NOT_FOUND);
          return updated;
        },
      );
      return toView(row);
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
    },

    async tags(actor: Actor | null): Promise<TagCount[]> {
      return tagCounts(db, posts, visibleTo(actor));
    },

    async sitemap(): Promise<{ url: string; updated_at: string }[]> {
      const rows = await db
        .select({ slug: posts.slug, updatedAt: posts.updatedAt })
        .from(posts)
        .where(isPublic())
        .orderBy(desc(posts.publishedAt), desc(posts.id));
      return rows.map((row) => ({ url: `/noticias/${row.slug}`, updated_at: row.updatedAt.toISOString() }));
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;

import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { PostView } from "../../../common/content.ts";
import type { ContentListQuery, PostInput } from "../../../common/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import { contentValues, contentView } from "./content-kit.ts";
import { createContentService } from "./content-service.ts";
import { posts } from "./tables.ts";

/** Published and already due: a future publication date hides a news item until then. */
const isPublic = () => and(eq(posts.status, "published"), lte(posts.publishedAt, sql`now()`)) ?? sql`false`;

export function createPostsService(db: Db) {
  return createContentService<typeof posts, PostView, PostInput, ContentListQuery>(db, {
    table: posts,
    notFoundMessage: "Notícia não encontrada.",
    slugRules: { word: "noticia" },
    toView: (row) => ({ ...contentView(row, `/noticias/${row.slug}`), published_at: row.publishedAt.toISOString() }),
    values: (input, slug) => ({ ...contentValues(input, slug), publishedAt: input.published_at }),
    isPublic,
    order: (query) => [query.sort === "date_asc" ? asc(posts.publishedAt) : desc(posts.publishedAt), desc(posts.id)],
    sitemapOrder: [desc(posts.publishedAt)],
  });
}

export type PostsService = ReturnType<typeof createPostsService>;

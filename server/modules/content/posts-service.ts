import { asc, desc } from "drizzle-orm";
import type { ContentListQuery, PostInput } from "../../../common/schemas/content.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { PostView } from "../../../common/views/content.ts";
import { publicReader } from "../../kernel/public-reads.ts";
import { postsAccess } from "./content-access.ts";
import { postAuditFields } from "./content-audit.ts";
import { contentValues, contentView, withheldContent } from "./content-kit.ts";
import { createContentService } from "./content-service.ts";
import type { PostsContext } from "./context.ts";
import { posts } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "posts.changed": undefined;
  }
}

export function createPostsService(context: PostsContext) {
  return createContentService<typeof posts, PostView, PostInput, ContentListQuery>(context, {
    table: posts,
    notFoundMessage: "Notícia não encontrada.",
    slugRules: { word: "noticia" },
    toView: (row) => ({ ...contentView(row, sitePaths.post(row.slug)), published_at: row.publishedAt.toISOString() }),
    values: (input, slug) => ({ ...contentValues(input, slug), publishedAt: input.published_at }),
    access: postsAccess,
    withhold: withheldContent,
    order: (query) => [query.sort === "date_asc" ? asc(posts.publishedAt) : desc(posts.publishedAt), desc(posts.id)],
    sitemapOrder: [desc(posts.publishedAt)],
    changed: { name: "posts.changed", payload: undefined },
    audit: { kind: "post", fields: postAuditFields },
    readPublic: publicReader(context, "posts"),
  });
}

export type PostsService = ReturnType<typeof createPostsService>;

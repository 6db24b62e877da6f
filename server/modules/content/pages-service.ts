import { asc, desc, eq, inArray } from "drizzle-orm";
import { type PageView, reservedSlugs } from "../../../common/content.ts";
import type { ContentListQuery, ContentStatus, PageInput } from "../../../common/schemas/content.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { contentValues, contentView } from "./content-kit.ts";
import { createContentService } from "./content-service.ts";
import { pages } from "./tables.ts";

export type PageLink = { slug: string; status: ContentStatus };

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    /** Menus show linked pages by slug. */
    "pages.changed": undefined;
  }
}

export function createPagesService(context: ServiceContext) {
  const { db } = context;
  const service = createContentService<typeof pages, PageView, PageInput, ContentListQuery>(db, {
    table: pages,
    notFoundMessage: "Página não encontrada.",
    slugRules: { word: "pagina", reserved: reservedSlugs },
    toView: (row) => contentView(row, `/${row.slug}`),
    values: contentValues,
    isPublic: () => eq(pages.status, "published"),
    order: (query) => [query.sort === "date_asc" ? asc(pages.updatedAt) : desc(pages.updatedAt), desc(pages.id)],
    sitemapOrder: [asc(pages.id)],
    onChange: () => context.announce({ name: "pages.changed", payload: undefined }),
  });
  return {
    ...service,

    /** Slug and status of the given pages, whatever their status (menus link to them by id). */
    async linksFor(ids: number[]): Promise<Map<number, PageLink>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: pages.id, slug: pages.slug, status: pages.status })
        .from(pages)
        .where(inArray(pages.id, ids));
      return new Map(rows.map(({ id, ...link }) => [id, link]));
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;

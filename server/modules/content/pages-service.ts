import { asc, desc, eq, inArray } from "drizzle-orm";
import { reservedSlugs } from "../../../common/content.ts";
import type { ContentListQuery, ContentStatus, PageInput } from "../../../common/schemas/content.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { PageView } from "../../../common/views/content.ts";
import { publicReader } from "../../kernel/public-reads.ts";
import { pagesAccess } from "./content-access.ts";
import { contentAuditFields } from "./content-audit.ts";
import { contentValues, contentView, withheldContent } from "./content-kit.ts";
import { createContentService } from "./content-service.ts";
import type { PagesContext } from "./context.ts";
import { pages } from "./tables.ts";

export type PageLink = { slug: string; status: ContentStatus };

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    /** Menus show linked pages by slug. */
    "pages.changed": undefined;
  }
}

export function createPagesService(context: PagesContext) {
  const { db } = context;
  const service = createContentService<typeof pages, PageView, PageInput, ContentListQuery>(context, {
    table: pages,
    notFoundMessage: "Página não encontrada.",
    slugRules: { word: "pagina", reserved: reservedSlugs },
    toView: (row) => contentView(row, sitePaths.page(row.slug)),
    values: contentValues,
    access: pagesAccess,
    withhold: withheldContent,
    order: (query) => [query.sort === "date_asc" ? asc(pages.updatedAt) : desc(pages.updatedAt), desc(pages.id)],
    sitemapOrder: [asc(pages.id)],
    changed: { name: "pages.changed", payload: undefined },
    audit: { kind: "page", fields: contentAuditFields },
    readPublic: publicReader(context, "pages"),
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

    /**
     * True when the page is published. Its row stays locked until the caller's transaction ends, so
     * the page cannot be unpublished or deleted in between (the settings' home page).
     */
    async lockPublished(id: number): Promise<boolean> {
      const [row] = await db.select({ status: pages.status }).from(pages).where(eq(pages.id, id)).for("share");
      return row?.status === "published";
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;

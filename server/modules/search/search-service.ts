import { type AnyColumn, and, sql } from "drizzle-orm";
import { type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { type SearchHit, searchHitSchema } from "../../../common/views/search.ts";
import { z } from "../../../common/zod.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/sql.ts";
import type { PublicReader } from "../../kernel/public-reads.ts";
import { eventsAccess, pagesAccess, postsAccess } from "../content/content-access.ts";
import { events, pages, posts } from "../content/tables.ts";
import { mediasAccess } from "../medias/medias-access.ts";
import { medias } from "../medias/tables.ts";
import { productsAccess } from "../products/products-access.ts";
import { products } from "../products/tables.ts";

export type SearchQuery = { q: string; page: number; per_page: number };

/**
 * One row of the union. PGlite and node-postgres hand back numbers and counts
 * differently (bigint as text on one, number on the other), so rows are coerced here.
 */
const hitRow = searchHitSchema.extend({
  id: z.coerce.number(),
  rank: z.coerce.number(),
  total: z.coerce.number(),
});

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The excerpt is plain text: the few entities sanitised HTML keeps become characters again. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return entities[name.toLowerCase()] ?? match;
  });
}

/** ISO 8601 in UTC, the same text on both engines. */
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Summary and body as plain text: tags become spaces, so words on both sides of a tag stay apart. */
const plainText = sql.raw(`regexp_replace(summary || ' ' || content, '<[^>]*>', ' ', 'g')`);

/** Rows of `search` matching the query of the `q` CTE. */
const matches = (search: AnyColumn) => sql`${search} @@ q.query`;

/** Which kinds of content are public: news, events, the library and the shop only while their feature is on. */
export type SearchScope = () => Promise<{ posts: boolean; events: boolean; medias: boolean; shop: boolean }>;

/** `readPublic` keeps answers for the next visitor (kernel/public-reads.ts): a search is the same for everyone. */
export function createSearchService(
  db: Db,
  scope: SearchScope,
  readPublic: PublicReader = (_actor, _key, load) => load(),
) {
  return {
    /**
     * Full-text search over published pages, published news (published_at reached),
     * published events, published library items and published products, ranked together; title matches weigh
     * most (see the `search` columns). A switched-off feature's items are left out: their
     * pages answer 404. A library item is dated January 1st (UTC) of its publication year,
     * or by its last update when the year is unknown; its excerpt comes from its authors
     * and description.
     */
    search(query: SearchQuery): Promise<Paginated<SearchHit>> {
      const q = query.q.trim();
      if (!q) return Promise.resolve(toPage([], 0, query));
      return readPublic(null, JSON.stringify({ ...query, q }), () => searchFor(q, query));
    },
  };

  async function searchFor(q: string, query: SearchQuery): Promise<Paginated<SearchHit>> {
    const { posts: postsOn, events: eventsOn, medias: mediasOn, shop: shopOn } = await scope();
    // What visitors may see of each kind, whoever asks (content-access.ts, medias-access.ts), that matches.
    const where = {
      pages: and(pagesAccess.read(null), matches(pages.search)),
      posts: and(sql`${postsOn}`, postsAccess.read(null), matches(posts.search)),
      events: and(sql`${eventsOn}`, eventsAccess.read(null), matches(events.search)),
      medias: and(sql`${mediasOn}`, mediasAccess(null), matches(medias.search)),
      products: and(sql`${shopOn}`, productsAccess(null), matches(products.search)),
    };

    const hits = sql`
        WITH q AS (SELECT websearch_to_tsquery('pt_unaccent', ${q}) AS query),
        hits AS (
          SELECT 'page' AS type, id, title, '/' || slug AS url, summary, content, updated_at AS date,
                 ts_rank(search, q.query) AS rank
            FROM pages, q
           WHERE ${where.pages}
          UNION ALL
          SELECT 'post', id, title, ${`${sitePaths.posts}/`} || slug, summary, content, published_at,
                 ts_rank(search, q.query)
            FROM posts, q
           WHERE ${where.posts}
          UNION ALL
          SELECT 'event', id, title, ${`${sitePaths.events}/`} || slug, summary, content, start_at,
                 ts_rank(search, q.query)
            FROM events, q
           WHERE ${where.events}
          UNION ALL
          SELECT 'media', id, title, ${`${sitePaths.medias}/`} || id, array_to_string(authors, '; '), description,
                 coalesce(make_timestamptz(publication_year, 1, 1, 0, 0, 0, 'UTC'), updated_at),
                 ts_rank(search, q.query)
            FROM medias, q
           WHERE ${where.medias}
          UNION ALL
          SELECT 'product', id, name, ${`${sitePaths.shop}/`} || slug, summary, content, updated_at,
                 ts_rank(search, q.query)
            FROM products, q
           WHERE ${where.products}
        ),
        page AS (
          SELECT hits.*, count(*) OVER () AS total
            FROM hits
           ORDER BY rank DESC, date DESC, type, id
           LIMIT ${query.per_page} OFFSET ${pageOffset(query)}
        )
        SELECT type, id, title, url,
               ts_headline('pt_unaccent', ${plainText}, q.query,
                           'StartSel=«,StopSel=»,MaxWords=30,MinWords=12') AS excerpt,
               ${iso("date")} AS date, rank::float8 AS rank, total::int AS total
          FROM page, q
         ORDER BY page.rank DESC, page.date DESC, page.type, page.id`;

    async function countAll(): Promise<number> {
      const counted = sql`
          WITH q AS (SELECT websearch_to_tsquery('pt_unaccent', ${q}) AS query)
          SELECT ((SELECT count(*) FROM pages, q WHERE ${where.pages})
                + (SELECT count(*) FROM posts, q WHERE ${where.posts})
                + (SELECT count(*) FROM events, q WHERE ${where.events})
                + (SELECT count(*) FROM medias, q WHERE ${where.medias})
                + (SELECT count(*) FROM products, q WHERE ${where.products}))::int AS total`;
      const [row] = await queryRows(db, counted, z.object({ total: z.coerce.number() }));
      return row?.total ?? 0;
    }

    const rows = await queryRows(db, hits, hitRow);
    // Past the last page the window count saw no row: the total is asked for on its own.
    const total = rows[0]?.total ?? (query.page > 1 ? await countAll() : 0);
    const found = rows.map((row) => ({
      type: row.type,
      id: row.id,
      title: row.title,
      url: row.url,
      excerpt: decodeEntities(row.excerpt).replace(/\s+/g, " ").trim(),
      date: row.date,
      rank: row.rank,
    }));
    return toPage(found, total, query);
  }
}

export type SearchService = ReturnType<typeof createSearchService>;

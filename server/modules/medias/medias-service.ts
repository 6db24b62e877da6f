import { and, arrayContains, asc, count, desc, eq, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../../common/errors.ts";
import { normalizeLanguage } from "../../../common/languages.ts";
import { mediaTypeLabels, mediaTypes } from "../../../common/media.ts";
import { type ListQuery, type Paginated, pageOffset, toPage } from "../../../common/pagination.ts";
import type { MediaInput, MediaListQuery } from "../../../common/schemas/media.ts";
import type { FacetCount, MediaFilters, MediaView } from "../../../common/views/medias.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, isAdmin, requireAdmin } from "../../kernel/access.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import { publicReader } from "../../kernel/public-reads.ts";
import type { MediasContext } from "./context.ts";
import { mediaAuditFields } from "./media-audit.ts";
import { mediaValues, toMediaView } from "./media-row.ts";
import { mediasAccess, mediasListed, mediasMembersOnly } from "./medias-access.ts";
import { medias } from "./tables.ts";

/**
 * What a read does with the members-only items the reader may not open: `omit` them (the API, exports, the
 * filters), or `tease` them, listed and opened as a notice (the site's own pages: withheldMedia).
 */
export type MembersOnlyItems = "omit" | "tease";

/** A members-only item as the site shows it to someone who may not open it: its reference, not its contents. */
function withheldMedia(view: MediaView): MediaView {
  return {
    ...view,
    description: "",
    url: "",
    documents: [],
    embed_url: "",
    notes: "",
    additional_info: "",
    withheld: true,
  };
}

const opensFor = (actor: Actor | null, items: MembersOnlyItems) =>
  sql<boolean>`${(items === "tease" ? mediasMembersOnly(actor) : undefined) ?? sql`true`}`;

export const MEDIA_NOT_FOUND = "Item não encontrado.";
/** An export holds at most this many items, in list order. */
export const MAX_EXPORT_ITEMS = 10_000;

/** The list filters without pagination: what an export takes. */
export type MediaSearch = Pick<ListQuery, "q"> & MediaListQuery;

const tsQuery = (q: string) => sql`websearch_to_tsquery('pt_unaccent', ${q})`;

/**
 * What the actor may see (mediasAccess, or mediasListed when members-only items are teased) narrowed by the
 * list's filters; administrators may filter by status.
 */
function listWhere(actor: Actor | null, query: MediaSearch, items: MembersOnlyItems = "omit"): SQL | undefined {
  const filters: SQL[] = [items === "omit" ? mediasAccess(actor) : mediasListed(actor)];
  if (isAdmin(actor) && query.status) filters.push(eq(medias.status, query.status));
  const q = query.q.trim();
  if (q) filters.push(sql`${medias.search} @@ ${tsQuery(q)}`);
  if (query.type) filters.push(eq(medias.type, query.type));
  if (query.category) filters.push(arrayContains(medias.categories, [query.category]));
  if (query.tag) filters.push(arrayContains(medias.tags, [query.tag]));
  if (query.language) filters.push(arrayContains(medias.languages, [normalizeLanguage(query.language)]));
  // A year bound leaves out the items whose year is unknown (comparisons with NULL are never true).
  if (query.year_from !== undefined) filters.push(gte(medias.publicationYear, query.year_from));
  if (query.year_to !== undefined) filters.push(lte(medias.publicationYear, query.year_to));
  return filters.length ? and(...filters) : undefined;
}

/** Case- and accent-insensitive, in the same byte order on every engine and locale. */
const foldedOrder = (value: SQL | typeof medias.title) => sql`lower(unaccent(${value})) COLLATE "C"`;

const newest = [
  sql`${medias.publicationYear} DESC NULLS LAST`,
  sql`${medias.publicationMonth} DESC NULLS LAST`,
  sql`${medias.publicationDay} DESC NULLS LAST`,
  desc(medias.id),
];

/**
 * Best match first: an item whose title alone answers the query comes before one that needs
 * its authors, tags or categories, which comes before one that needs its description, so a
 * description repeating a word never outranks a title; ts_rank_cd orders each group.
 */
function relevance(q: string): SQL[] {
  const query = tsQuery(q);
  const answeredBy = (weights: string) => sql`ts_filter(${medias.search}, ${weights}::"char"[]) @@ ${query}`;
  return [
    sql`CASE WHEN ${answeredBy("{a}")} THEN 0 WHEN ${answeredBy("{a,b}")} THEN 1 WHEN ${answeredBy("{a,b,c}")} THEN 2 ELSE 3 END`,
    desc(sql`ts_rank_cd(${medias.search}, ${query})`),
  ];
}

function listOrder(query: MediaSearch): SQL[] {
  if (query.sort === "title") return [asc(foldedOrder(medias.title)), asc(medias.id)];
  const q = query.q.trim();
  // Relevance without words to weigh is the newest order.
  if (query.sort === "relevance" && q) return [...relevance(q), ...newest];
  return newest;
}

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    /** The library's items changed: the visitors' filters count them. */
    "medias.changed": undefined;
  }
}

const mediasChanged = { name: "medias.changed", payload: undefined } as const;

export function createMediasService(context: MediasContext, publicFiltersCache: Memo<MediaFilters>) {
  const { db } = context;

  /** Values of one array column in use among the visible items, most used first. */
  async function arrayFacet(
    column: typeof medias.categories | typeof medias.tags | typeof medias.languages,
    visible: SQL | undefined,
  ): Promise<FacetCount[]> {
    const used = db
      .select({ value: sql<string>`unnest(${column})`.as("value") })
      .from(medias)
      .where(visible)
      .as("used");
    return db
      .select({ value: used.value, count: count() })
      .from(used)
      .groupBy(used.value)
      .orderBy(desc(count()), foldedOrder(sql`${used.value}`), sql`${used.value} COLLATE "C"`);
  }

  /**
   * What is in use among the items a visibility condition lets through. Types follow the order
   * of the form's list (mediaTypes); categories, tags and languages go most used first, then by
   * name; years newest first.
   */
  async function facets(visible: SQL | undefined): Promise<MediaFilters> {
    const typeRows = await db
      .select({ value: medias.type, count: count() })
      .from(medias)
      .where(visible)
      .groupBy(medias.type);
    const types = typeRows
      .sort((a, b) => mediaTypes.indexOf(a.value) - mediaTypes.indexOf(b.value))
      .map((row) => ({ ...row, label: mediaTypeLabels[row.value] }));
    const years = await db
      .select({ value: sql<number>`${medias.publicationYear}`.mapWith(Number), count: count() })
      .from(medias)
      .where(and(visible, isNotNull(medias.publicationYear)))
      .groupBy(medias.publicationYear)
      .orderBy(desc(medias.publicationYear));
    return {
      types,
      categories: await arrayFacet(medias.categories, visible),
      tags: await arrayFacet(medias.tags, visible),
      languages: await arrayFacet(medias.languages, visible),
      years,
    };
  }

  /** An item the administrator may change, locked until the transaction ends (its entry's "before" stays true). */
  async function lockItem(on: Db, admin: Actor, id: number): Promise<MediaView> {
    const [row] = await on
      .select()
      .from(medias)
      .where(and(eq(medias.id, id), mediasAccess(admin)))
      .for("update");
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    return toMediaView(row);
  }

  const viewOf = ({ row, opens }: { row: typeof medias.$inferSelect; opens: boolean }) =>
    opens ? toMediaView(row) : withheldMedia(toMediaView(row));

  async function listFor(
    actor: Actor | null,
    query: ListQuery & MediaListQuery,
    items: MembersOnlyItems,
  ): Promise<Paginated<MediaView>> {
    const where = listWhere(actor, query, items);
    const rows = await db
      .select({ row: medias, opens: opensFor(actor, items) })
      .from(medias)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.per_page)
      .offset(pageOffset(query));
    const [total] = await db.select({ value: count() }).from(medias).where(where);
    return toPage(rows.map(viewOf), total?.value ?? 0, query);
  }

  async function getFor(actor: Actor | null, id: number, items: MembersOnlyItems): Promise<MediaView> {
    const [found] = await db
      .select({ row: medias, opens: opensFor(actor, items) })
      .from(medias)
      .where(and(eq(medias.id, id), items === "omit" ? mediasAccess(actor) : mediasListed(actor)))
      .limit(1);
    if (!found) throw notFound(MEDIA_NOT_FOUND);
    return viewOf(found);
  }

  const read = publicReader(context, "medias");

  return {
    list(
      actor: Actor | null,
      query: ListQuery & MediaListQuery,
      items: MembersOnlyItems = "omit",
    ): Promise<Paginated<MediaView>> {
      return read(actor, `list ${items} ${JSON.stringify(query)}`, () => listFor(actor, query, items));
    },

    /** What is in use among the items the caller can see (the front end keeps it as media_filters). */
    filters(actor: Actor | null): Promise<MediaFilters> {
      if (isAdmin(actor)) return facets(mediasAccess(actor));
      // Every visit to /biblioteca shows the filters: the visitors' copy is kept until the library changes.
      return readThrough(context, publicFiltersCache, () => facets(mediasAccess(null)));
    },

    /**
     * A draft is a 404 for everyone but administrators; so is a members-only item she may not open, or its
     * teaser when `items` is "tease".
     */
    get(actor: Actor | null, id: number, items: MembersOnlyItems = "omit"): Promise<MediaView> {
      return read(actor, `get ${items} ${id}`, () => getFor(actor, id, items));
    },

    async create(actor: Actor | null, input: MediaInput): Promise<MediaView> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const [row] = await tx.db.insert(medias).values(mediaValues(input)).returning();
        if (!row) throw new Error("media insert returned nothing");
        const view = toMediaView(row);
        await tx.services.audit.record({
          actor: admin,
          action: "media.created",
          recordId: view.id,
          recordLabel: view.title,
          after: mediaAuditFields(view),
        });
        tx.announce(mediasChanged);
        return view;
      });
    },

    async update(actor: Actor | null, id: number, input: MediaInput): Promise<MediaView> {
      const admin = requireAdmin(actor);
      return context.transaction(async (tx) => {
        const before = await lockItem(tx.db, admin, id);
        const [row] = await tx.db
          .update(medias)
          .set({ ...mediaValues(input), updatedAt: new Date() })
          .where(eq(medias.id, id))
          .returning();
        if (!row) throw notFound(MEDIA_NOT_FOUND);
        const view = toMediaView(row);
        await tx.services.audit.record({
          actor: admin,
          action: "media.updated",
          recordId: id,
          recordLabel: view.title,
          before: mediaAuditFields(before),
          after: mediaAuditFields(view),
        });
        tx.announce(mediasChanged);
        return view;
      });
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const before = await lockItem(tx.db, admin, id);
        await tx.db.delete(medias).where(eq(medias.id, id));
        await tx.services.audit.record({
          actor: admin,
          action: "media.deleted",
          recordId: id,
          recordLabel: before.title,
          before: mediaAuditFields(before),
        });
        tx.announce(mediasChanged);
      });
    },

    /** Every item the list would show for these filters, in its order, up to MAX_EXPORT_ITEMS. */
    async exportItems(actor: Actor | null, query: MediaSearch): Promise<MediaView[]> {
      const rows = await db
        .select()
        .from(medias)
        .where(listWhere(actor, query))
        .orderBy(...listOrder(query))
        .limit(MAX_EXPORT_ITEMS);
      return rows.map(toMediaView);
    },
  };
}

export type MediasService = ReturnType<typeof createMediasService>;

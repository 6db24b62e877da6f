import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { EventView, TagCount } from "../../../common/content.ts";
import type { ListQuery, Paginated } from "../../../common/pagination.ts";
import type { EventInput, EventListQuery } from "../../../common/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import { events } from "../../db/schema.ts";
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

const NOT_FOUND = "Evento não encontrado.";
const slugRules = { word: "evento" };

const toView = (row: typeof events.$inferSelect): EventView => ({
  ...contentView(row, `/agenda/${row.slug}`),
  start_at: row.startAt.toISOString(),
  end_at: row.endAt.toISOString(),
  place_name: row.placeName,
  place_address: row.placeAddress,
  online_url: row.onlineUrl,
});

/** An event is upcoming until it ends; compared as instants, whatever the server's time zone. */
const upcoming = () => gte(events.endAt, sql`now()`);

/**
 * The agenda order: upcoming events first, soonest first, then past ones, latest first.
 * `date_asc` lists everything by start instead, oldest first.
 */
function agendaOrder(sort: EventListQuery["sort"]): SQL[] {
  if (sort === "date_asc") return [asc(events.startAt), asc(events.id)];
  return [
    asc(sql`case when ${upcoming()} then 0 else 1 end`),
    asc(sql`case when ${upcoming()} then ${events.startAt} end`),
    desc(events.startAt),
    asc(events.id),
  ];
}

export function createEventsService(db: Db) {
  const visibleTo = (actor: Actor | null) => (isAdmin(actor) ? null : eq(events.status, "published"));

  async function exists(id: number) {
    const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, id)).limit(1);
    if (!row) throw notFound(NOT_FOUND);
  }

  const values = (input: EventInput, slug: string) => ({
    ...contentValues(input, slug),
    startAt: input.start_at,
    endAt: input.end_at,
    placeName: input.place_name,
    placeAddress: input.place_address,
    onlineUrl: input.online_url,
  });

  return {
    async list(actor: Actor | null, query: ListQuery & EventListQuery): Promise<Paginated<EventView>> {
      const when =
        query.when === "upcoming" ? [upcoming()] : query.when === "past" ? [lt(events.endAt, sql`now()`)] : [];
      const where = listWhere(events, query, visibleTo(actor), when);
      const rows = await db
        .select()
        .from(events)
        .where(where)
        .orderBy(...rankFirst(events, query.q, agendaOrder(query.sort)))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return {
        data: rows.map(toView),
        pagination: { total: await countWhere(db, events, where), page: query.page, per_page: query.per_page },
      };
    },

    /** A draft is a 404 for visitors and a preview for administrators. */
    async get(actor: Actor | null, idOrSlug: string): Promise<EventView> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(byIdOrSlug(events, idOrSlug), visibleTo(actor) ?? undefined))
        .limit(1);
      if (!row) throw notFound(NOT_FOUND);
      return toView(row);
    },

    async create(actor: Actor | null, input: EventInput): Promise<EventView> {
      requireAdmin(actor);
      const row = await withSlug(
        () => chooseSlug(db, events, input, null, slugRules),
        async (slug) => {
          const [inserted] = await db.insert(events).values(values(input, slug)).returning();
          if (!inserted) throw new Error("event insert returned nothing");
          return inserted;
        },
      );
      return toView(row);
    },

    async update(actor: Actor | null, id: number, input: EventInput): Promise<EventView> {
      requireAdmin(actor);
      await exists(id);
      const row = await withSlug(
        () => chooseSlug(db, events, input, id, slugRules),
        async (slug) => {
          const [updated] = await db
            .update(events)
            .set({ ...values(input, slug), updatedAt: new Date() })
            .where(eq(events.id, id))
            .returning();
          if (!updated) throw notFound(NOT_FOUND);
          return updated;
        },
      );
      return toView(row);
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
    },

    async tags(actor: Actor | null): Promise<TagCount[]> {
      return tagCounts(db, events, visibleTo(actor));
    },

    async sitemap(): Promise<{ url: string; updated_at: string }[]> {
      const rows = await db
        .select({ slug: events.slug, updatedAt: events.updatedAt })
        .from(events)
        .where(eq(events.status, "published"))
        .orderBy(desc(events.startAt), desc(events.id));
      return rows.map((row) => ({ url: `/agenda/${row.slug}`, updated_at: row.updatedAt.toISOString() }));
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;

import { asc, desc, gte, lt, type SQL, sql } from "drizzle-orm";
import type { EventInput, EventListQuery } from "../../../common/schemas/content.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { EventView } from "../../../common/views/content.ts";
import { publicReader } from "../../kernel/public-reads.ts";
import { eventsAccess } from "./content-access.ts";
import { eventAuditFields } from "./content-audit.ts";
import { contentValues, contentView, withheldContent } from "./content-kit.ts";
import { createContentService } from "./content-service.ts";
import type { EventsContext } from "./context.ts";
import { events } from "./tables.ts";

const toView = (row: typeof events.$inferSelect): EventView => ({
  ...contentView(row, sitePaths.event(row.slug)),
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

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "events.changed": undefined;
  }
}

export function createEventsService(context: EventsContext) {
  return createContentService<typeof events, EventView, EventInput, EventListQuery>(context, {
    table: events,
    notFoundMessage: "Evento não encontrado.",
    slugRules: { word: "evento" },
    toView,
    values: (input, slug) => ({
      ...contentValues(input, slug),
      startAt: input.start_at,
      endAt: input.end_at,
      placeName: input.place_name,
      placeAddress: input.place_address,
      onlineUrl: input.online_url,
    }),
    access: eventsAccess,
    // A members' meeting's address and link are what the notice keeps from others.
    withhold: (view) => ({ ...withheldContent(view), place_address: "", online_url: "" }),
    filters: (query) =>
      query.when === "upcoming" ? [upcoming()] : query.when === "past" ? [lt(events.endAt, sql`now()`)] : [],
    order: (query) => agendaOrder(query.sort),
    sitemapOrder: [desc(events.startAt)],
    changed: { name: "events.changed", payload: undefined },
    audit: { kind: "event", fields: eventAuditFields },
    readPublic: publicReader(context, "events"),
  });
}

export type EventsService = ReturnType<typeof createEventsService>;

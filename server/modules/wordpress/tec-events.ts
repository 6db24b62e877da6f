import { fromSaoPauloLocal } from "../../../common/dates/local-input.ts";
import type { ImportText } from "./import-text.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

/**
 * The Events Calendar's events (tribe_events items) as our agenda's: start and end as instants (its UTC
 * copies when written, else its local times read on São Paulo's clock), the venue (a tribe_venue item)
 * as place and address, categories and tags as tags. An event without readable dates is listed with
 * the reason; one in the trash is left out.
 */

export type ImportedEvent = {
  wpId: number;
  title: string;
  slug: string;
  status: "published" | "draft";
  content: ImportText;
  summary: string;
  tags: string[];
  imageId: number | null;
  start_at: Date;
  end_at: Date;
  place_name: string;
  place_address: string;
};

export type SkippedEvent = { wpId: number; title: string; reason: string };

const WORDPRESS_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::\d{2})?$/;

/** "YYYY-MM-DD HH:MM:SS" in UTC, or else on São Paulo's clock; null when it is no date. */
function instantOf(utc: string | undefined, local: string | undefined): Date | null {
  const utcMatch = WORDPRESS_TIME.exec(utc?.trim() ?? "");
  if (utcMatch) {
    const instant = new Date(`${utcMatch[1]}T${utcMatch[2]}:00Z`);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  const localMatch = WORDPRESS_TIME.exec(local?.trim() ?? "");
  if (!localMatch) return null;
  const iso = fromSaoPauloLocal(`${localMatch[1]}T${localMatch[2]}`);
  return iso ? new Date(iso) : null;
}

/** "Travessa das Flores, 120, Abaetetuba/PA, 68440-000", from whichever parts the venue has. */
function venueAddress(venue: WxrItem): string {
  const meta = venue.meta;
  const city = [meta._VenueCity, meta._VenueStateProvince || meta._VenueState].filter(Boolean).join("/");
  return [meta._VenueAddress, city, meta._VenueZip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

function buildEvent(item: WxrItem, venues: Map<number, WxrItem>): ImportedEvent | SkippedEvent {
  const start = instantOf(item.meta._EventStartDateUTC, item.meta._EventStartDate);
  const end = instantOf(item.meta._EventEndDateUTC, item.meta._EventEndDate) ?? start;
  if (!start || !end) return { wpId: item.id, title: item.title, reason: "O evento não tem data de início legível." };
  const venue = venues.get(Number.parseInt(item.meta._EventVenueID ?? "", 10));
  const thumbnail = Number.parseInt(item.meta._thumbnail_id ?? "", 10);
  const tags = item.terms
    .filter((term) => term.taxonomy === "tribe_events_cat" || term.taxonomy === "post_tag")
    .map((term) => term.name);
  return {
    wpId: item.id,
    title: item.title,
    slug: item.slug,
    status: item.status === "publish" ? "published" : "draft",
    content: item.content,
    summary: item.excerpt,
    tags: [...new Set(tags)],
    imageId: Number.isSafeInteger(thumbnail) && thumbnail > 0 ? thumbnail : null,
    start_at: start,
    // An end before the start (a broken export) is read as the start.
    end_at: end.getTime() < start.getTime() ? start : end,
    place_name: venue?.title ?? "",
    place_address: venue ? venueAddress(venue) : "",
  };
}

export function eventsOf(site: WxrExport): { events: ImportedEvent[]; skipped: SkippedEvent[] } {
  const venues = new Map(site.items.filter((item) => item.type === "tribe_venue").map((item) => [item.id, item]));
  const events: ImportedEvent[] = [];
  const skipped: SkippedEvent[] = [];
  for (const item of site.items) {
    if (item.type !== "tribe_events" || item.status === "trash") continue;
    const built = buildEvent(item, venues);
    if ("reason" in built) skipped.push(built);
    else events.push(built);
  }
  return { events, skipped };
}

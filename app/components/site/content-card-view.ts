import { truncate } from "../../../common/seo.ts";
import type { EventView, PostView } from "../../../common/views/content.ts";

const SUMMARY_LENGTH = 200;

const cardSummary = (item: { summary: string; content: string }) =>
  truncate(item.summary || item.content, SUMMARY_LENGTH);

/** What a news card shows: the list's loader sends this, not the whole post, whose text the page would carry twice. */
export type PostCardView = Pick<
  PostView,
  "id" | "title" | "url" | "cover" | "cover_alt" | "published_at" | "members_only" | "withheld"
> & {
  summary: string;
};

/** What an event card shows, and the end the agenda splits its groups by. */
export type EventCardView = Pick<
  EventView,
  | "id"
  | "title"
  | "url"
  | "start_at"
  | "end_at"
  | "place_name"
  | "place_address"
  | "online_url"
  | "members_only"
  | "withheld"
> & { summary: string };

export function postCard(post: PostView): PostCardView {
  const { id, title, url, cover, cover_alt, published_at, members_only, withheld } = post;
  return { id, title, url, cover, cover_alt, published_at, members_only, withheld, summary: cardSummary(post) };
}

export function eventCard(event: EventView): EventCardView {
  const { id, title, url, start_at, end_at, place_name, place_address, online_url, members_only, withheld } = event;
  return {
    id,
    title,
    url,
    start_at,
    end_at,
    place_name,
    place_address,
    online_url,
    members_only,
    withheld,
    summary: cardSummary(event),
  };
}

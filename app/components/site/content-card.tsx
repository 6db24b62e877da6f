import { calendarBadge, formatEventPeriod, formatLongDate } from "../../../common/dates/format.ts";
import { fileUrl } from "../../../common/file-url.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import styles from "./content-card.module.css";
import type { EventCardView, PostCardView } from "./content-card-view.ts";
import { MapPinIcon, WorldIcon } from "./icons.tsx";
import { MembersOnlyBadge } from "./members-only.tsx";

/** A teaser's line where its summary would be. */
const WITHHELD_SUMMARY = "Conteúdo para associados em dia.";

/** A news item in a list: cover, date, title linking to it, summary. */
export function PostCard({ post, headingLevel = 3 }: { post: PostCardView; headingLevel?: 2 | 3 }) {
  const { filesUrl } = useRootData();
  const { summary } = post;
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      {post.cover ? (
        <img
          className={styles.cover}
          src={fileUrl(post.cover, filesUrl ?? undefined)}
          alt={post.cover_alt}
          loading="lazy"
        />
      ) : null}
      <div className={styles.body}>
        <time className={styles.date} dateTime={post.published_at}>
          {formatLongDate(post.published_at)}
        </time>
        <Heading className={styles.title}>
          <AppLink className={styles.titleLink} to={post.url}>
            {post.title}
          </AppLink>
        </Heading>
        <MembersOnlyBadge item={post} />
        {post.withheld ? <p className={styles.summary}>{WITHHELD_SUMMARY}</p> : null}
        {summary ? <p className={styles.summary}>{summary}</p> : null}
      </div>
    </article>
  );
}

/** Day and month in a square, as on a wall calendar. */
function DateBadge({ value }: { value: string }) {
  const { day, month } = calendarBadge(value);
  return (
    <div className={styles.dateBadge} aria-hidden data-testid="event-date-badge">
      <span className={styles.day}>{day}</span>
      <span className={styles.month}>{month}</span>
    </div>
  );
}

/** An event in a list: date badge, title linking to it, when and where. */
export function EventCard({ event, headingLevel = 3 }: { event: EventCardView; headingLevel?: 2 | 3 | 4 }) {
  const { summary } = event;
  const place = [event.place_name, event.place_address].filter(Boolean).join(" - ");
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <div className={styles.event}>
        <DateBadge value={event.start_at} />
        <div className={styles.eventBody}>
          <Heading className={styles.title}>
            <AppLink className={styles.titleLink} to={event.url}>
              {event.title}
            </AppLink>
          </Heading>
          <time className={styles.period} dateTime={event.start_at}>
            {formatEventPeriod(event.start_at, event.end_at)}
          </time>
          {place ? (
            <p className={styles.line}>
              <MapPinIcon className={styles.lineIcon} />
              {place}
            </p>
          ) : null}
          {event.online_url ? (
            <p className={styles.line}>
              <WorldIcon className={styles.lineIcon} />
              Evento online
            </p>
          ) : null}
          <MembersOnlyBadge item={event} />
          {event.withheld ? <p className={styles.eventSummary}>{WITHHELD_SUMMARY}</p> : null}
          {summary ? <p className={styles.eventSummary}>{summary}</p> : null}
        </div>
      </div>
    </article>
  );
}

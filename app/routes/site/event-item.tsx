import { formatEventPeriod } from "../../../common/dates/format.ts";
import { eventJsonLd, truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { ContentBody, CoverImage, DocumentList, DraftNotice } from "../../components/site/content-body.tsx";
import { ArrowLeftIcon, CalendarPlusIcon, ClockIcon, MapPinIcon, WorldIcon } from "../../components/site/icons.tsx";
import { MembersOnlyBadge, MembersOnlyNotice } from "../../components/site/members-only.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { TagList } from "../../components/site/tags.tsx";
import { Badge, buttonClass, Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { itemAnswer } from "../../lib/members-only.server.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import { publicText } from "../../lib/rich-text.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/event-item";
import styles from "./content-item.module.css";

/** /agenda/:slug — one event; administrators also preview drafts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const settings = await requireFeature(services, "events");
  const event = await loadOr404(() => services.events.get(actor, params.slug, "tease"));
  const { content, textExcerpt } = publicText(context, event);
  return itemAnswer(event, {
    event: { ...event, content },
    textExcerpt,
    heading: settings.features.events.title,
    over: event.end_at < new Date().toISOString(),
  });
}

/** The loader's caching (itemAnswer): private for a members-only item a member opened. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { event, textExcerpt } = loaderData;
  const links = siteLinks(root);
  const description = truncate(event.summary || textExcerpt, 300);
  return seoMeta({
    root,
    title: event.title,
    description: description || formatEventPeriod(event.start_at, event.end_at),
    path: event.url,
    image: event.cover,
    noindex: event.status !== "published" || event.members_only,
    jsonLd: eventJsonLd({
      name: event.title,
      description,
      url: links.page(event.url),
      image: links.file(event.cover),
      startDate: event.start_at,
      endDate: event.end_at,
      placeName: event.place_name,
      placeAddress: event.place_address,
      onlineUrl: event.online_url,
      organizer: { name: root?.settings?.title ?? "cms", url: links.page("/") },
    }),
  });
}

const mapUrl = (address: string) =>
  `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: address })}`;

export default function EventItem({ loaderData }: Route.ComponentProps) {
  const { event, heading, over } = loaderData;
  const place = [event.place_name, event.place_address].filter(Boolean).join(" - ");
  return (
    <Container size="md" section>
      <article className={styles.article}>
        <AppLink className={styles.back} to={sitePaths.events}>
          <ArrowLeftIcon />
          {heading}
        </AppLink>
        {event.status !== "published" ? <DraftNotice /> : null}
        <Stack gap="xs">
          {over ? (
            <div>
              <Badge tone="gray">Evento encerrado</Badge>
            </div>
          ) : null}
          <h1>{event.title}</h1>
          <MembersOnlyBadge item={event} />
          {event.summary ? <p className={styles.summary}>{event.summary}</p> : null}
        </Stack>
        <div className={styles.details}>
          <p className={styles.detail}>
            <ClockIcon size={20} className={styles.detailIcon} />
            <strong className={styles.when}>
              <time dateTime={event.start_at}>{formatEventPeriod(event.start_at, event.end_at)}</time>
            </strong>
          </p>
          {place ? (
            <p className={styles.detail}>
              <MapPinIcon size={20} className={styles.detailIcon} />
              <span>
                {place}
                {event.place_address ? (
                  <>
                    {" "}
                    <a
                      className={styles.map}
                      href={mapUrl(event.place_address)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      (ver no mapa)
                    </a>
                  </>
                ) : null}
              </span>
            </p>
          ) : null}
          {event.online_url ? (
            <p className={styles.detail}>
              <WorldIcon size={20} className={styles.detailIcon} />
              <a className={styles.online} href={event.online_url} target="_blank" rel="noopener noreferrer">
                Participar online
              </a>
            </p>
          ) : null}
          {event.withheld ? null : (
            <div>
              <a
                className={buttonClass("light")}
                href={sitePaths.eventCalendar(event.slug)}
                download={`${event.slug}.ics`}
              >
                <CalendarPlusIcon size={18} />
                Adicionar à agenda
              </a>
            </div>
          )}
        </div>
        <CoverImage url={event.cover} alt={event.cover_alt} />
        {event.withheld ? <MembersOnlyNotice path={event.url} /> : null}
        <ContentBody html={event.content} />
        <DocumentList documents={event.documents} />
        <TagList tags={event.tags} basePath={sitePaths.events} />
      </article>
    </Container>
  );
}

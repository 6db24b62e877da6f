import { sitePaths } from "../../../common/site-paths.ts";
import { EventCard } from "../../components/site/content-card.tsx";
import { type EventCardView, eventCard } from "../../components/site/content-card-view.ts";
import { Pagination } from "../../components/site/pagination.tsx";
import { PublicListHeader } from "../../components/site/public-list-header.tsx";
import { listPath, seoMeta } from "../../components/site/seo.ts";
import { Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { loadPublicList } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/events-list";
import styles from "./content-lists.module.css";

/** /agenda — published events: upcoming ones first (soonest first), then past ones (latest first). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const { list: events, ...rest } = await loadPublicList(services, url, "events", services.events);
  // The split is decided here, on the server's clock, so the page hydrates with the same groups.
  const now = new Date().toISOString();
  const cards = events.data.map(eventCard);
  return {
    upcoming: cards.filter((event) => event.end_at >= now),
    past: cards.filter((event) => event.end_at < now),
    pagination: events.pagination,
    ...rest,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { heading, tag, pagination } = loaderData;
  const page = pagination.page;
  return seoMeta({
    root,
    title: [tag ? `${heading}: ${tag}` : heading, page > 1 ? `página ${page}` : ""].filter(Boolean).join(" - "),
    description: tag ? `Eventos com a etiqueta ${tag}.` : `Próximos eventos de ${root?.settings?.title ?? "cms"}.`,
    path: listPath(sitePaths.events, { tag, page }),
  });
}

function EventGroup({ id, title, events }: { id: string; title: string; events: EventCardView[] }) {
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {events.length === 0 ? (
        <p>Nenhum evento programado no momento.</p>
      ) : (
        <div className={styles.events}>
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
      )}
    </section>
  );
}

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, pagination, tags, tag, heading } = loaderData;
  // Upcoming events come first in the list, so only its first page can lack them all.
  const showUpcoming = upcoming.length > 0 || pagination.page === 1;
  return (
    <Container section>
      <Stack gap="xl">
        <PublicListHeader list="events" heading={heading} tag={tag} tags={tags} />
        {showUpcoming ? <EventGroup id="proximos-eventos" title="Próximos eventos" events={upcoming} /> : null}
        {past.length > 0 ? <EventGroup id="eventos-passados" title="Eventos passados" events={past} /> : null}
        <Pagination pagination={pagination} noun={["evento", "eventos"]} />
      </Stack>
    </Container>
  );
}

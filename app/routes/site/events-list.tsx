import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import { sitePaths } from "../../../common/site-paths.ts";
import type { EventView } from "../../../common/views/content.ts";
import { z } from "../../../common/zod.ts";
import { AppLink } from "../../components/app-link.tsx";
import { readListQuery } from "../../components/conta/list-toolbar.tsx";
import { PaginationBar, redirectPastLastPage } from "../../components/conta/pagination-bar.tsx";
import { EventCard } from "../../components/site/content-card.tsx";
import { listPath, seoMeta } from "../../components/site/seo.ts";
import { TagFilter } from "../../components/site/tags.tsx";
import { getApp } from "../../lib/context.server.ts";
import { PUBLIC_PER_PAGE, requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/events-list";

const tagFilter = { tag: z.string().trim().min(1).max(40).optional() };

/** /agenda — published events: upcoming ones first (soonest first), then past ones (latest first). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await requireFeature(services, "events");
  const query = readListQuery(url, tagFilter);
  const [events, tags] = await Promise.all([
    services.events.list(null, {
      page: query.page,
      per_page: PUBLIC_PER_PAGE,
      q: "",
      tag: query.tag,
      sort: "date_desc",
    }),
    services.events.tags(null),
  ]);
  redirectPastLastPage(url, events.pagination, events.data.length);
  // The split is decided here, on the server's clock, so the page hydrates with the same groups.
  const now = new Date().toISOString();
  return {
    upcoming: events.data.filter((event) => event.end_at >= now),
    past: events.data.filter((event) => event.end_at < now),
    pagination: events.pagination,
    tags,
    tag: query.tag ?? null,
    heading: settings.features.events.title,
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

function EventGroup({ id, title, events }: { id: string; title: string; events: EventView[] }) {
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {events.length === 0 ? (
        <Text>Nenhum evento programado no momento.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, pagination, tags, tag, heading } = loaderData;
  // Upcoming events come first in the list, so only its first page can lack them all.
  const showUpcoming = upcoming.length > 0 || pagination.page === 1;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{heading}</Title>
            {tag ? (
              <Text c="gray.7">
                Com a etiqueta <strong>{tag}</strong>.{" "}
                <Anchor component={AppLink} to={sitePaths.events}>
                  Ver todos
                </Anchor>
              </Text>
            ) : null}
          </Stack>
          <Anchor href={sitePaths.eventsFeed} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconCalendarPlus size={16} aria-hidden />
              Assinar a agenda (.ics)
            </Group>
          </Anchor>
        </Group>
        <TagFilter tags={tags} active={tag} basePath={sitePaths.events} />
        {showUpcoming ? <EventGroup id="proximos-eventos" title="Próximos eventos" events={upcoming} /> : null}
        {past.length > 0 ? <EventGroup id="eventos-passados" title="Eventos passados" events={past} /> : null}
        <PaginationBar pagination={pagination} noun={["evento", "eventos"]} />
      </Stack>
    </Container>
  );
}

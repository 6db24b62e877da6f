import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCalendarPlus, IconClock, IconMapPin, IconWorld } from "@tabler/icons-react";
import { formatEventPeriod } from "../../../common/dates/format.ts";
import { eventJsonLd, truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { ContentBody, CoverImage, DocumentList, DraftNotice } from "../../components/site/content-body.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { TagList } from "../../components/site/tags.tsx";
import { getApp } from "../../lib/context.server.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/event-item";

/** /agenda/:slug — one event; administrators also preview drafts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const settings = await requireFeature(services, "events");
  const event = await loadOr404(() => services.events.get(actor, params.slug));
  return { event, heading: settings.features.events.title, over: event.end_at < new Date().toISOString() };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { event } = loaderData;
  const links = siteLinks(root);
  const description = truncate(event.summary || event.content, 300);
  return seoMeta({
    root,
    title: event.title,
    description: description || formatEventPeriod(event.start_at, event.end_at),
    path: event.url,
    image: event.cover,
    noindex: event.status !== "published",
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
    <Container size="md" py="xl">
      <Stack gap="lg" component="article">
        <Anchor component={AppLink} to={sitePaths.events} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {heading}
          </Group>
        </Anchor>
        {event.status !== "published" ? <DraftNotice /> : null}
        <Stack gap="xs">
          {over ? (
            <Badge color="gray" variant="light" w="fit-content">
              Evento encerrado
            </Badge>
          ) : null}
          <Title order={1}>{event.title}</Title>
          {event.summary ? (
            <Text fz="lg" fw={500}>
              {event.summary}
            </Text>
          ) : null}
        </Stack>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconClock size={20} style={{ flexShrink: 0 }} aria-hidden />
              <Text fw={600}>
                <time dateTime={event.start_at}>{formatEventPeriod(event.start_at, event.end_at)}</time>
              </Text>
            </Group>
            {place ? (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconMapPin size={20} style={{ flexShrink: 0 }} aria-hidden />
                <Text>
                  {place}
                  {event.place_address ? (
                    <>
                      {" "}
                      <Anchor href={mapUrl(event.place_address)} target="_blank" rel="noopener noreferrer" size="sm">
                        (ver no mapa)
                      </Anchor>
                    </>
                  ) : null}
                </Text>
              </Group>
            ) : null}
            {event.online_url ? (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconWorld size={20} style={{ flexShrink: 0 }} aria-hidden />
                <Anchor
                  href={event.online_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ wordBreak: "break-all" }}
                >
                  Participar online
                </Anchor>
              </Group>
            ) : null}
            <Button
              component="a"
              href={sitePaths.eventCalendar(event.slug)}
              download={`${event.slug}.ics`}
              variant="light"
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              w="fit-content"
            >
              Adicionar à agenda
            </Button>
          </Stack>
        </Paper>
        <CoverImage url={event.cover} alt="" />
        <ContentBody html={event.content} />
        <DocumentList documents={event.documents} />
        <TagList tags={event.tags} basePath={sitePaths.events} />
      </Stack>
    </Container>
  );
}

import { Anchor, Card, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { IconMapPin, IconWorld } from "@tabler/icons-react";
import { calendarBadge, formatEventPeriod, formatLongDate } from "../../../common/dates/format.ts";
import { fileUrl } from "../../../common/file-url.ts";
import { truncate } from "../../../common/seo.ts";
import type { EventView, PostView } from "../../../common/views/content.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";

const SUMMARY_LENGTH = 200;

const summaryOf = (item: { summary: string; content: string }) =>
  truncate(item.summary || item.content, SUMMARY_LENGTH);

/** A news item in a list: cover, date, title linking to it, summary. */
export function PostCard({ post, headingLevel = 3 }: { post: PostView; headingLevel?: 2 | 3 }) {
  const { filesUrl } = useRootData();
  const summary = summaryOf(post);
  return (
    <Card withBorder radius="md" padding="lg" component="article" h="100%">
      {post.cover ? (
        <Card.Section mb="md">
          <Image src={fileUrl(post.cover, filesUrl ?? undefined)} alt="" h={180} fit="cover" loading="lazy" />
        </Card.Section>
      ) : null}
      <Stack gap={6}>
        <Text size="sm" c="gray.7" component="time" dateTime={post.published_at}>
          {formatLongDate(post.published_at)}
        </Text>
        <Title order={headingLevel} size="h4">
          <Anchor component={AppLink} to={post.url} c="inherit" fw={700} underline="hover">
            {post.title}
          </Anchor>
        </Title>
        {summary ? <Text size="sm">{summary}</Text> : null}
      </Stack>
    </Card>
  );
}

/** Day and month in a square, as on a wall calendar. */
function DateBadge({ value }: { value: string }) {
  const { day, month } = calendarBadge(value);
  return (
    <Paper
      bg="primary"
      c="white"
      radius="md"
      w={64}
      py={6}
      ta="center"
      style={{ flexShrink: 0 }}
      aria-hidden
      data-testid="event-date-badge"
    >
      <Text fz={24} fw={700} lh={1.1}>
        {day}
      </Text>
      <Text size="sm" tt="uppercase" lh={1.1}>
        {month}
      </Text>
    </Paper>
  );
}

/** An event in a list: date badge, title linking to it, when and where. */
export function EventCard({ event, headingLevel = 3 }: { event: EventView; headingLevel?: 2 | 3 | 4 }) {
  const summary = summaryOf(event);
  const place = [event.place_name, event.place_address].filter(Boolean).join(" - ");
  return (
    <Card withBorder radius="md" padding="lg" component="article" h="100%">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <DateBadge value={event.start_at} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={headingLevel} size="h4">
            <Anchor component={AppLink} to={event.url} c="inherit" fw={700} underline="hover">
              {event.title}
            </Anchor>
          </Title>
          <Text size="sm" fw={600} component="time" dateTime={event.start_at}>
            {formatEventPeriod(event.start_at, event.end_at)}
          </Text>
          {place ? (
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
              <Text size="sm">{place}</Text>
            </Group>
          ) : null}
          {event.online_url ? (
            <Group gap={4} wrap="nowrap">
              <IconWorld size={16} aria-hidden />
              <Text size="sm">Evento online</Text>
            </Group>
          ) : null}
          {summary ? (
            <Text size="sm" c="gray.7">
              {summary}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

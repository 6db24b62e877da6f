import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconRss } from "@tabler/icons-react";
import { sitePaths } from "../../../common/site-paths.ts";
import type { TagCount } from "../../../common/views/content.ts";
import { AppLink } from "../app-link.tsx";
import { TagFilter } from "./tags.tsx";

/** Where each public list lives, its link back from a tag to the whole list, and its feed. */
const lists = {
  posts: {
    path: sitePaths.posts,
    allLabel: "Ver todas",
    feed: { href: sitePaths.postsFeed, Icon: IconRss, label: "Assinar o feed RSS" },
  },
  events: {
    path: sitePaths.events,
    allLabel: "Ver todos",
    feed: { href: sitePaths.eventsFeed, Icon: IconCalendarPlus, label: "Assinar a agenda (.ics)" },
  },
};

/**
 * The top of /noticias and /agenda: the heading, the active tag with a link back to the
 * whole list, the feed to subscribe to, and every tag to filter by.
 */
export function PublicListHeader(props: {
  list: keyof typeof lists;
  heading: string;
  tag: string | null;
  tags: TagCount[];
}) {
  const { path, allLabel, feed } = lists[props.list];
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{props.heading}</Title>
          {props.tag ? (
            <Text c="gray.7">
              Com a etiqueta <strong>{props.tag}</strong>.{" "}
              <Anchor component={AppLink} to={path}>
                {allLabel}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
        <Anchor href={feed.href} size="sm">
          <Group gap={4} wrap="nowrap">
            <feed.Icon size={16} aria-hidden />
            {feed.label}
          </Group>
        </Anchor>
      </Group>
      <TagFilter tags={props.tags} active={props.tag} basePath={path} />
    </>
  );
}

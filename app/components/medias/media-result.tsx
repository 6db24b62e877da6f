import { Anchor, Badge, Group, Image, Stack, Text, Title } from "@mantine/core";
import { fileUrl } from "../../../common/file-url.ts";
import { mediaTypeLabels } from "../../../common/media.ts";
import type { MediaView } from "../../../common/views/medias.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import { formatNames, LISTED_AUTHORS } from "./media-format.ts";

/** Authors, or organisers marked "(org.)" when a work has only those. */
export function creditLine(item: Pick<MediaView, "authors" | "organizers">, max = LISTED_AUTHORS): string {
  if (item.authors.length > 0) return formatNames(item.authors, max);
  if (item.organizers.length > 0) return `${formatNames(item.organizers, max)} (org.)`;
  return "";
}

/** One item of the public list: cover, type, year, title linking to it, authors and source. */
export function MediaResult({ item }: { item: MediaView }) {
  const { filesUrl } = useRootData();
  const credits = creditLine(item);
  return (
    <Group component="li" gap="md" wrap="nowrap" align="flex-start" py="sm">
      {item.cover ? (
        <Image
          src={fileUrl(item.cover, filesUrl ?? undefined)}
          alt=""
          w={72}
          h={96}
          fit="cover"
          radius="sm"
          loading="lazy"
          style={{ flexShrink: 0 }}
        />
      ) : null}
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge variant="light" style={{ textTransform: "none" }}>
            {mediaTypeLabels[item.type]}
          </Badge>
          {item.year ? (
            <Text size="sm" c="gray.7">
              {item.year}
            </Text>
          ) : null}
        </Group>
        <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
          <Anchor component={AppLink} to={item.url_path} c="inherit" fw={700} underline="hover">
            {item.title}
          </Anchor>
        </Title>
        {credits ? <Text size="sm">{credits}</Text> : null}
        {item.source ? (
          <Text size="sm" c="gray.7" fs="italic">
            {item.source}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

import { Badge, Group } from "@mantine/core";
import { IconTag } from "@tabler/icons-react";
import type { TagCount } from "../../../common/views/content.ts";
import { AppLink } from "../app-link.tsx";

const tagHref = (basePath: string, tag: string) => `${basePath}?${new URLSearchParams({ tag })}`;

/** The tags of one item; with `basePath` each links to the list filtered by it. */
export function TagList({ tags, basePath }: { tags: string[]; basePath?: string }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} aria-label="Etiquetas">
      {tags.map((tag) =>
        basePath ? (
          <Badge
            key={tag}
            component={AppLink}
            to={tagHref(basePath, tag)}
            variant="light"
            color="secondary.9"
            leftSection={<IconTag size={12} aria-hidden />}
            style={{ cursor: "pointer", textTransform: "none" }}
          >
            {tag}
          </Badge>
        ) : (
          <Badge
            key={tag}
            variant="light"
            color="secondary.9"
            leftSection={<IconTag size={12} aria-hidden />}
            style={{ textTransform: "none" }}
          >
            {tag}
          </Badge>
        ),
      )}
    </Group>
  );
}

/** Every tag in use with its count, to filter a list; the active one is marked. */
export function TagFilter({ tags, active, basePath }: { tags: TagCount[]; active: string | null; basePath: string }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} component="nav" aria-label="Filtrar por etiqueta">
      <Badge
        component={AppLink}
        to={basePath}
        variant={active ? "outline" : "filled"}
        aria-current={active ? undefined : "page"}
        style={{ cursor: "pointer", textTransform: "none" }}
      >
        Todas
      </Badge>
      {tags.map(({ tag, count }) => (
        <Badge
          key={tag}
          component={AppLink}
          to={tagHref(basePath, tag)}
          variant={tag === active ? "filled" : "outline"}
          aria-current={tag === active ? "page" : undefined}
          style={{ cursor: "pointer", textTransform: "none" }}
        >
          {tag} ({count})
        </Badge>
      ))}
    </Group>
  );
}

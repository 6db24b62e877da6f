import { Button, Group, Title } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { ContentStatus } from "../../../common/schemas/content.ts";

/** The saved record's public address; a draft opens there as a preview for administrators. */
export type SavedRecord = { url: string; status: ContentStatus };

/** An editing form's heading, with a link to the saved record on the site. */
export function EditorHeader({ title, saved }: { title: string; saved?: SavedRecord }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      {saved ? (
        <Button
          component="a"
          href={saved.url}
          target="_blank"
          rel="noopener"
          variant="subtle"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          {saved.status === "draft" ? "Pré-visualizar" : "Ver no site"}
        </Button>
      ) : null}
    </Group>
  );
}

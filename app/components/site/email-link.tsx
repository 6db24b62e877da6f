import { Anchor, Group } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";

/** The site's public e-mail as a mailto link with its icon (footer and contact page). */
export function EmailLink({ email, color }: { email: string; color?: string }) {
  return (
    <Anchor href={`mailto:${email}`} c={color}>
      <Group gap={6} wrap="nowrap">
        <IconMail size={18} aria-hidden />
        {email}
      </Group>
    </Anchor>
  );
}

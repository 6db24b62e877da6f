import { Button, Group, Stack, Text, Textarea, VisuallyHidden } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** Where the clipboard API is missing (plain http, older browsers) or refuses, the browser's own copy of a selection. */
function copySelected(field: HTMLTextAreaElement | null): boolean {
  if (!field) return false;
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/**
 * A code to copy (a Pix "Copia e Cola"), for the account's screens: a read-only field anyone can select and
 * copy by hand, and once the page runs a button that puts it on the clipboard and says so. `name` tells
 * apart several such buttons on one screen, for those who hear them.
 */
export function CopyCodeField({ label, code, name }: { label: string; code: string; name: string }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLTextAreaElement>(null);
  const [said, setSaid] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setSaid("Código copiado!");
    } catch {
      setSaid(copySelected(field.current) ? "Código copiado!" : "Selecione o código e copie com Ctrl+C.");
    }
  }
  return (
    <Stack gap={6}>
      <Textarea
        ref={field}
        label={label}
        readOnly
        defaultValue={code}
        autosize
        minRows={3}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: "monospace", fontSize: 13, wordBreak: "break-all" } }}
      />
      {hydrated ? (
        <Group gap="sm">
          <Button onClick={copy} leftSection={<IconCopy size={16} aria-hidden />} w="fit-content">
            Copiar código <VisuallyHidden>{name}</VisuallyHidden>
          </Button>
          <Text size="sm" fw={600} role="status">
            {said}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

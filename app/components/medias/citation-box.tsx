import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCopy, IconDownload } from "@tabler/icons-react";
import { useRef } from "react";
import { type CitationPart, citationText } from "../../../common/citation/abnt.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { itemExportHref } from "./medias-query.ts";

export const REFERENCE_COPIED = "Referência copiada.";

/** Older browsers and pages not served over https have no clipboard API: select the text and copy it. */
function selectAndCopy(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

async function copyText(text: string, element: HTMLElement | null): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, no focus): the selection below still works.
    }
  }
  return selectAndCopy(element);
}

/** "Como citar (ABNT)": the reference with its highlighted part in bold, a copy button and the exports. */
export function CitationBox({ id, parts }: { id: number; parts: CitationPart[] }) {
  const reference = useRef<HTMLParagraphElement>(null);
  const hydrated = useHydrated();
  const copy = async () => {
    if (await copyText(citationText(parts), reference.current)) notifySuccess(REFERENCE_COPIED);
    // The reference stays selected, so the visitor can still copy it with the keyboard.
    else notifyError("Não foi possível copiar. A referência está selecionada: use Ctrl+C para copiá-la.");
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="como-citar">
      <Title order={2} size="h4" id="como-citar">
        Como citar (ABNT)
      </Title>
      <Paper withBorder p="md" bg="gray.0">
        <Text ref={reference} data-testid="abnt-reference" style={{ overflowWrap: "anywhere" }}>
          {parts.map((part, index) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one reference never move
            part.strong ? <strong key={index}>{part.text}</strong> : <span key={index}>{part.text}</span>,
          )}
        </Text>
      </Paper>
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={copy}
          // The copy needs JavaScript; until then the reference can be selected by hand.
          disabled={!hydrated}
        >
          Copiar referência
        </Button>
        <Anchor href={itemExportHref(id, "bibtex")} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            BibTeX
          </Group>
        </Anchor>
        <Anchor href={itemExportHref(id, "ris")} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} aria-hidden />
            RIS
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}

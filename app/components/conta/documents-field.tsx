import { ActionIcon, Anchor, Button, FileButton, Group, Input, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconFileText, IconTrash, IconUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { formatFileSize } from "../../../common/file-size.ts";
import { fileUrl } from "../../../common/file-url.ts";
import type { ContentDocument } from "../../../common/views/content.ts";
import { z } from "../../../common/zod.ts";
import { notifyError } from "../../lib/notify.ts";
import { uploadDocument } from "../../lib/upload-client.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useRootData } from "../../root.tsx";
import { NeedsJavaScript } from "../form-kit/account-form.tsx";
import { WidgetField, type WidgetFieldMeta } from "../form-kit/widget-value.tsx";

/** Limit of `documents` in common/schemas/content.ts. */
const MAX_DOCUMENTS = 20;

const ACCEPT = [
  ".pdf",
  ".doc",
  ".docx",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".odt",
  ".ods",
  ".odp",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
].join(",");

/** The documents as the form holds them; a link's type may be unknown (""). */
const sentDocuments = z.array(
  z.object({ url: z.string(), name: z.string(), size: z.number(), mime_type: z.string().default("") }),
);

type DocumentsProps = {
  /** The library calls them Arquivos. */
  label: string;
  value: ContentDocument[];
  onChange: (documents: ContentDocument[]) => void;
  error: string | undefined;
};

/**
 * Documentos: PDFs and office files attached to a record, uploaded one at a time. The list posts through
 * hidden inputs, so a form saved without JavaScript keeps the stored files; uploading and removing need
 * JavaScript (the buttons wait for it).
 */
export function DocumentsField({ field, label = "Documentos" }: { field: WidgetFieldMeta; label?: string }) {
  return (
    <Stack gap={6}>
      <WidgetField field={field} schema={sentDocuments} fallback={[]}>
        {(documents, change, error) => <DocumentList label={label} value={documents} onChange={change} error={error} />}
      </WidgetField>
      <NeedsJavaScript>
        Para enviar ou remover {label.toLowerCase()}, ative o JavaScript. Os arquivos salvos são mantidos.
      </NeedsJavaScript>
    </Stack>
  );
}

function DocumentList({ label, ...props }: DocumentsProps) {
  const hydrated = useHydrated();
  const { filesUrl } = useRootData();
  const [sending, setSending] = useState(false);
  // Cleared after each pick, so the same file can be chosen again.
  const reset = useRef<() => void>(null);
  const room = MAX_DOCUMENTS - props.value.length;

  const choose = async (files: File[]) => {
    reset.current?.();
    if (files.length === 0) return;
    setSending(true);
    const added: ContentDocument[] = [];
    try {
      for (const file of files.slice(0, room)) {
        const { url, name, size, mime_type } = await uploadDocument(file);
        added.push({ url, name, size, mime_type });
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
      if (added.length > 0) props.onChange([...props.value, ...added]);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={`PDF, Word, Excel, PowerPoint ou OpenDocument (até ${MAX_DOCUMENTS} arquivos).`}
      error={props.error}
    >
      <Stack gap="xs" mt={6}>
        {props.value.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum documento
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {props.value.map((document, index) => (
              <Paper key={document.url} component="li" withBorder px="sm" py={6}>
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconFileText size={18} aria-hidden style={{ flexShrink: 0 }} />
                    <Anchor
                      href={fileUrl(document.url, filesUrl ?? undefined)}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                      truncate
                    >
                      {document.name}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                      {formatFileSize(document.size)}
                    </Text>
                  </Group>
                  <Tooltip label="Remover">
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label={`Remover ${document.name}`}
                      disabled={!hydrated}
                      onClick={() => props.onChange(props.value.filter((_, other) => other !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Group>
          <FileButton
            onChange={choose}
            resetRef={reset}
            accept={ACCEPT}
            multiple
            inputProps={{ "aria-label": `Arquivos: ${label}` }}
          >
            {(button) => (
              <Button
                {...button}
                variant="light"
                size="xs"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={sending}
                disabled={!hydrated || room <= 0}
              >
                Enviar documentos
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

import { Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { fileUrl } from "../../../common/file-url.ts";
import { notifyError } from "../../lib/notify.ts";
import { uploadImage } from "../../lib/upload-client.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useRootData } from "../../root.tsx";

/**
 * Picks an image, sends it to the upload API and keeps the stored file's url. Sending and removing need
 * JavaScript: the buttons wait for it (a click before would do nothing); the form says so without it.
 */
export function ImageUploadField(props: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  use?: "url" | "average";
  error?: string;
}) {
  const { filesUrl } = useRootData();
  const hydrated = useHydrated();
  const [sending, setSending] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setSending(true);
    try {
      const uploaded = await uploadImage(file);
      props.onChange(props.use === "average" ? uploaded.average : uploaded.url);
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      {props.value ? (
        <Image src={fileUrl(props.value, filesUrl ?? undefined)} alt={props.label} h={80} w="auto" fit="contain" />
      ) : (
        <Text size="sm" c="dimmed">
          Nenhuma imagem
        </Text>
      )}
      <Group gap="xs">
        <FileButton
          onChange={choose}
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          inputProps={{ "aria-label": `Arquivo: ${props.label}` }}
        >
          {(button) => (
            // The name starts with what the button shows, so voice control finds it by its text.
            <Button
              {...button}
              variant="light"
              size="xs"
              loading={sending}
              disabled={!hydrated}
              aria-label={`Enviar imagem: ${props.label}`}
            >
              Enviar imagem
            </Button>
          )}
        </FileButton>
        {props.value ? (
          <Button
            variant="subtle"
            color="danger"
            size="xs"
            disabled={!hydrated}
            onClick={() => props.onChange(null)}
            aria-label={`Remover imagem: ${props.label}`}
          >
            Remover
          </Button>
        ) : null}
      </Group>
      {props.error ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}

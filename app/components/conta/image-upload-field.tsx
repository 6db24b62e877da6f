import { Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { nprogress } from "@mantine/nprogress";
import { useState } from "react";
import { fileUrl } from "../../../common/file-url.ts";
import { notifyError } from "../../lib/notify.ts";
import { useRootData } from "../../root.tsx";

type Uploaded = { id: string; url: string; thumb: string; average: string };

/** Sends one image to the upload API; the top progress bar follows the request like any navigation. */
export async function uploadImage(file: File): Promise<Uploaded> {
  const body = new FormData();
  body.append("file", file);
  nprogress.start();
  try {
    const response = await fetch("/api/uploads/images", { method: "POST", body, credentials: "same-origin" });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw { data: answer ?? response.statusText };
    return answer as Uploaded;
  } finally {
    nprogress.complete();
  }
}

/** Picks an image, sends it to the upload API and keeps the stored file's url. */
export function ImageUploadField(props: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  use?: "url" | "average";
}) {
  const { filesUrl } = useRootData();
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
            <Button {...button} variant="light" size="xs" loading={sending} aria-label={`Enviar ${props.label}`}>
              Enviar imagem
            </Button>
          )}
        </FileButton>
        {props.value ? (
          <Button variant="subtle" color="danger" size="xs" onClick={() => props.onChange(null)}>
            Remover
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

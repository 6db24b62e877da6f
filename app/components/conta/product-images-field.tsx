import { ActionIcon, Badge, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash, IconUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { fileUrl } from "../../../common/file-url.ts";
import { notifyError } from "../../lib/notify.ts";
import { uploadImage } from "../../lib/upload-client.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useRootData } from "../../root.tsx";
import { NeedsJavaScript } from "../form-kit/account-form.tsx";
import { errorText, type Field, TextField } from "../form-kit/fields.tsx";

/** Limit of `images` in common/schemas/product.ts. */
const MAX_IMAGES = 20;

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";

type ImageFields = { url: Field; thumb: Field; alt: Field };
type ImageItem = Field & { getFieldset: () => ImageFields };

/** A sent picture, as the list holds it. */
export type NewImage = { url: string; thumb?: string; alt: string };

/** Conform's list changes as buttons: they work in the browser, and without JavaScript through the action. */
type ButtonProps = { name: string; value: string; form: string; formNoValidate: boolean };
type ListButtons = {
  remove: { getButtonProps: (payload: { name: string; index: number }) => ButtonProps };
  reorder: { getButtonProps: (payload: { name: string; from: number; to: number }) => ButtonProps };
};

/**
 * A product's pictures, in order (the first is the cover), each with its description. The list is the
 * form's: each image posts its address and description, so the descriptions are typed, and the images
 * moved and removed, with or without JavaScript (a move or a removal without it is a round trip to the
 * action). Sending new pictures needs JavaScript.
 */
export function ProductImagesField({
  form,
  field,
  onSent,
}: {
  form: ListButtons;
  field: Field & { getFieldList: () => ImageItem[] };
  /** Adds a sent picture at the end of the list (Conform's `form.insert`). */
  onSent: (image: NewImage) => void;
}) {
  const hydrated = useHydrated();
  const { filesUrl } = useRootData();
  const [sending, setSending] = useState(false);
  // Cleared after each pick, so the same files can be chosen again.
  const reset = useRef<() => void>(null);
  const images = field.getFieldList();
  const room = MAX_IMAGES - images.length;

  const choose = async (files: File[]) => {
    reset.current?.();
    if (files.length === 0) return;
    setSending(true);
    try {
      // Each picture joins the list once sent: those sent before a failure are kept.
      for (const file of files.slice(0, room)) {
        const { url, thumb } = await uploadImage(file);
        onSent({ url, ...(thumb ? { thumb } : {}), alt: "" });
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Input.Wrapper
      label="Imagens"
      labelElement="div"
      description="A primeira imagem é a capa. Descreva cada uma para quem não a vê."
      error={errorText(field)}
    >
      <Stack gap="xs" mt={6}>
        {images.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma imagem
          </Text>
        ) : null}
        {images.map((image, index) => {
          const item = image.getFieldset();
          const url = item.url.defaultValue ?? "";
          const thumb = item.thumb.defaultValue;
          const position = `imagem ${index + 1}`;
          const addressError = errorText({ errors: [...(item.url.errors ?? []), ...(item.thumb.errors ?? [])] });
          return (
            <Paper key={image.key} withBorder p="xs">
              <input type="hidden" name={item.url.name} value={url} />
              {thumb ? <input type="hidden" name={item.thumb.name} value={thumb} /> : null}
              <Stack gap={6}>
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="sm" wrap="nowrap">
                    <Image
                      src={fileUrl(thumb || url, filesUrl ?? undefined)}
                      alt={item.alt.defaultValue || `Imagem ${index + 1} do produto`}
                      w={64}
                      h={64}
                      fit="cover"
                      radius="sm"
                    />
                    {index === 0 ? (
                      <Badge size="sm" variant="light">
                        Capa
                      </Badge>
                    ) : null}
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                      type="submit"
                      variant="subtle"
                      disabled={index === 0}
                      aria-label={`Mover a ${position} para cima`}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                      type="submit"
                      variant="subtle"
                      disabled={index === images.length - 1}
                      aria-label={`Mover a ${position} para baixo`}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      {...form.remove.getButtonProps({ name: field.name, index })}
                      type="submit"
                      variant="subtle"
                      color="danger"
                      aria-label={`Remover a ${position}`}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                {addressError ? (
                  <Text size="xs" c="var(--mantine-color-error)">
                    {addressError}
                  </Text>
                ) : null}
                <TextField field={item.alt} size="xs" label={`Descrição da ${position}`} maxLength={200} />
              </Stack>
            </Paper>
          );
        })}
        {room > 0 ? (
          <FileButton
            onChange={choose}
            accept={ACCEPT}
            multiple
            resetRef={reset}
            inputProps={{ "aria-label": "Arquivos de imagem do produto" }}
          >
            {(button) => (
              <Button
                {...button}
                variant="light"
                size="xs"
                w="max-content"
                loading={sending}
                disabled={!hydrated}
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                Enviar imagens
              </Button>
            )}
          </FileButton>
        ) : null}
        <NeedsJavaScript>
          Para enviar imagens, ative o JavaScript. As imagens salvas são mantidas e podem ser descritas, movidas e
          removidas sem ele.
        </NeedsJavaScript>
      </Stack>
    </Input.Wrapper>
  );
}

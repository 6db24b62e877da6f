import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash, IconUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { fileUrl } from "../../../common/file-url.ts";
import type { ProductImage } from "../../../common/views/products.ts";
import { notifyError } from "../../lib/notify.ts";
import { uploadImage } from "../../lib/upload-client.ts";
import { useRootData } from "../../root.tsx";

/** Limit of `images` in common/schemas/product.ts. */
const MAX_IMAGES = 20;

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";

/** A product's pictures: several uploads at once, each with its description, in order; the first is the cover. */
export function ProductImagesField(props: {
  value: ProductImage[];
  onChange: (images: ProductImage[]) => void;
  error?: React.ReactNode;
  itemError: (index: number) => React.ReactNode;
}) {
  const { filesUrl } = useRootData();
  const [sending, setSending] = useState(false);
  // Cleared after each pick, so the same files can be chosen again.
  const reset = useRef<() => void>(null);
  const { value: images, onChange } = props;
  const room = MAX_IMAGES - images.length;

  const choose = async (files: File[]) => {
    reset.current?.();
    if (files.length === 0) return;
    setSending(true);
    const added: ProductImage[] = [];
    try {
      for (const file of files.slice(0, room)) {
        const uploaded = await uploadImage(file);
        added.push({ url: uploaded.url, thumb: uploaded.thumb, alt: "" });
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
      // What was sent before a failure is kept.
      if (added.length > 0) onChange([...images, ...added]);
    }
  };

  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
  };
  const update = (index: number, image: ProductImage) =>
    onChange(images.map((old, at) => (at === index ? image : old)));

  return (
    <Input.Wrapper
      label="Imagens"
      labelElement="div"
      description="A primeira imagem é a capa. Descreva cada uma para quem não a vê."
      error={props.error}
    >
      <Stack gap="xs" mt={6}>
        {images.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma imagem
          </Text>
        ) : null}
        {images.map((image, index) => {
          const position = `imagem ${index + 1}`;
          return (
            <Paper key={image.url} withBorder p="xs">
              <Stack gap={6}>
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="sm" wrap="nowrap">
                    <Image
                      src={fileUrl(image.thumb ?? image.url, filesUrl ?? undefined)}
                      alt={image.alt || `Imagem ${index + 1} do produto`}
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
                      variant="subtle"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      aria-label={`Mover a ${position} para cima`}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === images.length - 1}
                      onClick={() => move(index, index + 1)}
                      aria-label={`Mover a ${position} para baixo`}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      onClick={() => onChange(images.filter((_, at) => at !== index))}
                      aria-label={`Remover a ${position}`}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
                <TextInput
                  size="xs"
                  label={`Descrição da ${position}`}
                  maxLength={200}
                  value={image.alt}
                  onChange={(event) => update(index, { ...image, alt: event.currentTarget.value })}
                  error={props.itemError(index)}
                />
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
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                Enviar imagens
              </Button>
            )}
          </FileButton>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

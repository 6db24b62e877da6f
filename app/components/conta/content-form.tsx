import { Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useNavigation, useSubmit } from "react-router";
import { fromSaoPauloLocal, isSaoPauloLocal, toSaoPauloLocal } from "../../../common/dates/local-input.ts";
import {
  type ContentStatus,
  contentFields,
  contentStatuses,
  contentStatusLabels,
  eventSchema,
} from "../../../common/schemas/content.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type { ContentDocument, EventView, PageView, PostView } from "../../../common/views/content.ts";
import { z } from "../../../common/zod.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";
import { useDraftAfterSignIn, useKeepDraftForSignIn } from "../../lib/use-sign-in-draft.ts";
import { AppLink } from "../app-link.tsx";
import { DateTimeField } from "./datetime-field.tsx";
import { DocumentsField } from "./documents-field.tsx";
import { EditorHeader, type SavedRecord } from "./editor-header.tsx";
import { ImageUploadField } from "./image-upload-field.tsx";
import { RichTextField } from "./rich-text-editor.tsx";
import { TagsField } from "./tags-field.tsx";

export type ContentKind = "page" | "post" | "event";

/** Where each kind lives: its account list and its public address by slug. */
export const contentKinds: Record<ContentKind, { list: string; path: (slug: string) => string }> = {
  page: { list: accountPaths.area("pages"), path: sitePaths.page },
  post: { list: accountPaths.area("posts"), path: sitePaths.post },
  event: { list: accountPaths.area("events"), path: sitePaths.event },
};

/** Dates are "YYYY-MM-DDTHH:mm" on São Paulo's clock while they are being edited. */
export type ContentFormValues = {
  title: string;
  slug: string;
  summary: string;
  content: string;
  cover: string | null;
  documents: ContentDocument[];
  tags: string[];
  status: ContentStatus;
  published_at: string;
  start_at: string;
  end_at: string;
  place_name: string;
  place_address: string;
  online_url: string;
};

export const SUMMARY_MAX = 300;

export function emptyContent(extra: Partial<ContentFormValues> = {}): ContentFormValues {
  return {
    title: "",
    slug: "",
    summary: "",
    content: "",
    cover: null,
    documents: [],
    tags: [],
    status: "draft",
    published_at: "",
    start_at: "",
    end_at: "",
    place_name: "",
    place_address: "",
    online_url: "",
    ...extra,
  };
}

/** A stored page, news item or event as the form edits it. */
export function contentFormValues(view: PageView | PostView | EventView): ContentFormValues {
  return emptyContent({
    title: view.title,
    slug: view.slug,
    summary: view.summary,
    content: view.content,
    cover: view.cover,
    documents: view.documents,
    tags: view.tags,
    status: view.status,
    ...("published_at" in view ? { published_at: toSaoPauloLocal(view.published_at) } : {}),
    ...("start_at" in view
      ? {
          start_at: toSaoPauloLocal(view.start_at),
          end_at: toSaoPauloLocal(view.end_at),
          place_name: view.place_name,
          place_address: view.place_address,
          online_url: view.online_url,
        }
      : {}),
  });
}

const localDateTime = (label: string) => z.string().refine(isSaoPauloLocal, `Informe ${label}`);

/** The shared schemas, with dates as the browser's "YYYY-MM-DDTHH:mm" instead of instants. */
const formSchemas: Record<ContentKind, z.ZodType> = {
  page: z.object(contentFields),
  post: z.object({ ...contentFields, published_at: localDateTime("a data de publicação") }),
  event: z
    .object({
      ...contentFields,
      start_at: localDateTime("o início"),
      end_at: localDateTime("o término"),
      place_name: eventSchema.shape.place_name,
      place_address: eventSchema.shape.place_address,
      online_url: eventSchema.shape.online_url,
    })
    .refine(
      (event) => {
        const start = fromSaoPauloLocal(event.start_at);
        const end = fromSaoPauloLocal(event.end_at);
        return start === null || end === null || Date.parse(end) >= Date.parse(start);
      },
      { path: ["end_at"], message: "O término não pode ser antes do início" },
    ),
};

/** What the action receives: the fields of the kind, with dates as ISO instants. */
function submission(kind: ContentKind, values: ContentFormValues) {
  const instant = (local: string) => fromSaoPauloLocal(local) ?? local;
  const common = {
    title: values.title,
    slug: values.slug,
    summary: values.summary,
    content: values.content,
    cover: values.cover,
    documents: values.documents,
    tags: values.tags,
    status: values.status,
  };
  if (kind === "post") return { ...common, published_at: instant(values.published_at) };
  if (kind === "event") {
    return {
      ...common,
      start_at: instant(values.start_at),
      end_at: instant(values.end_at),
      place_name: values.place_name,
      place_address: values.place_address,
      online_url: values.online_url,
    };
  }
  return common;
}

const statusOptions = contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] }));

type ContentFormProps = {
  kind: ContentKind;
  title: string;
  initialValues: ContentFormValues;
  /** Existing tags of the kind, offered as suggestions. */
  tagSuggestions: string[];
  saved?: SavedRecord;
  answer: unknown;
};

/** The new and edit screens of pages, news and events. */
export function ContentForm(props: ContentFormProps) {
  // What was typed before the session ended comes back after signing in again; the rich-text
  // editor reads its content once, so the form starts over from the kept values.
  const draft = useDraftAfterSignIn<ContentFormValues>();
  return <ContentFormFields key={draft ? "draft" : "stored"} {...props} initialValues={draft ?? props.initialValues} />;
}

function ContentFormFields(props: ContentFormProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useForm<ContentFormValues>({
    mode: "controlled",
    initialValues: props.initialValues,
    validate: schemaResolver(formSchemas[props.kind], { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, props.answer);
  const keepDraft = useKeepDraftForSignIn<ContentFormValues>();
  const { list, path } = contentKinds[props.kind];
  const { values } = form;

  return (
    <form
      aria-label={props.title}
      // The shared zod schema gives pt-BR messages beside the fields; the browser's own bubbles would hide them.
      noValidate
      onSubmit={form.onSubmit((checked) => {
        keepDraft(checked);
        submit(submission(props.kind, checked), { method: "post", encType: "application/json" });
      })}
    >
      <Stack>
        <EditorHeader title={props.title} saved={props.saved} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <TextInput label="Título" required maxLength={200} {...form.getInputProps("title")} />
                  <TextInput
                    label="Slug"
                    description={`Opcional: gerado do título se ficar em branco. Endereço no site: ${path(values.slug.trim() || "…")}`}
                    placeholder="gerado-do-titulo"
                    maxLength={120}
                    autoComplete="off"
                    spellCheck={false}
                    {...form.getInputProps("slug")}
                  />
                  <Textarea
                    label="Resumo"
                    description={`Usado nas descrições e nos cartões. ${values.summary.length}/${SUMMARY_MAX} caracteres.`}
                    autosize
                    minRows={2}
                    maxLength={SUMMARY_MAX}
                    {...form.getInputProps("summary")}
                  />
                  <RichTextField
                    label="Conteúdo"
                    value={props.initialValues.content}
                    onChange={(html) => form.setFieldValue("content", html)}
                    error={form.errors.content}
                  />
                </Stack>
              </Paper>
              {props.kind === "event" ? (
                <Paper withBorder p="md">
                  <Stack>
                    <Title order={2} size="h4">
                      Data e local
                    </Title>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <DateTimeField
                        label="Início"
                        description="Horário de Brasília."
                        required
                        {...form.getInputProps("start_at")}
                      />
                      <DateTimeField
                        label="Término"
                        description="Não pode ser antes do início."
                        required
                        min={values.start_at || undefined}
                        {...form.getInputProps("end_at")}
                      />
                    </SimpleGrid>
                    <TextInput
                      label="Local"
                      placeholder="Nome do local"
                      maxLength={200}
                      {...form.getInputProps("place_name")}
                    />
                    <TextInput label="Endereço" maxLength={300} {...form.getInputProps("place_address")} />
                    <TextInput
                      label="Link online"
                      description="Para eventos transmitidos ou on-line."
                      placeholder="https://..."
                      type="url"
                      maxLength={500}
                      {...form.getInputProps("online_url")}
                    />
                  </Stack>
                </Paper>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <Select
                    label="Status"
                    required
                    data={statusOptions}
                    allowDeselect={false}
                    description={values.status === "draft" ? "Rascunhos só aparecem para administradores." : undefined}
                    {...form.getInputProps("status")}
                  />
                  {props.kind === "post" ? (
                    <DateTimeField
                      label="Data de publicação"
                      description="A notícia só aparece a partir desta data (horário de Brasília)."
                      required
                      {...form.getInputProps("published_at")}
                    />
                  ) : null}
                  <ImageUploadField
                    label="Imagem de capa"
                    value={values.cover}
                    use="average"
                    onChange={(url) => form.setFieldValue("cover", url)}
                  />
                  {form.errors.cover ? (
                    <Text size="sm" c="var(--mantine-color-error)">
                      {form.errors.cover}
                    </Text>
                  ) : null}
                  <TagsField
                    value={values.tags}
                    onChange={(tags) => form.setFieldValue("tags", tags)}
                    suggestions={props.tagSuggestions}
                    error={form.errors.tags}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <DocumentsField
                  value={values.documents}
                  onChange={(documents) => form.setFieldValue("documents", documents)}
                  error={form.errors.documents}
                />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Salvar
          </Button>
          <Button component={AppLink} to={list} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Grid, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { toSaoPauloLocal } from "../../../common/dates/local-input.ts";
import {
  contentStatuses,
  contentStatusLabels,
  eventFormSchema,
  pageFormSchema,
  postFormSchema,
} from "../../../common/schemas/content.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type { EventView, PageView, PostView } from "../../../common/views/content.ts";
import type { z } from "../../../common/zod.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, NeedsJavaScript, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, type Field, SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { WidgetField, type WidgetFieldMeta } from "../form-kit/widget-value.tsx";
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

/** Every kind's fields as the form types them: dates as "YYYY-MM-DDTHH:mm" on São Paulo's clock. */
export type ContentFormValues = Partial<
  Omit<z.input<typeof eventFormSchema>, "start_at" | "end_at"> & Record<"published_at" | "start_at" | "end_at", string>
>;

export const SUMMARY_MAX = 300;

/** A stored page, news item or event as the form edits it. */
export function contentFormValues(view: PageView | PostView | EventView): ContentFormValues {
  return {
    title: view.title,
    slug: view.slug,
    summary: view.summary,
    content: view.content,
    cover: view.cover,
    cover_alt: view.cover_alt,
    documents: view.documents,
    tags: view.tags,
    status: view.status,
    members_only: view.members_only,
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
  };
}

const statusOptions = contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] }));
const coverSchema = pageFormSchema.shape.cover;

/** The fields every kind has, as the shared layout places them. */
type CommonFields = Record<"title" | "slug" | "summary" | "status" | "cover_alt" | "members_only", Field> &
  Record<"content" | "cover" | "documents" | "tags", WidgetFieldMeta>;

type ContentFormProps = {
  kind: ContentKind;
  title: string;
  defaultValue: ContentFormValues;
  /** Existing tags of the kind, offered as suggestions. */
  tagSuggestions: string[];
  saved?: SavedRecord;
  answer: unknown;
};

/** The new and edit screens of pages, news and events: each kind checks its own fields with its own schema. */
export function ContentForm(props: ContentFormProps) {
  if (props.kind === "post") return <PostForm {...props} />;
  if (props.kind === "event") return <EventForm {...props} />;
  return <PageForm {...props} />;
}

/** What was sent is kept in this tab when the session ended, and handed back after signing in again. */
const formOptions = (props: ContentFormProps) => ({
  answer: props.answer,
  defaultValue: props.defaultValue,
  keepsDraft: true,
});

function PageForm(props: ContentFormProps) {
  const { form, fields } = useAccountForm({ schema: pageFormSchema, ...formOptions(props) });
  return <ContentLayout {...props} form={form} fields={fields} />;
}

function PostForm(props: ContentFormProps) {
  const { form, fields } = useAccountForm({ schema: postFormSchema, ...formOptions(props) });
  return (
    <ContentLayout
      {...props}
      form={form}
      fields={fields}
      publication={
        <DateTimeField
          field={fields.published_at}
          label="Data de publicação"
          description="A notícia só aparece a partir desta data (horário de Brasília)."
          required
        />
      }
    />
  );
}

function EventForm(props: ContentFormProps) {
  const { form, fields } = useAccountForm({ schema: eventFormSchema, ...formOptions(props) });
  return (
    <ContentLayout
      {...props}
      form={form}
      fields={fields}
      place={
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Data e local
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimeField field={fields.start_at} label="Início" description="Horário de Brasília." required />
              <DateTimeField
                field={fields.end_at}
                label="Término"
                description="Não pode ser antes do início."
                required
                min={typeof fields.start_at.value === "string" ? fields.start_at.value : undefined}
              />
            </SimpleGrid>
            <TextField field={fields.place_name} label="Local" placeholder="Nome do local" maxLength={200} />
            <TextField field={fields.place_address} label="Endereço" maxLength={300} />
            <TextField
              field={fields.online_url}
              label="Link online"
              description="Para eventos transmitidos ou on-line."
              placeholder="https://..."
              type="url"
              maxLength={500}
            />
          </Stack>
        </Paper>
      }
    />
  );
}

function ContentLayout(
  props: ContentFormProps & {
    form: Parameters<typeof AccountForm>[0]["form"];
    fields: CommonFields & { slug: { value?: string }; summary: { value?: string }; status: { value?: string } };
    /** The news item's publication date, beside the status. */
    publication?: ReactNode;
    /** The event's dates and place, below the text. */
    place?: ReactNode;
  },
) {
  const { fields } = props;
  const { list, path } = contentKinds[props.kind];
  const slug = fields.slug.value?.trim() ?? "";
  return (
    <AccountForm form={props.form} label={props.title}>
      <Stack>
        <EditorHeader title={props.title} saved={props.saved} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <TextField field={fields.title} label="Título" maxLength={200} />
                  <TextField
                    field={fields.slug}
                    label="Slug"
                    description={`Opcional: gerado do título se ficar em branco. Endereço no site: ${path(slug || "…")}`}
                    placeholder="gerado-do-titulo"
                    maxLength={120}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <TextareaField
                    field={fields.summary}
                    label="Resumo"
                    description={`Usado nas descrições e nos cartões. ${fields.summary.value?.length ?? 0}/${SUMMARY_MAX} caracteres.`}
                    maxLength={SUMMARY_MAX}
                  />
                  <RichTextField field={fields.content} label="Conteúdo" />
                </Stack>
              </Paper>
              {props.place}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <SelectField
                    field={fields.status}
                    label="Status"
                    options={statusOptions}
                    description={
                      fields.status.value === "published" ? undefined : "Rascunhos só aparecem para administradores."
                    }
                  />
                  <CheckboxField
                    field={fields.members_only}
                    label="Somente associados"
                    description={
                      "Só associados em dia e administradores leem o conteúdo; os demais veem o título e um aviso para entrar ou se associar. Fica fora do RSS, do mapa do site, da busca e da API."
                    }
                  />
                  {props.publication}
                  <WidgetField field={fields.cover} schema={coverSchema} fallback={null}>
                    {(url, change, error) => (
                      <ImageUploadField
                        label="Imagem de capa"
                        value={url}
                        use="average"
                        onChange={change}
                        error={error}
                      />
                    )}
                  </WidgetField>
                  <NeedsJavaScript>
                    Para enviar ou remover a imagem de capa, ative o JavaScript. A imagem salva é mantida.
                  </NeedsJavaScript>
                  <TextField
                    field={fields.cover_alt}
                    label="Descrição da imagem de capa"
                    description="O que a imagem mostra, para quem não a vê. Deixe em branco se ela só enfeita."
                    maxLength={300}
                  />
                  <TagsField field={fields.tags} suggestions={props.tagSuggestions} />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <DocumentsField field={fields.documents} />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={list} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}

import {
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useNavigation, useSubmit } from "react-router";
import { brazilianPublicationDate } from "../../../common/dates/publication-date.ts";
import { commonLanguages } from "../../../common/languages.ts";
import { type MediaType, mediaTypeLabels, mediaTypes } from "../../../common/media.ts";
import { mediaEmbed } from "../../../common/media-embed.ts";
import { contentStatuses, contentStatusLabels } from "../../../common/schemas/content.ts";
import { mediaSchema } from "../../../common/schemas/media.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { MediaFilters, MediaView } from "../../../common/views/medias.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";
import { AppLink } from "../app-link.tsx";
import { DocumentsField } from "../conta/documents-field.tsx";
import { EditorHeader, type SavedRecord } from "../conta/editor-header.tsx";
import { ImageUploadField } from "../conta/image-upload-field.tsx";
import { RichTextField } from "../conta/rich-text-editor.tsx";
import { TagsField } from "../conta/tags-field.tsx";
import { MediaPlayer } from "./media-player.tsx";
import { NamesField } from "./names-field.tsx";

export const MEDIA_LIST = accountPaths.area("medias");

/** What the server sets, not the form. */
type ServerField = "id" | "date_precision" | "year" | "created_at" | "updated_at" | "url_path";

/** The item as the form edits it; "" for a type not chosen yet, the date as typed. */
export type MediaFormValues = Omit<MediaView, ServerField | "type" | "publication_date"> & {
  type: MediaType | "";
  publication_date: string;
};

/** A new item: published unless the administrator keeps it as a draft (the API's default too). */
export const emptyMedia: MediaFormValues = {
  title: "",
  type: "",
  authors: [],
  organizers: [],
  description: "",
  publication_date: "",
  publisher: "",
  city: "",
  institution: "",
  source: "",
  volume: "",
  number: "",
  pages: "",
  doi: "",
  isbn_issn: "",
  url: "",
  languages: [],
  categories: [],
  tags: [],
  cover: null,
  documents: [],
  embed_url: "",
  patent_legal_status: "",
  notes: "",
  additional_info: "",
  status: "published",
};

/** A stored item as the form edits it, with its date the Brazilian way (12/05/2019). */
export function mediaFormValues(item: MediaView): MediaFormValues {
  const { id, date_precision, year, created_at, updated_at, url_path, ...fields } = item;
  return { ...fields, publication_date: brazilianPublicationDate(item.publication_date) };
}

const typeOptions = [
  { value: "", label: "Escolha o tipo", disabled: true },
  ...mediaTypes.map((type) => ({ value: type, label: mediaTypeLabels[type] })),
];
const statusOptions = contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] }));

/** Suggestions for the free-text lists: what other items already use. */
export type MediaSuggestions = { categories: string[]; tags: string[]; languages: string[] };

export function mediaSuggestions(filters: MediaFilters): MediaSuggestions {
  const values = (facets: { value: string }[]) => facets.map((facet) => facet.value);
  return { categories: values(filters.categories), tags: values(filters.tags), languages: values(filters.languages) };
}

/** The new and edit screens of a library item. */
export function MediaForm(props: {
  title: string;
  initialValues: MediaFormValues;
  suggestions: MediaSuggestions;
  saved?: SavedRecord;
  answer: unknown;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useForm<MediaFormValues>({
    mode: "controlled",
    initialValues: props.initialValues,
    validate: schemaResolver(mediaSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, props.answer);
  const { values, errors } = form;
  const embedRecognised = values.embed_url.trim() !== "" && mediaEmbed(values.embed_url) !== null;
  const listError = (field: string) => {
    const own = errors[field];
    const items = Object.entries(errors).filter(([key]) => key.startsWith(`${field}.`));
    return own ?? items[0]?.[1];
  };
  const text = (field: keyof MediaFormValues) => form.getInputProps(field);

  return (
    <form
      aria-label={props.title}
      // The shared zod schema gives pt-BR messages beside the fields; the browser's own bubbles would hide them.
      noValidate
      onSubmit={form.onSubmit((checked) => submit(checked, { method: "post", encType: "application/json" }))}
    >
      <Stack>
        <EditorHeader title={props.title} saved={props.saved} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <TextInput label="Título" required maxLength={500} {...text("title")} />
                  <NativeSelect label="Tipo de material" required data={typeOptions} {...text("type")} />
                  <NamesField
                    legend="Autores"
                    singular="Autor"
                    addLabel="Adicionar autor"
                    value={values.authors}
                    onChange={(names) => form.setFieldValue("authors", names)}
                    error={errors.authors}
                    itemErrors={(index) => errors[`authors.${index}`]}
                  />
                  <NamesField
                    legend="Organizadores"
                    singular="Organizador"
                    addLabel="Adicionar organizador"
                    value={values.organizers}
                    onChange={(names) => form.setFieldValue("organizers", names)}
                    error={errors.organizers}
                    itemErrors={(index) => errors[`organizers.${index}`]}
                  />
                  <RichTextField
                    label="Descrição"
                    value={props.initialValues.description}
                    onChange={(html) => form.setFieldValue("description", html)}
                    error={errors.description}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Publicação
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Data de publicação"
                      description="Só o ano, mês e ano, ou a data completa."
                      placeholder="AAAA, MM/AAAA ou DD/MM/AAAA"
                      maxLength={10}
                      autoComplete="off"
                      {...text("publication_date")}
                    />
                    <TextInput label="Editora" maxLength={300} {...text("publisher")} />
                    <TextInput label="Cidade" maxLength={200} {...text("city")} />
                    <TextInput label="Instituição" maxLength={300} {...text("institution")} />
                  </SimpleGrid>
                  <TextInput label="Fonte (periódico, evento, livro...)" maxLength={500} {...text("source")} />
                  <SimpleGrid cols={{ base: 1, xs: 3 }}>
                    <TextInput label="Volume" maxLength={50} {...text("volume")} />
                    <TextInput label="Número" maxLength={50} {...text("number")} />
                    <TextInput label="Páginas" placeholder="45-67" maxLength={50} {...text("pages")} />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="DOI"
                      placeholder="10.1590/..."
                      maxLength={300}
                      autoComplete="off"
                      spellCheck={false}
                      {...text("doi")}
                    />
                    <TextInput label="ISBN/ISSN" maxLength={60} autoComplete="off" {...text("isbn_issn")} />
                  </SimpleGrid>
                  <TextInput
                    label="Endereço (URL)"
                    type="url"
                    placeholder="https://..."
                    maxLength={1000}
                    {...text("url")}
                  />
                  <TagsInput
                    label="Idiomas"
                    description="Escolha da lista ou digite outro idioma e tecle Enter."
                    data={[...new Set([...commonLanguages, ...props.suggestions.languages])]}
                    value={values.languages}
                    onChange={(languages) => form.setFieldValue("languages", languages)}
                    maxTags={10}
                    splitChars={[","]}
                    acceptValueOnBlur
                    clearable
                    maxLength={60}
                    error={listError("languages")}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Outras informações
                  </Title>
                  <TextInput
                    label="Situação legal da patente"
                    description={values.type === "patent" ? undefined : "Só para patentes."}
                    maxLength={300}
                    {...text("patent_legal_status")}
                  />
                  <Textarea label="Notas" autosize minRows={2} maxLength={5000} {...text("notes")} />
                  <Textarea
                    label="Informações adicionais"
                    autosize
                    minRows={2}
                    maxLength={5000}
                    {...text("additional_info")}
                  />
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <NativeSelect
                    label="Situação"
                    required
                    data={statusOptions}
                    description={values.status === "draft" ? "Rascunhos só aparecem para administradores." : undefined}
                    {...text("status")}
                  />
                  <TagsInput
                    label="Categorias"
                    description="Tecle Enter ou vírgula depois de cada categoria (até 20)."
                    data={props.suggestions.categories}
                    value={values.categories}
                    onChange={(categories) => form.setFieldValue("categories", categories)}
                    maxTags={20}
                    splitChars={[","]}
                    acceptValueOnBlur
                    clearable
                    maxLength={60}
                    error={listError("categories")}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <TagsField
                    value={values.tags}
                    onChange={(tags) => form.setFieldValue("tags", tags)}
                    suggestions={props.suggestions.tags}
                    error={listError("tags")}
                    max={30}
                    maxLength={60}
                  />
                  <ImageUploadField
                    label="Capa"
                    value={values.cover}
                    use="average"
                    onChange={(url) => form.setFieldValue("cover", url)}
                  />
                  {errors.cover ? (
                    <Text size="sm" c="var(--mantine-color-error)">
                      {errors.cover}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <DocumentsField
                  label="Arquivos"
                  value={values.documents}
                  onChange={(documents) => form.setFieldValue("documents", documents)}
                  error={listError("documents")}
                />
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <TextInput
                    label="Vídeo ou áudio (YouTube, Vimeo ou arquivo)"
                    description="Endereço de um vídeo do YouTube ou do Vimeo, ou de um arquivo MP4, WebM, MP3..."
                    type="url"
                    placeholder="https://www.youtube.com/watch?v=..."
                    maxLength={1000}
                    {...text("embed_url")}
                  />
                  {embedRecognised ? (
                    <Stack gap={4}>
                      <Text size="sm" c="dimmed">
                        Pré-visualização
                      </Text>
                      <MediaPlayer url={values.embed_url} title={values.title || "sem título"} />
                    </Stack>
                  ) : null}
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Salvar
          </Button>
          <Button component={AppLink} to={MEDIA_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

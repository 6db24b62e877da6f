import { Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useActionData } from "react-router";
import { brazilianPublicationDate } from "../../../common/dates/publication-date.ts";
import { commonLanguages } from "../../../common/languages.ts";
import { type MediaType, mediaTypeLabels, mediaTypes } from "../../../common/media.ts";
import { mediaEmbed } from "../../../common/media-embed.ts";
import { contentStatuses, contentStatusLabels } from "../../../common/schemas/content.ts";
import { mediaFormSchema } from "../../../common/schemas/media.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { MediaFilters, MediaView } from "../../../common/views/medias.ts";
import { AppLink } from "../app-link.tsx";
import { DocumentsField } from "../conta/documents-field.tsx";
import { EditorHeader, type SavedRecord } from "../conta/editor-header.tsx";
import { ImageUploadField } from "../conta/image-upload-field.tsx";
import { RichTextField } from "../conta/rich-text-editor.tsx";
import { TagsField } from "../conta/tags-field.tsx";
import { AccountForm, NeedsJavaScript, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { WidgetField } from "../form-kit/widget-value.tsx";
import { LabelsField } from "./labels-field.tsx";
import { MediaPlayer } from "./media-player.tsx";
import { NamesField } from "./names-field.tsx";

export const MEDIA_LIST = accountPaths.area("medias");

/** What the server sets, not the form. */
type ServerField = "id" | "date_precision" | "year" | "created_at" | "updated_at" | "url_path" | "withheld";

/** The item as the form shows it; "" for a type not chosen yet, the date as typed, one empty name to type into. */
export type MediaFormValues = Omit<MediaView, ServerField | "type" | "publication_date"> & {
  type: MediaType | "";
  publication_date: string;
};

/** A new item: published unless the administrator keeps it as a draft (the API's default too). */
export const emptyMedia: MediaFormValues = {
  title: "",
  type: "",
  authors: [""],
  organizers: [""],
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
  members_only: false,
};

/** An empty list of names still shows one field to type into. */
const namesToType = (names: string[]) => (names.length > 0 ? names : [""]);

/** A stored item as the form shows it, with its date the Brazilian way (12/05/2019). */
export function mediaFormValues(item: MediaView): MediaFormValues {
  const { id, date_precision, year, created_at, updated_at, url_path, withheld, ...fields } = item;
  return {
    ...fields,
    authors: namesToType(item.authors),
    organizers: namesToType(item.organizers),
    publication_date: brazilianPublicationDate(item.publication_date),
  };
}

const typeOptions = mediaTypes.map((type) => ({ value: type, label: mediaTypeLabels[type] }));
const statusOptions = contentStatuses.map((status) => ({ value: status, label: contentStatusLabels[status] }));

/** Suggestions for the free-text lists: what other items already use. */
export type MediaSuggestions = { categories: string[]; tags: string[]; languages: string[] };

export function mediaSuggestions(filters: MediaFilters): MediaSuggestions {
  const values = (facets: { value: string }[]) => facets.map((facet) => facet.value);
  return { categories: values(filters.categories), tags: values(filters.tags), languages: values(filters.languages) };
}

/**
 * The new and edit screens of a library item: a plain form that saves without JavaScript (the cover,
 * the files, the description's editor and the lists of labels need it, and say so).
 */
export function MediaForm(props: {
  title: string;
  defaultValue: MediaFormValues;
  suggestions: MediaSuggestions;
  saved?: SavedRecord;
}) {
  const { form, fields } = useAccountForm({
    schema: mediaFormSchema,
    defaultValue: props.defaultValue,
    answer: useActionData(),
    keepsDraft: true,
  });
  const embedUrl = fields.embed_url.value ?? "";
  const embedRecognised = embedUrl.trim() !== "" && mediaEmbed(embedUrl) !== null;

  return (
    <AccountForm form={form} label={props.title}>
      <Stack>
        <EditorHeader title={props.title} saved={props.saved} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <TextField field={fields.title} label="Título" maxLength={500} />
                  <SelectField
                    field={fields.type}
                    label="Tipo de material"
                    placeholder="Escolha o tipo"
                    options={typeOptions}
                  />
                  <NamesField
                    form={form}
                    addButton={form.insert.getButtonProps({ name: fields.authors.name, defaultValue: "" })}
                    field={fields.authors}
                    legend="Autores"
                    singular="Autor"
                    addLabel="Adicionar autor"
                  />
                  <NamesField
                    form={form}
                    addButton={form.insert.getButtonProps({ name: fields.organizers.name, defaultValue: "" })}
                    field={fields.organizers}
                    legend="Organizadores"
                    singular="Organizador"
                    addLabel="Adicionar organizador"
                  />
                  <RichTextField field={fields.description} label="Descrição" />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Publicação
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      field={fields.publication_date}
                      label="Data de publicação"
                      description="Só o ano, mês e ano, ou a data completa."
                      placeholder="AAAA, MM/AAAA ou DD/MM/AAAA"
                      maxLength={10}
                      autoComplete="off"
                    />
                    <TextField field={fields.publisher} label="Editora" maxLength={300} />
                    <TextField field={fields.city} label="Cidade" maxLength={200} />
                    <TextField field={fields.institution} label="Instituição" maxLength={300} />
                  </SimpleGrid>
                  <TextField field={fields.source} label="Fonte (periódico, evento, livro...)" maxLength={500} />
                  <SimpleGrid cols={{ base: 1, xs: 3 }}>
                    <TextField field={fields.volume} label="Volume" maxLength={50} />
                    <TextField field={fields.number} label="Número" maxLength={50} />
                    <TextField field={fields.pages} label="Páginas" placeholder="45-67" maxLength={50} />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      field={fields.doi}
                      label="DOI"
                      placeholder="10.1590/..."
                      maxLength={300}
                      autoComplete="off"
                      spellCheck={false}
                    />
                    <TextField field={fields.isbn_issn} label="ISBN/ISSN" maxLength={60} autoComplete="off" />
                  </SimpleGrid>
                  <TextField
                    field={fields.url}
                    label="Endereço (URL)"
                    type="url"
                    placeholder="https://..."
                    maxLength={1000}
                  />
                  <LabelsField
                    field={fields.languages}
                    label="Idiomas"
                    description="Escolha da lista ou digite outro idioma e tecle Enter."
                    data={[...new Set([...commonLanguages, ...props.suggestions.languages])]}
                    max={10}
                    notice="Para mudar os idiomas, ative o JavaScript. Os idiomas salvos são mantidos."
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <Title order={2} size="h4">
                    Outras informações
                  </Title>
                  <TextField
                    field={fields.patent_legal_status}
                    label="Situação legal da patente"
                    description={fields.type.value === "patent" ? undefined : "Só para patentes."}
                    maxLength={300}
                  />
                  <TextareaField field={fields.notes} label="Notas" maxLength={5000} />
                  <TextareaField field={fields.additional_info} label="Informações adicionais" maxLength={5000} />
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack>
              <Paper withBorder p="md">
                <Stack>
                  <SelectField
                    field={fields.status}
                    label="Situação"
                    options={statusOptions}
                    description={
                      fields.status.value === "draft" ? "Rascunhos só aparecem para administradores." : undefined
                    }
                  />
                  <CheckboxField
                    field={fields.members_only}
                    label="Somente associados"
                    description={
                      "Só associados em dia e administradores leem o conteúdo; os demais veem o título e um aviso para entrar ou se associar. Fica fora do RSS, do mapa do site, da busca e da API."
                    }
                  />
                  <LabelsField
                    field={fields.categories}
                    label="Categorias"
                    description="Tecle Enter ou vírgula depois de cada categoria (até 20)."
                    data={props.suggestions.categories}
                    max={20}
                    notice="Para mudar as categorias, ative o JavaScript. As categorias salvas são mantidas."
                  />
                  <TagsField field={fields.tags} suggestions={props.suggestions.tags} max={30} maxLength={60} />
                  <WidgetField field={fields.cover} schema={mediaFormSchema.shape.cover} fallback={null}>
                    {(url, change, error) => (
                      <ImageUploadField label="Capa" value={url} use="average" onChange={change} error={error} />
                    )}
                  </WidgetField>
                  <NeedsJavaScript>
                    Para enviar ou trocar a capa, ative o JavaScript. A capa salva é mantida.
                  </NeedsJavaScript>
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <DocumentsField field={fields.documents} label="Arquivos" />
              </Paper>
              <Paper withBorder p="md">
                <Stack>
                  <TextField
                    field={fields.embed_url}
                    label="Vídeo ou áudio (YouTube, Vimeo ou arquivo)"
                    description="Endereço de um vídeo do YouTube ou do Vimeo, ou de um arquivo MP4, WebM, MP3..."
                    type="url"
                    placeholder="https://www.youtube.com/watch?v=..."
                    maxLength={1000}
                  />
                  {embedRecognised ? (
                    <Stack gap={4}>
                      <Text size="sm" c="dimmed">
                        Pré-visualização
                      </Text>
                      <MediaPlayer url={embedUrl} title={fields.title.value || "sem título"} />
                    </Stack>
                  ) : null}
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={MEDIA_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}

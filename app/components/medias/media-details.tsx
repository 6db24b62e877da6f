import { Anchor, Badge, Box, Group, Stack, Text, Title } from "@mantine/core";
import { formatPublicationDate } from "../../../common/dates/publication-date.ts";
import { mediaTypeLabels } from "../../../common/media.ts";
import type { MediaView } from "../../../common/views/medias.ts";
import { AppLink } from "../app-link.tsx";
import { formatNames } from "./media-format.ts";
import { mediasHref } from "./medias-query.ts";

// Terms beside their values from 768 px up, above them on phones.
const DETAILS_CSS =
  ".media-details{display:grid;grid-template-columns:1fr;column-gap:1rem;margin:0}" +
  ".media-details dd{margin:0 0 .5rem}" +
  "@media (min-width:48em){.media-details{grid-template-columns:minmax(9rem,max-content) 1fr}}";

type Row = { label: string; value: React.ReactNode };

const external = (href: string, text: string) => (
  <Anchor href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: "anywhere" }}>
    {text}
  </Anchor>
);

/** Categories or tags of an item, each linking to the list filtered by it. */
function FilterLinks({ values, filter }: { values: string[]; filter: "category" | "tag" }) {
  return (
    <Group gap={6} component="span">
      {values.map((value) => (
        <Badge
          key={value}
          component={AppLink}
          to={mediasHref({ [filter]: value })}
          variant={filter === "tag" ? "outline" : "light"}
          style={{ cursor: "pointer", textTransform: "none" }}
        >
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** What is known of an item, as a list of terms and values; empty fields are left out. */
export function MediaDetails({ item }: { item: MediaView }) {
  const date = formatPublicationDate(item);
  const rows: Row[] = [
    { label: "Tipo de material", value: mediaTypeLabels[item.type] },
    { label: item.authors.length === 1 ? "Autor" : "Autores", value: formatNames(item.authors) },
    {
      label: item.organizers.length === 1 ? "Organizador" : "Organizadores",
      value: item.organizers.length > 0 ? `${formatNames(item.organizers)} (org.)` : "",
    },
    {
      label: "Data de publicação",
      value: date && item.publication_date ? <time dateTime={item.publication_date}>{date}</time> : null,
    },
    { label: "Editora", value: item.publisher },
    { label: "Cidade", value: item.city },
    { label: "Instituição", value: item.institution },
    { label: "Fonte", value: item.source },
    { label: "Volume", value: item.volume },
    { label: "Número", value: item.number },
    { label: "Páginas", value: item.pages },
    { label: "DOI", value: item.doi ? external(`https://doi.org/${item.doi}`, item.doi) : null },
    { label: "ISBN/ISSN", value: item.isbn_issn },
    { label: "Endereço", value: item.url ? external(item.url, item.url) : null },
    { label: item.languages.length === 1 ? "Idioma" : "Idiomas", value: item.languages.join(", ") },
    {
      label: "Categorias",
      value: item.categories.length > 0 ? <FilterLinks values={item.categories} filter="category" /> : null,
    },
    { label: "Etiquetas", value: item.tags.length > 0 ? <FilterLinks values={item.tags} filter="tag" /> : null },
    { label: "Situação legal da patente", value: item.patent_legal_status },
  ];
  return (
    <>
      <style href="media-details" precedence="default">
        {DETAILS_CSS}
      </style>
      <Box component="dl" className="media-details">
        {rows
          .filter((row) => row.value !== "" && row.value !== null)
          .map((row) => (
            <DetailRow key={row.label} row={row} />
          ))}
      </Box>
    </>
  );
}

function DetailRow({ row }: { row: Row }) {
  return (
    <>
      <Text component="dt" fw={600}>
        {row.label}
      </Text>
      <Text component="dd">{row.value}</Text>
    </>
  );
}

/** Notes and additional information, as paragraphs that keep the line breaks typed in the form. */
export function MediaNotes({ item }: { item: MediaView }) {
  const blocks = [
    { id: "notas", title: "Notas", text: item.notes },
    { id: "informacoes-adicionais", title: "Informações adicionais", text: item.additional_info },
  ].filter((block) => block.text !== "");
  return blocks.map((block) => (
    <Stack key={block.id} gap="xs" component="section" aria-labelledby={block.id}>
      <Title order={2} size="h4" id={block.id}>
        {block.title}
      </Title>
      <Text style={{ whiteSpace: "pre-line" }}>{block.text}</Text>
    </Stack>
  ));
}

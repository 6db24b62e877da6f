import { Fragment } from "react";
import { formatPublicationDate } from "../../../common/dates/publication-date.ts";
import { mediaTypeLabels } from "../../../common/media.ts";
import type { MediaView } from "../../../common/views/medias.ts";
import { AppLink } from "../app-link.tsx";
import styles from "./media-details.module.css";
import { formatNames } from "./media-format.ts";
import { mediasHref } from "./medias-query.ts";

type Row = { label: string; value: React.ReactNode };

const external = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer" className={styles.wrap}>
    {text}
  </a>
);

/** Categories or tags of an item, each linking to the list filtered by it. */
function FilterLinks({ values, filter }: { values: string[]; filter: "category" | "tag" }) {
  return (
    <span className={styles.links}>
      {values.map((value) => (
        <AppLink
          key={value}
          to={mediasHref({ [filter]: value })}
          className={filter === "tag" ? `${styles.chip} ${styles.outline}` : styles.chip}
        >
          {value}
        </AppLink>
      ))}
    </span>
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
    <dl className={styles.details}>
      {rows
        .filter((row) => row.value !== "" && row.value !== null)
        .map((row) => (
          <Fragment key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** Notes and additional information, as paragraphs that keep the line breaks typed in the form. */
export function MediaNotes({ item }: { item: MediaView }) {
  const blocks = [
    { id: "notas", title: "Notas", text: item.notes },
    { id: "informacoes-adicionais", title: "Informações adicionais", text: item.additional_info },
  ].filter((block) => block.text !== "");
  return blocks.map((block) => (
    <section key={block.id} aria-labelledby={block.id} className={styles.notes}>
      <h2 id={block.id} className={styles.heading}>
        {block.title}
      </h2>
      <p className={styles.lines}>{block.text}</p>
    </section>
  ));
}

import { toStoredPublicationDate } from "../dates/publication-date.ts";
import { normalizeLanguage } from "../languages.ts";
import { type DatePrecision, MAX_YEAR, MIN_YEAR, mediaSorts, mediaTypes } from "../media.ts";
import { mediaEmbed } from "../media-embed.ts";
import { optionalFileAddressField, optionalText, plainString, requiredText, webAddressField, z } from "../zod.ts";
import { contentStatuses, documentSchema } from "./content.ts";

export type PublicationDate = { year: number; month: number | null; day: number | null };

/**
 * Reads "2019", "2019-05", "2019-05-12" or the Brazilian "05/2019" and "12/05/2019".
 * Returns null for "" and undefined for anything that is not a real date.
 */
export function parsePublicationDate(raw: string): PublicationDate | null | undefined {
  const value = raw.trim();
  if (value === "") return null;
  const iso = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value);
  const br = /^(?:(\d{1,2})\/)?(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), iso[2] ? Number(iso[2]) : null, iso[3] ? Number(iso[3]) : null]
    : br
      ? [Number(br[3]), Number(br[2]), br[1] ? Number(br[1]) : null]
      : [Number.NaN, null, null];
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return undefined;
  if (month !== null && (month < 1 || month > 12)) return undefined;
  if (day !== null && month !== null) {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() !== month - 1 || day < 1) return undefined;
  }
  return { year, month, day };
}

export function precisionOf(date: PublicationDate | null): DatePrecision | null {
  if (!date) return null;
  return date.month === null ? "year" : date.day === null ? "month" : "day";
}

const nameText = () => plainString().trim().max(200, "Nomes têm no máximo 200 caracteres");

/** A list of names (authors, organisers), empty ones skipped. */
const nameList = <T extends z.ZodType<string | undefined>>(item: T, label: string) =>
  z
    .array(item)
    .max(100, `No máximo 100 ${label}`)
    .default([])
    .transform((values) => values.flatMap((value) => (typeof value === "string" && value !== "" ? [value] : [])));

const names = (label: string) => nameList(nameText(), label);

const labels = (max: number, label: string) =>
  z
    .array(plainString().trim().min(1, "Valor vazio").max(60, "No máximo 60 caracteres por valor"))
    .max(max, `No máximo ${max} ${label}`)
    .default([])
    .transform((values) => [...new Set(values)]);

/** "https://doi.org/10.1000/xyz", "doi:10.1000/xyz" and "10.1000/xyz" are all kept as "10.1000/xyz". */
export function normalizeDoi(raw: string): string {
  return raw
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, "")
    .replace(/^doi:\s*/i, "");
}

const doi = plainString()
  .trim()
  .max(300, "No máximo 300 caracteres")
  .transform(normalizeDoi)
  .refine(
    (value) => value === "" || /^10\.\d{4,9}\/\S+$/.test(value),
    "DOI inválido (exemplo: 10.1590/S0103-20032019000100001)",
  )
  .default("");

/** One library item, as the form, the REST API and the import send it. */
export const mediaSchema = z.object({
  title: requiredText(500),
  type: z.enum(mediaTypes, "Escolha o tipo de material"),
  authors: names("autores"),
  organizers: names("organizadores"),
  description: plainString().max(100_000, "A descrição é grande demais").default(""),
  publication_date: plainString()
    .trim()
    .max(10)
    .default("")
    .refine(
      (value) => parsePublicationDate(value) !== undefined,
      "Use AAAA, AAAA-MM ou AAAA-MM-DD (ou MM/AAAA, DD/MM/AAAA)",
    )
    .transform((value) => toStoredPublicationDate(parsePublicationDate(value) ?? null)),
  publisher: optionalText(300),
  city: optionalText(200),
  institution: optionalText(300),
  source: optionalText(500),
  volume: optionalText(50),
  number: optionalText(50),
  pages: optionalText(50),
  doi,
  isbn_issn: optionalText(60),
  url: webAddressField("Informe um endereço começando com https://", 1000),
  languages: labels(10, "idiomas").transform((values) => [...new Set(values.map(normalizeLanguage))]),
  categories: labels(20, "categorias"),
  tags: labels(30, "etiquetas"),
  cover: optionalFileAddressField("Endereço de imagem inválido"),
  documents: z.array(documentSchema).max(20, "No máximo 20 arquivos").default([]),
  embed_url: webAddressField("Informe um endereço começando com https://", 1000).refine(
    (value) => value === "" || mediaEmbed(value) !== null,
    "Use um endereço do YouTube, do Vimeo ou de um arquivo de áudio/vídeo",
  ),
  patent_legal_status: optionalText(300),
  notes: optionalText(5000),
  additional_info: optionalText(5000),
  status: z.enum(contentStatuses, "Escolha Rascunho ou Publicado").default("published"),
  /** "Somente associados": opened only by members in good standing; others see that it is for members. */
  members_only: z.boolean("Informe true ou false").default(false),
});

export type MediaInput = z.infer<typeof mediaSchema>;

/** The account form's item: a name field left empty posts no value, and is skipped like an empty name. */
export const mediaFormSchema = mediaSchema.extend({
  authors: nameList(nameText().optional(), "autores"),
  organizers: nameList(nameText().optional(), "organizadores"),
});

const year = z.coerce
  .number({ error: "Ano inválido" })
  .int("Ano inválido")
  .min(MIN_YEAR, "Ano inválido")
  .max(MAX_YEAR, "Ano inválido")
  .optional();

const filterValue = plainString().trim().max(60).optional();

/** Filters of the public list, the REST API and the exports (with page, per_page and q); all of them go in the address. */
export const mediaListQuerySchema = z
  .object({
    type: z.enum(mediaTypes, "Tipo de material inválido").optional(),
    category: filterValue,
    tag: filterValue,
    language: filterValue,
    year_from: year,
    year_to: year,
    status: z.enum(contentStatuses, "Use draft ou published").optional(),
    /** relevance falls back to newest when there is no search text. */
    sort: z.enum(mediaSorts, "Use relevance, newest ou title").default("relevance"),
  })
  .refine((query) => query.year_from === undefined || query.year_to === undefined || query.year_from <= query.year_to, {
    path: ["year_to"],
    message: "O ano final não pode ser antes do inicial",
  });

export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const referenceFormats = ["bibtex", "ris"] as const;
export type ReferenceFormat = (typeof referenceFormats)[number];

export const exportQuerySchema = z.object({
  format: z.enum(referenceFormats, "Use bibtex ou ris"),
});

/** An import: the file's text; the format is detected when not given. */
export const importSchema = z.object({
  text: plainString().min(1, "Envie um arquivo BibTeX (.bib) ou RIS (.ris)"),
  format: z.enum(referenceFormats, "Use bibtex ou ris").optional(),
});

/** The largest reference file accepted (a few thousand entries fit easily). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

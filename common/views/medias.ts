import { datePrecisions, mediaTypes } from "../media.ts";
import { contentStatuses } from "../schemas/content.ts";
import { referenceFormats } from "../schemas/media.ts";
import { z } from "../zod.ts";
import { contentDocumentSchema } from "./content.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

const mediaTypeSchema = z.enum(mediaTypes);

/** A library item as the API and the app see it. */
export const mediaViewSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  type: mediaTypeSchema,
  authors: z.array(z.string()).meta({ description: 'In order, as typed: "Sobrenome, Nome"; "{Embrapa}" for a body.' }),
  organizers: z.array(z.string()),
  description: z.string().meta({ description: "Sanitised HTML." }),
  publication_date: z
    .string()
    .nullable()
    .meta({ description: '"2019", "2019-05" or "2019-05-12", as far as it is known; null when unknown.' }),
  date_precision: z.enum(datePrecisions).nullable(),
  year: z.number().int().nullable(),
  publisher: z.string(),
  city: z.string(),
  institution: z.string(),
  source: z.string().meta({ description: "Journal, event, book (of a chapter), site or programme." }),
  volume: z.string(),
  number: z.string(),
  pages: z.string(),
  doi: z.string().meta({ description: 'Without the resolver: "10.1590/xyz".' }),
  isbn_issn: z.string(),
  url: z.string(),
  languages: z.array(z.string()).meta({ description: 'Names in Portuguese: "Português", "Inglês"...' }),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  cover: z.string().nullable(),
  documents: z.array(contentDocumentSchema),
  /** Played by common/media-embed.ts. */
  embed_url: z.string().meta({ description: "A YouTube or Vimeo page, or an audio/video file address." }),
  patent_legal_status: z.string(),
  notes: z.string(),
  additional_info: z.string(),
  status: z.enum(contentStatuses),
  members_only: z.boolean().meta({ description: "Somente associados: opened only by members in good standing." }),
  withheld: z.boolean().meta({
    description:
      "True on the site's own pages when the reader may not open this members-only item: its description, address, files, player, notes and additional information are empty.",
  }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url_path: z.string().meta({ description: "The public path: /biblioteca/{id}." }),
});
export type MediaView = z.infer<typeof mediaViewSchema>;

export const mediaListSchema = paginatedSchema(mediaViewSchema);

const facetCountSchema = z.strictObject({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/** GET /api/medias/filters: what is in use among the items the caller can see; the front end keeps it as media_filters. */
export const mediaFiltersSchema = z.strictObject({
  types: z
    .array(z.strictObject({ value: mediaTypeSchema, label: z.string(), count: z.number().int() }))
    .meta({ description: "In the order of the form's type list, with their pt-BR labels." }),
  categories: z.array(facetCountSchema).meta({ description: "Most used first, then by name." }),
  tags: z.array(facetCountSchema).meta({ description: "Most used first, then by name." }),
  languages: z.array(facetCountSchema).meta({ description: "Most used first, then by name." }),
  years: z.array(z.strictObject({ value: z.number().int(), count: z.number().int() })).meta({
    description: "Newest first; items without a year are not counted.",
  }),
});
export type MediaFilters = z.infer<typeof mediaFiltersSchema>;

/** new: will be created; duplicate: its DOI or title + year + first author already exists; invalid: cannot be read. */
const importEntryStatusSchema = z.enum(["new", "duplicate", "invalid"]);
export type ImportEntryStatus = z.infer<typeof importEntryStatusSchema>;

/** One entry of an imported file, as the preview lists it. */
const importEntrySchema = z.strictObject({
  index: z.number().int().meta({ description: "1-based position in the file." }),
  key: z.string().meta({ description: "BibTeX citation key or RIS ID, when present." }),
  title: z.string(),
  type: mediaTypeSchema.nullable(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  status: importEntryStatusSchema,
  reason: z.string().nullable().meta({ description: "pt-BR: why the entry is invalid or a duplicate." }),
  duplicate_of: z.number().int().nullable().meta({ description: "The library item it duplicates." }),
});
export type ImportEntry = z.infer<typeof importEntrySchema>;

/** What an import of a file does (preview) or did (commit), entry by entry. */
export const importSummarySchema = z.strictObject({
  format: z.enum(referenceFormats),
  total: z.number().int(),
  new: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  entries: z.array(importEntrySchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The answer of a committed import (server/modules/medias/media-import.ts). */
export const importResultSchema = importSummarySchema.extend({
  created: z.number().int().meta({
    description:
      "Items created: written in short chunks while the import was pending, shown together once it was marked done.",
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

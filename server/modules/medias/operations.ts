import { formatFileSize } from "../../../common/file-size.ts";
import { MEDIA_PAGE_SIZE } from "../../../common/media.ts";
import {
  exportQuerySchema,
  importSchema,
  MAX_IMPORT_BYTES,
  mediaListQuerySchema,
  mediaSchema,
} from "../../../common/schemas/media.ts";
import {
  importResultSchema,
  importSummarySchema,
  mediaFiltersSchema,
  mediaListSchema,
  mediaViewSchema,
} from "../../../common/views/medias.ts";
import { z } from "../../../common/zod.ts";
import { input, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";
import { MAX_EXPORT_ITEMS } from "./medias-service.ts";
import { importFormSchema, mediaPageQuerySchema, mediaTextQuerySchema } from "./routes.ts";

input("MediaInput", mediaSchema);
input("ImportInput", importSchema);
input("ImportForm", importFormSchema);

const mediaView = output("Media", mediaViewSchema);
const mediaList = output("MediaList", mediaListSchema);
const mediaFilters = output("MediaFilters", mediaFiltersSchema);
const referenceText = output(
  "ReferenceFile",
  z.string().meta({ description: "The references as a BibTeX (.bib) or RIS (.ris) file, UTF-8." }),
);
const importSummary = output("ImportSummary", importSummarySchema);
const importResult = output("ImportResult", importResultSchema);

const filters =
  "type, category, tag and language (a code such as pt or a name) keep matching items; year_from/year_to keep items published in that range (items without a year are left out)";
const files = {
  text: ["application/x-bibtex", "application/x-research-info-systems"],
  schema: referenceText,
};
const importBody = { body: importSchema, form: importFormSchema };
const tooLarge = { status: 413, description: `The file is larger than ${formatFileSize(MAX_IMPORT_BYTES)}` };

const medias = recordOperations({
  tag: "medias",
  path: "/api/medias",
  access: "admin",
  noun: "item",
  view: mediaView,
  body: mediaSchema,
});

/** The library: anyone reads published items and exports them; administrators write and import. */
export const mediasOperations: Operation[] = [
  medias.list({
    summary: `List library items, ${MEDIA_PAGE_SIZE} per page unless per_page says otherwise. q searches titles, authors, organizers, tags, categories, description, source, publisher and institution (accents, case and Portuguese word endings ignored); ${filters}. sort=relevance (default; title matches first, then authors/tags/categories, then description; newest when there is no q), newest (year, month, day, unknown last) or title (A-Z ignoring case and accents). Visitors see published items; administrators see all and may filter by status`,
    access: "public",
    query: [mediaPageQuerySchema, mediaListQuerySchema],
    success: { description: "One page of items", schema: mediaList },
  }),
  medias.get({
    path: "/filters",
    summary:
      "What is in use among the items the reader may see: types, categories, tags, languages and years with counts",
    access: "public",
    success: { status: 200, description: "Filter values with their counts", schema: mediaFilters },
  }),
  medias.get({
    path: "/export",
    summary: `Download every item the list would show for the same q, filters and sort (at most ${MAX_EXPORT_ITEMS}), as BibTeX (format=bibtex, biblioteca.bib) or RIS (format=ris, biblioteca.ris)`,
    access: "public",
    query: [exportQuerySchema, mediaTextQuerySchema, mediaListQuerySchema],
    success: { status: 200, description: "An attachment: biblioteca.bib or biblioteca.ris", ...files },
  }),
  medias.read({ summary: "One library item; administrators also see drafts", access: "public" }),
  medias.get({
    path: "/{id}/export",
    summary: "Download one item as BibTeX (format=bibtex) or RIS (format=ris)",
    access: "public",
    query: [exportQuerySchema],
    success: { status: 200, description: "An attachment: biblioteca-{id}.bib or biblioteca-{id}.ris", ...files },
  }),
  medias.create({
    summary: "Create a library item; the description is sanitised, the DOI kept without its resolver",
  }),
  medias.update({ summary: "Update a library item" }),
  medias.delete({ summary: "Delete a library item" }),
  medias.post({
    path: "/import/preview",
    summary:
      "Read a BibTeX or RIS file (JSON {text, format?} or multipart field file, with optional format; detected when left out; UTF-8 or Windows-1252) and tell, entry by entry, what an import would do: new, duplicate (same DOI, or title + year + first author) or invalid. Writes nothing",
    ...importBody,
    success: { status: 200, description: "What the import would do", schema: importSummary },
    refusals: [tooLarge],
  }),
  medias.post({
    path: "/import",
    summary:
      "Import a BibTeX or RIS file (same body as the preview): the new entries are written in short chunks, hidden until the last one is in, then shown all at once (or none, on failure); duplicates and invalid entries are skipped",
    ...importBody,
    success: { status: 200, description: "What was done, with the number of items created", schema: importResult },
    refusals: [tooLarge],
  }),
];

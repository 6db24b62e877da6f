import { identityKey } from "../../../common/citation/person-name.ts";
import { toStoredPublicationDate } from "../../../common/dates/publication-date.ts";
import {
  type MediaInput,
  type PublicationDate,
  parsePublicationDate,
  precisionOf,
} from "../../../common/schemas/media.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { MediaView } from "../../../common/views/medias.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import type { medias } from "./tables.ts";

export type MediaRow = typeof medias.$inferSelect;
export type MediaValues = typeof medias.$inferInsert;

/** The stored columns for a validated input: sanitised description, split date, duplicate key. */
export function mediaValues(input: MediaInput): MediaValues {
  const date = input.publication_date ? (parsePublicationDate(input.publication_date) ?? null) : null;
  return {
    title: input.title,
    type: input.type,
    authors: input.authors,
    organizers: input.organizers,
    description: sanitizeRichText(input.description),
    publicationYear: date?.year ?? null,
    publicationMonth: date?.month ?? null,
    publicationDay: date?.day ?? null,
    publisher: input.publisher,
    city: input.city,
    institution: input.institution,
    source: input.source,
    volume: input.volume,
    number: input.number,
    pages: input.pages,
    doi: input.doi,
    isbnIssn: input.isbn_issn,
    url: input.url,
    languages: input.languages,
    categories: input.categories,
    tags: input.tags,
    cover: input.cover,
    documents: input.documents,
    embedUrl: input.embed_url,
    patentLegalStatus: input.patent_legal_status,
    notes: input.notes,
    additionalInfo: input.additional_info,
    status: input.status,
    membersOnly: input.members_only,
    identityKey: identityKey({
      title: input.title,
      year: date?.year ?? null,
      authors: input.authors,
      organizers: input.organizers,
    }),
  };
}

export function toMediaView(row: MediaRow): MediaView {
  const date: PublicationDate | null =
    row.publicationYear === null
      ? null
      : {
          year: row.publicationYear,
          month: row.publicationMonth,
          day: row.publicationMonth ? row.publicationDay : null,
        };
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    authors: row.authors,
    organizers: row.organizers,
    description: row.description,
    publication_date: toStoredPublicationDate(date),
    date_precision: precisionOf(date),
    year: row.publicationYear,
    publisher: row.publisher,
    city: row.city,
    institution: row.institution,
    source: row.source,
    volume: row.volume,
    number: row.number,
    pages: row.pages,
    doi: row.doi,
    isbn_issn: row.isbnIssn,
    url: row.url,
    languages: row.languages,
    categories: row.categories,
    tags: row.tags,
    cover: row.cover,
    documents: row.documents,
    embed_url: row.embedUrl,
    patent_legal_status: row.patentLegalStatus,
    notes: row.notes,
    additional_info: row.additionalInfo,
    status: row.status,
    members_only: row.membersOnly,
    withheld: false,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url_path: sitePaths.media(row.id),
  };
}

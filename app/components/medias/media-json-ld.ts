import { parsePersonName } from "../../../common/citation/person-name.ts";
import type { MediaType } from "../../../common/media.ts";
import { mediaEmbed } from "../../../common/media-embed.ts";
import type { JsonLd, JsonLdValue } from "../../../common/seo.ts";
import type { MediaView } from "../../../common/views/medias.ts";

/** The closest schema.org type of each kind of material. */
const schemaTypes: Record<MediaType, string> = {
  event_presentation: "ScholarlyArticle",
  journal_article: "ScholarlyArticle",
  audio: "AudioObject",
  database: "Dataset",
  book_chapter: "Chapter",
  folder_poster: "CreativeWork",
  image: "ImageObject",
  law_norm: "Legislation",
  book: "Book",
  map: "Map",
  teaching_material: "LearningResource",
  news: "NewsArticle",
  web_page: "WebPage",
  patent: "CreativeWork",
  software: "SoftwareApplication",
  report: "Report",
  thesis: "Thesis",
  working_paper: "ScholarlyArticle",
  video: "VideoObject",
  other: "CreativeWork",
};

/** Types with schema.org's `pagination` (articles and chapters). */
const paginated = new Set(["ScholarlyArticle", "NewsArticle", "Chapter"]);

function agent(name: string): JsonLd {
  const person = parsePersonName(name);
  if (person.corporate) return { "@type": "Organization", name: person.family };
  return {
    "@type": "Person",
    name: person.given ? `${person.given} ${person.family}` : person.family,
    familyName: person.family,
    ...(person.given ? { givenName: person.given } : {}),
  };
}

/** Keeps only the fields that say something: no empty texts, lists or missing values. */
function known(fields: Record<string, JsonLdValue | null | undefined>): JsonLd {
  const result: JsonLd = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    result[key] = value;
  }
  return result;
}

/** schema.org description of a library item (Book, ScholarlyArticle, VideoObject... by its type). */
export function mediaJsonLd(
  item: MediaView,
  links: { url: string | null; image: string | null; description: string; files: (url: string) => string | null },
): JsonLd {
  const type = schemaTypes[item.type];
  const player = item.embed_url ? mediaEmbed(item.embed_url) : null;
  const isbn = type === "Book" ? item.isbn_issn : "";
  return known({
    "@context": "https://schema.org",
    "@type": type,
    name: item.title,
    ...(type === "ScholarlyArticle" || type === "NewsArticle" ? { headline: item.title } : {}),
    description: links.description,
    url: links.url,
    image: links.image,
    author: item.authors.map(agent),
    editor: item.organizers.map(agent),
    datePublished: item.publication_date,
    publisher:
      item.publisher || item.institution ? { "@type": "Organization", name: item.publisher || item.institution } : null,
    locationCreated: item.city ? { "@type": "Place", name: item.city } : null,
    isPartOf: item.source ? { "@type": "CreativeWork", name: item.source } : null,
    pagination: paginated.has(type) ? item.pages : "",
    isbn,
    identifier: item.doi
      ? { "@type": "PropertyValue", propertyID: "DOI", value: item.doi }
      : !isbn && item.isbn_issn
        ? item.isbn_issn
        : null,
    sameAs: [item.doi ? `https://doi.org/${item.doi}` : "", item.url].filter(Boolean),
    inLanguage: item.languages,
    genre: item.categories,
    keywords: item.tags.join(", "),
    embedUrl: player?.kind === "iframe" ? player.src : null,
    contentUrl: player && player.kind !== "iframe" ? player.src : null,
    associatedMedia: item.documents
      .map((document) => links.files(document.url))
      .filter((url): url is string => url !== null)
      .map((url) => ({ "@type": "MediaObject", contentUrl: url })),
    dateModified: item.updated_at,
  });
}

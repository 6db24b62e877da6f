import type { ContentDocument } from "./content.ts";
import type { ContentStatus } from "./schemas/content.ts";

/** Material types of spec §3 option list 5, in the spec's order. */
export const mediaTypes = [
  "event_presentation",
  "journal_article",
  "audio",
  "database",
  "book_chapter",
  "folder_poster",
  "image",
  "law_norm",
  "book",
  "map",
  "teaching_material",
  "news",
  "web_page",
  "patent",
  "software",
  "report",
  "thesis",
  "working_paper",
  "video",
  "other",
] as const;

export type MediaType = (typeof mediaTypes)[number];

export const mediaTypeLabels: Record<MediaType, string> = {
  event_presentation: "Apresentação em evento",
  journal_article: "Artigo de periódico",
  audio: "Áudio",
  database: "Base de dados",
  book_chapter: "Capítulo de livro",
  folder_poster: "Folder/Cartaz",
  image: "Imagem",
  law_norm: "Leis e normas",
  book: "Livro",
  map: "Mapa",
  teaching_material: "Material didático/Cartilha",
  news: "Notícia",
  web_page: "Página web",
  patent: "Patente",
  software: "Software/Aplicativo",
  report: "Relatório",
  thesis: "Tese/Dissertação",
  working_paper: "Texto de trabalho/Rascunho",
  video: "Vídeo",
  other: "Outro",
};

/** How much of the publication date is known, and so shown. */
export const datePrecisions = ["year", "month", "day"] as const;
export type DatePrecision = (typeof datePrecisions)[number];

export const mediaSorts = ["relevance", "newest", "title"] as const;
export type MediaSort = (typeof mediaSorts)[number];
export const mediaSortLabels: Record<MediaSort, string> = {
  relevance: "Relevância",
  newest: "Mais recentes",
  title: "Título (A-Z)",
};

/** The public list shows 30 items per page (predecessor). */
export const MEDIA_PAGE_SIZE = 30;

/** A library item as the API and the app see it. */
export type MediaView = {
  id: number;
  title: string;
  type: MediaType;
  /** Ordered; each name as typed, preferably "Sobrenome, Nome"; a corporate author in braces: "{Embrapa}". */
  authors: string[];
  organizers: string[];
  /** Sanitised HTML from the rich-text editor. */
  description: string;
  /** "2019", "2019-05" or "2019-05-12" as far as it is known (date_precision says which); null when unknown. */
  publication_date: string | null;
  date_precision: DatePrecision | null;
  year: number | null;
  publisher: string;
  city: string;
  institution: string;
  /** Journal, event, book (for a chapter), site or programme the item appeared in. */
  source: string;
  volume: string;
  number: string;
  pages: string;
  doi: string;
  isbn_issn: string;
  url: string;
  /** Names in Portuguese: "Português", "Inglês", "Espanhol"... */
  languages: string[];
  categories: string[];
  tags: string[];
  cover: string | null;
  documents: ContentDocument[];
  /** A YouTube/Vimeo page or a direct audio/video file address; see common/media-embed.ts. */
  embed_url: string;
  patent_legal_status: string;
  notes: string;
  additional_info: string;
  status: ContentStatus;
  created_at: string;
  updated_at: string;
  /** The public path: /biblioteca/{id}. */
  url_path: string;
};

export type FacetCount<T extends string | number = string> = { value: T; count: number };

/** GET /api/medias/filters: what is in use among the items the caller can see; the front end keeps it as media_filters. */
export type MediaFilters = {
  types: Array<FacetCount<MediaType> & { label: string }>;
  categories: FacetCount[];
  tags: FacetCount[];
  languages: FacetCount[];
  years: FacetCount<number>[];
};

export const mediaPath = (id: number) => `/biblioteca/${id}`;

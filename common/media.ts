/** Material types of docs/spec.md §3 option list 5, in the spec's order. */
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

/** The years a publication date may have. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 2100;

/** The public list shows 30 items per page. */
export const MEDIA_PAGE_SIZE = 30;

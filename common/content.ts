import type { ContentStatus } from "./schemas/content.ts";

/** An attached file kept with a piece of content. */
export type ContentDocument = { url: string; name: string; size: number; mime_type: string };

/** What pages, news and events share, as the API and the app see them. */
export type ContentView = {
  id: number;
  title: string;
  slug: string;
  summary: string;
  /** Sanitised HTML. */
  content: string;
  cover: string | null;
  documents: ContentDocument[];
  tags: string[];
  status: ContentStatus;
  created_at: string;
  updated_at: string;
  /** The public path: /{slug}, /noticias/{slug} or /agenda/{slug}. */
  url: string;
};

export type PageView = ContentView;
export type PostView = ContentView & { published_at: string };
export type EventView = ContentView & {
  start_at: string;
  end_at: string;
  place_name: string;
  place_address: string;
  online_url: string;
};

export type TagCount = { tag: string; count: number };

export type SearchHit = {
  type: "page" | "post" | "event" | "media";
  id: number;
  title: string;
  url: string;
  /** Plain text around the match; matched words are wrapped in «» by the server (escape before rendering). */
  excerpt: string;
  /**
   * News: publication date; events: start; pages: last update; library items: January 1st
   * (UTC) of the publication year, or the last update when the year is unknown. ISO 8601.
   */
  date: string;
  rank: number;
};

/** Paths the site itself uses: a page slug may not take them. */
export const reservedSlugs = [
  "api",
  "agenda",
  "assets",
  "biblioteca",
  "busca",
  "checkout",
  "contato",
  "conta",
  "favicon.ico",
  "favicon.svg",
  "files",
  "login",
  "loja",
  "noticias",
  "robots.txt",
  "rss.xml",
  "sair",
  "sitemap.xml",
] as const;

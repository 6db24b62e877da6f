import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { contentStatuses } from "../../../common/schemas/content.ts";
import type { ContentDocument } from "../../../common/views/content.ts";
import { createdAt, tsvector, updatedAt } from "../../db/columns.ts";

export const contentStatus = pgEnum("content_status", contentStatuses);

/**
 * Full-text search over a piece of content: Portuguese stemming without accents
 * (the `pt_unaccent` configuration created by the migration); HTML tags are not
 * indexed by the parser. Title weighs most, then summary and tags, then the body, of which the first
 * SEARCHED_CONTENT_CHARS: the vector is made by the statement that saves the row, which on the embedded
 * database holds the event loop, and 384 KB of one word repeated (issue 33 item 6's old post) took 80-150
 * ms where 100 KB take a quarter of that. A longer body is still searched by its beginning.
 */
export const SEARCHED_CONTENT_CHARS = 100_000;

const searchVector = (title: SQL, summary: SQL, tags: SQL, content: SQL) =>
  tsvector("search")
    .notNull()
    .generatedAlwaysAs(
      sql`setweight(to_tsvector('pt_unaccent', coalesce(${title}, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(${summary}, '') || ' ' || cms_tags_text(${tags})), 'B') || setweight(to_tsvector('pt_unaccent', left(coalesce(${content}, ''), ${sql.raw(String(SEARCHED_CONTENT_CHARS))})), 'C')`,
    );

/** What pages, news and events share. */
const contentColumns = () => ({
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  summary: text("summary").notNull().default(""),
  /** Sanitised HTML from the rich-text editor. */
  content: text("content").notNull().default(""),
  cover: text("cover"),
  /** The cover's text alternative, read out in its place; "" for a picture that only decorates. */
  coverAlt: text("cover_alt").notNull().default(""),
  documents: jsonb("documents").$type<ContentDocument[]>().notNull().default([]),
  tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
  status: contentStatus("status").notNull().default("draft"),
  /** "Somente associados": opened only by members in good standing and administrators (content-access.ts). */
  membersOnly: boolean("members_only").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pages = pgTable(
  "pages",
  {
    ...contentColumns(),
    search: searchVector(sql`title`, sql`summary`, sql`tags`, sql`content`),
  },
  (table) => [uniqueIndex("pages_slug_unique").on(table.slug), index("pages_search_idx").using("gin", table.search)],
);

export const posts = pgTable(
  "posts",
  {
    ...contentColumns(),
    /** When the news item becomes public; a future moment keeps it hidden until then. */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    search: searchVector(sql`title`, sql`summary`, sql`tags`, sql`content`),
  },
  (table) => [
    uniqueIndex("posts_slug_unique").on(table.slug),
    index("posts_published_idx").on(table.status, table.publishedAt),
    index("posts_search_idx").using("gin", table.search),
  ],
);

export const events = pgTable(
  "events",
  {
    ...contentColumns(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    placeName: text("place_name").notNull().default(""),
    placeAddress: text("place_address").notNull().default(""),
    onlineUrl: text("online_url").notNull().default(""),
    search: searchVector(sql`title`, sql`summary`, sql`tags`, sql`content`),
  },
  (table) => [
    uniqueIndex("events_slug_unique").on(table.slug),
    index("events_start_idx").on(table.status, table.startAt),
    index("events_search_idx").using("gin", table.search),
    check("events_end_after_start", sql`${table.endAt} >= ${table.startAt}`),
  ],
);

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { mediaTypes } from "../../../common/media.ts";
import { mediaImportStatuses } from "../../../common/media-import.ts";
import type { ContentDocument } from "../../../common/views/content.ts";
import { createdAt, tsvector, updatedAt } from "../../db/columns.ts";
import { contentStatus } from "../content/tables.ts";

export const mediaType = pgEnum("media_type", mediaTypes);

export const mediaImportStatus = pgEnum("media_import_status", mediaImportStatuses);

/**
 * One committed reference import. Its items are written in short chunks while it is pending and
 * stay invisible until the import is marked done, so a large import neither holds one long
 * transaction (the embedded database has a single session) nor shows half a file.
 */
export const mediaImports = pgTable("media_imports", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  status: mediaImportStatus("status").notNull().default("pending"),
  createdAt: createdAt(),
});

/** A library item (/biblioteca): a bibliographic reference with optional files, cover and player. */
export const medias = pgTable(
  "medias",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    type: mediaType("type").notNull(),
    /** Ordered names as typed ("Sobrenome, Nome"; "{Embrapa}" for a corporate author). */
    authors: text("authors").array().notNull().default(sql`'{}'::text[]`),
    organizers: text("organizers").array().notNull().default(sql`'{}'::text[]`),
    /** Sanitised HTML from the rich-text editor. */
    description: text("description").notNull().default(""),
    /** The publication date as far as it is known: year, year + month, or the full day. */
    publicationYear: smallint("publication_year"),
    publicationMonth: smallint("publication_month"),
    publicationDay: smallint("publication_day"),
    publisher: text("publisher").notNull().default(""),
    city: text("city").notNull().default(""),
    institution: text("institution").notNull().default(""),
    source: text("source").notNull().default(""),
    volume: text("volume").notNull().default(""),
    number: text("number").notNull().default(""),
    pages: text("pages").notNull().default(""),
    doi: text("doi").notNull().default(""),
    isbnIssn: text("isbn_issn").notNull().default(""),
    url: text("url").notNull().default(""),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    cover: text("cover"),
    documents: jsonb("documents").$type<ContentDocument[]>().notNull().default([]),
    embedUrl: text("embed_url").notNull().default(""),
    patentLegalStatus: text("patent_legal_status").notNull().default(""),
    notes: text("notes").notNull().default(""),
    additionalInfo: text("additional_info").notNull().default(""),
    status: contentStatus("status").notNull().default("published"),
    /** "Somente associados": opened only by members in good standing and administrators (medias-access.ts). */
    membersOnly: boolean("members_only").notNull().default(false),
    /** The import that wrote the item; while that import is pending the item is invisible. */
    importId: integer("import_id").references(() => mediaImports.id, { onDelete: "cascade" }),
    /** Duplicate detection: normalised title + year + first author's surname, set by the service. */
    identityKey: text("identity_key").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('pt_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent', cms_tags_text(authors) || ' ' || cms_tags_text(organizers) || ' ' || cms_tags_text(tags) || ' ' || cms_tags_text(categories)), 'B') || setweight(to_tsvector('pt_unaccent', coalesce(description, '')), 'C') || setweight(to_tsvector('pt_unaccent', coalesce(source, '') || ' ' || coalesce(publisher, '') || ' ' || coalesce(institution, '')), 'D')`,
      ),
  },
  (table) => [
    index("medias_search_idx").using("gin", table.search),
    index("medias_year_idx").on(table.status, table.publicationYear),
    index("medias_type_idx").on(table.type),
    index("medias_tags_idx").using("gin", table.tags),
    index("medias_categories_idx").using("gin", table.categories),
    index("medias_languages_idx").using("gin", table.languages),
    index("medias_doi_idx").on(sql`lower(${table.doi})`),
    index("medias_identity_idx").on(table.identityKey),
    index("medias_import_idx").on(table.importId),
    check("medias_month_range", sql`${table.publicationMonth} IS NULL OR ${table.publicationMonth} BETWEEN 1 AND 12`),
    check("medias_day_range", sql`${table.publicationDay} IS NULL OR ${table.publicationDay} BETWEEN 1 AND 31`),
  ],
);

import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ContentDocument } from "../../common/content.ts";
import type { Features } from "../../common/features.ts";
import { mediaTypes } from "../../common/media.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The site's global settings: one row (id = 1) once the first-time setup ran. */
export const settings = pgTable(
  "settings",
  {
    id: smallint("id").primaryKey().default(1),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    font: text("font").notNull().default("Montserrat"),
    primaryColor: text("primary_color").notNull().default("#523d38"),
    secondaryColor: text("secondary_color").notNull().default("#e1846d"),
    siteLogo: text("site_logo"),
    siteCover: text("site_cover"),
    siteFavicon: text("site_favicon"),
    siteFooterLogo: smallint("site_footer_logo").notNull().default(0),
    contact: text("contact").notNull().default(""),
    email: text("email").notNull().default(""),
    urlFacebook: text("url_facebook").notNull().default(""),
    urlInstagram: text("url_instagram").notNull().default(""),
    urlTwitter: text("url_twitter").notNull().default(""),
    urlYoutube: text("url_youtube").notNull().default(""),
    gtag: text("gtag").notNull().default(""),
    originPostalCode: text("origin_postal_code").notNull().default(""),
    features: jsonb("features").$type<Features>().notNull(),
    /** A published page shown at / instead of the default home; null keeps the default. */
    homePageId: integer("home_page_id").references((): AnyPgColumn => pages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("settings_single_row", sql`${table.id} = 1`)],
);

export const userRole = pgEnum("user_role", ["user", "admin", "super"]);

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull().default("user"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email)],
);

/** Server-side sessions: the client holds an opaque token, we keep only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const menus = pgTable(
  "menus",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    url: text("url").notNull().default(""),
    /** A linked page: the menu then leads to /{page slug}. Deleting the page deletes the item. */
    pageId: integer("page_id").references((): AnyPgColumn => pages.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => menus.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("menus_parent_idx").on(table.parentId, table.position)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("contacts_created_idx").on(table.createdAt)],
);

export const uploadKind = pgEnum("upload_kind", ["image", "document"]);

export const uploads = pgTable("uploads", {
  id: text("id").primaryKey(),
  kind: uploadKind("kind").notNull(),
  originalName: text("original_name").notNull(),
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  /** Storage keys (paths relative to the storage root). */
  originalKey: text("original_key").notNull(),
  thumbKey: text("thumb_key"),
  averageKey: text("average_key"),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const contentStatus = pgEnum("content_status", ["draft", "published"]);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Full-text search over a piece of content: Portuguese stemming without accents
 * (the `pt_unaccent` configuration created by the migration); HTML tags are not
 * indexed by the parser. Title weighs most, then summary and tags, then the body.
 */
const searchVector = (title: SQL, summary: SQL, tags: SQL, content: SQL) =>
  tsvector("search")
    .notNull()
    .generatedAlwaysAs(
      sql`setweight(to_tsvector('pt_unaccent', coalesce(${title}, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(${summary}, '') || ' ' || cms_tags_text(${tags})), 'B') || setweight(to_tsvector('pt_unaccent', coalesce(${content}, '')), 'C')`,
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
  documents: jsonb("documents").$type<ContentDocument[]>().notNull().default([]),
  tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
  status: contentStatus("status").notNull().default("draft"),
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

export const mediaType = pgEnum("media_type", mediaTypes);

export const mediaImportStatus = pgEnum("media_import_status", ["pending", "done"]);

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

CREATE TYPE "public"."media_import_status" AS ENUM('pending', 'done');--> statement-breakpoint
CREATE TYPE "public"."media_type" AS ENUM('event_presentation', 'journal_article', 'audio', 'database', 'book_chapter', 'folder_poster', 'image', 'law_norm', 'book', 'map', 'teaching_material', 'news', 'web_page', 'patent', 'software', 'report', 'thesis', 'working_paper', 'video', 'other');--> statement-breakpoint
CREATE TABLE "media_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "media_import_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "medias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"type" "media_type" NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"organizers" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"publication_year" smallint,
	"publication_month" smallint,
	"publication_day" smallint,
	"publisher" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"volume" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"pages" text DEFAULT '' NOT NULL,
	"doi" text DEFAULT '' NOT NULL,
	"isbn_issn" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"embed_url" text DEFAULT '' NOT NULL,
	"patent_legal_status" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"status" "content_status" DEFAULT 'published' NOT NULL,
	"import_id" integer,
	"identity_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent', cms_tags_text(authors) || ' ' || cms_tags_text(organizers) || ' ' || cms_tags_text(tags) || ' ' || cms_tags_text(categories)), 'B') || setweight(to_tsvector('pt_unaccent', coalesce(description, '')), 'C') || setweight(to_tsvector('pt_unaccent', coalesce(source, '') || ' ' || coalesce(publisher, '') || ' ' || coalesce(institution, '')), 'D')) STORED NOT NULL,
	CONSTRAINT "medias_month_range" CHECK ("medias"."publication_month" IS NULL OR "medias"."publication_month" BETWEEN 1 AND 12),
	CONSTRAINT "medias_day_range" CHECK ("medias"."publication_day" IS NULL OR "medias"."publication_day" BETWEEN 1 AND 31)
);
--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_import_id_media_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."media_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medias_search_idx" ON "medias" USING gin ("search");--> statement-breakpoint
CREATE INDEX "medias_year_idx" ON "medias" USING btree ("status","publication_year");--> statement-breakpoint
CREATE INDEX "medias_type_idx" ON "medias" USING btree ("type");--> statement-breakpoint
CREATE INDEX "medias_tags_idx" ON "medias" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "medias_categories_idx" ON "medias" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "medias_languages_idx" ON "medias" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "medias_doi_idx" ON "medias" USING btree (lower("doi"));--> statement-breakpoint
CREATE INDEX "medias_identity_idx" ON "medias" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "medias_import_idx" ON "medias" USING btree ("import_id");
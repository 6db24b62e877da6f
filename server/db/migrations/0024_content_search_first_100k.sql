ALTER TABLE "events" drop column "search";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(summary, '') || ' ' || cms_tags_text(tags)), 'B') || setweight(to_tsvector('pt_unaccent', left(coalesce(content, ''), 100000)), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" drop column "search";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(summary, '') || ' ' || cms_tags_text(tags)), 'B') || setweight(to_tsvector('pt_unaccent', left(coalesce(content, ''), 100000)), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" drop column "search";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(summary, '') || ' ' || cms_tags_text(tags)), 'B') || setweight(to_tsvector('pt_unaccent', left(coalesce(content, ''), 100000)), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search");--> statement-breakpoint
CREATE INDEX "pages_search_idx" ON "pages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");

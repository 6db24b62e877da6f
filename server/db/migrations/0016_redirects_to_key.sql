ALTER TABLE "redirects" ADD COLUMN "to_key" text;--> statement-breakpoint
CREATE INDEX "redirects_to_key_idx" ON "redirects" USING btree ("to_key");
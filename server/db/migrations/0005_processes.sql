CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "throttle_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "throttle_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"throttle" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_list_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_sold_idx";--> statement-breakpoint
CREATE INDEX "throttle_hits_key_idx" ON "throttle_hits" USING btree ("throttle","key","at");--> statement-breakpoint
CREATE INDEX "throttle_hits_at_idx" ON "throttle_hits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "products_list_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("status","sort_name","id");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("status","units_sold","created_at","id");
CREATE TYPE "public"."redirect_source" AS ENUM('manual', 'wordpress');--> statement-breakpoint
CREATE TYPE "public"."wordpress_import_status" AS ENUM('previewed', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redirects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_key" text NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"source" "redirect_source" DEFAULT 'manual' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wordpress_import_files" (
	"import_id" integer NOT NULL,
	"role" text NOT NULL,
	"gzipped" "bytea" NOT NULL,
	CONSTRAINT "wordpress_import_files_import_id_role_pk" PRIMARY KEY("import_id","role")
);
--> statement-breakpoint
CREATE TABLE "wordpress_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wordpress_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "wordpress_import_status" DEFAULT 'previewed' NOT NULL,
	"file_names" text[] NOT NULL,
	"files_source" jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"progress_step" text DEFAULT '' NOT NULL,
	"error" text,
	"user_id" integer,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wordpress_records" (
	"site" text NOT NULL,
	"kind" text NOT NULL,
	"wp_id" text NOT NULL,
	"record_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wordpress_records_site_kind_wp_id_pk" PRIMARY KEY("site","kind","wp_id")
);
--> statement-breakpoint
ALTER TABLE "wordpress_import_files" ADD CONSTRAINT "wordpress_import_files_import_id_wordpress_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."wordpress_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wordpress_imports" ADD CONSTRAINT "wordpress_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_from_key_unique" ON "redirects" USING btree ("from_key");--> statement-breakpoint
CREATE INDEX "redirects_to_idx" ON "redirects" USING btree ("to_path");--> statement-breakpoint
CREATE INDEX "wordpress_records_record_idx" ON "wordpress_records" USING btree ("kind","record_id");
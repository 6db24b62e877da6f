ALTER TABLE "wordpress_import_files" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wordpress_import_files" DROP CONSTRAINT "wordpress_import_files_import_id_role_pk";--> statement-breakpoint
ALTER TABLE "wordpress_import_files" ADD CONSTRAINT "wordpress_import_files_import_id_role_part_pk" PRIMARY KEY("import_id","role","part");

DROP INDEX "fiscal_notes_order_unique";--> statement-breakpoint
DROP INDEX "fiscal_notes_reference_unique";--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "corrections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD COLUMN "denied_at" timestamp with time zone;--> statement-breakpoint
UPDATE "fiscal_notes" SET "corrections" = jsonb_build_array(jsonb_build_object('sequence', 1, 'text', '', 'at', to_jsonb("updated_at"), 'xmlPath', "provider_correction_xml_path", 'pdfPath', "provider_correction_pdf_path", 'xmlKey', "correction_xml_key", 'pdfKey', "correction_pdf_key")) WHERE "provider_correction_xml_path" IS NOT NULL OR "provider_correction_pdf_path" IS NOT NULL;--> statement-breakpoint
UPDATE "fiscal_notes" SET "denied_at" = "updated_at" WHERE "state" = 'denied';--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "provider" text DEFAULT 'focus_nfe' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_order_environment_unique" ON "fiscal_notes" USING btree ("order_id","environment");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_reference_environment_unique" ON "fiscal_notes" USING btree ("reference","environment");--> statement-breakpoint
ALTER TABLE "fiscal_notes" DROP COLUMN "provider_correction_xml_path";--> statement-breakpoint
ALTER TABLE "fiscal_notes" DROP COLUMN "provider_correction_pdf_path";--> statement-breakpoint
ALTER TABLE "fiscal_notes" DROP COLUMN "correction_xml_key";--> statement-breakpoint
ALTER TABLE "fiscal_notes" DROP COLUMN "correction_pdf_key";
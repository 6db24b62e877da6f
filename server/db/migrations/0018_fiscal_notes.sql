CREATE TABLE "fiscal_note_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_note_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"note_id" integer NOT NULL,
	"state" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"order_number" integer NOT NULL,
	"user_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"reference" text NOT NULL,
	"environment" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sefaz_status" text,
	"sefaz_message" text,
	"provider_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_key" text,
	"number" text,
	"series" text,
	"total_cents" integer,
	"provider_xml_path" text,
	"provider_danfe_path" text,
	"provider_cancellation_xml_path" text,
	"provider_correction_xml_path" text,
	"provider_correction_pdf_path" text,
	"xml_key" text,
	"danfe_key" text,
	"cancellation_xml_key" text,
	"correction_xml_key" text,
	"correction_pdf_key" text,
	"send_uncertain" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"customer_mailed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_notes_state" CHECK ("fiscal_notes"."state" in ('waiting', 'processing', 'authorized', 'rejected', 'denied', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"environment" text DEFAULT 'homologacao' NOT NULL,
	"homologation_token" text DEFAULT '' NOT NULL,
	"production_token" text DEFAULT '' NOT NULL,
	"cnpj" text DEFAULT '' NOT NULL,
	"state_registration" text DEFAULT '' NOT NULL,
	"uf" text DEFAULT '' NOT NULL,
	"regime" text DEFAULT 'simples' NOT NULL,
	"series" integer DEFAULT 1 NOT NULL,
	"operation_nature" text DEFAULT 'Venda de mercadoria' NOT NULL,
	"issue_mode" text DEFAULT 'on_payment' NOT NULL,
	"customer_mail" boolean DEFAULT true NOT NULL,
	"defaults" jsonb DEFAULT '{"ncm":null,"origin":null,"tax_situation":null,"unit":null,"gtin":null}'::jsonb NOT NULL,
	"webhook_secret" text DEFAULT '' NOT NULL,
	"webhook_registered_for" text,
	"webhook_error" text,
	"enabled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_settings_single_row" CHECK ("fiscal_settings"."id" = 1),
	CONSTRAINT "fiscal_settings_series" CHECK ("fiscal_settings"."series" between 1 and 889)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_shipping_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "coupon_shipping_discount_cents" = least("orders"."shipping_cents", "orders"."coupon_discount_cents") FROM "coupons" WHERE upper("coupons"."code") = "orders"."coupon_code" AND "coupons"."kind" = 'free_shipping';--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "fiscal" jsonb DEFAULT '{"ncm":null,"origin":null,"tax_situation":null,"unit":null,"gtin":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fiscal" jsonb DEFAULT '{"ncm":null,"origin":null,"tax_situation":null,"unit":null,"gtin":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_note_events" ADD CONSTRAINT "fiscal_note_events_note_id_fiscal_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."fiscal_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_note_events" ADD CONSTRAINT "fiscal_note_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_notes" ADD CONSTRAINT "fiscal_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiscal_note_events_note_idx" ON "fiscal_note_events" USING btree ("note_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_order_unique" ON "fiscal_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_notes_reference_unique" ON "fiscal_notes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "fiscal_notes_due_idx" ON "fiscal_notes" USING btree ("next_check_at") WHERE "fiscal_notes"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "fiscal_notes_state_idx" ON "fiscal_notes" USING btree ("state","authorized_at");--> statement-breakpoint
CREATE INDEX "fiscal_notes_user_idx" ON "fiscal_notes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."coupon_discount_cents" >= 0 and "orders"."pix_discount_cents" >= 0 and "orders"."total_cents" >= 0 and "orders"."coupon_shipping_discount_cents" between 0 and least("orders"."coupon_discount_cents", "orders"."shipping_cents"));
CREATE TABLE "member_asaas_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_asaas_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"charge_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "member_dues" DROP CONSTRAINT "member_dues_amount";--> statement-breakpoint
ALTER TABLE "member_dues" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_dues" ADD COLUMN "asaas_charge_id" text;--> statement-breakpoint
ALTER TABLE "member_dues" ADD COLUMN "asaas_status" text;--> statement-breakpoint
ALTER TABLE "member_dues" ADD COLUMN "asaas_invoice_url" text;--> statement-breakpoint
ALTER TABLE "member_dues" ADD COLUMN "asaas_boleto_url" text;--> statement-breakpoint
ALTER TABLE "member_dues" ADD COLUMN "asaas_pix_code" text;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "payment_provider" text DEFAULT 'shop_pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "asaas_api_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "asaas_webhook_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "asaas_environment" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_settings" ADD COLUMN "asaas_billing" text DEFAULT 'pix' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asaas_customer_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asaas_subscription_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asaas_subscription_from" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asaas_subscription_terms" jsonb;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asaas_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asaas_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "member_asaas_events_event_unique" ON "member_asaas_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "member_asaas_events_pending_idx" ON "member_asaas_events" USING btree ("processed_at","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_dues_asaas_charge_unique" ON "member_dues" USING btree ("asaas_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_asaas_subscription_unique" ON "members" USING btree ("asaas_subscription_id");--> statement-breakpoint
ALTER TABLE "member_dues" ADD CONSTRAINT "member_dues_amount" CHECK ("member_dues"."amount_cents" > 0 and "member_dues"."paid_cents" >= 0 and "member_dues"."refunded_cents" >= 0);
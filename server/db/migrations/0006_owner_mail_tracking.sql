ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "notifications" jsonb;--> statement-breakpoint
-- Codes recorded before carriers were told apart were Correios codes.
UPDATE "orders" SET "tracking_carrier" = 'correios' WHERE "tracking_code" IS NOT NULL;
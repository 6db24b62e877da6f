-- Idempotency keys become each customer's own; former_emails keeps the addresses an account had (issue 24).
DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "former_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key");
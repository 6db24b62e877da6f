CREATE TYPE "public"."coupon_kind" AS ENUM('percent', 'fixed', 'free_shipping');--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" "coupon_kind" NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_upper" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_kind_value" CHECK (("coupons"."kind" = 'percent') = ("coupons"."percent" is not null) and ("coupons"."kind" = 'fixed') = ("coupons"."amount_cents" is not null)),
	CONSTRAINT "coupons_percent" CHECK ("coupons"."percent" between 1 and 100),
	CONSTRAINT "coupons_amounts" CHECK ("coupons"."amount_cents" > 0 and "coupons"."min_subtotal_cents" >= 0),
	CONSTRAINT "coupons_uses" CHECK ("coupons"."uses" >= 0),
	CONSTRAINT "coupons_days" CHECK ("coupons"."valid_until" >= "coupons"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "order_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text DEFAULT 'melhorenvio' NOT NULL,
	"service_id" integer NOT NULL,
	"step" text DEFAULT 'none' NOT NULL,
	"external_id" text,
	"protocol" text,
	"price_cents" integer,
	"label_url" text,
	"tracking_code" text,
	"tracking_url" text,
	"tracking_status" text,
	"tracking_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_checked_at" timestamp with time zone,
	"tracking_failed_at" timestamp with time zone,
	"last_error" text,
	"in_progress_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_labels_step" CHECK ("order_labels"."step" in ('none', 'in_cart', 'paid', 'generated', 'printed'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_choice" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_labels" ADD CONSTRAINT "order_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_unique" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE "coupon_redemptions"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_labels_order_unique" ON "order_labels" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents" - "orders"."coupon_discount_cents" - "orders"."pix_discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."coupon_discount_cents" >= 0 and "orders"."pix_discount_cents" >= 0 and "orders"."total_cents" >= 0);
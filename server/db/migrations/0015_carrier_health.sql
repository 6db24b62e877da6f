CREATE TABLE "carrier_health" (
	"provider" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_kind" text,
	"last_message" text,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_health_provider" CHECK ("carrier_health"."provider" in ('correios', 'melhorenvio'))
);

ALTER TABLE "audit_entries" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Older entries kept an event's facts as changes from nothing: outside creations and edits, a "change" with no
-- value before is such a fact, and moves to the details.
UPDATE "audit_entries" SET
  "details" = (SELECT coalesce(jsonb_object_agg(key, value->'after'), '{}'::jsonb) FROM jsonb_each("changes") WHERE value->'before' = 'null'::jsonb),
  "changes" = (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each("changes") WHERE value->'before' IS DISTINCT FROM 'null'::jsonb)
WHERE "action" NOT LIKE '%.created' AND "action" NOT LIKE '%.updated';

CREATE TABLE "member_due_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_due_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"due_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_dues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_dues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"due_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_on" date,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"settled_by" text,
	"note" text DEFAULT '' NOT NULL,
	"txid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_dues_amount" CHECK ("member_dues"."amount_cents" > 0 and "member_dues"."paid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"cycle" text NOT NULL,
	"due_day" integer NOT NULL,
	"grace_days" integer NOT NULL,
	"suspend_after" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_plans_amount" CHECK ("member_plans"."amount_cents" > 0),
	CONSTRAINT "member_plans_due_day" CHECK ("member_plans"."due_day" between 1 and 31),
	CONSTRAINT "member_plans_grace" CHECK ("member_plans"."grace_days" >= 0),
	CONSTRAINT "member_plans_suspend_after" CHECK ("member_plans"."suspend_after" >= 1),
	CONSTRAINT "member_plans_cycle" CHECK (cycle in ('mensal', 'trimestral', 'semestral', 'anual'))
);
--> statement-breakpoint
CREATE TABLE "member_register" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_register_single_row" CHECK ("member_register"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"organization_cnpj" text DEFAULT '' NOT NULL,
	"reminders" jsonb DEFAULT '{"before":{"enabled":true,"days":[5,1]},"on_day":{"enabled":true},"after":{"enabled":true,"days":[3,10]}}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_single_row" CHECK ("member_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "member_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" jsonb NOT NULL,
	"born_on" date,
	"admitted_on" date,
	"plan_id" integer NOT NULL,
	"status" text NOT NULL,
	"status_source" text DEFAULT 'manual' NOT NULL,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_period" text,
	"user_id" integer,
	"verification_code" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_due_reminders" ADD CONSTRAINT "member_due_reminders_due_id_member_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."member_dues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_dues" ADD CONSTRAINT "member_dues_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_status_changes" ADD CONSTRAINT "member_status_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_status_changes" ADD CONSTRAINT "member_status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_due_reminders_unique" ON "member_due_reminders" USING btree ("due_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "member_dues_period_unique" ON "member_dues" USING btree ("member_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "member_dues_txid_unique" ON "member_dues" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "member_dues_open_idx" ON "member_dues" USING btree ("status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "member_plans_name_unique" ON "member_plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "member_status_changes_member_idx" ON "member_status_changes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_number_unique" ON "members" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "members_tax_id_unique" ON "members" USING btree ("tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_verification_unique" ON "members" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "members_status_idx" ON "members" USING btree ("status");--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree (lower("email"));--> statement-breakpoint
UPDATE "settings" SET "features" = "features" || '{"members": {"title": "Associe-se", "url": "/associe-se", "enabled": false}}'::jsonb WHERE NOT ("features" ? 'members');

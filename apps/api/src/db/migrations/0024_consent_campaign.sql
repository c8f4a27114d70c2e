ALTER TABLE "projects" ADD COLUMN "consent_household_rule" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_consent_household_rule_check" CHECK ("projects"."consent_household_rule" IN ('home', 'household'));--> statement-breakpoint
ALTER TABLE "address_projects" ADD COLUMN "households" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "address_projects" ADD CONSTRAINT "address_projects_households_check" CHECK ("address_projects"."households" BETWEEN 1 AND 20);--> statement-breakpoint
CREATE TABLE "consent_milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"building_unit" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"percentage" double precision NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_milestones_kind_check" CHECK ("consent_milestones"."kind" IN ('reached', 'dropped'))
);--> statement-breakpoint
ALTER TABLE "consent_milestones" ADD CONSTRAINT "consent_milestones_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_milestones_unit_idx" ON "consent_milestones" USING btree ("form_id","building_unit","id");--> statement-breakpoint
CREATE TABLE "consent_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"building_unit" text NOT NULL,
	"drafted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drafted_by" integer,
	"sent_on" date,
	"sent_by" integer,
	"marked_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "consent_notices" ADD CONSTRAINT "consent_notices_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_notices" ADD CONSTRAINT "consent_notices_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_notices" ADD CONSTRAINT "consent_notices_drafted_by_users_id_fk" FOREIGN KEY ("drafted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_notices" ADD CONSTRAINT "consent_notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_notices_address_idx" ON "consent_notices" USING btree ("form_id","address_id");--> statement-breakpoint
CREATE INDEX "consent_notices_address_fk_idx" ON "consent_notices" USING btree ("address_id");--> statement-breakpoint
CREATE TABLE "consent_reminder_settings" (
	"form_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"starts_on" date NOT NULL,
	"first_after_days" integer DEFAULT 5 NOT NULL,
	"interval_days" integer DEFAULT 2 NOT NULL,
	"max_count" integer DEFAULT 4 NOT NULL,
	"by_email" boolean DEFAULT true NOT NULL,
	"by_sms" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "consent_reminder_settings_days_check" CHECK ("consent_reminder_settings"."first_after_days" BETWEEN 0 AND 90 AND "consent_reminder_settings"."interval_days" BETWEEN 1 AND 90 AND "consent_reminder_settings"."max_count" BETWEEN 1 AND 10)
);--> statement-breakpoint
ALTER TABLE "consent_reminder_settings" ADD CONSTRAINT "consent_reminder_settings_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_reminder_settings" ADD CONSTRAINT "consent_reminder_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_reminder_settings_enabled_idx" ON "consent_reminder_settings" USING btree ("form_id") WHERE "consent_reminder_settings"."enabled";--> statement-breakpoint
CREATE TABLE "consent_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"nr" integer NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"sms_skipped" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "consent_reminders" ADD CONSTRAINT "consent_reminders_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_reminders" ADD CONSTRAINT "consent_reminders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_reminders" ADD CONSTRAINT "consent_reminders_entry_id_form_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."form_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_reminders_nr_idx" ON "consent_reminders" USING btree ("form_id","address_id","nr");--> statement-breakpoint
CREATE INDEX "consent_reminders_form_idx" ON "consent_reminders" USING btree ("form_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "consent_reminders_address_fk_idx" ON "consent_reminders" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "consent_reminders_entry_idx" ON "consent_reminders" USING btree ("entry_id");

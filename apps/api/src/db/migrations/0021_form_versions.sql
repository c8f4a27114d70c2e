ALTER TABLE "forms" ADD COLUMN "draft_definition" jsonb;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "published_version" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "form_version" integer;--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"consent_decision" text,
	"consent_decision_reason" text,
	CONSTRAINT "form_versions_consent_decision_check" CHECK ("form_versions"."consent_decision" IN ('keep', 'ask-again'))
);--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version_idx" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
INSERT INTO "form_versions" ("form_id", "version", "name", "description", "definition", "published_at")
  SELECT "id", 1, "name", "description", "definition", "created_at" FROM "forms";--> statement-breakpoint
UPDATE "forms" SET "published_version" = 1;--> statement-breakpoint
UPDATE "form_entries" SET "form_version" = 1;

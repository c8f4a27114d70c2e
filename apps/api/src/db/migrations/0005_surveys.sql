CREATE TABLE "survey_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"element_id" text NOT NULL,
	"address_id" integer,
	"visitor_token_hash" text,
	"file_id" integer NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_photos_owner_check" CHECK (("survey_photos"."address_id" IS NULL) <> ("survey_photos"."visitor_token_hash" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer,
	"visitor_token_hash" text,
	"occupant_id" integer,
	"version" smallint NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_owner_check" CHECK (("survey_responses"."address_id" IS NULL) <> ("survey_responses"."visitor_token_hash" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" smallint NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_version_check" CHECK ("surveys"."version" IN (1, 2))
);
--> statement-breakpoint
ALTER TABLE "survey_photos" ADD CONSTRAINT "survey_photos_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_photos" ADD CONSTRAINT "survey_photos_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_photos" ADD CONSTRAINT "survey_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_photos_address_idx" ON "survey_photos" USING btree ("survey_id","address_id") WHERE "survey_photos"."address_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "survey_photos_visitor_idx" ON "survey_photos" USING btree ("survey_id","visitor_token_hash") WHERE "survey_photos"."visitor_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_photos_file_idx" ON "survey_photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_address_idx" ON "survey_responses" USING btree ("survey_id","address_id") WHERE "survey_responses"."address_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_visitor_idx" ON "survey_responses" USING btree ("survey_id","visitor_token_hash") WHERE "survey_responses"."visitor_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "survey_responses_project_idx" ON "survey_responses" USING btree ("project_id","submitted_at");--> statement-breakpoint
CREATE INDEX "surveys_project_idx" ON "surveys" USING btree ("project_id","position","id");
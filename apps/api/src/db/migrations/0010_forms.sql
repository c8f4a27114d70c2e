CREATE TABLE "form_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer,
	"visitor_token_hash" text,
	"one_per_owner" boolean DEFAULT false NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"sections_done" integer DEFAULT 0 NOT NULL,
	"signatures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"nr_of_signatures" integer,
	"sign_requested" boolean DEFAULT false NOT NULL,
	"summary_file_id" integer,
	"summary_version" integer,
	"summary_viewed_at" timestamp with time zone,
	"email_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_entries_owner_check" CHECK ("form_entries"."address_id" IS NULL OR "form_entries"."visitor_token_hash" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "form_entry_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"occupant_id" integer,
	"user_id" integer,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_files" (
	"form_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "form_files_form_id_file_id_pk" PRIMARY KEY("form_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "form_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"element_id" text NOT NULL,
	"file_id" integer NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"definition" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"menu_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_simple" boolean DEFAULT false NOT NULL,
	"allow_multiple_entries" boolean DEFAULT false NOT NULL,
	"require_to_sign_form" boolean DEFAULT false NOT NULL,
	"require_to_sign_form_legally" boolean DEFAULT false NOT NULL,
	"summary_enabled" boolean DEFAULT true NOT NULL,
	"nr_of_signatures_enabled" boolean DEFAULT true NOT NULL,
	"status_enabled" boolean DEFAULT true NOT NULL,
	"allow_form_to_be_emailed" boolean DEFAULT false NOT NULL,
	"status_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_kind_check" CHECK ("forms"."kind" IN ('generic', 'intake', 'support-base', 'choice'))
);
--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_summary_file_id_files_id_fk" FOREIGN KEY ("summary_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entry_events" ADD CONSTRAINT "form_entry_events_entry_id_form_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."form_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entry_events" ADD CONSTRAINT "form_entry_events_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entry_events" ADD CONSTRAINT "form_entry_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_menus" ADD CONSTRAINT "form_menus_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_menus" ADD CONSTRAINT "form_menus_parent_id_form_menus_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."form_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photos" ADD CONSTRAINT "form_photos_entry_id_form_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."form_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_photos" ADD CONSTRAINT "form_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_menu_id_form_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."form_menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_entries_address_idx" ON "form_entries" USING btree ("form_id","address_id") WHERE "form_entries"."address_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "form_entries_visitor_idx" ON "form_entries" USING btree ("form_id","visitor_token_hash") WHERE "form_entries"."visitor_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "form_entries_one_address_idx" ON "form_entries" USING btree ("form_id","address_id") WHERE "form_entries"."one_per_owner" AND "form_entries"."address_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "form_entries_one_visitor_idx" ON "form_entries" USING btree ("form_id","visitor_token_hash") WHERE "form_entries"."one_per_owner" AND "form_entries"."visitor_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "form_entries_project_address_idx" ON "form_entries" USING btree ("project_id","address_id");--> statement-breakpoint
CREATE INDEX "form_entries_summary_file_idx" ON "form_entries" USING btree ("summary_file_id");--> statement-breakpoint
CREATE INDEX "form_entry_events_entry_idx" ON "form_entry_events" USING btree ("entry_id","at");--> statement-breakpoint
CREATE INDEX "form_files_file_idx" ON "form_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "form_menus_project_idx" ON "form_menus" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE INDEX "form_menus_parent_idx" ON "form_menus" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "form_photos_entry_idx" ON "form_photos" USING btree ("entry_id","element_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_photos_file_idx" ON "form_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "forms_project_idx" ON "forms" USING btree ("project_id","position","id");--> statement-breakpoint
CREATE INDEX "forms_menu_idx" ON "forms" USING btree ("menu_id");
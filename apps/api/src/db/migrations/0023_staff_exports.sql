CREATE TABLE "staff_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"user_id" integer,
	"created_by" text,
	"kind" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"file_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_exports_kind_check" CHECK ("staff_exports"."kind" IN ('csv', 'xlsx', 'zip')),
	CONSTRAINT "staff_exports_status_check" CHECK ("staff_exports"."status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "staff_exports" ADD CONSTRAINT "staff_exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_exports" ADD CONSTRAINT "staff_exports_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_exports" ADD CONSTRAINT "staff_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_exports" ADD CONSTRAINT "staff_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_exports_form_idx" ON "staff_exports" USING btree ("form_id","id");--> statement-breakpoint
CREATE INDEX "staff_exports_expires_idx" ON "staff_exports" USING btree ("expires_at") WHERE "staff_exports"."file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_exports_file_idx" ON "staff_exports" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "form_entries_form_visitor_order_idx" ON "form_entries" USING btree ("form_id","id") WHERE "form_entries"."address_id" IS NULL;

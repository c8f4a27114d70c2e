-- Exports of personal data (issue 20, AVG art. 15 and 20): made by the job 'personal-data-export' as one ZIP (JSON, PDF, files).
CREATE TABLE "personal_data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"address_id" integer,
	"occupant_id" integer,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"requested_by" text NOT NULL,
	"user_id" integer,
	"created_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_id" integer,
	"pdf_file_id" integer,
	"token_hash" text,
	"email" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personal_data_exports_scope_check" CHECK ("personal_data_exports"."scope" IN ('person', 'address')),
	CONSTRAINT "personal_data_exports_requested_by_check" CHECK ("personal_data_exports"."requested_by" IN ('staff', 'resident')),
	CONSTRAINT "personal_data_exports_status_check" CHECK ("personal_data_exports"."status" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_exports" ADD CONSTRAINT "personal_data_exports_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_data_exports_token_idx" ON "personal_data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "personal_data_exports_address_idx" ON "personal_data_exports" USING btree ("address_id","id");--> statement-breakpoint
CREATE INDEX "personal_data_exports_occupant_idx" ON "personal_data_exports" USING btree ("occupant_id");--> statement-breakpoint
CREATE INDEX "personal_data_exports_expires_idx" ON "personal_data_exports" USING btree ("expires_at") WHERE "personal_data_exports"."file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "personal_data_exports_file_idx" ON "personal_data_exports" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "personal_data_exports_pdf_file_idx" ON "personal_data_exports" USING btree ("pdf_file_id");

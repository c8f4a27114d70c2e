ALTER TABLE "forms" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "form_entries_form_version_idx" ON "form_entries" USING btree ("form_id","form_version");

DROP INDEX "documents_project_idx";--> statement-breakpoint
CREATE INDEX "documents_project_wide_idx" ON "documents" USING btree ("project_id","created_at","id") WHERE "documents"."address_id" IS NULL;--> statement-breakpoint
CREATE INDEX "documents_project_idx" ON "documents" USING btree ("project_id","address_id","created_at","id");
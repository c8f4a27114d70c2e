DROP INDEX "work_order_entries_project_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "work_order_public_addresses" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_entries_number_idx" ON "work_order_entries" USING btree ("project_id","number");
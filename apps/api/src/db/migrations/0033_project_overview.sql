CREATE INDEX "payments_project_status_idx" ON "payments" USING btree ("project_id","status","subject_kind","entry_id","id");--> statement-breakpoint
CREATE INDEX "addresses_not_activated_idx" ON "addresses" USING btree ("customer_id") WHERE "addresses"."activated_at" IS NULL;

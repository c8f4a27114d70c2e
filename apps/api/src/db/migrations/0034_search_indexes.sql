CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "addresses_list_order_idx" ON "addresses" USING btree ("customer_id","zipcode",coalesce(substring("house_number" from '^[0-9]{1,9}')::int, 0),"house_number","id");--> statement-breakpoint
CREATE INDEX "addresses_street_trgm_idx" ON "addresses" USING gin ("street" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_city_trgm_idx" ON "addresses" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_house_number_trgm_idx" ON "addresses" USING gin ("house_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_zipcode_trgm_idx" ON "addresses" USING gin ("zipcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_entries_answered_idx" ON "form_entries" USING btree ("form_id","address_id") WHERE "form_entries"."values" <> '{}'::jsonb OR "form_entries"."status" <> '';--> statement-breakpoint
CREATE INDEX "payments_entry_idx" ON "payments" USING btree ("entry_id");

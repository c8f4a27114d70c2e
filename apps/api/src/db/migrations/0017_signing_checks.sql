ALTER TABLE "signing_local_transactions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "signing_requests_open_created_idx" ON "signing_requests" USING btree ("created_at") WHERE "signing_requests"."status" IN ('waiting', 'in-progress');
-- The project overview's counts read from indexes alone (issue 17, npm run bench -- --scale).
DROP INDEX IF EXISTS "payments_project_status_idx";--> statement-breakpoint
CREATE INDEX "payments_project_status_idx" ON "payments" USING btree ("project_id","status","subject_kind","entry_id","id","amount_cents");--> statement-breakpoint
CREATE INDEX "chat_conversations_counts_idx" ON "chat_conversations" USING btree ("project_id","status","assigned_user_id") WHERE "chat_conversations"."last_message_at" IS NOT NULL;

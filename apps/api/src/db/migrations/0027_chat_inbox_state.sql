ALTER TABLE "chat_conversations" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "first_staff_answer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_status_check" CHECK ("chat_conversations"."status" IN ('open', 'waiting', 'closed'));--> statement-breakpoint
UPDATE "chat_conversations" c SET
  "status" = CASE WHEN c."last_message_from_staff" THEN 'waiting' ELSE 'open' END,
  "first_staff_answer_at" = (SELECT min(m."created_at") FROM "chat_messages" m WHERE m."conversation_id" = c."id" AND m."from_staff");--> statement-breakpoint
CREATE INDEX "chat_conversations_state_idx" ON "chat_conversations" USING btree ("project_id","status","last_message_at","id") WHERE "chat_conversations"."last_message_at" IS NOT NULL;

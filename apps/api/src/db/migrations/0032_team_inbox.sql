CREATE TABLE "chat_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_saved_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "answer_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_saved_replies" ADD CONSTRAINT "chat_saved_replies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_notes_conversation_idx" ON "chat_notes" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_saved_replies_title_idx" ON "chat_saved_replies" USING btree ("customer_id",lower("title"));--> statement-breakpoint
CREATE INDEX "chat_conversations_recent_idx" ON "chat_conversations" USING btree ("project_id","last_message_at","id") WHERE "chat_conversations"."last_message_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_text_idx" ON "chat_messages" USING gin (to_tsvector('simple', "message"));

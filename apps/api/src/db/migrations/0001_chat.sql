CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer,
	"visitor_token_hash" text,
	"visitor_name" text,
	"visitor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"last_message_from_staff" boolean DEFAULT false NOT NULL,
	"staff_unread_count" integer DEFAULT 0 NOT NULL,
	"address_unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_conversations_owner_check" CHECK (("chat_conversations"."address_id" IS NULL) <> ("chat_conversations"."visitor_token_hash" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"type" text DEFAULT 'chat' NOT NULL,
	"message" text NOT NULL,
	"from_staff" boolean NOT NULL,
	"from_user_id" integer,
	"from_user_name" text,
	"from_occupant_id" integer,
	"from_address_name" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer,
	"show" text DEFAULT 'off' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"sunday" boolean DEFAULT false NOT NULL,
	"monday" boolean DEFAULT true NOT NULL,
	"tuesday" boolean DEFAULT true NOT NULL,
	"wednesday" boolean DEFAULT true NOT NULL,
	"thursday" boolean DEFAULT true NOT NULL,
	"friday" boolean DEFAULT true NOT NULL,
	"saturday" boolean DEFAULT false NOT NULL,
	"from_hour" text DEFAULT '08:00' NOT NULL,
	"till_hour" text DEFAULT '17:00' NOT NULL,
	CONSTRAINT "chat_notifications_show_check" CHECK ("chat_notifications"."show" IN ('on', 'between', 'off'))
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_from_occupant_id_occupants_id_fk" FOREIGN KEY ("from_occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notifications" ADD CONSTRAINT "chat_notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notifications" ADD CONSTRAINT "chat_notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_address_idx" ON "chat_conversations" USING btree ("project_id","address_id") WHERE "chat_conversations"."address_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_visitor_idx" ON "chat_conversations" USING btree ("visitor_token_hash") WHERE "chat_conversations"."visitor_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("project_id","last_message_at") WHERE "chat_conversations"."last_message_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_notifications_project_idx" ON "chat_notifications" USING btree ("project_id") WHERE "chat_notifications"."project_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_notifications_customer_idx" ON "chat_notifications" USING btree ("customer_id") WHERE "chat_notifications"."project_id" IS NULL;
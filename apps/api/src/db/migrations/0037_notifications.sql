-- Notifications (issue 19): preferences per occupant and category (no row: the contract's defaults),
-- web push subscriptions, the VAPID key pair (made at first start), messages and their per-person outbox.
CREATE TABLE "notification_preferences" (
	"occupant_id" integer NOT NULL REFERENCES "occupants"("id") ON DELETE CASCADE,
	"category" text NOT NULL,
	"email" text NOT NULL,
	"push" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("occupant_id", "category")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"occupant_id" integer NOT NULL REFERENCES "occupants"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_occupant_idx" ON "push_subscriptions" USING btree ("occupant_id");
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vapid_keys_single" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"project_id" integer REFERENCES "projects"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"tag" text NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notification_messages_tag_idx" ON "notification_messages" USING btree ("tag", "project_id");
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL REFERENCES "notification_messages"("id") ON DELETE CASCADE,
	"occupant_id" integer NOT NULL REFERENCES "occupants"("id") ON DELETE CASCADE,
	"channel" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_once_idx" ON "notification_outbox" USING btree ("message_id", "occupant_id", "channel");
--> statement-breakpoint
CREATE INDEX "notification_outbox_pending_idx" ON "notification_outbox" USING btree ("occupant_id", "channel", "due_at") WHERE "sent_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("due_at") WHERE "sent_at" IS NULL;

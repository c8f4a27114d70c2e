ALTER TABLE "surveys" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;

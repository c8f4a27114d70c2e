ALTER TABLE "payments" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "form_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charged_back_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "project_id" = e."project_id", "form_id" = e."form_id" FROM "form_entries" e WHERE e."id" = "payments"."entry_id" AND "payments"."subject_kind" = 'choice-form';--> statement-breakpoint
CREATE INDEX "payments_project_idx" ON "payments" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "payments_project_form_idx" ON "payments" USING btree ("project_id","form_id","id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "chargeback_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "actor" text;--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider_refund_id" text,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"origin" text DEFAULT 'console' NOT NULL,
	"idempotency_key" text,
	"requested_by" integer,
	"requested_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_idx" ON "payment_refunds" USING btree ("payment_id","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_idx" ON "payment_refunds" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_open_idx" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."status" IN ('queued', 'pending', 'processing');--> statement-breakpoint
CREATE TABLE "payment_chargebacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider_chargeback_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payment_chargebacks" ADD CONSTRAINT "payment_chargebacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_chargebacks_provider_idx" ON "payment_chargebacks" USING btree ("payment_id","provider_chargeback_id");--> statement-breakpoint
CREATE TABLE "payment_local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"metadata" jsonb,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payment_local_refunds" ADD CONSTRAINT "payment_local_refunds_payment_id_payment_local_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_local_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_local_refunds_payment_idx" ON "payment_local_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_local_refunds_idempotency_idx" ON "payment_local_refunds" USING btree ("idempotency_key");

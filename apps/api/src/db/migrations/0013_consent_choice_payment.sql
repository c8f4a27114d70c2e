CREATE TABLE "form_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_local_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"redirect_url" text NOT NULL,
	"webhook_url" text,
	"metadata" jsonb,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"subject_kind" text NOT NULL,
	"entry_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_url" text,
	"idempotency_key" text NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_projects" ADD COLUMN "building_unit" text;--> statement-breakpoint
ALTER TABLE "address_projects" ADD COLUMN "vacant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "consent_counts_vacant" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_local_signers" ADD COLUMN "sms_code_hash" text;--> statement-breakpoint
ALTER TABLE "signing_local_signers" ADD COLUMN "sms_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_local_signers" ADD COLUMN "sms_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_local_signers" ADD COLUMN "sms_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "agreement" text;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "agreement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "on_paper" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "use_sms_authentication" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "disable_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "enable_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "summary_text" text;--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_attachments" ADD CONSTRAINT "form_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_attachments_form_idx" ON "form_attachments" USING btree ("form_id","position","id");--> statement-breakpoint
CREATE INDEX "form_attachments_file_idx" ON "form_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_local_payments_idempotency_idx" ON "payment_local_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_idx" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_subject_idx" ON "payments" USING btree ("subject_kind","entry_id","id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" IN ('open', 'pending', 'authorized');
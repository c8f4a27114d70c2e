CREATE TABLE "signing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text,
	"status" integer,
	"checksum_valid" boolean NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_local_signers" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"nr" smallint NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"token_hash" text NOT NULL,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signature_file_id" integer,
	"signed_ip" text,
	"signed_user_agent" text
);
--> statement-breakpoint
CREATE TABLE "signing_local_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 5 NOT NULL,
	"reference" text NOT NULL,
	"postback_url" text NOT NULL,
	"document_file_id" integer NOT NULL,
	"return_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"entry_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_transaction_id" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"verification" text NOT NULL,
	"document_file_id" integer NOT NULL,
	"signed_file_id" integer,
	"receipt_file_id" integer,
	"return_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_signers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"nr" smallint NOT NULL,
	"name" text NOT NULL,
	"mobile" text,
	"email" text,
	"provider_signer_id" text,
	"sign_url" text,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signing_local_signers" ADD CONSTRAINT "signing_local_signers_transaction_id_signing_local_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."signing_local_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_local_signers" ADD CONSTRAINT "signing_local_signers_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_local_transactions" ADD CONSTRAINT "signing_local_transactions_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_signers" ADD CONSTRAINT "signing_signers_request_id_signing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_events_transaction_idx" ON "signing_events" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_local_signers_token_idx" ON "signing_local_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_local_signers_transaction_idx" ON "signing_local_signers" USING btree ("transaction_id","nr");--> statement-breakpoint
CREATE INDEX "signing_local_signers_signature_idx" ON "signing_local_signers" USING btree ("signature_file_id");--> statement-breakpoint
CREATE INDEX "signing_local_transactions_document_idx" ON "signing_local_transactions" USING btree ("document_file_id");--> statement-breakpoint
CREATE INDEX "signing_requests_subject_idx" ON "signing_requests" USING btree ("subject_kind","entry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_open_idx" ON "signing_requests" USING btree ("subject_kind","entry_id") WHERE "signing_requests"."status" IN ('waiting', 'in-progress');--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_transaction_idx" ON "signing_requests" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "signing_requests_document_idx" ON "signing_requests" USING btree ("document_file_id");--> statement-breakpoint
CREATE INDEX "signing_requests_signed_idx" ON "signing_requests" USING btree ("signed_file_id");--> statement-breakpoint
CREATE INDEX "signing_requests_receipt_idx" ON "signing_requests" USING btree ("receipt_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_signers_request_nr_idx" ON "signing_signers" USING btree ("request_id","nr");
ALTER TABLE "signing_signers" ADD COLUMN "phone_source" text;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "max_signers" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_signers" ADD CONSTRAINT "signing_signers_phone_source_check" CHECK ("signing_signers"."phone_source" IN ('known', 'typed'));--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_max_signers_check" CHECK ("forms"."max_signers" BETWEEN 1 AND 20);
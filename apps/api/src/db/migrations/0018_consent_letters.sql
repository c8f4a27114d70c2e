CREATE TABLE "consent_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "consent_letters" ADD CONSTRAINT "consent_letters_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_letters" ADD CONSTRAINT "consent_letters_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_letters" ADD CONSTRAINT "consent_letters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_letters" ADD CONSTRAINT "consent_letters_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_letters_token_idx" ON "consent_letters" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_letters_live_idx" ON "consent_letters" USING btree ("form_id","address_id") WHERE "consent_letters"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "consent_letters_address_idx" ON "consent_letters" USING btree ("form_id","address_id","id");--> statement-breakpoint
-- data: the HMAC key of the old, permanent letter links goes: every link printed before this version stops working.
DELETE FROM "server_secrets" WHERE "name" = 'support-base-links';

ALTER TABLE "occupants" ALTER COLUMN "gender" SET DEFAULT 'U';--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terms_url" text DEFAULT '/algemene-voorwaarden' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "privacy_url" text DEFAULT '/privacyverklaring' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cookies_url" text DEFAULT '/cookiebeleid' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "terms_text" text;

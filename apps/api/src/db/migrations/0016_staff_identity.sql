-- One staff identity (issue 15): a role per customer membership, sessions that carry their face.
ALTER TABLE "audit_log" ADD COLUMN "face" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" integer;--> statement-breakpoint
ALTER TABLE "auth_tickets" ADD COLUMN "face" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "face" text;--> statement-breakpoint
ALTER TABLE "user_customers" ADD COLUMN "role" text;--> statement-breakpoint
-- data: each membership gets the role its account had; a partner becomes a contractor, a woco user a viewer.
UPDATE "user_customers" uc SET "role" = CASE
  WHEN u."staff_role" = 'customer-admin' OR u."role" = 'administrator' THEN 'customer-admin'
  WHEN u."role" = 'woco' THEN 'woco-viewer'
  WHEN u."role" = 'partner' AND u."partner_portal" THEN 'contractor'
  ELSE 'project-editor' END
FROM "users" u WHERE u."id" = uc."user_id";--> statement-breakpoint
-- data: a contractor saw every project of its customers; where it was given none of a customer's, it keeps them all (explicitly now).
INSERT INTO "staff_projects" ("user_id", "project_id")
SELECT uc."user_id", p."id" FROM "user_customers" uc JOIN "projects" p ON p."customer_id" = uc."customer_id"
WHERE uc."role" = 'contractor' AND NOT EXISTS (
  SELECT 1 FROM "staff_projects" sp JOIN "projects" q ON q."id" = sp."project_id" WHERE sp."user_id" = uc."user_id" AND q."customer_id" = uc."customer_id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "sessions" SET "face" = CASE WHEN "is_console" THEN 'console' WHEN "is_admin" THEN 'acting' WHEN "role" = 'occupant' THEN 'resident' ELSE 'partner' END;--> statement-breakpoint
-- data: staff sessions were issued under the old rules (console tokens on partner routes, admin tokens from login links): they end.
UPDATE "sessions" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "face" <> 'resident';--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "face" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_customers" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "is_console";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "staff_role";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "partner_portal";

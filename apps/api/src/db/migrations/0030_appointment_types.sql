ALTER TABLE "appointment_plannings" ADD COLUMN "duration_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "who_may_book" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "building_units" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "confirm_by_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "confirm_by_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "slot_capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "booking_notice_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "cancel_notice_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "date_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "slots_from_rules" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "appointment_plannings" SET "cancel_notice_hours" = "change_deadline_hours";--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD CONSTRAINT "appointment_plannings_who_may_book_check" CHECK ("appointment_plannings"."who_may_book" IN ('all', 'units', 'addresses'));--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD CONSTRAINT "appointment_plannings_rules_check" CHECK ("appointment_plannings"."duration_minutes" BETWEEN 5 AND 720 AND "appointment_plannings"."slot_capacity" BETWEEN 1 AND 500 AND "appointment_plannings"."buffer_minutes" BETWEEN 0 AND 240 AND "appointment_plannings"."horizon_days" BETWEEN 1 AND 365 AND "appointment_plannings"."booking_notice_hours" BETWEEN 0 AND 8760 AND "appointment_plannings"."cancel_notice_hours" BETWEEN 0 AND 8760 AND "appointment_plannings"."change_deadline_hours" BETWEEN 0 AND 8760);--> statement-breakpoint
CREATE TABLE "appointment_planning_addresses" (
	"planning_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	CONSTRAINT "appointment_planning_addresses_planning_id_address_id_pk" PRIMARY KEY("planning_id","address_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_planning_addresses" ADD CONSTRAINT "appointment_planning_addresses_planning_id_appointment_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."appointment_plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_planning_addresses" ADD CONSTRAINT "appointment_planning_addresses_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_planning_addresses_address_idx" ON "appointment_planning_addresses" USING btree ("address_id");

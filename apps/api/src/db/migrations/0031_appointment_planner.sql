CREATE TABLE "appointment_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"planning_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_by" text DEFAULT 'resident' NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"email_address" text,
	"mobile" text,
	"booked_slot_id" integer,
	"settled_at" timestamp with time zone,
	CONSTRAINT "appointment_waitlist_state_check" CHECK ("appointment_waitlist"."state" IN ('waiting', 'booked', 'left')),
	CONSTRAINT "appointment_waitlist_joined_by_check" CHECK ("appointment_waitlist"."joined_by" IN ('resident', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"appointment_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_reminders_appointment_id_slot_id_pk" PRIMARY KEY("appointment_id","slot_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_planning_id_appointment_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."appointment_plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waitlist" ADD CONSTRAINT "appointment_waitlist_booked_slot_id_appointment_slots_id_fk" FOREIGN KEY ("booked_slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waitlist_waiting_idx" ON "appointment_waitlist" USING btree ("planning_id","address_id") WHERE "appointment_waitlist"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_queue_idx" ON "appointment_waitlist" USING btree ("planning_id","joined_at","id") WHERE "appointment_waitlist"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "appointment_waitlist_address_idx" ON "appointment_waitlist" USING btree ("address_id");

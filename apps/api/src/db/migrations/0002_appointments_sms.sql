CREATE TABLE "appointment_plannings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"subject" text NOT NULL,
	"occupants_can_plan" boolean DEFAULT true NOT NULL,
	"occupants_can_confirm" boolean DEFAULT true NOT NULL,
	"occupants_can_cancel" boolean DEFAULT true NOT NULL,
	"change_deadline_hours" integer DEFAULT 48 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"planning_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"daypart_id" smallint DEFAULT 1 NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_slots_taken_check" CHECK ("appointment_slots"."taken" >= 0 AND "appointment_slots"."taken" <= "appointment_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"planning_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"slot_id" integer,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "appointment_plannings" ADD CONSTRAINT "appointment_plannings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_planning_id_appointment_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."appointment_plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_planning_id_appointment_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."appointment_plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_plannings_project_idx" ON "appointment_plannings" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "appointment_slots_planning_idx" ON "appointment_slots" USING btree ("planning_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_planning_address_idx" ON "appointments" USING btree ("planning_id","address_id");--> statement-breakpoint
CREATE INDEX "appointments_address_idx" ON "appointments" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "appointments_slot_idx" ON "appointments" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to");
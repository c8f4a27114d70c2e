CREATE TABLE "consent_paper_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"agreement" text NOT NULL,
	"scan_file_id" integer NOT NULL,
	"corrects_id" integer,
	"reason" text,
	"recorded_by_user_id" integer,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by_user_id" integer,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"superseded_by_id" integer,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "consent_paper_records_state_check" CHECK ("consent_paper_records"."state" IN ('pending', 'confirmed', 'rejected')),
	CONSTRAINT "consent_paper_records_agreement_check" CHECK ("consent_paper_records"."agreement" IN ('agree', 'disagree')),
	CONSTRAINT "consent_paper_records_decided_check" CHECK (("consent_paper_records"."state" = 'pending') = ("consent_paper_records"."decided_at" IS NULL)),
	CONSTRAINT "consent_paper_records_correction_check" CHECK ("consent_paper_records"."corrects_id" IS NULL OR "consent_paper_records"."reason" IS NOT NULL),
	CONSTRAINT "consent_paper_records_superseded_check" CHECK ("consent_paper_records"."superseded_at" IS NULL OR "consent_paper_records"."state" = 'confirmed')
);
--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_entry_id_form_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."form_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_scan_file_id_files_id_fk" FOREIGN KEY ("scan_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_corrects_id_consent_paper_records_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."consent_paper_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_paper_records" ADD CONSTRAINT "consent_paper_records_superseded_by_id_consent_paper_records_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."consent_paper_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_paper_records_entry_idx" ON "consent_paper_records" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "consent_paper_records_scan_idx" ON "consent_paper_records" USING btree ("scan_file_id");--> statement-breakpoint
CREATE INDEX "consent_paper_records_corrects_idx" ON "consent_paper_records" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "consent_paper_records_superseded_by_idx" ON "consent_paper_records" USING btree ("superseded_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_paper_records_pending_idx" ON "consent_paper_records" USING btree ("entry_id") WHERE "consent_paper_records"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "consent_paper_records_counted_idx" ON "consent_paper_records" USING btree ("entry_id") WHERE "consent_paper_records"."state" = 'confirmed' AND "consent_paper_records"."superseded_at" IS NULL;--> statement-breakpoint
-- data: a paper consent record is never changed except its state (pending -> confirmed | rejected, then superseded once); a user account that is deleted may only empty its ids.
CREATE FUNCTION consent_paper_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.entry_id IS DISTINCT FROM OLD.entry_id OR NEW.form_id IS DISTINCT FROM OLD.form_id
    OR NEW.project_id IS DISTINCT FROM OLD.project_id OR NEW.address_id IS DISTINCT FROM OLD.address_id
    OR NEW.agreement IS DISTINCT FROM OLD.agreement OR NEW.scan_file_id IS DISTINCT FROM OLD.scan_file_id
    OR NEW.corrects_id IS DISTINCT FROM OLD.corrects_id OR NEW.reason IS DISTINCT FROM OLD.reason
    OR NEW.recorded_by_name IS DISTINCT FROM OLD.recorded_by_name OR NEW.recorded_at IS DISTINCT FROM OLD.recorded_at
    OR (NEW.recorded_by_user_id IS DISTINCT FROM OLD.recorded_by_user_id AND NEW.recorded_by_user_id IS NOT NULL)
    OR (NEW.decided_by_user_id IS DISTINCT FROM OLD.decided_by_user_id AND NEW.decided_by_user_id IS NOT NULL AND OLD.state <> 'pending') THEN
    RAISE EXCEPTION 'consent_paper_records %: a paper consent record is never changed, only its state', OLD.id;
  END IF;
  IF OLD.state <> 'pending' AND (NEW.state IS DISTINCT FROM OLD.state OR NEW.decided_at IS DISTINCT FROM OLD.decided_at
    OR NEW.decided_by_name IS DISTINCT FROM OLD.decided_by_name OR NEW.decision_reason IS DISTINCT FROM OLD.decision_reason) THEN
    RAISE EXCEPTION 'consent_paper_records %: its decision is final', OLD.id;
  END IF;
  IF OLD.superseded_at IS NOT NULL AND (NEW.superseded_at IS DISTINCT FROM OLD.superseded_at OR NEW.superseded_by_id IS DISTINCT FROM OLD.superseded_by_id) THEN
    RAISE EXCEPTION 'consent_paper_records %: it was superseded already', OLD.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER consent_paper_records_immutable BEFORE UPDATE ON consent_paper_records FOR EACH ROW EXECUTE FUNCTION consent_paper_records_immutable();
--> statement-breakpoint
-- data: paper forms recorded before this migration have no scan and no second person's confirmation, so they no longer count: what they said is kept as an event of the entry ('paper-legacy'), and the entry opens again until staff record the paper form with its scan.
INSERT INTO form_entry_events (entry_id, action, actor_kind, detail)
  SELECT id, 'paper-legacy', 'system', jsonb_build_object('agreement', agreement, 'agreement_at', agreement_at::text) FROM form_entries WHERE on_paper;
--> statement-breakpoint
UPDATE form_entries SET on_paper = false, agreement = NULL, agreement_at = NULL, sent_at = NULL,
    status = CASE WHEN status = 'confirmed' THEN 'open' ELSE status END, version = version + 1, updated_at = now()
  WHERE on_paper;

-- The consent tally's change log (support-base.tally.ts caches the tally per project and form against it).
-- Insert-only: every write that can change a project's tally appends a row naming the project, from a
-- trigger, so also raw SQL and other server processes invalidate the cache. No row is ever updated, so
-- writers never wait on each other. The sweep job deletes rows older than 10 minutes but the newest per project
-- (locking out inserts for that moment, at most 2 s: see sweepChanges in support-base.tally.ts).
CREATE TABLE "consent_tally_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "consent_tally_changes_project_idx" ON "consent_tally_changes" USING btree ("project_id","id");--> statement-breakpoint
-- Each function reads OLD only on UPDATE and DELETE and NEW only on INSERT and UPDATE (nested IFs: plpgsql does not
-- promise to short-circuit AND/OR). On an UPDATE the NEW project is added only when it differs from the OLD one.
-- Rows with a project_id column (form_entries, consent_paper_records, address_projects).
CREATE FUNCTION consent_tally_changed_project_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO consent_tally_changes (project_id) VALUES (OLD.project_id);
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO consent_tally_changes (project_id) VALUES (NEW.project_id);
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.project_id IS DISTINCT FROM OLD.project_id THEN
      INSERT INTO consent_tally_changes (project_id) VALUES (NEW.project_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- signing_requests of a support-base entry: the entry's project.
CREATE FUNCTION consent_tally_changed_signing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.subject_kind = 'support-base' THEN
      INSERT INTO consent_tally_changes (project_id) SELECT fe.project_id FROM form_entries fe WHERE fe.id = OLD.entry_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.subject_kind = 'support-base' THEN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO consent_tally_changes (project_id) SELECT fe.project_id FROM form_entries fe WHERE fe.id = NEW.entry_id;
      ELSIF NEW.entry_id IS DISTINCT FROM OLD.entry_id OR OLD.subject_kind IS DISTINCT FROM 'support-base' THEN
        INSERT INTO consent_tally_changes (project_id) SELECT fe.project_id FROM form_entries fe WHERE fe.id = NEW.entry_id;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- form_entry_events (inserted only): the entry's project.
CREATE FUNCTION consent_tally_changed_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO consent_tally_changes (project_id) SELECT fe.project_id FROM form_entries fe WHERE fe.id = NEW.entry_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- consent_letters: the form's project.
CREATE FUNCTION consent_tally_changed_letter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO consent_tally_changes (project_id) SELECT f.project_id FROM forms f WHERE f.id = OLD.form_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO consent_tally_changes (project_id) SELECT f.project_id FROM forms f WHERE f.id = NEW.form_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.form_id IS DISTINCT FROM OLD.form_id THEN
      INSERT INTO consent_tally_changes (project_id) SELECT f.project_id FROM forms f WHERE f.id = NEW.form_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- addresses (street, house number, zipcode, city; see the trigger's WHEN): every project of the address.
CREATE FUNCTION consent_tally_changed_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO consent_tally_changes (project_id) SELECT ap.project_id FROM address_projects ap WHERE ap.address_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- projects (the consent rule): the project itself.
CREATE FUNCTION consent_tally_changed_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO consent_tally_changes (project_id) VALUES (NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- forms of kind support-base (made, changed, deactivated, deleted): its project.
CREATE FUNCTION consent_tally_changed_form() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.kind = 'support-base' THEN
      INSERT INTO consent_tally_changes (project_id) VALUES (OLD.project_id);
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.kind = 'support-base' THEN
      INSERT INTO consent_tally_changes (project_id) VALUES (NEW.project_id);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.kind = 'support-base' AND (OLD.kind IS DISTINCT FROM 'support-base' OR NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
      INSERT INTO consent_tally_changes (project_id) VALUES (NEW.project_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT OR UPDATE OR DELETE ON form_entries FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_project_id();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT OR UPDATE OR DELETE ON consent_paper_records FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_project_id();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT OR UPDATE OR DELETE ON address_projects FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_project_id();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT OR UPDATE OR DELETE ON signing_requests FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_signing();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT ON form_entry_events FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_event();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT OR UPDATE OR DELETE ON consent_letters FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_letter();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER UPDATE OF street, house_number, zipcode, city ON addresses FOR EACH ROW
  WHEN ((OLD.street, OLD.house_number, OLD.zipcode, OLD.city) IS DISTINCT FROM (NEW.street, NEW.house_number, NEW.zipcode, NEW.city))
  EXECUTE FUNCTION consent_tally_changed_address();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_project();--> statement-breakpoint
CREATE TRIGGER consent_tally_changes AFTER INSERT OR UPDATE OR DELETE ON forms FOR EACH ROW EXECUTE FUNCTION consent_tally_changed_form();

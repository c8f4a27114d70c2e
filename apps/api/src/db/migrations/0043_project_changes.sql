-- The change log of the console's cached project reads (the overview, the planner): see project.table.ts and lib/change-log.ts.
CREATE TABLE "project_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "project_changes_project_idx" ON "project_changes" USING btree ("project_id","id");--> statement-breakpoint
-- The console's overview and planner keep their reads of a project against this log (lib/change-log.ts, the same
-- protocol as consent_tally_changes of migration 0026): every write those reads see appends a row naming the project,
-- from a trigger, so also raw SQL and other server processes make a kept read stale. Insert-only.
-- Each function reads OLD only on UPDATE and DELETE and NEW only on INSERT and UPDATE (nested IFs: plpgsql does not
-- promise to short-circuit AND/OR); a row without a project (a payment of no project) adds nothing.
-- Rows with a project_id column.
CREATE FUNCTION project_changed_project_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.project_id IS NOT NULL THEN
      INSERT INTO project_changes (project_id) VALUES (OLD.project_id);
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.project_id IS NOT NULL THEN
      INSERT INTO project_changes (project_id) VALUES (NEW.project_id);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.project_id IS NOT NULL AND NEW.project_id IS DISTINCT FROM OLD.project_id THEN
      INSERT INTO project_changes (project_id) VALUES (NEW.project_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows of an appointment type (planning_id): the type's project.
CREATE FUNCTION project_changed_planning() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO project_changes (project_id) SELECT p.project_id FROM appointment_plannings p WHERE p.id = OLD.planning_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_changes (project_id) SELECT p.project_id FROM appointment_plannings p WHERE p.id = NEW.planning_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.planning_id IS DISTINCT FROM OLD.planning_id THEN
      INSERT INTO project_changes (project_id) SELECT p.project_id FROM appointment_plannings p WHERE p.id = NEW.planning_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- addresses (their activation, their street and number): every project of the address. A deleted address takes its
-- address_projects rows with it, and those log their projects themselves.
CREATE FUNCTION project_changed_address() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_changes (project_id) SELECT ap.project_id FROM address_projects ap WHERE ap.address_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- occupants (their names, whether they chose a password): every project of their address.
CREATE FUNCTION project_changed_occupant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO project_changes (project_id) SELECT ap.project_id FROM address_projects ap WHERE ap.address_id = OLD.address_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_changes (project_id) SELECT ap.project_id FROM address_projects ap WHERE ap.address_id = NEW.address_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.address_id IS DISTINCT FROM OLD.address_id THEN
      INSERT INTO project_changes (project_id) SELECT ap.project_id FROM address_projects ap WHERE ap.address_id = NEW.address_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON chat_conversations FOR EACH ROW EXECUTE FUNCTION project_changed_project_id();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON forms FOR EACH ROW EXECUTE FUNCTION project_changed_project_id();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON form_entries FOR EACH ROW EXECUTE FUNCTION project_changed_project_id();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON address_projects FOR EACH ROW EXECUTE FUNCTION project_changed_project_id();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION project_changed_project_id();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON appointment_plannings FOR EACH ROW EXECUTE FUNCTION project_changed_project_id();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON appointment_slots FOR EACH ROW EXECUTE FUNCTION project_changed_planning();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION project_changed_planning();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON appointment_waitlist FOR EACH ROW EXECUTE FUNCTION project_changed_planning();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER UPDATE ON addresses FOR EACH ROW EXECUTE FUNCTION project_changed_address();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON occupants FOR EACH ROW EXECUTE FUNCTION project_changed_occupant();

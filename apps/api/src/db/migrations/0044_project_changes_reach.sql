-- The staff's notification reach (notifications.service.ts) is kept against the project change log of migration 0043
-- too: a person's push devices and notification preferences log every project of their address.
CREATE FUNCTION project_changed_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO project_changes (project_id)
      SELECT ap.project_id FROM occupants o JOIN address_projects ap ON ap.address_id = o.address_id WHERE o.id = OLD.occupant_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_changes (project_id)
      SELECT ap.project_id FROM occupants o JOIN address_projects ap ON ap.address_id = o.address_id WHERE o.id = NEW.occupant_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.occupant_id IS DISTINCT FROM OLD.occupant_id THEN
      INSERT INTO project_changes (project_id)
        SELECT ap.project_id FROM occupants o JOIN address_projects ap ON ap.address_id = o.address_id WHERE o.id = NEW.occupant_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON push_subscriptions FOR EACH ROW EXECUTE FUNCTION project_changed_person();--> statement-breakpoint
CREATE TRIGGER project_changes AFTER INSERT OR UPDATE OR DELETE ON notification_preferences FOR EACH ROW EXECUTE FUNCTION project_changed_person();

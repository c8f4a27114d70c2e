-- An occupant's name as one text (concat_ws is only STABLE for its other argument types; for three texts it is immutable).
CREATE FUNCTION occupant_full_name(first_name text, affix text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT concat_ws(' ', first_name, affix, last_name) $$;--> statement-breakpoint
CREATE INDEX "occupants_full_name_trgm_idx" ON "occupants" USING gin (occupant_full_name("first_name", "affix", "last_name") gin_trgm_ops);

CREATE INDEX "survey_responses_survey_idx" ON "survey_responses" USING btree ("survey_id","submitted_at","id");

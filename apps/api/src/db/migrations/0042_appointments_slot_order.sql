-- The planner shows the first bookings of each slot in the order they were made: (slot_id, id) gives them in that order, so the
-- lateral read per slot stops after them instead of sorting every booking of the slot (npm run bench -- --scale).
DROP INDEX "appointments_slot_idx";--> statement-breakpoint
CREATE INDEX "appointments_slot_idx" ON "appointments" USING btree ("slot_id","id");
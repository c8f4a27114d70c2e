import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';

/**
 * A planning round of one kind of appointment in a project ('Opname woning', 'Plaatsen
 * warmtepomp'): its subject, its slots, and what residents may do themselves.
 */
export const appointmentPlannings = pgTable(
  'appointment_plannings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** Residents choose (and move) their own slot. */
    occupantsCanPlan: boolean('occupants_can_plan').notNull().default(true),
    /** Residents are asked to confirm a planned appointment. */
    occupantsCanConfirm: boolean('occupants_can_confirm').notNull().default(true),
    occupantsCanCancel: boolean('occupants_can_cancel').notNull().default(true),
    /** Moving or cancelling closes this many hours before the appointment. */
    changeDeadlineHours: integer('change_deadline_hours').notNull().default(48),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_plannings_project_idx').on(t.projectId)],
);

/**
 * A slot (the spec's cluster schedule): a date and time of a planning with a capacity. `taken`
 * counts the bookings; the check constraint makes overbooking impossible whatever the code does.
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    id: serial('id').primaryKey(),
    planningId: integer('planning_id').notNull().references(() => appointmentPlannings.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** 1 ochtend, 2 middag, 3 avond. */
    daypartId: smallint('daypart_id').notNull().default(1),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    index('appointment_slots_planning_idx').on(t.planningId, t.startsAt),
    check('appointment_slots_taken_check', sql`${t.taken} >= 0 AND ${t.taken} <= ${t.capacity}`),
  ],
);

/** An address's appointment in a planning; `slotId` is the booked slot (null: not planned or cancelled). */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    planningId: integer('planning_id').notNull().references(() => appointmentPlannings.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id').references(() => appointmentSlots.id, { onDelete: 'set null' }),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Grows with every change; a change naming an older version is refused (409). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointments_planning_address_idx').on(t.planningId, t.addressId),
    index('appointments_address_idx').on(t.addressId),
    index('appointments_slot_idx').on(t.slotId),
  ],
);

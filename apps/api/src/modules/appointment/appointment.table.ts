import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';
import { projects } from '../project/project.table.ts';

/** A time range of a day, local time in Europe/Amsterdam: '09:00'..'12:30'. */
export type TimeRange = { start: string; end: string };
/** Opening hours of one weekday (1 Monday .. 7 Sunday). */
export type WeeklyHours = { weekday: number; ranges: TimeRange[] };
/** Other hours on one date ('YYYY-MM-DD'); no ranges: a day off. */
export type DateOverride = { date: string; ranges: TimeRange[] };

/**
 * An appointment type of a project ('Schouw', 'Keuzegesprek', 'Oplevering'; the spec's planning):
 * its subject and duration, who may book it, the confirmations sent, what residents may do themselves,
 * and the availability rules its slots are made from (weekly hours, date overrides and days off,
 * capacity, buffer, horizon, minimum notice). Plannings made before the console (`slotsFromRules`
 * false) keep their hand-made slots until an editor saves rules for them.
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
    /** Moving (rescheduling) closes this many hours before the appointment. */
    changeDeadlineHours: integer('change_deadline_hours').notNull().default(48),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** 'all' addresses of the project, those in `buildingUnits`, or those listed in appointment_planning_addresses. */
    whoMayBook: text('who_may_book').$type<'all' | 'units' | 'addresses'>().notNull().default('all'),
    buildingUnits: text('building_units').array().notNull().default(sql`'{}'::text[]`),
    /** Confirm a booking, move or cancellation by e-mail / SMS (to the address the resident gives). */
    confirmByEmail: boolean('confirm_by_email').notNull().default(true),
    confirmBySms: boolean('confirm_by_sms').notNull().default(true),
    slotCapacity: integer('slot_capacity').notNull().default(1),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** Residents book at most this many days ahead (slots are made up to it). */
    horizonDays: integer('horizon_days').notNull().default(60),
    /** Booking closes this many hours before a slot. */
    bookingNoticeHours: integer('booking_notice_hours').notNull().default(0),
    /** Cancelling closes this many hours before the appointment. */
    cancelNoticeHours: integer('cancel_notice_hours').notNull().default(48),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours[]>().notNull().default(sql`'[]'::jsonb`),
    dateOverrides: jsonb('date_overrides').$type<DateOverride[]>().notNull().default(sql`'[]'::jsonb`),
    /** The slots are made from the rules above (appointment-types.slots.ts); false: hand-made slots. */
    slotsFromRules: boolean('slots_from_rules').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_plannings_project_idx').on(t.projectId),
    check('appointment_plannings_who_may_book_check', sql`${t.whoMayBook} IN ('all', 'units', 'addresses')`),
    check('appointment_plannings_rules_check', sql`${t.durationMinutes} BETWEEN 5 AND 720 AND ${t.slotCapacity} BETWEEN 1 AND 500 AND ${t.bufferMinutes} BETWEEN 0 AND 240 AND ${t.horizonDays} BETWEEN 1 AND 365 AND ${t.bookingNoticeHours} BETWEEN 0 AND 8760 AND ${t.cancelNoticeHours} BETWEEN 0 AND 8760 AND ${t.changeDeadlineHours} BETWEEN 0 AND 8760`),
  ],
);

/** The addresses that may book a planning whose `whoMayBook` is 'addresses'. */
export const appointmentPlanningAddresses = pgTable(
  'appointment_planning_addresses',
  {
    planningId: integer('planning_id').notNull().references(() => appointmentPlannings.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planningId, t.addressId] }), index('appointment_planning_addresses_address_idx').on(t.addressId)],
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
    // (slot_id, id): a slot's bookings in the order they were made, so the planner's first bookings per slot stop early.
    index('appointments_slot_idx').on(t.slotId, t.id),
  ],
);

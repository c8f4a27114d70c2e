import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addresses } from '../address/address.table.ts';
import { appointmentPlannings, appointments, appointmentSlots } from './appointment.table.ts';

/**
 * The waiting list of an appointment type (a planning): addresses that found no suitable slot. First come,
 * first served per type: when a place frees up, the oldest waiter still waiting is booked into it
 * (appointment.waiting.ts). An address waits at most once per type (the partial unique index).
 */
export const appointmentWaitlist = pgTable(
  'appointment_waitlist',
  {
    id: serial('id').primaryKey(),
    planningId: integer('planning_id').notNull().references(() => appointmentPlannings.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').notNull().references(() => addresses.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'resident' (the portal) or 'staff' (the console, for an address). */
    joinedBy: text('joined_by').$type<'resident' | 'staff'>().notNull().default('resident'),
    /** 'waiting', 'booked' (a freed place was given to it), 'left' (taken off the list). */
    state: text('state').$type<'waiting' | 'booked' | 'left'>().notNull().default('waiting'),
    /** Where to tell the waiter besides the address's occupants (given when joining). */
    emailAddress: text('email_address'),
    mobile: text('mobile'),
    bookedSlotId: integer('booked_slot_id').references(() => appointmentSlots.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointment_waitlist_waiting_idx').on(t.planningId, t.addressId).where(sql`${t.state} = 'waiting'`),
    index('appointment_waitlist_queue_idx').on(t.planningId, t.joinedAt, t.id).where(sql`${t.state} = 'waiting'`),
    index('appointment_waitlist_address_idx').on(t.addressId),
    check('appointment_waitlist_state_check', sql`${t.state} IN ('waiting', 'booked', 'left')`),
    check('appointment_waitlist_joined_by_check', sql`${t.joinedBy} IN ('resident', 'staff')`),
  ],
);

/**
 * Reminders sent a day before: one row per appointment AND its slot, written when the reminder goes out. A
 * moved appointment has a new slot, so a new reminder is due; a cancelled one has no slot and gets none.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: integer('appointment_id').notNull().references(() => appointments.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id').notNull().references(() => appointmentSlots.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    emails: integer('emails').notNull().default(0),
    sms: integer('sms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.slotId] })],
);

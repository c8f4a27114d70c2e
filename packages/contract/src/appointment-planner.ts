import { z } from 'zod';
import { ZId, ZLanguage, ZPageQuery } from './common.ts';
import { appointmentEmailProblem, appointmentMobileProblem, PHONE_MAX_LENGTH } from './appointment-rules.ts';
import { EMAIL_MAX_LENGTH } from './validation.ts';

/**
 * The appointment planner in the staff console (issue 17, "Appointments"): a calendar per day and per week
 * of a project's appointment types (plannings) with who booked what; the addresses without an appointment of
 * a type; booking, moving and cancelling for an address; a day that falls out (all its appointments moved to
 * another day or cancelled at once); the waiting list of a type. Reads need appointments.read, changes
 * appointments.manage; the project is the guarded resource, a type or appointment of another project 404s.
 *
 * The waiting list (resident and staff): an address joins the list of a type when no suitable slot is free.
 * When a place frees up (a cancellation, a move, a day cancelled, a capacity raised), the list "fills" it:
 * the oldest waiter of that type still waiting is booked into the soonest free place of the type that starts
 * later than the type's change deadline (so the resident can still move or cancel it), and is told by e-mail
 * (and SMS). First come, first served per type; a waiter whose address meanwhile has a booking of the type
 * is taken off the list. Filling runs per type under a lock, so it is safe to run twice or at once.
 */
export const plannerPaths = {
  view: '/staff/projects/:projectId/appointments/planner',
  without: '/staff/projects/:projectId/appointments/without',
  withoutExport: '/staff/projects/:projectId/appointments/without/export',
  book: '/staff/projects/:projectId/appointments/bookings',
  cancel: '/staff/projects/:projectId/appointments/:appointmentId/cancel',
  day: '/staff/projects/:projectId/appointments/day',
  waitlist: '/staff/projects/:projectId/appointments/waitlist',
  waitlistExport: '/staff/projects/:projectId/appointments/waitlist/export',
  waitlistOne: '/staff/projects/:projectId/appointments/waitlist/:waiterId',
} as const;

export const occupantWaitlistPaths = {
  list: '/occupant/appointment-waitlist',
  one: '/occupant/appointment-waitlist/:id',
} as const;

export const plannerMessages = {
  /** A type, appointment or waiter that is not the project's (or does not exist): 404. */
  typeNotFound: 'Deze afspraaksoort bestaat niet (meer) in dit project.',
  appointmentNotFound: 'Deze afspraak bestaat niet (meer) in dit project.',
  addressNotFound: 'Dit adres hoort niet bij dit project.',
  waiterNotFound: 'Deze aanmelding op de wachtlijst bestaat niet (meer).',
  slotNotFound: 'Dit tijdstip hoort niet bij deze afspraaksoort.',
  slotFull: 'Dit tijdstip is vol of ligt in het verleden. Kies een ander tijdstip.',
  sameDay: 'Kies een andere dag dan de dag die uitvalt.',
  nothingOnDay: 'Op deze dag staan geen afspraken van deze soort.',
  notEnoughPlaces: (needed: number, free: number) =>
    `Op de nieuwe dag zijn niet genoeg plaatsen vrij: ${needed} nodig, ${free} vrij. Er is niets verplaatst.`,
  toDateRequired: 'Kies de dag waarnaar de afspraken verplaatst worden.',
  alreadyCancelled: 'Deze afspraak is al geannuleerd.',
  alreadyWaiting: 'Dit adres staat al op de wachtlijst voor deze afspraaksoort.',
  alreadyBooked: 'Dit adres heeft al een afspraak van deze soort.',
  badDate: 'Gebruik een datum als 2026-03-31.',
  waitlistPlacesFree: 'Er zijn nog tijdstippen vrij voor deze afspraak. Kies een tijdstip; de wachtlijst is voor als alles vol is.',
  waitlistJoined: 'U staat op de wachtlijst. Komt er een plaats vrij, dan plannen wij u automatisch in en krijgt u bericht.',
  waitlistLeft: 'U staat niet meer op de wachtlijst.',
} as const;

const ZIsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, plannerMessages.badDate)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T12:00:00Z`)) && new Date(`${s}T12:00:00Z`).toISOString().startsWith(s), plannerMessages.badDate);

export const ZPlannerParams = z.object({ projectId: ZId });
export const ZPlannerAppointmentParams = z.object({ projectId: ZId, appointmentId: ZId });
export const ZPlannerWaiterParams = z.object({ projectId: ZId, waiterId: ZId });

export const ZPlannerQuery = z.object({
  /** A day in Europe/Amsterdam; the week is the ISO week (Monday..Sunday) holding it. Today when left out. */
  date: ZIsoDay.optional(),
  view: z.enum(['day', 'week']).default('week'),
  /** Only this appointment type. */
  type: ZId.optional(),
  language: ZLanguage,
});
export type TPlannerQuery = z.infer<typeof ZPlannerQuery>;

export const ZPlannerBooking = z.object({
  appointment_id: z.number().int(),
  address_id: z.number().int(),
  /** 'Bloemstraat 10, 1234 AB Amsterdam' */
  address: z.string(),
  /** The occupants' names (the household), '' when none is known. */
  household: z.string(),
  confirmed: z.boolean(),
  version: z.number().int(),
});
export type TPlannerBooking = z.infer<typeof ZPlannerBooking>;

export const ZPlannerSlot = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  starts_at: z.string(),
  /** YYYY-MM-DD and HH:mm in Europe/Amsterdam. */
  day: z.string(),
  time: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
  /** The slot's bookings: all of them in the day view, the first four in the week view (`taken` counts them all). */
  bookings: z.array(ZPlannerBooking),
});
export type TPlannerSlot = z.infer<typeof ZPlannerSlot>;

export const ZPlannerType = z.object({ id: z.number().int(), subject: z.string(), waiting: z.number().int() });
export type TPlannerType = z.infer<typeof ZPlannerType>;

export const ZPlannerView = z.object({
  view: z.enum(['day', 'week']),
  /** The first and last day shown (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  types: z.array(ZPlannerType),
  slots: z.array(ZPlannerSlot),
  /** Bookings in the period, and places in its slots. */
  totals: z.object({ booked: z.number().int(), confirmed: z.number().int(), places: z.number().int() }),
});
export type TPlannerView = z.infer<typeof ZPlannerView>;

export const ZWithoutQuery = z.object({
  type: ZId,
  /** Words of the address (street, house number, postcode, city). */
  q: z.string().max(100).optional(),
  language: ZLanguage,
}).extend(ZPageQuery.shape);
export type TWithoutQuery = z.infer<typeof ZWithoutQuery>;
export const ZWithoutExportQuery = z.object({ type: ZId, q: z.string().max(100).optional(), format: z.enum(['csv', 'xlsx']), language: ZLanguage });

export const ZWithoutRow = z.object({
  address_id: z.number().int(),
  address: z.string(),
  building_unit: z.string().nullable(),
  household: z.string(),
  /** The appointment row of the type (cancelled or not planned), null when none was made. */
  appointment_id: z.number().int().nullable(),
  cancelled: z.boolean(),
  waiting: z.boolean(),
});
export type TWithoutRow = z.infer<typeof ZWithoutRow>;
export const ZWithoutList = z.array(ZWithoutRow);

/** Staff booking or moving for an address: the type's slot; the appointment is made when the address has none. */
export const ZPlannerBookBody = z.object({
  type_id: ZId,
  address_id: ZId,
  slot_id: ZId,
  /** Tell the resident (e-mail to the occupants, SMS where a mobile number is known). Default true. */
  notify: z.boolean().default(true),
});
export type TPlannerBookBody = z.infer<typeof ZPlannerBookBody>;
export const ZPlannerCancelBody = z.object({ notify: z.boolean().default(true), reason: z.string().trim().max(500).optional() }).optional();

export const ZPlannerChangeResult = z.object({
  appointment_id: z.number().int(),
  slot_id: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  cancelled: z.boolean(),
  /** Residents told (addresses with at least one e-mail or SMS queued). */
  notified: z.number().int(),
  /** Waiters booked into the freed places. */
  filled: z.number().int(),
});
export type TPlannerChangeResult = z.infer<typeof ZPlannerChangeResult>;

/** A day that falls out: move every appointment of the type on `date` to the slots of `to_date`, or cancel them all. */
export const ZPlannerDayBody = z.object({
  type_id: ZId,
  date: ZIsoDay,
  action: z.enum(['cancel', 'move']),
  to_date: ZIsoDay.optional(),
  /** Said in the residents' message ('Vanwege het weer ...'). */
  reason: z.string().trim().max(500).optional(),
});
export type TPlannerDayBody = z.infer<typeof ZPlannerDayBody>;
export const ZPlannerDayResult = z.object({
  action: z.enum(['cancel', 'move']),
  /** Appointments moved or cancelled. */
  count: z.number().int(),
  notified: z.number().int(),
  /** The slots of the day that fell out are closed (capacity 0). */
  closed_slots: z.number().int(),
});
export type TPlannerDayResult = z.infer<typeof ZPlannerDayResult>;

export const ZWaiter = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  subject: z.string(),
  address_id: z.number().int(),
  address: z.string(),
  joined_at: z.string(),
  joined_by: z.enum(['resident', 'staff']),
  /** Place in the queue of the type (1 = next). */
  position: z.number().int(),
});
export type TWaiter = z.infer<typeof ZWaiter>;
export const ZWaiterList = z.array(ZWaiter);
/**
 * A type's waiting list in queue order (position 1 is served first), paged like the other console lists:
 * `before` is the last waiter id held (X-Has-More); `q` searches the address, positions stay the queue's.
 */
export const ZWaitlistQuery = z.object({
  type: ZId,
  /** Words of the address (street, house number, postcode, city). */
  q: z.string().max(100).optional(),
  language: ZLanguage,
}).extend(ZPageQuery.shape);
export type TWaitlistQuery = z.infer<typeof ZWaitlistQuery>;
export const ZWaitlistExportQuery = z.object({ type: ZId, q: z.string().max(100).optional(), format: z.enum(['csv', 'xlsx']), language: ZLanguage });

const contactFields = {
  email_address: z.string().trim().max(EMAIL_MAX_LENGTH).nullish()
    .refine((v) => !v || appointmentEmailProblem(v) === null, { message: 'Vul een geldig e-mailadres in' }),
  mobile_number: z.string().trim().max(PHONE_MAX_LENGTH).nullish()
    .refine((v) => !v || appointmentMobileProblem(v) === null, { message: 'Vul een telefoonnummer van 10 cijfers in, bijvoorbeeld 0612345678' }),
};
export const ZStaffWaitlistBody = z.object({ type_id: ZId, address_id: ZId, ...contactFields });
export const ZOccupantWaitlistBody = z.object({ planning_id: ZId, ...contactFields });
export type TOccupantWaitlistBody = z.infer<typeof ZOccupantWaitlistBody>;
export const ZOccupantWaitlistQuery = z.object({ project_id: ZId.optional(), language: ZLanguage });
export const ZOccupantWaitlistParams = z.object({ id: ZId });

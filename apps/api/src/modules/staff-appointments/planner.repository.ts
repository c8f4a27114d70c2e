import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../appointment/appointment.repository.ts';
import { appointmentPlannings, appointments, appointmentSlots } from '../appointment/appointment.table.ts';
import { appointmentWaitlist } from '../appointment/appointment.waiting.table.ts';
import { addresses } from '../address/address.table.ts';
import { addressProjects } from '../project/project.table.ts';
import { addressSearchConditions, numberPart } from '../staff-addresses/index.ts';

/** A day (YYYY-MM-DD) in Europe/Amsterdam as the moment it starts, `plusDays` later. */
export const dayStart = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE 'Europe/Amsterdam')`;
const localTime = (column: SQL | typeof appointmentSlots.startsAt) => sql<string>`to_char(${column} AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI')`;

/** The occupants' names of an address, 'Jan de Vries, Fatima El Amrani' ('' when none is known). */
export const householdOf = (addressId: SQL | typeof addresses.id) => sql<string>`coalesce((SELECT string_agg(concat_ws(' ', o.first_name, nullif(o.affix, ''), o.last_name), ', ' ORDER BY o.id)
  FROM occupants o WHERE o.address_id = ${addressId}), '')`;

/** The project's types with their waiting lists' length. */
export async function listTypes(db: Executor, projectId: number) {
  return db.select({
    id: appointmentPlannings.id, subject: appointmentPlannings.subject,
    waiting: sql<number>`(SELECT count(*)::int FROM ${appointmentWaitlist} w WHERE w.planning_id = ${appointmentPlannings.id} AND w.state = 'waiting')`,
  }).from(appointmentPlannings).where(eq(appointmentPlannings.projectId, projectId)).orderBy(asc(appointmentPlannings.subject), asc(appointmentPlannings.id));
}

export type CalendarRow = {
  slotId: number; planningId: number; startsAt: Date; capacity: number; taken: number;
  appointmentId: number | null; addressId: number | null; confirmedAt: Date | null; version: number | null;
  street: string | null; houseNumber: string | null; zipcode: string | null; city: string | null; household: string | null;
};

/**
 * The slots of the project's types from `from` to `to` (days, `to` excluded) with their live bookings: one row
 * per booking (a slot without bookings once). Backed by appointment_slots_planning_idx and appointments_slot_idx.
 */
export async function listCalendar(
  db: Executor, projectId: number, from: string, to: string, planningId?: number, perSlot?: number,
): Promise<CalendarRow[]> {
  // Each slot's live bookings (in a week at most `perSlot` of them, the first booked, so that a week of full slots
  // stays a small answer): a lateral subquery, one index walk per slot (appointments_slot_idx).
  const firstBooked = db.select({ id: appointments.id, addressId: appointments.addressId, confirmedAt: appointments.confirmedAt, version: appointments.version })
    .from(appointments).where(and(eq(appointments.slotId, appointmentSlots.id), eq(appointments.isCancelled, false)))
    .orderBy(asc(appointments.id)).$dynamic();
  const booked = (perSlot === undefined ? firstBooked : firstBooked.limit(perSlot)).as('booked');
  return db.select({
    slotId: appointmentSlots.id, planningId: appointmentSlots.planningId, startsAt: appointmentSlots.startsAt,
    // The slot's local day and time are worked out by the service (lib/dates.ts): to_char per row took a third of this read.
    capacity: appointmentSlots.capacity, taken: appointmentSlots.taken,
    appointmentId: booked.id, addressId: booked.addressId, confirmedAt: booked.confirmedAt, version: booked.version,
    street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
    household: sql<string | null>`CASE WHEN ${booked.id} IS NULL THEN NULL ELSE ${householdOf(addresses.id)} END`,
  }).from(appointmentSlots)
    .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointmentSlots.planningId))
    .leftJoinLateral(booked, sql`true`)
    .leftJoin(addresses, eq(addresses.id, booked.addressId))
    .where(and(
      eq(appointmentPlannings.projectId, projectId), planningId ? eq(appointmentPlannings.id, planningId) : undefined,
      sql`${appointmentSlots.startsAt} >= ${dayStart(from)} AND ${appointmentSlots.startsAt} < ${dayStart(to)}`,
    ))
    .orderBy(asc(appointmentSlots.startsAt), asc(appointmentSlots.id), asc(addresses.zipcode), asc(numberPart()), asc(addresses.houseNumber));
}

/** The live bookings in the period's slots, and how many of them are confirmed (exact, whatever the calendar shows). */
export async function countCalendar(db: Executor, projectId: number, from: string, to: string, planningId?: number) {
  const [row] = await db.select({
    booked: sql<number>`count(*)::int`,
    confirmed: sql<number>`(count(*) FILTER (WHERE ${appointments.confirmedAt} IS NOT NULL))::int`,
  }).from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointmentSlots.planningId))
    .where(and(
      eq(appointments.isCancelled, false), eq(appointmentPlannings.projectId, projectId), planningId ? eq(appointmentPlannings.id, planningId) : undefined,
      sql`${appointmentSlots.startsAt} >= ${dayStart(from)} AND ${appointmentSlots.startsAt} < ${dayStart(to)}`,
    ));
  return row ?? { booked: 0, confirmed: 0 };
}

/** An address has no appointment of the type: none made, not planned, or cancelled. */
const withoutBooking = or(sql`${appointments.id} IS NULL`, sql`${appointments.slotId} IS NULL`, eq(appointments.isCancelled, true))!;

/**
 * The project's addresses without a booking of the type, in postcode and house-number order, `limit` after
 * the address `before` (keyset paging); `q` searches the address. Backed by address_projects_project_idx and
 * appointments_planning_address_idx.
 */
export async function listWithout(db: Executor, projectId: number, planningId: number, filter: { q?: string }, page: { before?: number; limit: number }) {
  const where: SQL[] = [eq(addressProjects.projectId, projectId), withoutBooking];
  if (filter.q?.trim()) where.push(...addressSearchConditions(filter.q));
  if (page.before) {
    where.push(sql`(${addresses.zipcode}, ${numberPart()}, ${addresses.houseNumber}, ${addresses.id}) >
      (SELECT b.zipcode, ${numberPart(sql`b`)}, b.house_number, b.id FROM ${addresses} b WHERE b.id = ${page.before})`);
  }
  return db.select({
    addressId: addresses.id, street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
    buildingUnit: addressProjects.buildingUnit, household: householdOf(addresses.id), appointmentId: appointments.id,
    cancelled: sql<boolean>`coalesce(${appointments.isCancelled}, false)`,
    waiting: sql<boolean>`EXISTS (SELECT 1 FROM ${appointmentWaitlist} w WHERE w.planning_id = ${planningId} AND w.address_id = ${addresses.id} AND w.state = 'waiting')`,
  }).from(addressProjects)
    .innerJoin(addresses, eq(addresses.id, addressProjects.addressId))
    .leftJoin(appointments, and(eq(appointments.planningId, planningId), eq(appointments.addressId, addresses.id)))
    .where(and(...where))
    .orderBy(asc(addresses.zipcode), asc(numberPart()), asc(addresses.houseNumber), asc(addresses.id))
    .limit(page.limit);
}

/**
 * A type's waiting list in queue order, a page at a time: each waiter's position is its place in the whole queue
 * (a window over the type's waiting rows, read in the queue index's order), so a search keeps the real places.
 * `before`: the last waiter id held (booked meanwhile or not); one of another type gives an empty page.
 */
export async function listWaiters(db: Executor, planningId: number, filter: { q?: string }, page: { before?: number; limit: number }) {
  const queue = db.select({
    id: appointmentWaitlist.id, addressId: appointmentWaitlist.addressId, joinedAt: appointmentWaitlist.joinedAt, joinedBy: appointmentWaitlist.joinedBy,
    position: sql<number>`(row_number() OVER (ORDER BY ${appointmentWaitlist.joinedAt}, ${appointmentWaitlist.id}))::int`.as('position'),
  }).from(appointmentWaitlist).where(and(eq(appointmentWaitlist.planningId, planningId), eq(appointmentWaitlist.state, 'waiting'))).as('queue');
  const where: SQL[] = [];
  if (filter.q?.trim()) where.push(...addressSearchConditions(filter.q));
  if (page.before) {
    where.push(sql`(${queue.joinedAt}, ${queue.id}) > (SELECT b.joined_at, b.id FROM ${appointmentWaitlist} b
      WHERE b.id = ${page.before} AND b.planning_id = ${planningId})`); // also when that waiter was booked meanwhile
  }
  return db.select({
    id: queue.id, addressId: queue.addressId, joinedAt: queue.joinedAt, joinedBy: queue.joinedBy, position: queue.position,
    street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
  }).from(queue)
    .innerJoin(addresses, eq(addresses.id, queue.addressId))
    .where(and(...where))
    .orderBy(asc(queue.position))
    .limit(page.limit);
}

/** An appointment of the project with its type, locked for the change. */
export async function findProjectAppointment(db: Executor, projectId: number, appointmentId: number) {
  const [row] = await db.select({
    id: appointments.id, planningId: appointments.planningId, addressId: appointments.addressId, slotId: appointments.slotId,
    isCancelled: appointments.isCancelled, confirmedAt: appointments.confirmedAt, version: appointments.version,
  }).from(appointments).innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointments.planningId))
    .where(and(eq(appointments.id, appointmentId), eq(appointmentPlannings.projectId, projectId)))
    .limit(1).for('update', { of: appointments });
  return row ?? null;
}

/** The address's appointment row of a type (any state), locked. */
export async function findTypeAppointment(db: Executor, planningId: number, addressId: number) {
  const [row] = await db.select({ id: appointments.id, slotId: appointments.slotId, isCancelled: appointments.isCancelled, version: appointments.version })
    .from(appointments).where(and(eq(appointments.planningId, planningId), eq(appointments.addressId, addressId))).limit(1).for('update');
  return row ?? null;
}

/** The slots of a type on a day (Europe/Amsterdam), soonest first, locked in id order. */
export async function lockDaySlots(db: Executor, planningId: number, day: string) {
  const rows = await db.select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt, capacity: appointmentSlots.capacity, taken: appointmentSlots.taken, time: localTime(appointmentSlots.startsAt) })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.planningId, planningId), sql`${appointmentSlots.startsAt} >= ${dayStart(day)} AND ${appointmentSlots.startsAt} < ${dayStart(day, 1)}`))
    .orderBy(asc(appointmentSlots.id)).for('update');
  return rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
}

/**
 * Locks the live bookings of a type on a day before its slots are locked: the order every single change takes
 * (the appointment, then its slots), so a day's change and a resident's change wait for each other instead of deadlocking.
 */
export async function lockBookingsOnDay(db: Executor, planningId: number, day: string): Promise<void> {
  await db.select({ id: appointments.id }).from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .where(and(eq(appointments.planningId, planningId), eq(appointments.isCancelled, false),
      sql`${appointmentSlots.startsAt} >= ${dayStart(day)} AND ${appointmentSlots.startsAt} < ${dayStart(day, 1)}`))
    .orderBy(asc(appointments.id)).for('update', { of: appointments });
}

/** The live bookings in these slots, locked. */
export async function lockBookingsIn(db: Executor, slotIds: number[]) {
  if (!slotIds.length) return [];
  return db.select({ id: appointments.id, slotId: appointments.slotId, addressId: appointments.addressId, version: appointments.version })
    .from(appointments)
    .where(and(inArray(appointments.slotId, slotIds), eq(appointments.isCancelled, false)))
    .orderBy(asc(appointments.id)).for('update');
}

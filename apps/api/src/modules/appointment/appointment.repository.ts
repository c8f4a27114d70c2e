import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses, occupants } from '../address/address.table.ts';
import { addressProjects, projects } from '../project/project.table.ts';
import { appointmentPlanningAddresses, appointmentPlannings, appointments, appointmentSlots } from './appointment.table.ts';

/** A transaction or the pool: every query here runs on either. */
export type Executor = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

export type AppointmentScope = { addressId: number; projectId: number };

/** Slots an address may still book: a free place and a start after the planning's minimum notice for booking. */
const isOpen = sql`${appointmentSlots.taken} < ${appointmentSlots.capacity} AND ${appointmentSlots.startsAt} > now() + (
  SELECT p.booking_notice_hours FROM ${appointmentPlannings} AS p WHERE p.id = "appointment_slots"."planning_id") * interval '1 hour'`;

/**
 * Whether the address may book the planning (its "who may book"): every address of the project, those of
 * the chosen building units (address_projects.building_unit), or the listed addresses. Needs
 * appointment_plannings in the query.
 */
export const mayBook = (addressId: SQLWrapper | number) => sql<boolean>`(CASE ${appointmentPlannings.whoMayBook}
  WHEN 'all' THEN EXISTS (SELECT 1 FROM ${addressProjects} AS ap WHERE ap.address_id = ${addressId} AND ap.project_id = ${appointmentPlannings.projectId})
  WHEN 'units' THEN EXISTS (SELECT 1 FROM ${addressProjects} AS ap WHERE ap.address_id = ${addressId} AND ap.project_id = ${appointmentPlannings.projectId}
    AND ap.building_unit = ANY (${appointmentPlannings.buildingUnits}))
  ELSE EXISTS (SELECT 1 FROM ${appointmentPlanningAddresses} AS pa WHERE pa.planning_id = ${appointmentPlannings.id} AND pa.address_id = ${addressId})
END)`;

const columns = {
  id: appointments.id,
  planningId: appointments.planningId,
  slotId: appointments.slotId,
  isCancelled: appointments.isCancelled,
  confirmedAt: appointments.confirmedAt,
  version: appointments.version,
  subject: appointmentPlannings.subject,
  occupantsCanPlan: appointmentPlannings.occupantsCanPlan,
  occupantsCanConfirm: appointmentPlannings.occupantsCanConfirm,
  occupantsCanCancel: appointmentPlannings.occupantsCanCancel,
  changeDeadlineHours: appointmentPlannings.changeDeadlineHours,
  bookingNoticeHours: appointmentPlannings.bookingNoticeHours,
  cancelNoticeHours: appointmentPlannings.cancelNoticeHours,
  confirmByEmail: appointmentPlannings.confirmByEmail,
  confirmBySms: appointmentPlannings.confirmBySms,
  mayBook: mayBook(appointments.addressId).as('may_book'),
  startsAt: appointmentSlots.startsAt,
  daypartId: appointmentSlots.daypartId,
  /** Open slots of the planning other than the booked one (one statement, backed by the planning index). */
  freeSlots: sql<number>`(
    SELECT count(*)::int FROM ${appointmentSlots} AS f
    WHERE f.planning_id = ${appointments.planningId} AND f.taken < f.capacity
      AND f.starts_at > now() + ${appointmentPlannings.bookingNoticeHours} * interval '1 hour'
      AND f.id IS DISTINCT FROM ${appointments.slotId})`.as('free_slots'),
};
export type AppointmentRow = {
  id: number; planningId: number; slotId: number | null; isCancelled: boolean; confirmedAt: Date | null; version: number;
  subject: string; occupantsCanPlan: boolean; occupantsCanConfirm: boolean; occupantsCanCancel: boolean; changeDeadlineHours: number;
  bookingNoticeHours: number; cancelNoticeHours: number; confirmByEmail: boolean; confirmBySms: boolean; mayBook: boolean;
  startsAt: Date | null; daypartId: number | null; freeSlots: number;
};

function selectAppointments(db: Executor, scope: AppointmentScope, where: SQL | undefined, lock = false) {
  const query = db
    .select(columns)
    .from(appointments)
    .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointments.planningId))
    .leftJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .where(and(eq(appointments.addressId, scope.addressId), eq(appointmentPlannings.projectId, scope.projectId), where));
  // FOR UPDATE OF appointments: the appointment row is locked, the planning and slot rows are not.
  return lock ? query.for('update', { of: appointments }) : query;
}

/** The address's appointments in a project: planned ones first by date, then the rest; at most 100. */
export async function listAppointments(db: Executor, scope: AppointmentScope): Promise<AppointmentRow[]> {
  // Planned ones always; the rest only while the address may book the type.
  const shown = or(mayBook(appointments.addressId), and(isNotNull(appointments.slotId), eq(appointments.isCancelled, false)));
  return selectAppointments(db, scope, shown)
    .orderBy(sql`${appointmentSlots.startsAt} ASC NULLS LAST`, asc(appointments.id))
    .limit(100);
}

export async function findAppointment(db: Executor, scope: AppointmentScope, id: number, lock = false): Promise<AppointmentRow | null> {
  const [row] = await selectAppointments(db, scope, eq(appointments.id, id), lock).limit(1);
  return row ?? null;
}

/** The address's booking in a slot (cancel and confirm name an appointment by its booked slot). */
export async function findAppointmentBySlot(db: Executor, scope: AppointmentScope, slotId: number, lock = false): Promise<AppointmentRow | null> {
  const [row] = await selectAppointments(db, scope, eq(appointments.slotId, slotId), lock).limit(1);
  return row ?? null;
}

/** How many open slots an appointment offers at most (list and detail alike). */
export const MAX_OFFERED_SLOTS = 200;

/** The open slots of a planning (other than `exceptSlotId`), soonest first; at most MAX_OFFERED_SLOTS. */
export async function listOpenSlots(db: Executor, planningId: number, exceptSlotId: number | null) {
  return db
    .select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.planningId, planningId), isOpen, exceptSlotId === null ? undefined : ne(appointmentSlots.id, exceptSlotId)))
    .orderBy(asc(appointmentSlots.startsAt), asc(appointmentSlots.id))
    .limit(MAX_OFFERED_SLOTS);
}

/** Open slots per planning for the list: the first `perPlanning` of each (soonest first), in one statement. */
export async function listOpenSlotsOfPlannings(db: Executor, planningIds: number[], perPlanning: number) {
  if (!planningIds.length) return [];
  const ranked = db
    .select({
      id: appointmentSlots.id,
      planningId: appointmentSlots.planningId,
      startsAt: appointmentSlots.startsAt,
      rank: sql<number>`row_number() OVER (PARTITION BY ${appointmentSlots.planningId} ORDER BY ${appointmentSlots.startsAt}, ${appointmentSlots.id})`.as('rank'),
    })
    .from(appointmentSlots)
    .where(and(inArray(appointmentSlots.planningId, planningIds), isOpen))
    .as('ranked');
  return db
    .select({ id: ranked.id, planningId: ranked.planningId, startsAt: ranked.startsAt })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perPlanning}`)
    .orderBy(asc(ranked.planningId), asc(ranked.startsAt), asc(ranked.id));
}

export async function findSlot(db: Executor, planningId: number, slotId: number) {
  const [row] = await db
    .select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt, taken: appointmentSlots.taken, capacity: appointmentSlots.capacity })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.id, slotId), eq(appointmentSlots.planningId, planningId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks slot rows in id order, so that two changes moving in opposite directions between the same
 * two slots wait for each other instead of deadlocking.
 */
export async function lockSlots(db: Executor, slotIds: number[]): Promise<void> {
  if (!slotIds.length) return;
  await db.select({ id: appointmentSlots.id }).from(appointmentSlots).where(inArray(appointmentSlots.id, slotIds)).orderBy(asc(appointmentSlots.id)).for('update');
}

/**
 * Takes one place in a slot of the planning when one is free and the slot lies in the future.
 * One conditional UPDATE: of two requests for the last place, the second re-reads the row after the
 * first commits, finds taken = capacity and updates nothing. Returns whether a place was taken.
 */
export async function takePlace(db: Executor, planningId: number, slotId: number): Promise<boolean> {
  const rows = await db
    .update(appointmentSlots)
    .set({ taken: sql`${appointmentSlots.taken} + 1` })
    .where(and(eq(appointmentSlots.id, slotId), eq(appointmentSlots.planningId, planningId), isOpen))
    .returning({ id: appointmentSlots.id });
  return rows.length === 1;
}

export async function releasePlace(db: Executor, slotId: number): Promise<void> {
  await db
    .update(appointmentSlots)
    .set({ taken: sql`${appointmentSlots.taken} - 1` })
    .where(and(eq(appointmentSlots.id, slotId), gt(appointmentSlots.taken, 0)));
}

/** Writes a new state and bumps the version; `expectedVersion` guards against a lost update. */
export async function updateAppointment(
  db: Executor,
  id: number,
  expectedVersion: number,
  patch: { slotId: number | null; isCancelled: boolean; confirmedAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ ...patch, version: sql`${appointments.version} + 1`, updatedAt: new Date() })
    .where(and(eq(appointments.id, id), eq(appointments.version, expectedVersion)))
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/** What a confirmation message says about where: street, number and city, and the project's name. */
export async function findPlace(db: Executor, addressId: number, projectId: number) {
  const [row] = await db
    .select({ street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city, projectName: projects.name })
    .from(addresses)
    .innerJoin(projects, eq(projects.id, projectId))
    .where(eq(addresses.id, addressId))
    .limit(1);
  return row ?? null;
}

/** Appointments waiting for the resident: planned and to be confirmed, or still to be planned. */
export async function countAwaitingAction(db: Executor, scope: AppointmentScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointments.planningId))
    .leftJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .where(and(
      eq(appointments.addressId, scope.addressId),
      eq(appointmentPlannings.projectId, scope.projectId),
      or(
        and(eq(appointmentPlannings.occupantsCanConfirm, true), isNull(appointments.confirmedAt), gt(appointmentSlots.startsAt, sql`now()`)),
        and(isNull(appointments.slotId), eq(appointments.isCancelled, false), eq(appointmentPlannings.occupantsCanPlan, true), mayBook(appointments.addressId)),
      ),
    ));
  return row?.n ?? 0;
}

/**
 * Gives the address an appointment (not planned) in each rule-made type of the project it may book and
 * has none in yet: an address added to the project, or to a building unit, after the type was saved.
 * Idempotent (the unique index on planning and address).
 */
export async function ensureAppointments(db: Executor, scope: AppointmentScope): Promise<void> {
  await db.execute(sql`INSERT INTO ${appointments} (planning_id, address_id)
    SELECT ${appointmentPlannings.id}, ${scope.addressId}::int FROM ${appointmentPlannings}
    WHERE ${appointmentPlannings.projectId} = ${scope.projectId} AND ${appointmentPlannings.slotsFromRules} AND ${mayBook(scope.addressId)}
      AND NOT EXISTS (SELECT 1 FROM ${appointments} AS e WHERE e.planning_id = ${appointmentPlannings.id} AND e.address_id = ${scope.addressId})
    ON CONFLICT (planning_id, address_id) DO NOTHING`);
}

/** The household's e-mail addresses and (for those who prefer SMS) mobile numbers, for a cancellation notice. */
export async function findHouseholdContacts(db: Executor, addressId: number) {
  return db.select({ email: occupants.emailAddress, mobile: occupants.mobile, preferEmail: occupants.preferEmail }).from(occupants).where(eq(occupants.addressId, addressId));
}

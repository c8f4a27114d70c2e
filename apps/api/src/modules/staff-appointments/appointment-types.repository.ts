import { and, asc, eq, gte, ilike, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../lib/queryable.ts';
import { mayBook } from '../appointment/appointment.repository.ts';
import { appointmentPlanningAddresses, appointmentPlannings, appointments, appointmentSlots } from '../appointment/appointment.table.ts';
import { addressProjects } from '../project/project.table.ts';

export type PlanningRow = typeof appointmentPlannings.$inferSelect;

/*
 * Per type: bookings (planned, not cancelled), future slots and their free places, appointments (addresses). One statement.
 * The planning's id is written out qualified: in a select from one table drizzle leaves its columns bare, and a bare
 * "id" inside the subquery would be the subquery's own.
 */
const planningIdColumn = sql.raw('"appointment_plannings"."id"');
const figures = {
  bookedCount: sql<number>`(SELECT count(*)::int FROM ${appointments} a WHERE a.planning_id = ${planningIdColumn} AND a.slot_id IS NOT NULL AND NOT a.is_cancelled)`,
  slotCount: sql<number>`(SELECT count(*)::int FROM ${appointmentSlots} s WHERE s.planning_id = ${planningIdColumn} AND s.starts_at > now())`,
  freePlaces: sql<number>`(SELECT coalesce(sum(s.capacity - s.taken), 0)::int FROM ${appointmentSlots} s WHERE s.planning_id = ${planningIdColumn} AND s.starts_at > now())`,
  addressCount: sql<number>`(SELECT count(*)::int FROM ${appointments} a WHERE a.planning_id = ${planningIdColumn})`,
};
export type PlanningWithFigures = PlanningRow & { bookedCount: number; slotCount: number; freePlaces: number; addressCount: number };

export async function listPlannings(db: Queryable, projectId: number, q?: string): Promise<PlanningWithFigures[]> {
  const rows = await db
    .select({ planning: appointmentPlannings, ...figures })
    .from(appointmentPlannings)
    .where(and(eq(appointmentPlannings.projectId, projectId), q ? ilike(appointmentPlannings.subject, `%${q.replace(/[\\%_]/g, '\\$&')}%`) : undefined))
    .orderBy(asc(appointmentPlannings.subject), asc(appointmentPlannings.id));
  return rows.map((r) => ({ ...r.planning, bookedCount: r.bookedCount, slotCount: r.slotCount, freePlaces: r.freePlaces, addressCount: r.addressCount }));
}

/** A type of the project (another project's or customer's id: null). */
export async function findPlanning(db: Queryable, projectId: number, id: number, lock = false): Promise<PlanningWithFigures | null> {
  const query = db.select({ planning: appointmentPlannings, ...figures }).from(appointmentPlannings)
    .where(and(eq(appointmentPlannings.id, id), eq(appointmentPlannings.projectId, projectId))).limit(1);
  const [row] = lock ? await query.for('update', { of: appointmentPlannings }) : await query;
  return row ? { ...row.planning, bookedCount: row.bookedCount, slotCount: row.slotCount, freePlaces: row.freePlaces, addressCount: row.addressCount } : null;
}

export async function listPlanningAddresses(db: Queryable, planningId: number): Promise<number[]> {
  const rows = await db.select({ id: appointmentPlanningAddresses.addressId }).from(appointmentPlanningAddresses)
    .where(eq(appointmentPlanningAddresses.planningId, planningId)).orderBy(asc(appointmentPlanningAddresses.addressId));
  return rows.map((r) => r.id);
}

export async function replacePlanningAddresses(tx: Queryable, planningId: number, addressIds: number[]): Promise<void> {
  await tx.delete(appointmentPlanningAddresses).where(eq(appointmentPlanningAddresses.planningId, planningId));
  for (let i = 0; i < addressIds.length; i += 1000) {
    const part = addressIds.slice(i, i + 1000);
    if (part.length) await tx.insert(appointmentPlanningAddresses).values(part.map((addressId) => ({ planningId, addressId })));
  }
}

/** The building units of a project's addresses, sorted. */
export async function listBuildingUnits(db: Queryable, projectId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ unit: addressProjects.buildingUnit }).from(addressProjects)
    .where(and(eq(addressProjects.projectId, projectId), isNotNull(addressProjects.buildingUnit))).orderBy(asc(addressProjects.buildingUnit));
  return rows.map((r) => r.unit!);
}

/** How many of the ids are addresses of the project. */
export async function countProjectAddresses(db: Queryable, projectId: number, addressIds: number[]): Promise<number> {
  if (!addressIds.length) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(addressProjects)
    .where(and(eq(addressProjects.projectId, projectId), inArray(addressProjects.addressId, addressIds)));
  return row?.n ?? 0;
}

/**
 * Makes the type's appointments follow who may book: every address that may book gets one (not planned);
 * one not planned of an address that may no longer book is removed. A planned appointment stays.
 */
export async function syncAppointments(tx: Queryable, planningId: number, projectId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO ${appointments} (planning_id, address_id)
    SELECT ${appointmentPlannings.id}, x.address_id FROM ${addressProjects} AS x
    JOIN ${appointmentPlannings} ON ${appointmentPlannings.id} = ${planningId}
    WHERE x.project_id = ${projectId} AND ${mayBook(sql`x.address_id`)}
    ON CONFLICT (planning_id, address_id) DO NOTHING`);
  await tx.execute(sql`DELETE FROM ${appointments} AS d USING ${appointmentPlannings}
    WHERE ${appointmentPlannings.id} = d.planning_id AND d.planning_id = ${planningId} AND d.slot_id IS NULL AND NOT ${mayBook(sql`d.address_id`)}`);
}

/** The type's stored slots from `from` until before `until`, in order. */
export async function listSlots(db: Queryable, planningId: number, from: Date, until: Date) {
  return db.select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt, capacity: appointmentSlots.capacity, taken: appointmentSlots.taken })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.planningId, planningId), gte(appointmentSlots.startsAt, from), lt(appointmentSlots.startsAt, until)))
    .orderBy(asc(appointmentSlots.startsAt), asc(appointmentSlots.id))
    .limit(5000);
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeDutchPhone, plannerMessages, type TWaiter } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { addresses } from '../address/address.table.ts';
import { fullAddress } from '../form-engine/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { addressProjects } from '../project/project.table.ts';
import { takePlace, updateAppointment, type Executor } from './appointment.repository.ts';
import { appointmentPlannings, appointments, appointmentSlots } from './appointment.table.ts';
import { appointmentWaitlist } from './appointment.waiting.table.ts';

/**
 * The waiting list of an appointment type (planning). What "fills" means here:
 *
 * - An address joins the list of a type only while the type has no free place it could still book (a free
 *   place in a slot that starts later than the type's change deadline); otherwise it is told to choose one.
 * - Whenever places may have come free (a cancellation or move by a resident or staff, a day cancelled, a
 *   capacity raised, and every 15 minutes as a safety net), `fill(planningId)` gives the free places of the
 *   type, soonest slot first, to the waiters in the order they joined (first come, first served per type).
 *   The waiter's appointment of the type is booked into the slot (made when the address had none), the
 *   waiter is marked 'booked', and a notice job tells the address (e-mail, SMS where a number is known).
 * - A waiter whose address meanwhile got a booking of the type is taken off the list ('left').
 * - One fill per type at a time (a transaction-scoped advisory lock on the type), one waiter per
 *   transaction; the place is taken with the same conditional UPDATE as any booking, so capacity stays
 *   exact against residents booking at the same moment. Running it twice books nobody twice.
 */
const LOCK_NAMESPACE = 17_031;

/** A free place the list may give away: room in the slot, and a start later than the type's change deadline. */
const fillable = sql`${appointmentSlots.taken} < ${appointmentSlots.capacity}
  AND ${appointmentSlots.startsAt} > now() + make_interval(hours => ${appointmentPlannings.changeDeadlineHours})`;

export type WaitlistDeps = { db: Db; jobs: JobQueue; log: (error: unknown, msg: string) => void };

export type WaitlistJoin = { planningId: number; addressId: number; by: 'resident' | 'staff'; email?: string | null; mobile?: string | null };

/** Whether the type still has a place the address could book itself (then the list is not for it). */
async function hasFreePlace(db: Executor, planningId: number): Promise<boolean> {
  const [row] = await db.select({ id: appointmentSlots.id }).from(appointmentSlots)
    .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointmentSlots.planningId))
    .where(and(eq(appointmentSlots.planningId, planningId), fillable)).limit(1);
  return !!row;
}

/** The address's live booking of the type (a slot, not cancelled). */
async function hasBooking(db: Executor, planningId: number, addressId: number): Promise<boolean> {
  const [row] = await db.select({ id: appointments.id }).from(appointments)
    .where(and(eq(appointments.planningId, planningId), eq(appointments.addressId, addressId), sql`${appointments.slotId} IS NOT NULL`, eq(appointments.isCancelled, false)))
    .limit(1);
  return !!row;
}

export function createWaitlist({ db, jobs, log }: WaitlistDeps) {
  /** Books the first waiter of the type into the soonest fillable place; 'none' when nobody or nothing is left. */
  async function fillOne(planningId: number): Promise<'booked' | 'skipped' | 'none'> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${planningId})`);
      const [waiter] = await tx.select().from(appointmentWaitlist)
        .where(and(eq(appointmentWaitlist.planningId, planningId), eq(appointmentWaitlist.state, 'waiting')))
        .orderBy(asc(appointmentWaitlist.joinedAt), asc(appointmentWaitlist.id)).limit(1).for('update');
      if (!waiter) return 'none';
      const [existing] = await tx.select({ id: appointments.id, slotId: appointments.slotId, isCancelled: appointments.isCancelled, version: appointments.version })
        .from(appointments).where(and(eq(appointments.planningId, planningId), eq(appointments.addressId, waiter.addressId))).limit(1).for('update');
      if (existing && existing.slotId !== null && !existing.isCancelled) {
        await tx.update(appointmentWaitlist).set({ state: 'left', settledAt: new Date() }).where(eq(appointmentWaitlist.id, waiter.id));
        return 'skipped';
      }
      const [slot] = await tx.select({ id: appointmentSlots.id }).from(appointmentSlots)
        .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointmentSlots.planningId))
        .where(and(eq(appointmentSlots.planningId, planningId), fillable))
        .orderBy(asc(appointmentSlots.startsAt), asc(appointmentSlots.id)).limit(1).for('update', { of: appointmentSlots });
      if (!slot || !(await takePlace(tx, planningId, slot.id))) return 'none';
      let appointmentId: number;
      if (existing) {
        if (!(await updateAppointment(tx, existing.id, existing.version, { slotId: slot.id, isCancelled: false, confirmedAt: null }))) return 'none';
        appointmentId = existing.id;
      } else {
        const [made] = await tx.insert(appointments).values({ planningId, addressId: waiter.addressId, slotId: slot.id }).returning({ id: appointments.id });
        appointmentId = made!.id;
      }
      await tx.update(appointmentWaitlist).set({ state: 'booked', bookedSlotId: slot.id, settledAt: new Date() }).where(eq(appointmentWaitlist.id, waiter.id));
      await jobs.add('appointment-notice', {
        appointmentId, kind: 'waitlist', slotId: slot.id, email: waiter.emailAddress, mobile: waiter.mobile,
      }, { tx });
      return 'booked';
    });
  }

  const waitlist = {
    /** Gives the type's free places to its waiters in order; answers how many were booked. Safe to run at any time. */
    async fill(planningId: number): Promise<number> {
      let booked = 0;
      for (let round = 0; round < 1_000; round++) {
        const outcome = await fillOne(planningId);
        if (outcome === 'none') break;
        if (outcome === 'booked') booked++;
      }
      return booked;
    },

    /** `fill` after a change that freed a place; a failure is logged (the 15-minute sweep fills later). */
    async freed(planningId: number): Promise<number> {
      try {
        return await waitlist.fill(planningId);
      } catch (error) {
        log(error, 'appointment waiting list fill failed');
        return 0;
      }
    },

    /** Every type with waiters (the job's safety net: capacity raised elsewhere, a fill that failed). */
    async fillAll(): Promise<number> {
      const rows = await db.selectDistinct({ planningId: appointmentWaitlist.planningId }).from(appointmentWaitlist).where(eq(appointmentWaitlist.state, 'waiting'));
      let booked = 0;
      for (const { planningId } of rows) booked += await waitlist.freed(planningId);
      return booked;
    },

    /**
     * Puts an address on the type's list (the caller checked the type and the address belong to the project).
     * 409 when the address already has a booking of the type, already waits, or a place is still free.
     */
    async join(tx: Executor, input: WaitlistJoin): Promise<number> {
      if (await hasBooking(tx, input.planningId, input.addressId)) throw new ConflictError(plannerMessages.alreadyBooked);
      if (await hasFreePlace(tx, input.planningId)) throw new ConflictError(plannerMessages.waitlistPlacesFree);
      const [row] = await tx.insert(appointmentWaitlist).values({
        planningId: input.planningId, addressId: input.addressId, joinedBy: input.by,
        emailAddress: input.email?.trim().toLowerCase() || null, mobile: input.mobile ? normalizeDutchPhone(input.mobile) : null,
      }).onConflictDoNothing().returning({ id: appointmentWaitlist.id });
      if (!row) throw new ConflictError(plannerMessages.alreadyWaiting);
      return row.id;
    },

    /** Takes a waiter off the list; answers the row as it was (null: not waiting, or not of this project / address). */
    async leave(tx: Executor, id: number, where: { projectId: number; addressId?: number }) {
      const [row] = await tx.update(appointmentWaitlist).set({ state: 'left', settledAt: new Date() })
        .where(and(
          eq(appointmentWaitlist.id, id), eq(appointmentWaitlist.state, 'waiting'),
          where.addressId === undefined ? undefined : eq(appointmentWaitlist.addressId, where.addressId),
          sql`${appointmentWaitlist.planningId} IN (SELECT id FROM ${appointmentPlannings} WHERE project_id = ${where.projectId})`,
        ))
        .returning({ id: appointmentWaitlist.id, planningId: appointmentWaitlist.planningId, addressId: appointmentWaitlist.addressId });
      return row ?? null;
    },

    /** The waiters of a project (optionally one type, one address) in queue order, with their place per type. */
    async list(db2: Executor, projectId: number, filter: { planningId?: number; addressId?: number }): Promise<TWaiter[]> {
      const position = sql<number>`(SELECT count(*)::int FROM ${appointmentWaitlist} w2 WHERE w2.planning_id = ${appointmentWaitlist.planningId}
        AND w2.state = 'waiting' AND (w2.joined_at, w2.id) <= (${appointmentWaitlist.joinedAt}, ${appointmentWaitlist.id}))`;
      const rows = await db2.select({
        id: appointmentWaitlist.id, planningId: appointmentWaitlist.planningId, subject: appointmentPlannings.subject, addressId: appointmentWaitlist.addressId,
        street: addresses.street, houseNumber: addresses.houseNumber, zipcode: addresses.zipcode, city: addresses.city,
        joinedAt: appointmentWaitlist.joinedAt, joinedBy: appointmentWaitlist.joinedBy, position,
      }).from(appointmentWaitlist)
        .innerJoin(appointmentPlannings, eq(appointmentPlannings.id, appointmentWaitlist.planningId))
        .innerJoin(addresses, eq(addresses.id, appointmentWaitlist.addressId))
        .where(and(
          eq(appointmentPlannings.projectId, projectId), eq(appointmentWaitlist.state, 'waiting'),
          filter.planningId ? eq(appointmentWaitlist.planningId, filter.planningId) : undefined,
          filter.addressId ? eq(appointmentWaitlist.addressId, filter.addressId) : undefined,
        ))
        .orderBy(asc(appointmentPlannings.subject), asc(appointmentWaitlist.joinedAt), asc(appointmentWaitlist.id)).limit(1_000);
      return rows.map((r) => ({
        id: r.id, type_id: r.planningId, subject: r.subject, address_id: r.addressId, address: fullAddress(r), joined_at: r.joinedAt.toISOString(),
        joined_by: r.joinedBy, position: r.position,
      }));
    },
  };
  return waitlist;
}
export type Waitlist = ReturnType<typeof createWaitlist>;

/** The type of the project (for a resident: the address's project), or 404. */
export async function findPlanningOfProject(db: Executor, projectId: number, planningId: number) {
  const [row] = await db.select({ id: appointmentPlannings.id, subject: appointmentPlannings.subject, changeDeadlineHours: appointmentPlannings.changeDeadlineHours })
    .from(appointmentPlannings).where(and(eq(appointmentPlannings.id, planningId), eq(appointmentPlannings.projectId, projectId))).limit(1);
  if (!row) throw new NotFoundError(plannerMessages.typeNotFound);
  return row;
}

/** The address in the project, or 404. */
export async function assertAddressInProject(db: Executor, projectId: number, addressId: number): Promise<void> {
  const [row] = await db.select({ id: addressProjects.addressId }).from(addressProjects)
    .where(and(eq(addressProjects.projectId, projectId), eq(addressProjects.addressId, addressId))).limit(1);
  if (!row) throw new NotFoundError(plannerMessages.addressNotFound);
}

import { eq, inArray, sql } from 'drizzle-orm';
import {
  plannerMessages, ZPlannerView, type TPlannerBookBody, type TPlannerChangeResult, type TPlannerDayBody, type TPlannerDayResult, type TPlannerQuery,
  type TPlannerSlot, type TPlannerView, type TWaiter, type TWaitlistQuery, type TWithoutQuery, type TWithoutRow,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { jsonText, type JsonText } from '../../lib/answer-memo.ts';
import { createProjectReadCache, type ChangeLog } from '../../lib/change-log.ts';
import { addDays, amsterdamIsoDate, amsterdamTime, isoWeekday } from '../../lib/dates.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { pageSize, toPage, type Page } from '../../lib/paging.ts';
import { exportTable, type ExportColumn, type ExportFile, type ExportFormat } from '../../lib/table-export.ts';
import { lockSlots, releasePlace, takePlace, updateAppointment } from '../appointment/appointment.repository.ts';
import type { NoticeJob } from '../appointment/appointment.reminders.ts';
import { appointments, appointmentSlots } from '../appointment/appointment.table.ts';
import { assertAddressInProject, findPlanningOfProject, type Waitlist } from '../appointment/appointment.waiting.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { fullAddress } from '../form-engine/index.ts';
import type { Queryable } from '../../lib/queryable.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { StaffContext } from '../staff/staff-access.ts';
import {
  countCalendar, findProjectAppointment, findTypeAppointment, listCalendar, listTypes, listWaiters, listWithout, lockBookingsIn, lockBookingsOnDay, lockDaySlots,
} from './planner.repository.ts';

export type PlannerDeps = {
  db: Db; audit: AuditService; jobs: JobQueue; waitlist: Waitlist;
  /** The project change log the calendar is kept against (migration 0043). */
  changes: ChangeLog;
};

/** How many calendars (project, view, period, type) are kept, and for how long at most. */
const CALENDAR_CACHE_SIZE = 200;
const CALENDAR_CACHE_MAX_AGE_MS = 60_000;

/** The week view lists this many bookings of a slot; the day view lists all of them. */
export const WEEK_BOOKINGS_PER_SLOT = 4;

/** Up to this many rows in one export of the addresses without an appointment (or of a waiting list). */
export const WITHOUT_EXPORT_MAX = 50_000;

/** The Monday of the ISO week holding `day`. */
const mondayOf = (day: string) => addDays(day, 1 - isoWeekday(day));

const notice = (jobs: JobQueue, tx: Queryable, job: NoticeJob) => jobs.add('appointment-notice', job, { tx });

type WithoutListRow = Awaited<ReturnType<typeof listWithout>>[number];
const toWithout = (r: WithoutListRow): TWithoutRow => ({
  address_id: r.addressId, address: fullAddress(r), building_unit: r.buildingUnit, household: r.household,
  appointment_id: r.appointmentId, cancelled: r.cancelled, waiting: r.waiting,
});

type WaiterListRow = Awaited<ReturnType<typeof listWaiters>>[number];
const toWaiter = (planning: { id: number; subject: string }, r: WaiterListRow): TWaiter => ({
  id: r.id, type_id: planning.id, subject: planning.subject, address_id: r.addressId, address: fullAddress(r),
  joined_at: r.joinedAt.toISOString(), joined_by: r.joinedBy, position: r.position,
});

const waiterColumns: ExportColumn<TWaiter>[] = [
  { header: 'Plaats', value: (r) => r.position },
  { header: 'Adres', value: (r) => r.address, width: 40 },
  { header: 'Aangemeld op', value: (r) => new Date(r.joined_at), width: 20 },
  { header: 'Aangemeld door', value: (r) => (r.joined_by === 'staff' ? 'Projectteam' : 'Bewoner') },
];

const withoutColumns: ExportColumn<TWithoutRow>[] = [
  { header: 'Adres', value: (r) => r.address, width: 40 },
  { header: 'Bouwkundige eenheid', value: (r) => r.building_unit },
  { header: 'Bewoners', value: (r) => r.household, width: 40 },
  { header: 'Geannuleerd', value: (r) => r.cancelled },
  { header: 'Op wachtlijst', value: (r) => r.waiting },
];

/**
 * The planner of the staff console (issue 17): the calendar, the addresses without an appointment, staff
 * booking, moving and cancelling, a day that falls out, the waiting list. Every change takes and releases
 * places with the appointment module's own conditional updates (capacity stays exact), is audited in its
 * transaction, and enqueues the residents' notices in it; freed places go to the waiting list afterwards.
 */
export function createPlannerService({ db, audit, jobs, waitlist, changes }: PlannerDeps) {
  /**
   * The calendars as sent (validated and serialised once), kept against the project change log: its triggers log every
   * write a calendar shows (types, slots, appointments, waiting lists, addresses, occupants; lib/change-log.ts), so a
   * kept calendar is never stale after a commit. A planner of 10,000 appointments reads a week of 59 kB.
   */
  const calendars = createProjectReadCache(changes, { size: CALENDAR_CACHE_SIZE, maxAgeMs: CALENDAR_CACHE_MAX_AGE_MS });

  async function calendar(projectId: number, query: TPlannerQuery, from: string, to: string): Promise<TPlannerView> {
    if (query.type) await findPlanningOfProject(db, projectId, query.type);
    // The day shows every booking; the week the first WEEK_BOOKINGS_PER_SLOT of each slot (its `taken` says how many).
    const perSlot = query.view === 'week' ? WEEK_BOOKINGS_PER_SLOT : undefined;
    const [types, rows, { booked, confirmed }] = await Promise.all([
      listTypes(db, projectId), listCalendar(db, projectId, from, to, query.type, perSlot), countCalendar(db, projectId, from, to, query.type),
    ]);
    const slots: TPlannerSlot[] = [];
    let places = 0;
    for (const r of rows) {
      let slot = slots[slots.length - 1];
      if (!slot || slot.id !== r.slotId) {
        slot = { id: r.slotId, type_id: r.planningId, starts_at: r.startsAt.toISOString(), day: amsterdamIsoDate(r.startsAt), time: amsterdamTime(r.startsAt), capacity: r.capacity, taken: r.taken, bookings: [] };
        slots.push(slot);
        places += r.capacity;
      }
      if (r.appointmentId === null) continue;
      slot.bookings.push({
        appointment_id: r.appointmentId, address_id: r.addressId!, household: r.household ?? '', confirmed: r.confirmedAt !== null, version: r.version!,
        address: fullAddress({ street: r.street!, houseNumber: r.houseNumber!, zipcode: r.zipcode!, city: r.city! }),
      });
    }
    return { view: query.view, from, to: addDays(to, -1), types, slots, totals: { booked, confirmed, places } };
  }

  return {
    async view(projectId: number, query: TPlannerQuery): Promise<JsonText> {
      const day = query.date ?? amsterdamIsoDate(new Date());
      const from = query.view === 'day' ? day : mondayOf(day);
      const to = addDays(from, query.view === 'day' ? 1 : 7);
      return calendars.read(projectId, `${query.view}:${from}:${query.type ?? ''}`, async () => jsonText(ZPlannerView, await calendar(projectId, query, from, to)));
    },

    async without(projectId: number, query: TWithoutQuery): Promise<Page<TWithoutRow>> {
      await findPlanningOfProject(db, projectId, query.type);
      const size = pageSize(query);
      const rows = await listWithout(db, projectId, query.type, { q: query.q }, { before: query.before, limit: size + 1 });
      return toPage(rows.map(toWithout), size);
    },

    async exportWithout(projectId: number, query: { type: number; q?: string }, format: ExportFormat): Promise<ExportFile> {
      const planning = await findPlanningOfProject(db, projectId, query.type);
      const rows = await listWithout(db, projectId, query.type, { q: query.q }, { limit: WITHOUT_EXPORT_MAX });
      return exportTable(format, `Zonder afspraak ${planning.subject}`, withoutColumns, rows.map(toWithout));
    },

    /** Books (or moves) the address's appointment of the type into the slot, for staff. */
    async book(ctx: StaffContext, projectId: number, body: TPlannerBookBody): Promise<TPlannerChangeResult> {
      const outcome = await db.transaction(async (tx) => {
        const planning = await findPlanningOfProject(tx, projectId, body.type_id);
        await assertAddressInProject(tx, projectId, body.address_id);
        const [slot] = await tx.select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt }).from(appointmentSlots)
          .where(sql`${appointmentSlots.id} = ${body.slot_id} AND ${appointmentSlots.planningId} = ${planning.id}`).limit(1);
        if (!slot) throw new UnprocessableError(plannerMessages.slotNotFound, [{ field: 'slot_id', message: plannerMessages.slotNotFound }]);
        let row = await findTypeAppointment(tx, planning.id, body.address_id);
        if (!row) {
          const [made] = await tx.insert(appointments).values({ planningId: planning.id, addressId: body.address_id })
            .returning({ id: appointments.id, slotId: appointments.slotId, isCancelled: appointments.isCancelled, version: appointments.version });
          row = made!;
        }
        const current = row.isCancelled ? null : row.slotId;
        if (current === slot.id) return { id: row.id, planningId: planning.id, slot, freed: null, notified: 0 };
        await lockSlots(tx, current === null ? [slot.id] : [slot.id, current]);
        if (!(await takePlace(tx, planning.id, slot.id))) throw new ConflictError(plannerMessages.slotFull);
        if (current !== null) await releasePlace(tx, current);
        if (!(await updateAppointment(tx, row.id, row.version, { slotId: slot.id, isCancelled: false, confirmedAt: null }))) {
          throw new ConflictError(plannerMessages.slotFull);
        }
        await audit.record(ctx, {
          action: current === null ? 'appointment-book' : 'appointment-move', entity: 'appointment', entityId: row.id, projectId,
          before: { slot_id: current, cancelled: row.isCancelled }, after: { type_id: planning.id, address_id: body.address_id, slot_id: slot.id, notify: body.notify },
        }, tx);
        if (body.notify) await notice(jobs, tx, { appointmentId: row.id, kind: current === null ? 'booked' : 'moved', slotId: slot.id });
        return { id: row.id, planningId: planning.id, slot, freed: current, notified: body.notify ? 1 : 0 };
      });
      const filled = outcome.freed !== null ? await waitlist.freed(outcome.planningId) : 0;
      return {
        appointment_id: outcome.id, slot_id: outcome.slot.id, starts_at: outcome.slot.startsAt.toISOString(), cancelled: false, notified: outcome.notified, filled,
      };
    },

    /** Cancels an appointment of the project for staff; its place goes to the waiting list. */
    async cancel(ctx: StaffContext, projectId: number, appointmentId: number, options: { notify: boolean; reason?: string }): Promise<TPlannerChangeResult> {
      const outcome = await db.transaction(async (tx) => {
        const row = await findProjectAppointment(tx, projectId, appointmentId);
        if (!row) throw new NotFoundError(plannerMessages.appointmentNotFound);
        if (row.isCancelled || row.slotId === null) throw new ConflictError(plannerMessages.alreadyCancelled);
        await lockSlots(tx, [row.slotId]);
        await releasePlace(tx, row.slotId);
        if (!(await updateAppointment(tx, row.id, row.version, { slotId: null, isCancelled: true, confirmedAt: null }))) throw new ConflictError(plannerMessages.alreadyCancelled);
        await audit.record(ctx, {
          action: 'appointment-cancel', entity: 'appointment', entityId: row.id, projectId,
          before: { slot_id: row.slotId, address_id: row.addressId }, after: { cancelled: true, reason: options.reason ?? null, notify: options.notify },
        }, tx);
        if (options.notify) await notice(jobs, tx, { appointmentId: row.id, kind: 'cancelled', reason: options.reason ?? null });
        return row;
      });
      const filled = await waitlist.freed(outcome.planningId);
      return { appointment_id: outcome.id, slot_id: null, starts_at: null, cancelled: true, notified: options.notify ? 1 : 0, filled };
    },

    /**
     * A day that falls out: every live appointment of the type on `date` is moved to the slots of `to_date`
     * (the same time of day when it has room, else the nearest later time, else the earliest free place) or
     * cancelled, all in one transaction; the day's slots are closed (capacity 0) so nobody books them again.
     * Not enough free places on the new day: 409, nothing changes. Every resident is told (a notice job each).
     */
    async day(ctx: StaffContext, projectId: number, body: TPlannerDayBody): Promise<TPlannerDayResult> {
      if (body.action === 'move' && !body.to_date) throw new UnprocessableError(plannerMessages.toDateRequired, [{ field: 'to_date', message: plannerMessages.toDateRequired }]);
      if (body.action === 'move' && body.to_date === body.date) throw new UnprocessableError(plannerMessages.sameDay, [{ field: 'to_date', message: plannerMessages.sameDay }]);
      const result = await db.transaction(async (tx) => {
        const planning = await findPlanningOfProject(tx, projectId, body.type_id);
        // Both days' slots locked in one id order (a move the other way at the same time waits instead of deadlocking).
        const moveTo = body.action === 'move' ? body.to_date! : null;
        await lockBookingsOnDay(tx, planning.id, body.date);
        let fromSlots: Awaited<ReturnType<typeof lockDaySlots>>;
        let toSlots: typeof fromSlots = [];
        if (moveTo && moveTo < body.date) {
          toSlots = await lockDaySlots(tx, planning.id, moveTo);
          fromSlots = await lockDaySlots(tx, planning.id, body.date);
        } else {
          fromSlots = await lockDaySlots(tx, planning.id, body.date);
          if (moveTo) toSlots = await lockDaySlots(tx, planning.id, moveTo);
        }
        const bookings = await lockBookingsIn(tx, fromSlots.map((s) => s.id));
        const timeOf = new Map(fromSlots.map((s) => [s.id, s.time]));
        const moves: { id: number; version: number; slotId: number; addressId: number }[] = [];
        if (body.action === 'move') {
          const room = toSlots.filter((s) => s.startsAt.getTime() > Date.now()).map((s) => ({ ...s, free: s.capacity - s.taken }));
          const free = room.reduce((n, s) => n + Math.max(0, s.free), 0);
          if (free < bookings.length) throw new ConflictError(plannerMessages.notEnoughPlaces(bookings.length, free));
          const ordered = [...bookings].sort((a, b) => (timeOf.get(a.slotId!) ?? '').localeCompare(timeOf.get(b.slotId!) ?? '') || a.id - b.id);
          for (const b of ordered) {
            const time = timeOf.get(b.slotId!) ?? '';
            const target = room.find((s) => s.free > 0 && s.time >= time) ?? room.find((s) => s.free > 0)!;
            target.free--;
            moves.push({ id: b.id, version: b.version, slotId: target.id, addressId: b.addressId });
          }
          for (const s of room) {
            const taken = s.capacity - s.free - s.taken;
            if (taken > 0) await tx.update(appointmentSlots).set({ taken: sql`${appointmentSlots.taken} + ${taken}` }).where(eq(appointmentSlots.id, s.id));
          }
          for (const m of moves) {
            if (!(await updateAppointment(tx, m.id, m.version, { slotId: m.slotId, isCancelled: false, confirmedAt: null }))) throw new ConflictError(plannerMessages.alreadyCancelled);
          }
        } else if (bookings.length) {
          await tx.update(appointments).set({ slotId: null, isCancelled: true, confirmedAt: null, version: sql`${appointments.version} + 1`, updatedAt: new Date() })
            .where(inArray(appointments.id, bookings.map((b) => b.id)));
        }
        // The day is closed: its places are empty now (every booking left) and none can be booked again.
        if (fromSlots.length) await tx.update(appointmentSlots).set({ taken: 0, capacity: 0 }).where(inArray(appointmentSlots.id, fromSlots.map((s) => s.id)));
        await audit.record(ctx, {
          action: body.action === 'move' ? 'appointment-day-move' : 'appointment-day-cancel', entity: 'appointment-planning', entityId: planning.id, projectId,
          before: { date: body.date, appointments: bookings.map((b) => ({ id: b.id, slot_id: b.slotId, address_id: b.addressId })) },
          after: { action: body.action, to_date: body.to_date ?? null, reason: body.reason ?? null, moved: moves.map((m) => ({ id: m.id, slot_id: m.slotId })), closed_slots: fromSlots.length },
        }, tx);
        for (const b of bookings) {
          const moved = moves.find((m) => m.id === b.id);
          await notice(jobs, tx, moved
            ? { appointmentId: b.id, kind: 'day-moved', slotId: moved.slotId, reason: body.reason ?? null }
            : { appointmentId: b.id, kind: 'day-cancelled', reason: body.reason ?? null });
        }
        return { planningId: planning.id, count: bookings.length, closed: fromSlots.length };
      });
      await waitlist.freed(result.planningId);
      return { action: body.action, count: result.count, notified: result.count, closed_slots: result.closed };
    },

    async waiters(projectId: number, query: TWaitlistQuery): Promise<Page<TWaiter>> {
      const planning = await findPlanningOfProject(db, projectId, query.type);
      const size = pageSize(query);
      const rows = await listWaiters(db, planning.id, { q: query.q }, { before: query.before, limit: size + 1 });
      return toPage(rows.map((r) => toWaiter(planning, r)), size);
    },

    async exportWaiters(projectId: number, query: { type: number; q?: string }, format: ExportFormat): Promise<ExportFile> {
      const planning = await findPlanningOfProject(db, projectId, query.type);
      const rows = await listWaiters(db, planning.id, { q: query.q }, { limit: WITHOUT_EXPORT_MAX });
      return exportTable(format, `Wachtlijst ${planning.subject}`, waiterColumns, rows.map((r) => toWaiter(planning, r)));
    },

    /** Staff puts an address on a type's waiting list. */
    async addWaiter(ctx: StaffContext, projectId: number, body: { type_id: number; address_id: number; email_address?: string | null; mobile_number?: string | null }): Promise<TWaiter> {
      const id = await db.transaction(async (tx) => {
        const planning = await findPlanningOfProject(tx, projectId, body.type_id);
        await assertAddressInProject(tx, projectId, body.address_id);
        const waiterId = await waitlist.join(tx, { planningId: planning.id, addressId: body.address_id, by: 'staff', email: body.email_address, mobile: body.mobile_number });
        await audit.record(ctx, { action: 'appointment-waitlist-add', entity: 'appointment-waitlist', entityId: waiterId, projectId, after: { type_id: planning.id, address_id: body.address_id } }, tx);
        return waiterId;
      });
      const [waiter] = await waitlist.list(db, projectId, { planningId: body.type_id, addressId: body.address_id });
      if (waiter?.id !== id) throw new ConflictError(plannerMessages.waiterNotFound); // served at once by a place that came free
      return waiter;
    },

    async removeWaiter(ctx: StaffContext, projectId: number, waiterId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await waitlist.leave(tx, waiterId, { projectId });
        if (!row) throw new NotFoundError(plannerMessages.waiterNotFound);
        await audit.record(ctx, { action: 'appointment-waitlist-remove', entity: 'appointment-waitlist', entityId: waiterId, projectId, before: { type_id: row.planningId, address_id: row.addressId } }, tx);
      });
    },
  };
}
export type PlannerService = ReturnType<typeof createPlannerService>;

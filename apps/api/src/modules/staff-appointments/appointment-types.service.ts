import { eq } from 'drizzle-orm';
import {
  accessMessages, appointmentTypeMessages, type TAppointmentType, type TAppointmentTypeBody, type TAppointmentTypeListItem, type TAppointmentTypeOptions,
  type TAppointmentTypePreviewBody, type TAppointmentTypeSlot, type TExportFormat,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays, amsterdamIsoDate, amsterdamMoment } from '../../lib/dates.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { exportTable, type ExportColumn, type ExportFile } from '../../lib/table-export.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { dutchDateTime } from '../appointment/appointment.format.ts';
import { appointmentPlannings } from '../appointment/appointment.table.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StaffAccess, StaffContext } from '../staff/staff-access.ts';
import {
  countProjectAddresses, findPlanning, listBuildingUnits, listPlanningAddresses, listPlannings, listSlots, replacePlanningAddresses, syncAppointments,
  type PlanningRow, type PlanningWithFigures,
} from './appointment-types.repository.ts';
import { regenerateSlots, slotsFromRules, storedOverrides } from './appointment-types.slots.ts';

export type AppointmentTypesDeps = { db: Db; staffAccess: StaffAccess; audit: AuditService; now?: () => Date };

const WHO_LABEL = { all: 'Alle adressen', units: 'Bouwdelen', addresses: 'Gekozen adressen' } as const;

/** The columns of a type from its body (days off stored as overrides without hours). */
function columnsOf(body: TAppointmentTypeBody) {
  const a = body.availability;
  return {
    subject: body.subject, durationMinutes: body.duration_minutes, whoMayBook: body.who_may_book,
    buildingUnits: body.who_may_book === 'units' ? [...new Set(body.building_units)] : [],
    confirmByEmail: body.confirm_by_email, confirmBySms: body.confirm_by_sms,
    occupantsCanPlan: body.occupants_can_plan, occupantsCanConfirm: body.occupants_can_confirm, occupantsCanCancel: body.occupants_can_cancel,
    weeklyHours: [...a.weekly].sort((x, y) => x.weekday - y.weekday), dateOverrides: storedOverrides(a.overrides, a.days_off),
    slotCapacity: a.slot_capacity, bufferMinutes: a.buffer_minutes, horizonDays: a.horizon_days,
    bookingNoticeHours: a.booking_notice_hours, changeDeadlineHours: a.reschedule_notice_hours, cancelNoticeHours: a.cancel_notice_hours,
    slotsFromRules: true, updatedAt: new Date(),
  };
}

function toListItem(row: PlanningWithFigures): TAppointmentTypeListItem {
  return {
    id: row.id, subject: row.subject, duration_minutes: row.durationMinutes, who_may_book: row.whoMayBook, building_units: row.buildingUnits,
    slots_from_rules: row.slotsFromRules, booked_count: row.bookedCount, slot_count: row.slotCount, free_places: row.freePlaces,
    address_count: row.addressCount, updated_at: row.updatedAt.toISOString(),
  };
}

function toType(row: PlanningWithFigures, addressIds: number[]): TAppointmentType {
  return {
    id: row.id, project_id: row.projectId, subject: row.subject, duration_minutes: row.durationMinutes, who_may_book: row.whoMayBook,
    building_units: row.buildingUnits, address_ids: addressIds, confirm_by_email: row.confirmByEmail, confirm_by_sms: row.confirmBySms,
    occupants_can_plan: row.occupantsCanPlan, occupants_can_confirm: row.occupantsCanConfirm, occupants_can_cancel: row.occupantsCanCancel,
    availability: {
      weekly: row.weeklyHours, overrides: row.dateOverrides.filter((o) => o.ranges.length), days_off: row.dateOverrides.filter((o) => !o.ranges.length).map((o) => o.date),
      slot_capacity: row.slotCapacity, buffer_minutes: row.bufferMinutes, horizon_days: row.horizonDays,
      booking_notice_hours: row.bookingNoticeHours, reschedule_notice_hours: row.changeDeadlineHours, cancel_notice_hours: row.cancelNoticeHours,
    },
    slots_from_rules: row.slotsFromRules, booked_count: row.bookedCount, slot_count: row.slotCount, free_places: row.freePlaces,
    updated_at: row.updatedAt.toISOString(),
  };
}

const toSlot = (slot: { id: number | null; startsAt: Date; capacity: number; taken: number }): TAppointmentTypeSlot =>
  ({ id: slot.id, starts_at: slot.startsAt.toISOString(), ...dutchDateTime(slot.startsAt), capacity: slot.capacity, taken: slot.taken });

/** What the audit log keeps of a type: its settings, not the address list itself (its size). */
const auditView = (row: Pick<PlanningRow, 'subject' | 'durationMinutes' | 'whoMayBook' | 'buildingUnits' | 'slotCapacity' | 'horizonDays' | 'weeklyHours' | 'dateOverrides'>, addressCount?: number) => ({
  subject: row.subject, duration_minutes: row.durationMinutes, who_may_book: row.whoMayBook, building_units: row.buildingUnits,
  slot_capacity: row.slotCapacity, horizon_days: row.horizonDays, weekly: row.weeklyHours, overrides: row.dateOverrides,
  ...(addressCount === undefined ? {} : { address_count: addressCount }),
});

/**
 * Appointment types of a project in the console (contract: staff-appointment-types.ts). Saving a type
 * stores its rules, makes its appointments follow who may book, and regenerates its slots in the same
 * transaction (appointment-types.slots.ts: bookings are never touched); the nightly job
 * 'appointment-slots' moves every horizon a day on. Every change is audited in its transaction.
 */
export function createAppointmentTypesService({ db, staffAccess, audit, now = () => new Date() }: AppointmentTypesDeps) {
  async function typeOf(executor: Queryable, projectId: number, typeId: number, lock = false) {
    const row = await findPlanning(executor, projectId, typeId, lock);
    if (!row) throw new NotFoundError(accessMessages.notReached);
    return row;
  }

  /** 422 for a building unit the project does not have, or an address outside it. */
  async function assertAudience(projectId: number, body: TAppointmentTypeBody) {
    if (body.who_may_book === 'units') {
      const units = new Set(await listBuildingUnits(db, projectId));
      const problems = body.building_units.map((unit, i) => ({ unit, i })).filter(({ unit }) => !units.has(unit))
        .map(({ unit, i }) => ({ field: `building_units.${i}`, message: appointmentTypeMessages.unknownUnit(unit) }));
      if (problems.length) throw new UnprocessableError(problems[0]!.message, problems);
    }
    if (body.who_may_book === 'addresses') {
      const unique = [...new Set(body.address_ids)];
      if ((await countProjectAddresses(db, projectId, unique)) !== unique.length) {
        throw new UnprocessableError(appointmentTypeMessages.unknownAddresses, [{ field: 'address_ids', message: appointmentTypeMessages.unknownAddresses }]);
      }
    }
  }

  /** Stores the audience, syncs the appointments and regenerates the slots: the part of a save after the type's row. */
  async function applyRules(tx: Queryable, id: number, projectId: number, body: TAppointmentTypeBody) {
    await replacePlanningAddresses(tx, id, body.who_may_book === 'addresses' ? [...new Set(body.address_ids)] : []);
    await syncAppointments(tx, id, projectId);
    return regenerateSlots(tx, id, now());
  }

  async function reread(projectId: number, id: number) {
    const row = await typeOf(db, projectId, id);
    return toType(row, await listPlanningAddresses(db, id));
  }

  return {
    async list(ctx: StaffContext, projectId: number, q?: string): Promise<TAppointmentTypeListItem[]> {
      await staffAccess.project(ctx, projectId);
      return (await listPlannings(db, projectId, q)).map(toListItem);
    },

    async exportList(ctx: StaffContext, projectId: number, q: string | undefined, format: TExportFormat): Promise<ExportFile> {
      const project = await staffAccess.project(ctx, projectId);
      const rows = (await listPlannings(db, projectId, q)).map(toListItem);
      const columns: ExportColumn<TAppointmentTypeListItem>[] = [
        { header: 'Afspraaksoort', value: (r) => r.subject, width: 32 },
        { header: 'Duur (minuten)', value: (r) => r.duration_minutes, kind: 'number' },
        { header: 'Wie mag boeken', value: (r) => (r.who_may_book === 'units' ? `${WHO_LABEL.units}: ${r.building_units.join(', ')}` : WHO_LABEL[r.who_may_book]), width: 28 },
        { header: 'Adressen', value: (r) => r.address_count, kind: 'number' },
        { header: 'Geboekt', value: (r) => r.booked_count, kind: 'number' },
        { header: 'Komende tijdstippen', value: (r) => r.slot_count, kind: 'number' },
        { header: 'Vrije plaatsen', value: (r) => r.free_places, kind: 'number' },
      ];
      return exportTable(format, `Afspraaksoorten ${project.name}`, columns, rows);
    },

    async options(ctx: StaffContext, projectId: number): Promise<TAppointmentTypeOptions> {
      await staffAccess.project(ctx, projectId);
      return { building_units: await listBuildingUnits(db, projectId) };
    },

    async get(ctx: StaffContext, projectId: number, typeId: number): Promise<TAppointmentType> {
      await staffAccess.project(ctx, projectId);
      return reread(projectId, typeId);
    },

    async create(ctx: StaffContext, projectId: number, body: TAppointmentTypeBody): Promise<TAppointmentType> {
      await staffAccess.project(ctx, projectId);
      await assertAudience(projectId, body);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(appointmentPlannings).values({ projectId, ...columnsOf(body) }).returning();
        const slots = await applyRules(tx, row!.id, projectId, body);
        await audit.record(ctx, { action: 'appointment-type-create', entity: 'appointment-type', entityId: row!.id, projectId, after: { ...auditView(row!, body.address_ids.length), slots } }, tx);
        return row!.id;
      });
      return reread(projectId, id);
    },

    async update(ctx: StaffContext, projectId: number, typeId: number, body: TAppointmentTypeBody): Promise<TAppointmentType> {
      await staffAccess.project(ctx, projectId);
      await typeOf(db, projectId, typeId);
      await assertAudience(projectId, body);
      await db.transaction(async (tx) => {
        const before = await typeOf(tx, projectId, typeId, true);
        const [row] = await tx.update(appointmentPlannings).set(columnsOf(body)).where(eq(appointmentPlannings.id, typeId)).returning();
        const slots = await applyRules(tx, typeId, projectId, body);
        await audit.record(ctx, {
          action: 'appointment-type-update', entity: 'appointment-type', entityId: typeId, projectId,
          before: auditView(before), after: { ...auditView(row!, body.address_ids.length), slots },
        }, tx);
      });
      return reread(projectId, typeId);
    },

    /** Removes a type without bookings (with bookings: 409, move or cancel them first). */
    async remove(ctx: StaffContext, projectId: number, typeId: number): Promise<void> {
      await staffAccess.project(ctx, projectId);
      await db.transaction(async (tx) => {
        const row = await typeOf(tx, projectId, typeId, true);
        if (row.bookedCount > 0) throw new ConflictError(appointmentTypeMessages.hasBookings(row.bookedCount));
        await tx.delete(appointmentPlannings).where(eq(appointmentPlannings.id, typeId));
        await audit.record(ctx, { action: 'appointment-type-delete', entity: 'appointment-type', entityId: typeId, projectId, before: auditView(row) }, tx);
      });
    },

    /** The stored slots of `days` days from `from` (default today, Amsterdam). */
    async slots(ctx: StaffContext, projectId: number, typeId: number, query: { from?: string; days: number }): Promise<TAppointmentTypeSlot[]> {
      await staffAccess.project(ctx, projectId);
      await typeOf(db, projectId, typeId);
      const from = query.from ?? amsterdamIsoDate(now());
      const rows = await listSlots(db, typeId, amsterdamMoment(from, 0), amsterdamMoment(addDays(from, query.days), 0));
      return rows.map(toSlot);
    },

    /** The slots unsaved rules would make in the next `days` days; nothing is stored. */
    async preview(ctx: StaffContext, projectId: number, body: TAppointmentTypePreviewBody, days = 28): Promise<TAppointmentTypeSlot[]> {
      await staffAccess.project(ctx, projectId);
      const a = body.availability;
      const planned = slotsFromRules({
        durationMinutes: body.duration_minutes, bufferMinutes: a.buffer_minutes, slotCapacity: a.slot_capacity, horizonDays: Math.min(a.horizon_days, days),
        weeklyHours: a.weekly, dateOverrides: storedOverrides(a.overrides, a.days_off),
      }, now());
      return planned.map((s) => toSlot({ id: null, startsAt: s.startsAt, capacity: s.capacity, taken: 0 }));
    },
  };
}
export type AppointmentTypesService = ReturnType<typeof createAppointmentTypesService>;

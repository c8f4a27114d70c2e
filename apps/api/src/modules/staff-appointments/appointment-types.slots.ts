import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { addDays, amsterdamIsoDate, amsterdamMoment, isoWeekday } from '../../lib/dates.ts';
import type { Queryable } from '../../lib/queryable.ts';
import { appointmentPlannings, appointments, appointmentSlots, type DateOverride, type TimeRange, type WeeklyHours } from '../appointment/appointment.table.ts';

/** The rules a type's slots are made from (the columns of appointment_plannings). */
export type SlotRules = {
  durationMinutes: number;
  bufferMinutes: number;
  slotCapacity: number;
  horizonDays: number;
  weeklyHours: WeeklyHours[];
  dateOverrides: DateOverride[];
};

export type PlannedSlot = { startsAt: Date; daypartId: number; capacity: number };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** 1 ochtend (before 12:00), 2 middag (before 18:00), 3 avond. */
const daypartOf = (minutes: number) => (minutes < 12 * 60 ? 1 : minutes < 18 * 60 ? 2 : 3);

/**
 * The slots the rules make from today up to and including `horizonDays` days ahead (Amsterdam dates),
 * after `now`: per date its override's hours, or none on a day off (an override without hours), or the
 * weekday's hours; per range a slot every duration + buffer minutes while one still fits before the end.
 */
export function slotsFromRules(rules: SlotRules, now: Date): PlannedSlot[] {
  const overrides = new Map<string, TimeRange[]>(rules.dateOverrides.map((o) => [o.date, o.ranges]));
  const weekly = new Map<number, TimeRange[]>(rules.weeklyHours.map((d) => [d.weekday, d.ranges]));
  const today = amsterdamIsoDate(now);
  const step = rules.durationMinutes + rules.bufferMinutes;
  const slots: PlannedSlot[] = [];
  for (let day = 0; day <= rules.horizonDays; day++) {
    const date = addDays(today, day);
    const ranges = overrides.get(date) ?? weekly.get(isoWeekday(date)) ?? [];
    for (const range of ranges) {
      const end = minutesOf(range.end);
      for (let start = minutesOf(range.start); start + rules.durationMinutes <= end; start += step) {
        const startsAt = amsterdamMoment(date, start);
        if (startsAt > now) slots.push({ startsAt, daypartId: daypartOf(start), capacity: rules.slotCapacity });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Days off are stored as overrides without hours. */
export function storedOverrides(overrides: DateOverride[], daysOff: string[]): DateOverride[] {
  return [...overrides, ...daysOff.map((date) => ({ date, ranges: [] }))].sort((a, b) => a.date.localeCompare(b.date));
}

const INSERT_CHUNK = 1000;

/**
 * Makes a rule-made type's future slots what its rules say, in the caller's transaction (the planning row
 * is locked, so two saves or a save and the nightly job take turns). A slot with a booking (a place taken,
 * or an appointment pointing at it) is never touched: not moved, not resized, not removed. A free slot the
 * rules no longer make is removed; one they still make gets the rules' capacity; missing ones are added.
 * Removing checks `taken = 0` in the DELETE itself, so a booking that commits first keeps its slot.
 */
export async function regenerateSlots(tx: Queryable, planningId: number, now = new Date()): Promise<{ added: number; removed: number }> {
  const [planning] = await tx.select().from(appointmentPlannings).where(eq(appointmentPlannings.id, planningId)).for('update');
  if (!planning || !planning.slotsFromRules) return { added: 0, removed: 0 };
  const wanted = new Map(slotsFromRules(planning, now).map((s) => [s.startsAt.getTime(), s]));

  const existing = await tx
    .select({
      id: appointmentSlots.id, startsAt: appointmentSlots.startsAt, capacity: appointmentSlots.capacity, taken: appointmentSlots.taken,
      booked: sql<boolean>`EXISTS (SELECT 1 FROM ${appointments} a WHERE a.slot_id = "appointment_slots"."id")`,
    })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.planningId, planningId), gt(appointmentSlots.startsAt, now)))
    .orderBy(asc(appointmentSlots.startsAt));

  const remove: number[] = [];
  const resize: number[] = [];
  for (const slot of existing) {
    const key = slot.startsAt.getTime();
    const inUse = slot.taken > 0 || slot.booked;
    if (wanted.has(key)) {
      if (!inUse && slot.capacity !== planning.slotCapacity) resize.push(slot.id);
      wanted.delete(key);
    } else if (!inUse) remove.push(slot.id);
  }
  let removed = 0;
  if (remove.length) {
    const gone = await tx.delete(appointmentSlots)
      .where(and(inArray(appointmentSlots.id, remove), eq(appointmentSlots.taken, 0), sql`NOT EXISTS (SELECT 1 FROM ${appointments} a WHERE a.slot_id = "appointment_slots"."id")`))
      .returning({ id: appointmentSlots.id });
    removed = gone.length;
  }
  if (resize.length) {
    await tx.update(appointmentSlots).set({ capacity: planning.slotCapacity }).where(and(inArray(appointmentSlots.id, resize), eq(appointmentSlots.taken, 0)));
  }
  const rows = [...wanted.values()].map((s) => ({ planningId, startsAt: s.startsAt, daypartId: s.daypartId, capacity: s.capacity }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(appointmentSlots).values(rows.slice(i, i + INSERT_CHUNK));
  return { added: rows.length, removed };
}

/**
 * The nightly job ('appointment-slots'): every rule-made type's horizon moves a day further, so the new
 * last day's slots are made (and the rules applied again, bookings untouched). One transaction per type.
 */
export async function regenerateAllSlots(db: Queryable, now = new Date()): Promise<number> {
  const plannings = await db.select({ id: appointmentPlannings.id }).from(appointmentPlannings).where(eq(appointmentPlannings.slotsFromRules, true));
  let added = 0;
  for (const { id } of plannings) added += (await db.transaction((tx) => regenerateSlots(tx, id, now))).added;
  return added;
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addresses } from '../modules/address/address.table.ts';
import { appointmentPlannings, appointments, appointmentSlots } from '../modules/appointment/appointment.table.ts';
import { projects } from '../modules/project/project.table.ts';

const TIME_ZONE = 'Europe/Amsterdam';

/** Today's date in Amsterdam plus `days` working days (Monday to Friday), as Y-M-D numbers. */
function workingDay(days: number): { y: number; m: number; d: number } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date()).map((p) => [p.type, p.value]));
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** `hh:mm` Amsterdam time on the `days`-th working day from today. */
function at(days: number, time: string): Date {
  const { y, m, d } = workingDay(days);
  const [hh, mm] = time.split(':').map(Number);
  // Amsterdam is UTC+1 or UTC+2: take the offset that gives back the asked local hour.
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, hh! - offset, mm!));
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(candidate);
    if (Number(local) === hh) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d, hh! - 1, mm!));
}

const daypartOf = (time: string) => (Number(time.slice(0, 2)) < 12 ? 1 : Number(time.slice(0, 2)) < 18 ? 2 : 3);

/**
 * Appointments in the Bloemenbuurt for 1234AB 10 and 12, with dates relative to the day the demo is
 * made (working days only). Places 'taken' beyond the demo's own bookings belong to neighbours.
 *
 * - Opname woning (residents plan, confirm and cancel): 10 planned (to confirm), 12 planned and
 *   confirmed; one date fully booked (working day 5), one full slot (day 6, 09:00), and one slot
 *   with capacity 1 and its one place free (day 7, 15:30).
 * - Plaatsen warmtepomp (residents plan and cancel, no confirmation): 10 cancelled (can plan again),
 *   12 not yet planned.
 * - Oplevering en eindcontrole (set by the project team; residents only confirm): 10 planned.
 * - Plaatsen zonnepanelen (residents plan): every slot is full, so 10 sees 'Geen beschikbare data/tijden meer'.
 */
export async function seedAppointmentsDemo(db: Db): Promise<void> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.name, 'Renovatie Bloemenbuurt')).limit(1);
  const homes = await db.select({ id: addresses.id, houseNumber: addresses.houseNumber }).from(addresses)
    .where(and(eq(addresses.zipcode, '1234AB'), inArray(addresses.houseNumber, ['10', '12'])));
  const a10 = homes.find((h) => h.houseNumber === '10')?.id;
  const a12 = homes.find((h) => h.houseNumber === '12')?.id;
  if (!project || !a10 || !a12) return;

  await db.transaction(async (tx) => {
    const [opname, warmtepomp, oplevering, zonnepanelen] = await tx.insert(appointmentPlannings).values([
      { projectId: project.id, subject: 'Opname woning', occupantsCanPlan: true, occupantsCanConfirm: true, occupantsCanCancel: true },
      { projectId: project.id, subject: 'Plaatsen warmtepomp', occupantsCanPlan: true, occupantsCanConfirm: false, occupantsCanCancel: true },
      { projectId: project.id, subject: 'Oplevering en eindcontrole', occupantsCanPlan: false, occupantsCanConfirm: true, occupantsCanCancel: false },
      { projectId: project.id, subject: 'Plaatsen zonnepanelen', occupantsCanPlan: true, occupantsCanConfirm: false, occupantsCanCancel: true },
    ]).returning({ id: appointmentPlannings.id });

    type Slot = { key?: string; planningId: number; days: number; time: string; capacity: number; taken: number };
    const slots: Slot[] = [];
    for (let day = 3; day <= 16; day++) {
      for (const time of ['09:00', '13:00']) {
        const fullDay = day === 5;
        const fullSlot = day === 6 && time === '09:00';
        slots.push({ planningId: opname!.id, days: day, time, capacity: 2, taken: fullDay || fullSlot ? 2 : day % 3 === 0 ? 1 : 0 });
      }
    }
    // Day 4 holds the bookings of 10 (09:00) and 12 (13:00): one neighbour each besides them.
    for (const s of slots) if (s.days === 4) { s.taken = 2; s.key = s.time === '09:00' ? 'a10' : 'a12'; }
    slots.push({ planningId: opname!.id, days: 7, time: '15:30', capacity: 1, taken: 0, key: 'last-place' });
    for (let day = 8; day <= 20; day += 2) slots.push({ planningId: warmtepomp!.id, days: day, time: '08:00', capacity: 3, taken: day % 4 === 0 ? 1 : 0 });
    slots.push({ planningId: oplevering!.id, days: 25, time: '10:00', capacity: 4, taken: 2, key: 'oplevering' });
    for (const day of [10, 11, 12]) slots.push({ planningId: zonnepanelen!.id, days: day, time: '09:00', capacity: 2, taken: 2 });

    const rows = await tx.insert(appointmentSlots).values(slots.map((s) => ({
      planningId: s.planningId, startsAt: at(s.days, s.time), daypartId: daypartOf(s.time), capacity: s.capacity, taken: s.taken,
    }))).returning({ id: appointmentSlots.id });
    const slotId = (key: string) => rows[slots.findIndex((s) => s.key === key)]!.id;

    await tx.insert(appointments).values([
      { planningId: opname!.id, addressId: a10, slotId: slotId('a10') },
      { planningId: opname!.id, addressId: a12, slotId: slotId('a12'), confirmedAt: new Date(), version: 2 },
      { planningId: warmtepomp!.id, addressId: a10, isCancelled: true, version: 3 },
      { planningId: warmtepomp!.id, addressId: a12 },
      { planningId: oplevering!.id, addressId: a10, slotId: slotId('oplevering') },
      { planningId: zonnepanelen!.id, addressId: a10 },
    ]);
  });
}

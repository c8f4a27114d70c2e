import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, appointmentTypeMessages, newAppointmentTypeBody, type TAppointmentDetail, type TAppointmentType, type TAppointmentTypeBody,
  type TAppointmentTypeListItem, type TAppointmentTypeSlot,
} from '@portal/contract';
import { bearer, consoleToken, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { regenerateSlots, slotsFromRules } from './appointment-types.slots.ts';

let t: TestApp;
let admin: string;
let editor: string;
let viewer: string;
let jan: string; // 1234AB 10, Blok A
let fatima: string; // 1234AB 12, Blok B
let project: number;

const base = (projectId = project) => `/api/staff/projects/${projectId}/appointment-types`;
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(body === undefined ? {} : { payload: body as object }) });

/** Every day of the week from 00:00 to 24:00: slots every hour, whatever the time the test runs. */
const allDay = (overrides: Partial<TAppointmentTypeBody['availability']> = {}): TAppointmentTypeBody['availability'] => ({
  ...newAppointmentTypeBody().availability,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '00:00', end: '24:00' }] })),
  horizon_days: 7, booking_notice_hours: 0, reschedule_notice_hours: 0, cancel_notice_hours: 0, slot_capacity: 2,
  ...overrides,
});
const typeBody = (subject: string, extra: Partial<TAppointmentTypeBody> = {}): TAppointmentTypeBody => ({
  ...newAppointmentTypeBody(), subject, availability: allDay(), ...extra,
});
async function createType(body: TAppointmentTypeBody, token = admin): Promise<TAppointmentType> {
  const res = await send('POST', base(), body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TAppointmentType>();
}
async function residentList(token: string): Promise<TAppointmentDetail[]> {
  const res = await get(`/api/occupant/appointments?project_id=${project}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAppointmentDetail[]>();
}
const book = (token: string, a: TAppointmentDetail, slotId: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST', url: `/api/occupant/appointment/v2/change/${a.id}?project_id=${project}`, headers: bearer(token),
    payload: { cluster_schedule_id: slotId, version: a.version, send_confirmation_email: false, send_confirmation_sms: false, ...extra },
  });
async function slotsOf(typeId: number) {
  return t.query<{ id: number; starts_at: Date; capacity: number; taken: number }>('SELECT id, starts_at, capacity, taken FROM appointment_slots WHERE planning_id = $1 ORDER BY starts_at', [typeId]);
}

async function staffUser(role: string, name: string): Promise<string> {
  const [user] = await t.query<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}@afspraken.nl`, name]);
  await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user!.id, t.ids.customers.woonstad, role]);
  await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, project]);
  return consoleToken(t, user!.id);
}

beforeAll(async () => {
  t = await createTestApp({ mail: true, worker: false });
  project = t.ids.projects.bloemenbuurt;
  await t.query("UPDATE address_projects SET building_unit = 'Blok A' WHERE address_id = $1 AND project_id = $2", [t.ids.addresses.a10, project]);
  await t.query("UPDATE address_projects SET building_unit = 'Blok B' WHERE address_id = $1 AND project_id = $2", [t.ids.addresses.a12, project]);
  admin = await consoleToken(t, t.ids.users.admin);
  editor = await staffUser('project-editor', 'Redacteur Afspraken');
  viewer = await staffUser('woco-viewer', 'Kijker Afspraken');
  [jan, fatima] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12')]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('appointment types in the console', () => {
  let schouw: TAppointmentType;

  it('creates a type as an editor: its slots are made from the weekly hours, capacity per slot, audited', async () => {
    schouw = await createType(typeBody('Schouw', {
      duration_minutes: 45,
      availability: allDay({ weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '12:00' }] })), buffer_minutes: 15, slot_capacity: 3 }),
    }), editor);
    expect(schouw).toMatchObject({ subject: 'Schouw', duration_minutes: 45, slots_from_rules: true, booked_count: 0, who_may_book: 'all' });
    const slots = await slotsOf(schouw.id);
    // 09:00, 10:00, 11:00 (45 minutes + 15 buffer) on each of the 8 days, those already past today left out.
    expect(slots.length).toBeGreaterThanOrEqual(21);
    expect(slots.length).toBeLessThanOrEqual(24);
    expect(new Set(slots.map((s) => s.capacity))).toEqual(new Set([3]));
    const times = new Set(slots.map((s) => new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' }).format(s.starts_at)));
    expect(times).toEqual(new Set(['09:00', '10:00', '11:00']));
    const [audit] = await t.query<{ action: string; actor: string }>("SELECT action, actor FROM audit_log WHERE action = 'appointment-type-create' AND entity_id = $1", [String(schouw.id)]);
    expect(audit).toMatchObject({ actor: 'Redacteur Afspraken' });

    const staffSlots = await get(`${base()}/${schouw.id}/slots?days=14`, viewer);
    expect(staffSlots.statusCode).toBe(200);
    expect(staffSlots.json<TAppointmentTypeSlot[]>()).toHaveLength(slots.length);
    expect(staffSlots.json<TAppointmentTypeSlot[]>()[0]).toMatchObject({ time: expect.stringMatching(/^(09|10|11):00$/), capacity: 3, taken: 0 });
  });

  it('lists, reads, filters and exports for appointments.read; changes need appointments.manage', async () => {
    const list = await get(base(), viewer);
    expect(list.statusCode).toBe(200);
    expect(list.json<TAppointmentTypeListItem[]>().map((r) => r.subject)).toContain('Schouw');
    expect((await get(`${base()}?q=chou`)).json<TAppointmentTypeListItem[]>().map((r) => r.subject)).toEqual(['Schouw']);
    expect((await get(`${base()}/${schouw.id}`, viewer)).json<TAppointmentType>().availability.buffer_minutes).toBe(15);

    expect((await send('POST', base(), typeBody('Niet toegestaan'), viewer)).statusCode).toBe(403);
    expect((await send('PUT', `${base()}/${schouw.id}`, typeBody('Schouw'), viewer)).statusCode).toBe(403);
    expect((await send('DELETE', `${base()}/${schouw.id}`, undefined, viewer)).statusCode).toBe(403);

    const xlsx = await get(`${base()}/export?format=xlsx&q=Schouw`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Afspraaksoort');
    expect(sheet.getRow(2).getCell(1).value).toBe('Schouw');
    const csv = await get(`${base()}/export?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Schouw');
  });

  it('answers 404 for another customer\'s project and for a type of another project', async () => {
    const foreign = t.ids.projects.havenkwartier;
    expect((await get(base(foreign))).statusCode).toBe(404);
    expect((await send('POST', base(foreign), typeBody('Vreemd'))).statusCode).toBe(404);
    const other = await get(`${base(t.ids.projects.rivierenwijk)}/${schouw.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: accessMessages.notReached });
    expect((await send('PUT', `${base(t.ids.projects.rivierenwijk)}/${schouw.id}`, typeBody('Kaping'))).statusCode).toBe(404);
    expect((await send('DELETE', `${base(t.ids.projects.rivierenwijk)}/${schouw.id}`)).statusCode).toBe(404);
    expect((await get(`${base()}/999999`)).statusCode).toBe(404);
  });

  it('refuses bad rules with Dutch messages naming the field', async () => {
    const refused = async (body: TAppointmentTypeBody) => {
      const res = await send('POST', base(), body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json<{ message: string; errors: Array<{ field: string; message: string }> }>().errors;
    };
    const ranges = (...r: Array<[string, string]>) => [{ weekday: 1, ranges: r.map(([start, end]) => ({ start, end })) }];
    expect(await refused(typeBody('Overlap', { availability: allDay({ weekly: ranges(['09:00', '12:00'], ['11:00', '13:00']) }) }))).toEqual([
      { field: 'availability.weekly.0.ranges', message: 'Maandag: de tijden 09:00-12:00 en 11:00-13:00 overlappen.' },
    ]);
    expect(await refused(typeBody('Omgekeerd', { availability: allDay({ weekly: ranges(['12:00', '09:00']) }) }))).toEqual([
      { field: 'availability.weekly.0.ranges.0.end', message: 'Maandag: de eindtijd 09:00 ligt niet na de begintijd 12:00.' },
    ]);
    expect(await refused(typeBody('Kort', { duration_minutes: 90, availability: allDay({ weekly: ranges(['09:00', '10:00']) }) }))).toEqual([
      { field: 'availability.weekly.0.ranges.0', message: 'Maandag: 09:00-10:00 is korter dan de duur van de afspraak (90 minuten).' },
    ]);
    expect(await refused(typeBody('Leeg', { availability: allDay({ slot_capacity: 0 }) }))).toEqual([
      { field: 'availability.slot_capacity', message: appointmentTypeMessages.capacity },
    ]);
    expect((await refused(typeBody('Tijd', { availability: allDay({ weekly: ranges(['9 uur', '12:00']) }) })))[0]!.message).toBe(appointmentTypeMessages.timeFormat);
    expect(await refused(typeBody('Dubbel', { availability: allDay({ overrides: [{ date: '2030-01-07', ranges: [{ start: '10:00', end: '12:00' }] }], days_off: ['2030-01-07'] }) }))).toEqual([
      { field: 'availability.days_off.0', message: '07-01-2030 staat twee keer bij de afwijkende dagen of vrije dagen.' },
    ]);
    expect(await refused(typeBody('', {}))).toEqual([{ field: 'subject', message: appointmentTypeMessages.subjectRequired }]);
    expect(await refused(typeBody('Blok', { who_may_book: 'units', building_units: [] }))).toEqual([{ field: 'building_units', message: appointmentTypeMessages.unitsRequired }]);
    expect(await refused(typeBody('Blok', { who_may_book: 'units', building_units: ['Blok Z'] }))).toEqual([{ field: 'building_units.0', message: "Bouwdeel 'Blok Z' bestaat niet in dit project." }]);
    expect(await refused(typeBody('Adres', { who_may_book: 'addresses', address_ids: [t.ids.addresses.a10, 999999] }))).toEqual([{ field: 'address_ids', message: appointmentTypeMessages.unknownAddresses }]);
    expect((await send('POST', `${base()}/preview`, { duration_minutes: 60, availability: allDay({ weekly: ranges(['12:00', '09:00']) }) })).statusCode).toBe(422);
  });

  it('previews unsaved rules without storing, honouring overrides and days off', async () => {
    const today = new Date();
    const iso = (days: number) => new Date(today.getTime() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    const res = await send('POST', `${base()}/preview`, {
      duration_minutes: 60,
      availability: allDay({
        weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '11:00' }] })),
        overrides: [{ date: iso(2), ranges: [{ start: '14:00', end: '15:00' }] }], days_off: [iso(3)],
      }),
    }, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const slots = res.json<TAppointmentTypeSlot[]>();
    const dutchOf = (isoDate: string) => isoDate.split('-').reverse().join('-');
    expect(slots.filter((s) => s.date === dutchOf(iso(2))).map((s) => s.time)).toEqual(['14:00']);
    expect(slots.filter((s) => s.date === dutchOf(iso(3)))).toEqual([]);
    expect(slots.filter((s) => s.date === dutchOf(iso(4))).map((s) => s.time)).toEqual(['09:00', '10:00']);
    expect(slots.every((s) => s.id === null && s.taken === 0)).toBe(true);
  });

  it('regenerates on save without touching slots that have bookings', async () => {
    const type = await createType(typeBody('Keuzegesprek', { availability: allDay({ slot_capacity: 1 }) }));
    const open = (await residentList(jan)).find((a) => a.subject === 'Keuzegesprek')!;
    const chosen = open.available_slots[3]!;
    expect((await book(jan, open, chosen.id)).statusCode).toBe(200);
    const bookedBefore = (await slotsOf(type.id)).find((s) => s.id === chosen.id)!;

    // Other hours (a morning only) and another capacity: the booked slot stays as it was, free ones follow the rules.
    const res = await send('PUT', `${base()}/${type.id}`, typeBody('Keuzegesprek', {
      availability: allDay({ slot_capacity: 4, weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '09:00' }] })) }),
    }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAppointmentType>().booked_count).toBe(1);
    const after = await slotsOf(type.id);
    expect(after.find((s) => s.id === chosen.id)).toEqual(bookedBefore);
    const free = after.filter((s) => s.id !== chosen.id);
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((s) => s.capacity === 4 && s.taken === 0)).toBe(true);

    // Removing a type with bookings is refused; the audit keeps before and after of the update.
    const removed = await send('DELETE', `${base()}/${type.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ message: appointmentTypeMessages.hasBookings(1) });
    const [audit] = await t.query<{ before: { slot_capacity: number }; after: { slot_capacity: number } }>(
      "SELECT before, after FROM audit_log WHERE action = 'appointment-type-update' AND entity_id = $1", [String(type.id)]);
    expect([audit!.before.slot_capacity, audit!.after.slot_capacity]).toEqual([1, 4]);

    // Regenerating again (the nightly job) changes nothing more.
    const again = await t.db.transaction((tx) => regenerateSlots(tx, type.id));
    expect(again).toEqual({ added: 0, removed: 0 });
  });

  it('removes a type without bookings', async () => {
    const type = await createType(typeBody('Weg ermee'));
    expect((await send('DELETE', `${base()}/${type.id}`, undefined, editor)).statusCode).toBe(204);
    expect((await get(`${base()}/${type.id}`)).statusCode).toBe(404);
    expect(await slotsOf(type.id)).toEqual([]);
  });
});

describe('the resident side of a type\'s rules', () => {
  it('who may book: a building unit sees and books the type, another unit does not, and cannot book it', async () => {
    const type = await createType(typeBody('Oplevering blok A', { who_may_book: 'units', building_units: ['Blok A'] }));
    const mine = (await residentList(jan)).find((a) => a.subject === 'Oplevering blok A');
    expect(mine).toMatchObject({ can_be_made: true });
    expect((await residentList(fatima)).find((a) => a.subject === 'Oplevering blok A')).toBeUndefined();

    // Even with an appointment row of its own, an address outside the units is refused.
    const [row] = await t.query<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [type.id, t.ids.addresses.a12]);
    const slot = mine!.available_slots[0]!;
    const res = await book(fatima, { ...mine!, id: row!.id, version: 1 }, slot.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: appointmentTypeMessages.notForAddress });
    expect((await slotsOf(type.id)).find((s) => s.id === slot.id)!.taken).toBe(0);

    // A list of addresses: only Fatima's.
    await createType(typeBody('Alleen nummer 12', { who_may_book: 'addresses', address_ids: [t.ids.addresses.a12] }));
    expect((await residentList(fatima)).find((a) => a.subject === 'Alleen nummer 12')).toMatchObject({ can_be_made: true });
    expect((await residentList(jan)).find((a) => a.subject === 'Alleen nummer 12')).toBeUndefined();
  });

  it('minimum notice: slots inside the booking notice are not offered and refused; moving and cancelling close by their own notice', async () => {
    const type = await createType(typeBody('Schouw met termijn', {
      availability: allDay({ horizon_days: 10, booking_notice_hours: 48, reschedule_notice_hours: 72, cancel_notice_hours: 96 }),
    }));
    const mine = (await residentList(jan)).find((a) => a.subject === 'Schouw met termijn')!;
    const soonest = new Date(Date.now() + 48 * 3_600_000);
    const offered = await t.query<{ id: number; starts_at: Date }>('SELECT id, starts_at FROM appointment_slots WHERE id = ANY($1::int[])', [mine.available_slots.map((s) => s.id)]);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((s) => s.starts_at > soonest)).toBe(true);

    const tooSoon = (await slotsOf(type.id)).find((s) => s.starts_at.getTime() > Date.now() + 3_600_000 && s.starts_at < soonest)!;
    const refused = await book(jan, mine, tooSoon.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: appointmentTypeMessages.tooSoon(48) });

    // Booked 80 hours ahead: moving (72 h) is still allowed, cancelling (96 h) no longer.
    const at80 = (await slotsOf(type.id)).find((s) => s.starts_at.getTime() > Date.now() + 80 * 3_600_000)!;
    const booked = await book(jan, mine, at80.id);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<{ appointment: TAppointmentDetail }>().appointment).toMatchObject({ can_be_rescheduled: true, can_be_cancelled: false });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/occupant/appointment/cancel/${at80.id}?project_id=${project}`, headers: bearer(jan), payload: {} });
    expect(cancel.statusCode).toBe(409);

    // A longer notice for moving than the time left: moving closes too.
    await t.query("UPDATE appointment_plannings SET change_deadline_hours = 100 WHERE id = $1", [type.id]);
    const now = (await residentList(jan)).find((a) => a.subject === 'Schouw met termijn')!;
    expect(now).toMatchObject({ can_be_rescheduled: false, can_be_cancelled: false });
    const move = await book(jan, now, now.available_slots.at(-1)!.id);
    expect(move.statusCode).toBe(409);
  });

  it('confirms by e-mail when the type says so, and tells the household of a cancellation; not by a channel the type leaves off', async () => {
    await createType(typeBody('Bevestigd gesprek', { confirm_by_email: true, confirm_by_sms: false }));
    const mine = (await residentList(jan)).find((a) => a.subject === 'Bevestigd gesprek')!;
    const chosen = mine.available_slots[0]!;
    const res = await book(jan, mine, chosen.id, { send_confirmation_email: true, email_address: 'jan.devries@example.nl', send_confirmation_sms: true, mobile_number: '0698765432' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.mail!.waitForMail((m) => m.subject.includes('Bevestigd gesprek'));
    expect(mail.subject).toBe(`Bevestiging afspraak: Bevestigd gesprek op ${chosen.date} om ${chosen.time} uur`);
    expect(mail.to).toContain('jan.devries@example.nl');
    // SMS is off for this type: nothing to the number given.
    expect(await t.query('SELECT 1 FROM sms_outbox WHERE "to" = $1', ['0698765432'])).toEqual([]);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/occupant/appointment/cancel/${chosen.id}?project_id=${project}`, headers: bearer(jan), payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await t.mail!.waitForMail((m) => m.subject.startsWith('Afspraak geannuleerd: Bevestigd gesprek'));
    expect(cancelled.text).toContain(`(${chosen.date}) om ${chosen.time} uur is geannuleerd`);

    await createType(typeBody('Stil gesprek', { confirm_by_email: false, confirm_by_sms: false }));
    const quiet = (await residentList(jan)).find((a) => a.subject === 'Stil gesprek')!;
    expect((await book(jan, quiet, quiet.available_slots[0]!.id, { send_confirmation_email: true, email_address: 'stil@example.nl' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail!.messages.filter((m) => m.to.includes('stil@example.nl'))).toEqual([]);
  });

  it('keeps slot capacity exact when many residents book the same generated slot at once, while an editor saves the rules', async () => {
    const type = await createType(typeBody('Drukke schouw', { availability: allDay({ slot_capacity: 3 }) }));
    const listening = await t.listen();
    const tokens: Array<{ token: string; id: number }> = [];
    for (let i = 0; i < 8; i++) {
      const [address] = await t.query<{ id: number }>(
        "INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at) VALUES ($1, '1234AB', $2, 'Tulpstraat', 'Utrecht', now()) RETURNING id",
        [t.ids.customers.woonstad, String(200 + i)],
      );
      await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, project]);
      await t.query("INSERT INTO occupants (address_id, first_name, last_name, password_hash) SELECT $1, 'Buur', $2, password_hash FROM occupants WHERE id = $3", [address!.id, String(i), t.ids.occupants.jan]);
      const token = await occupantToken(t.app, String(200 + i));
      // The address came after the type was saved: its appointment is made when the resident opens the list.
      const found = (await residentList(token)).find((a) => a.subject === 'Drukke schouw')!;
      tokens.push({ token, id: found.id });
    }
    const target = (await slotsOf(type.id))[5]!;
    const saving = fetch(`${listening}${base()}/${type.id}`, {
      method: 'PUT', headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify(typeBody('Drukke schouw', { availability: allDay({ slot_capacity: 2 }) })),
    }).then((r) => r.status);
    const answers = await Promise.all(tokens.map(({ token, id }) =>
      fetch(`${listening}/api/occupant/appointment/v2/change/${id}?project_id=${project}`, {
        method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ cluster_schedule_id: target.id, version: 1 }),
      }).then((r) => r.status)));
    expect(await saving).toBe(200);
    const slot = (await slotsOf(type.id)).find((s) => s.id === target.id)!;
    const won = answers.filter((s) => s === 200).length;
    expect(answers.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    // Capacity 3 (or 2 when the save came first and the slot was still free); never more bookings than places.
    expect(won).toBeGreaterThanOrEqual(2);
    expect(won).toBeLessThanOrEqual(3);
    expect(slot.taken).toBe(won);
    expect(slot.taken).toBeLessThanOrEqual(slot.capacity);
    const [booked] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE slot_id = $1', [target.id]);
    expect(booked!.n).toBe(won);
  });
});

describe('slotsFromRules', () => {
  const rules = { durationMinutes: 30, bufferMinutes: 10, slotCapacity: 1, horizonDays: 14, weeklyHours: [{ weekday: 1, ranges: [{ start: '09:00', end: '10:30' }] }], dateOverrides: [] };
  it('makes a slot every duration + buffer while one fits, in Amsterdam time across the clock change', () => {
    // Friday 23 October 2026, before the clock goes back (25 October).
    const slots = slotsFromRules(rules, new Date('2026-10-23T08:00:00Z'));
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-10-26T08:00:00.000Z', '2026-10-26T08:40:00.000Z', // Monday after the change: UTC+1; 09:00, 09:40 (10:20 would end after 10:30)
      '2026-11-02T08:00:00.000Z', '2026-11-02T08:40:00.000Z',
    ]);
  });
  it('uses an override instead of the weekday, and skips a day off', () => {
    const slots = slotsFromRules({ ...rules, dateOverrides: [{ date: '2026-10-26', ranges: [] }, { date: '2026-10-27', ranges: [{ start: '13:00', end: '13:30' }] }] }, new Date('2026-10-23T08:00:00Z'));
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual(['2026-10-27T12:00:00.000Z', '2026-11-02T08:00:00.000Z', '2026-11-02T08:40:00.000Z']);
  });
});

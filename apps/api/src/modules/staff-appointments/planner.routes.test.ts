import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, HAS_MORE_HEADER, plannerMessages, type TPlannerChangeResult, type TPlannerDayResult, type TPlannerView, type TWaiter, type TWithoutRow,
} from '@portal/contract';
import { bearer, consoleToken, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';

let t: TestApp;
let admin: string;
let editor: string;
let viewer: string;
let otherAdmin: string;
let project: number;
let otherProject: number;
let addressIds: number[];
let jan: string;

const base = (projectId = project) => `/api/staff/projects/${projectId}/appointments`;
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: unknown, token = admin) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function staffUser(role: string, name: string): Promise<string> {
  const [user] = await t.query<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}@planner.nl`, name]);
  await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user!.id, t.ids.customers.woonstad, role]);
  await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, project]);
  return consoleToken(t, user!.id);
}

/** A day n days from today in Europe/Amsterdam, YYYY-MM-DD, and a moment on it. */
const dayIn = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date(Date.now() + n * 86_400_000));
const at = (day: string, time: string) => new Date(new Date(`${day}T${time}:00Z`).getTime() - amsterdamOffset(day));
function amsterdamOffset(day: string): number {
  const probe = new Date(`${day}T12:00:00Z`);
  const local = new Date(probe.toLocaleString('en-US', { timeZone: 'Europe/Amsterdam' }));
  const utc = new Date(probe.toLocaleString('en-US', { timeZone: 'UTC' }));
  return local.getTime() - utc.getTime();
}

async function newType(subject: string, projectId = project, deadlineHours = 0): Promise<number> {
  const [row] = await t.query<{ id: number }>(
    'INSERT INTO appointment_plannings (project_id, subject, change_deadline_hours) VALUES ($1, $2, $3) RETURNING id', [projectId, subject, deadlineHours]);
  return row!.id;
}
async function addSlot(planningId: number, startsAt: Date, capacity: number): Promise<number> {
  const [row] = await t.query<{ id: number }>('INSERT INTO appointment_slots (planning_id, starts_at, capacity) VALUES ($1, $2, $3) RETURNING id', [planningId, startsAt, capacity]);
  return row!.id;
}
const slotRow = async (id: number) => (await t.query<{ taken: number; capacity: number }>('SELECT taken, capacity FROM appointment_slots WHERE id = $1', [id]))[0]!;
const appointmentRow = async (id: number) =>
  (await t.query<{ slot_id: number | null; is_cancelled: boolean; address_id: number }>('SELECT slot_id, is_cancelled, address_id FROM appointments WHERE id = $1', [id]))[0]!;
const book = (typeId: number, addressId: number, slotId: number) =>
  post(`${base()}/bookings`, { type_id: typeId, address_id: addressId, slot_id: slotId });
async function booked(typeId: number, addressId: number, slotId: number): Promise<TPlannerChangeResult> {
  const res = await book(typeId, addressId, slotId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPlannerChangeResult>();
}
/** The mails written to the outbox since `since` (an outbox id). */
const mailsSince = (since: number) => t.query<{ to: string; subject: string; text: string }>('SELECT "to", subject, text FROM mail_outbox WHERE id > $1 ORDER BY id', [since]);
const lastMailId = async () => (await t.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM mail_outbox'))[0]!.id;
const occupantEmail = async (addressId: number) => (await t.query<{ email: string }>(
  "SELECT lower(email_address) AS email FROM occupants WHERE address_id = $1 AND coalesce(email_address, '') <> '' ORDER BY id LIMIT 1", [addressId]))[0]?.email;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  project = t.ids.projects.bloemenbuurt;
  otherProject = (await t.query<{ id: number }>('SELECT id FROM projects WHERE customer_id = $1 ORDER BY id LIMIT 1', [t.ids.customers.devries]))[0]!.id;
  admin = await consoleToken(t, t.ids.users.admin);
  editor = await staffUser('project-editor', 'Redacteur Planning');
  viewer = await staffUser('woco-viewer', 'Kijker Planning');
  const [other] = await t.query<{ id: number }>("INSERT INTO users (username, email, name) VALUES ('ander@devries.nl', 'ander@devries.nl', 'Ander') RETURNING id");
  await t.query("INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, 'customer-admin')", [other!.id, t.ids.customers.devries]);
  otherAdmin = await consoleToken(t, other!.id);
  // Addresses of the project that have an occupant with an e-mail address first (they receive the notices).
  addressIds = (await t.query<{ id: number }>(`SELECT ap.address_id AS id FROM address_projects ap WHERE ap.project_id = $1
    ORDER BY EXISTS (SELECT 1 FROM occupants o WHERE o.address_id = ap.address_id AND coalesce(o.email_address, '') <> '') DESC, ap.address_id`, [project])).map((r) => r.id);
  expect(addressIds.length).toBeGreaterThanOrEqual(6);
  jan = await occupantToken(t.app, '10');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the planner', () => {
  it('shows a week and a day with who booked what, filtered by type; the addresses without an appointment are paged and exported', async () => {
    const type = await newType('Schouw planner');
    const day = dayIn(3);
    const s1 = await addSlot(type, at(day, '09:00'), 2);
    await addSlot(type, at(day, '13:00'), 2);
    const result = await booked(type, addressIds[0]!, s1);
    expect(result).toMatchObject({ slot_id: s1, cancelled: false, notified: 1 });
    expect(await slotRow(s1)).toEqual({ taken: 1, capacity: 2 });

    const week = await get(`${base()}/planner?date=${day}&view=week&type=${type}`, editor);
    expect(week.statusCode, week.body).toBe(200);
    const view = week.json<TPlannerView>();
    expect(view.types.some((x) => x.id === type)).toBe(true);
    expect(view.slots.map((s) => s.time)).toEqual(['09:00', '13:00']);
    expect(view.slots[0]!.bookings).toEqual([expect.objectContaining({ appointment_id: result.appointment_id, address_id: addressIds[0], confirmed: false })]);
    expect(view.slots[0]!.bookings[0]!.address).toMatch(/\d{4} [A-Z]{2}/);
    expect(view.totals).toEqual({ booked: 1, confirmed: 0, places: 4 });
    const dayView = (await get(`${base()}/planner?date=${day}&view=day`, viewer)).json<TPlannerView>();
    expect(dayView).toMatchObject({ view: 'day', from: day, to: day });
    expect(dayView.slots.filter((s) => s.type_id === type)).toHaveLength(2);
    // Another day: nothing of the type.
    expect((await get(`${base()}/planner?date=${dayIn(30)}&view=day&type=${type}`)).json<TPlannerView>().slots).toEqual([]);

    const first = await get(`${base()}/without?type=${type}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[HAS_MORE_HEADER]).toBe('true');
    const rows = first.json<TWithoutRow[]>();
    expect(rows.map((r) => r.address_id)).not.toContain(addressIds[0]);
    const next = (await get(`${base()}/without?type=${type}&limit=100&before=${rows[1]!.address_id}`)).json<TWithoutRow[]>();
    expect(next.map((r) => r.address_id)).not.toContain(rows[0]!.address_id);
    expect(rows.length + next.length).toBe(addressIds.length - 1);
    const searched = (await get(`${base()}/without?type=${type}&q=${encodeURIComponent(rows[0]!.address.split(',')[0]!)}`)).json<TWithoutRow[]>();
    expect(searched.map((r) => r.address_id)).toContain(rows[0]!.address_id);

    const csv = await get(`${base()}/without/export?type=${type}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Adres;Bouwkundige eenheid;Bewoners');
    const xlsx = await t.app.inject({ method: 'GET', url: `${base()}/without/export?type=${type}&format=xlsx`, headers: bearer(admin) });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.rowCount).toBe(addressIds.length); // header + every address but the booked one
    const audited = await t.query<{ action: string }>("SELECT action FROM audit_log WHERE action IN ('planner-read', 'planner-without-export', 'appointment-book')");
    expect(new Set(audited.map((a) => a.action))).toEqual(new Set(['planner-read', 'planner-without-export', 'appointment-book']));
  });

  it('lists the first four bookings of a slot in the week and every one in the day; the totals count them all', async () => {
    const type = await newType('Schouw vol');
    const day = dayIn(5);
    const slot = await addSlot(type, at(day, '10:00'), 6);
    for (const addressId of addressIds.slice(0, 6)) await booked(type, addressId, slot);
    await t.query('UPDATE appointments SET confirmed_at = now() WHERE planning_id = $1 AND address_id = $2', [type, addressIds[5]]);

    const week = (await get(`${base()}/planner?date=${day}&view=week&type=${type}`)).json<TPlannerView>();
    expect(week.slots).toHaveLength(1);
    expect(week.slots[0]!.taken).toBe(6);
    expect(week.slots[0]!.bookings).toHaveLength(4);
    expect(week.totals).toEqual({ booked: 6, confirmed: 1, places: 6 });
    const dayView = (await get(`${base()}/planner?date=${day}&view=day&type=${type}`)).json<TPlannerView>();
    expect(dayView.slots[0]!.bookings.map((b) => b.address_id).sort()).toEqual([...addressIds.slice(0, 6)].sort());
    expect(dayView.totals).toEqual({ booked: 6, confirmed: 1, places: 6 });
    await runJobs(t); // the six booking notices go now, not into a later test's mail
  });

  it('keeps to permissions and to the project: read-only roles cannot change, another customer gets the guard\'s 404', async () => {
    const type = await newType('Keuzegesprek rechten');
    const slot = await addSlot(type, at(dayIn(4), '10:00'), 1);
    expect((await post(`${base()}/bookings`, { type_id: type, address_id: addressIds[0], slot_id: slot }, viewer)).statusCode).toBe(403);
    expect((await get(`${base()}/planner?type=${type}`, otherAdmin)).statusCode).toBe(404);
    // Another customer's project: the guard's 404; a type of another project named under this project: 404 as one that does not exist.
    expect((await get(`${base(otherProject)}/planner`)).json()).toMatchObject({ message: accessMessages.notReached });
    const foreign = await newType('Elders', otherProject);
    const res = await get(`${base()}/planner?type=${foreign}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: plannerMessages.typeNotFound });
    expect((await get(`${base()}/without?type=${foreign}`)).statusCode).toBe(404);
    expect((await post(`${base()}/day`, { type_id: foreign, date: dayIn(4), action: 'cancel' })).statusCode).toBe(404);
    // An address of another project: 404; a slot of another type: 422.
    const [stranger] = await t.query<{ id: number }>('SELECT address_id AS id FROM address_projects WHERE project_id = $1 AND address_id NOT IN (SELECT address_id FROM address_projects WHERE project_id = $2) LIMIT 1', [otherProject, project]);
    if (stranger) expect((await book(type, stranger.id, slot)).statusCode).toBe(404);
    const otherSlot = await addSlot(foreign, at(dayIn(4), '10:00'), 1);
    expect((await book(type, addressIds[0]!, otherSlot)).statusCode).toBe(422);
    // An appointment of another customer's project: 404 under this project.
    const [elsewhere] = await t.query<{ id: number }>('SELECT a.id FROM appointments a JOIN appointment_plannings p ON p.id = a.planning_id WHERE p.project_id <> $1 LIMIT 1', [project]);
    if (elsewhere) expect((await post(`${base()}/${elsewhere.id}/cancel`, {})).statusCode).toBe(404);
    // Bad input: Dutch messages.
    const bad = await get(`${base()}/planner?date=2026-02-31`);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(plannerMessages.badDate);
  });

  it('books, moves and cancels for an address with exact capacity; the resident is told; every action is audited', async () => {
    const type = await newType('Oplevering staf');
    const day = dayIn(5);
    const a = await addSlot(type, at(day, '09:00'), 1);
    const b = await addSlot(type, at(day, '11:00'), 1);
    const since = await lastMailId();
    const first = await booked(type, addressIds[1]!, a);
    expect((await book(type, addressIds[2]!, a)).statusCode).toBe(409);
    const moved = await booked(type, addressIds[1]!, b);
    expect(moved.appointment_id).toBe(first.appointment_id);
    expect([await slotRow(a), await slotRow(b)]).toEqual([{ taken: 0, capacity: 1 }, { taken: 1, capacity: 1 }]);
    const cancel = await post(`${base()}/${first.appointment_id}/cancel`, { reason: 'Monteur ziek' }, editor);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await slotRow(b)).toEqual({ taken: 0, capacity: 1 });
    expect((await post(`${base()}/${first.appointment_id}/cancel`, {})).statusCode).toBe(409);
    await runJobs(t);
    const email = await occupantEmail(addressIds[1]!);
    const mails = (await mailsSince(since)).filter((m) => m.to === email);
    // The booking's notice is stale by the time the job runs (moved, then cancelled): only the cancellation is sent.
    expect(mails.map((m) => m.subject)).toEqual(['Afspraak geannuleerd: Oplevering staf']);
    expect(mails[0]!.text).toContain('Monteur ziek');
    expect(mails[0]!.text).toContain('/afspraken');
    const audited = await t.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'appointment' AND entity_id = $1 ORDER BY id", [String(first.appointment_id)]);
    expect(audited.map((r) => r.action)).toEqual(['appointment-book', 'appointment-move', 'appointment-cancel']);
  });

  it('cancels a day for all at once: residents are told with the free slots, the day is closed', async () => {
    const type = await newType('Schouw dag');
    const [d1, d2] = [dayIn(6), dayIn(7)];
    const s1 = await addSlot(type, at(d1, '09:00'), 2);
    const s2 = await addSlot(type, at(d1, '13:00'), 2);
    const n1 = await addSlot(type, at(d2, '09:00'), 2);
    await addSlot(type, at(d2, '13:00'), 1);
    const ids = [await booked(type, addressIds[0]!, s1), await booked(type, addressIds[1]!, s1), await booked(type, addressIds[2]!, s2)].map((r) => r.appointment_id);
    // Moving needs 3 places on d2 where 3 are free; with one taken it refuses and changes nothing.
    await booked(type, addressIds[3]!, n1);
    const refused = await post(`${base()}/day`, { type_id: type, date: d1, action: 'move', to_date: d2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: plannerMessages.notEnoughPlaces(3, 2) });
    expect((await appointmentRow(ids[0]!)).slot_id).toBe(s1);
    expect((await post(`${base()}/day`, { type_id: type, date: d1, action: 'move' })).statusCode).toBe(422);

    await runJobs(t);
    const since = await lastMailId();
    const res = await post(`${base()}/day`, { type_id: type, date: d1, action: 'cancel', reason: 'storm' }, editor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TPlannerDayResult>()).toEqual({ action: 'cancel', count: 3, notified: 3, closed_slots: 2 });
    for (const id of ids) expect(await appointmentRow(id)).toMatchObject({ slot_id: null, is_cancelled: true });
    expect([await slotRow(s1), await slotRow(s2)]).toEqual([{ taken: 0, capacity: 0 }, { taken: 0, capacity: 0 }]);
    await runJobs(t);
    const email = await occupantEmail(addressIds[0]!);
    const mail = (await mailsSince(since)).find((m) => m.to === email);
    expect(mail?.subject).toBe('Afspraak gaat niet door: Schouw dag');
    expect(mail!.text).toContain('storm');
    expect(mail!.text).toMatch(/Vrije tijdstippen: .*13:00/);
    expect(mail!.text).toContain('/afspraken');
  });

  it('moves a day to another day\'s slots at the same time of day', async () => {
    const type = await newType('Schouw verzet');
    const [d1, d2] = [dayIn(8), dayIn(9)];
    const s1 = await addSlot(type, at(d1, '09:00'), 1);
    const s2 = await addSlot(type, at(d1, '13:00'), 1);
    const n1 = await addSlot(type, at(d2, '09:00'), 1);
    const n2 = await addSlot(type, at(d2, '13:00'), 1);
    const early = await booked(type, addressIds[0]!, s1);
    const late = await booked(type, addressIds[1]!, s2);
    const res = await post(`${base()}/day`, { type_id: type, date: d1, action: 'move', to_date: d2 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await appointmentRow(early.appointment_id)).slot_id).toBe(n1);
    expect((await appointmentRow(late.appointment_id)).slot_id).toBe(n2);
    expect([await slotRow(n1), await slotRow(n2), await slotRow(s1)]).toEqual([{ taken: 1, capacity: 1 }, { taken: 1, capacity: 1 }, { taken: 0, capacity: 0 }]);
  });
});

describe('the waiting list', () => {
  it('takes a resident only while everything is full, and fills freed places first come first served, also when freed at once', async () => {
    const type = await newType('Keuzegesprek wachtlijst');
    const day = dayIn(10);
    const slots = [await addSlot(type, at(day, '09:00'), 1), await addSlot(type, at(day, '10:00'), 1)];
    // Jan (1234AB 10) may not wait while places are free.
    const early = await t.app.inject({ method: 'POST', url: `/api/occupant/appointment-waitlist?project_id=${project}`, headers: bearer(jan), payload: { planning_id: type } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: plannerMessages.waitlistPlacesFree });
    const taken = [await booked(type, addressIds[4]!, slots[0]!), await booked(type, addressIds[5]!, slots[1]!)];
    const janJoins = await t.app.inject({ method: 'POST', url: `/api/occupant/appointment-waitlist?project_id=${project}`, headers: bearer(jan), payload: { planning_id: type, email_address: 'jan.wacht@example.nl' } });
    expect(janJoins.statusCode, janJoins.body).toBe(201);
    expect(janJoins.json<TWaiter>()).toMatchObject({ position: 1, joined_by: 'resident' });
    const [janAddress] = await t.query<{ id: number }>("SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '10'");
    const others = addressIds.filter((id) => id !== janAddress!.id && id !== addressIds[4] && id !== addressIds[5]).slice(0, 2);
    for (const id of others) {
      const res = await post(`${base()}/waitlist`, { type_id: type, address_id: id }, editor);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await post(`${base()}/waitlist`, { type_id: type, address_id: others[0] })).statusCode).toBe(409);
    const queue = (await get(`${base()}/waitlist?type=${type}`)).json<TWaiter[]>();
    expect(queue.map((w) => [w.address_id, w.position])).toEqual([[janAddress!.id, 1], [others[0], 2], [others[1], 3]]);

    // Both places freed at the same moment: the first two waiters get them, the third keeps waiting; no place is given twice.
    const results = await Promise.all(taken.map((r) => post(`${base()}/${r.appointment_id}/cancel`, { notify: false })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const bookedNow = await t.query<{ address_id: number; slot_id: number }>('SELECT address_id, slot_id FROM appointments WHERE planning_id = $1 AND NOT is_cancelled AND slot_id IS NOT NULL ORDER BY slot_id', [type]);
    expect(bookedNow.map((r) => r.address_id).sort()).toEqual([janAddress!.id, others[0]].sort());
    // Which of the two Jan gets depends on which cancellation commits first (the first freed place goes to the first
    // waiter); that each waiter gets the soonest place free at its turn is the fill's order, tested on its own below.
    for (const id of slots) expect(await slotRow(id)).toEqual({ taken: 1, capacity: 1 });
    const left = (await get(`${base()}/waitlist?type=${type}`)).json<TWaiter[]>();
    expect(left.map((w) => [w.address_id, w.position])).toEqual([[others[1], 1]]);
    // Filling again books nobody twice.
    expect(await t.services.waitlist.fill(type)).toBe(0);
    // Jan is told (the address he gave).
    await runJobs(t);
    const [mail] = await t.query<{ subject: string }>("SELECT subject FROM mail_outbox WHERE \"to\" = 'jan.wacht@example.nl'");
    expect(mail?.subject).toMatch(/^Er is een plaats vrijgekomen: Keuzegesprek wachtlijst op/);
    // Jan's own list shows nothing waiting now; the last waiter can be taken off by staff.
    expect((await get(`/api/occupant/appointment-waitlist?project_id=${project}`, jan)).json<TWaiter[]>()).toEqual([]);
    const removed = await t.app.inject({ method: 'DELETE', url: `${base()}/waitlist/${left[0]!.id}`, headers: bearer(editor) });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${base(otherProject)}/waitlist/${left[0]!.id}`, headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('gives the first waiter the soonest place that is free at its turn', async () => {
    const type = await newType('Keuzegesprek vroegste plaats');
    const day = dayIn(11);
    const slots = [await addSlot(type, at(day, '09:00'), 1), await addSlot(type, at(day, '10:00'), 1), await addSlot(type, at(day, '11:00'), 1)];
    for (const [i, slot] of slots.entries()) await booked(type, addressIds[4 + i]!, slot);
    const waiter = addressIds[0]!;
    expect((await post(`${base()}/waitlist`, { type_id: type, address_id: waiter }, editor)).statusCode).toBe(201);
    // Places free at 11:00 and at 09:00 at the same time (capacity raised outside the planner): the fill takes 09:00.
    await t.query('UPDATE appointment_slots SET capacity = 2 WHERE id = ANY($1)', [[slots[2], slots[0]]]);
    expect(await t.services.waitlist.fill(type)).toBe(1);
    const [row] = await t.query<{ slot_id: number }>('SELECT slot_id FROM appointments WHERE planning_id = $1 AND address_id = $2 AND NOT is_cancelled', [type, waiter]);
    expect(row?.slot_id).toBe(slots[0]);
    expect(await slotRow(slots[2]!)).toEqual({ taken: 1, capacity: 2 });
  });

  it('pages a long waiting list in queue order, searches it keeping the places, exports it, and needs the type', async () => {
    const type = await newType('Lange wachtlijst');
    const waiting = addressIds.slice(0, 5);
    // Joined one minute apart, in the reverse of the id order: the queue follows the joining time.
    for (const [i, id] of [...waiting].reverse().entries()) {
      await t.query("INSERT INTO appointment_waitlist (planning_id, address_id, joined_at) VALUES ($1, $2, now() - make_interval(mins => $3))", [type, id, 60 - i]);
    }
    const first = await get(`${base()}/waitlist?type=${type}&limit=2`, viewer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[HAS_MORE_HEADER]).toBe('true');
    const page1 = first.json<TWaiter[]>();
    expect(page1.map((w) => [w.address_id, w.position])).toEqual([[waiting[4], 1], [waiting[3], 2]]);
    const rest = await get(`${base()}/waitlist?type=${type}&limit=10&before=${page1[1]!.id}`, viewer);
    expect(rest.headers[HAS_MORE_HEADER]).toBe('false');
    expect(rest.json<TWaiter[]>().map((w) => [w.address_id, w.position])).toEqual([[waiting[2], 3], [waiting[1], 4], [waiting[0], 5]]);
    // A search keeps each waiter's place in the whole queue.
    const third = rest.json<TWaiter[]>()[0]!;
    const found = (await get(`${base()}/waitlist?type=${type}&q=${encodeURIComponent(third.address.split(',')[1]!.trim().split(' ').slice(0, 2).join(' '))}`)).json<TWaiter[]>();
    expect(found.find((w) => w.id === third.id)?.position).toBe(3);
    // A waiter of another type as `before` gives an empty page; no type is 422; another project's type 404.
    const otherType = await newType('Andere wachtlijst');
    expect((await get(`${base()}/waitlist?type=${otherType}&before=${page1[0]!.id}`)).json()).toEqual([]);
    expect((await get(`${base()}/waitlist`)).statusCode).toBe(422);
    expect((await get(`${base(otherProject)}/waitlist?type=${type}`)).statusCode).toBe(404);

    const csv = await get(`${base()}/waitlist/export?type=${type}&format=csv`, viewer);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toContain('Plaats;Adres;Aangemeld op;Aangemeld door');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^1;/);
    const audited = await t.query("SELECT 1 FROM audit_log WHERE action = 'planner-waitlist-export' AND project_id = $1", [project]);
    expect(audited).toHaveLength(1);
  });

  it('fills a place a resident frees in the portal, and after a capacity is raised (the job)', async () => {
    const type = await newType('Plaatsen wachtlijst');
    const slot = await addSlot(type, at(dayIn(11), '09:00'), 1);
    const [janAddress] = await t.query<{ id: number }>("SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '10'");
    const janBooking = await booked(type, janAddress!.id, slot);
    const waiter = addressIds.find((id) => id !== janAddress!.id)!;
    expect((await post(`${base()}/waitlist`, { type_id: type, address_id: waiter })).statusCode).toBe(201);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/occupant/appointment/cancel/${slot}?project_id=${project}`, headers: bearer(jan), payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await appointmentRow(janBooking.appointment_id)).is_cancelled).toBe(true);
    const [now] = await t.query<{ address_id: number }>('SELECT address_id FROM appointments WHERE slot_id = $1 AND NOT is_cancelled', [slot]);
    expect(now?.address_id).toBe(waiter);

    // Capacity raised elsewhere (the type editor): the scheduled job fills it.
    const other = addressIds.find((id) => id !== janAddress!.id && id !== waiter)!;
    expect((await post(`${base()}/waitlist`, { type_id: type, address_id: other })).statusCode).toBe(201);
    await t.query('UPDATE appointment_slots SET capacity = 2 WHERE id = $1', [slot]);
    await t.query("SELECT graphile_worker.add_job('appointment-reminders', '{}'::json)");
    await runJobs(t);
    expect((await slotRow(slot)).taken).toBe(2);
  });
});

describe('reminders a day before', () => {
  it('are sent once per appointment and slot, never for a cancelled one, and again after a move', async () => {
    const type = await newType('Herinnering test');
    const soon = new Date(Date.now() + 20 * 3_600_000);
    const later = new Date(Date.now() + 22 * 3_600_000);
    const s1 = await addSlot(type, soon, 2);
    const s2 = await addSlot(type, later, 2);
    const kept = await booked(type, addressIds[0]!, s1);
    const cancelled = await booked(type, addressIds[1]!, s1);
    expect((await post(`${base()}/${cancelled.appointment_id}/cancel`, { notify: false })).statusCode).toBe(200);
    const far = await booked(type, addressIds[2]!, await addSlot(type, new Date(Date.now() + 50 * 3_600_000), 1));
    await runJobs(t);
    const since = await lastMailId();

    expect(await t.services.appointmentMessaging.sendReminders()).toBe(1);
    expect(await t.services.appointmentMessaging.sendReminders()).toBe(0);
    const reminded = await t.query<{ appointment_id: number; slot_id: number }>('SELECT appointment_id, slot_id FROM appointment_reminders WHERE appointment_id = ANY($1::int[])',
      [[kept.appointment_id, cancelled.appointment_id, far.appointment_id]]);
    expect(reminded).toEqual([{ appointment_id: kept.appointment_id, slot_id: s1 }]);
    await runJobs(t); // the reminder goes through the notifications module's jobs
    const email = await occupantEmail(addressIds[0]!);
    const mails = (await mailsSince(since)).filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Herinnering: Herinnering test morgen om \d{2}:\d{2} uur$/)]);

    // Moved to another slot: a new reminder is due for it, once.
    await booked(type, addressIds[0]!, s2);
    expect(await t.services.appointmentMessaging.sendReminders()).toBe(1);
    expect(await t.services.appointmentMessaging.sendReminders()).toBe(0);
    const after = await t.query<{ slot_id: number }>('SELECT slot_id FROM appointment_reminders WHERE appointment_id = $1 ORDER BY slot_id', [kept.appointment_id]);
    expect(after.map((r) => r.slot_id)).toEqual([s1, s2]);
  });
});

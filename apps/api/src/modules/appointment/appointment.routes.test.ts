import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentMessages, messages, type TAppointment, type TAppointmentDetail, type TAppointmentResult, type TProject } from '@portal/contract';
import { bearer, createTestApp, occupantToken, partnerToken, waitFor, type TestApp } from '../../../test/helpers.ts';
import { dutchDate, dutchTime } from './appointment.format.ts';

let t: TestApp;
let jan: string; // 1234AB 10
let fatima: string; // 1234AB 12
beforeAll(async () => {
  t = await createTestApp({ mail: true });
  [jan, fatima] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12')]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function list(token: string, projectId = t.ids.projects.bloemenbuurt): Promise<TAppointmentDetail[]> {
  const res = await get(`/api/occupant/appointments?language=nl&project_id=${projectId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAppointmentDetail[]>();
}
async function bySubject(token: string, subject: string): Promise<TAppointmentDetail> {
  const found = (await list(token)).find((a) => a.subject === subject);
  if (!found) throw new Error(`no appointment ${subject}`);
  return found;
}
async function detail(token: string, id: number): Promise<TAppointmentDetail> {
  const res = await get(`/api/occupant/appointment/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAppointmentDetail>();
}
async function slot(id: number) {
  const [row] = await t.query<{ taken: number; capacity: number; starts_at: Date; planning_id: number }>('SELECT taken, capacity, starts_at, planning_id FROM appointment_slots WHERE id = $1', [id]);
  return row!;
}
/** A fresh appointment of a planning for an address (not planned), so that tests do not share state. */
async function freshAppointment(subject: string, addressId: number, settings: { plan?: boolean; confirm?: boolean; cancel?: boolean; deadline?: number } = {}) {
  const [planning] = await t.query<{ id: number }>(
    `INSERT INTO appointment_plannings (project_id, subject, occupants_can_plan, occupants_can_confirm, occupants_can_cancel, change_deadline_hours)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [t.ids.projects.bloemenbuurt, subject, settings.plan ?? true, settings.confirm ?? true, settings.cancel ?? true, settings.deadline ?? 48],
  );
  const [appointment] = await t.query<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [planning!.id, addressId]);
  return { planningId: planning!.id, id: appointment!.id };
}
async function addSlot(planningId: number, startsAt: Date, capacity: number, taken = 0): Promise<number> {
  const [row] = await t.query<{ id: number }>('INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken) VALUES ($1, $2, $3, $4) RETURNING id', [planningId, startsAt, capacity, taken]);
  return row!.id;
}
const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
const change = (token: string, id: number, body: Record<string, unknown>, v1 = false) =>
  post(`/api/occupant/appointment/${v1 ? '' : 'v2/'}change/${id}`, token, { send_confirmation_email: false, send_confirmation_sms: false, ...body });
const fieldError = (field: string, message: string) => ({ message: messages.invalidInput, errors: [{ field, message }] });

describe('GET /api/occupant/appointments', () => {
  it('lists the address’s appointments with dates in Dutch format and the server’s flags', async () => {
    const items = await list(jan);
    expect(items.map((a) => a.subject).sort()).toEqual(['Oplevering en eindcontrole', 'Opname woning', 'Plaatsen warmtepomp', 'Plaatsen zonnepanelen']);
    const opname = items.find((a) => a.subject === 'Opname woning')!;
    expect(opname).toMatchObject({
      is_cancelled: false, confirmed_by_address: false, show_confirm_option_for_occupants: true,
      can_be_rescheduled: true, can_be_cancelled: true, can_be_made: false, daypart_id: 1, version: 1, address_time: '09:00',
    });
    expect(opname.address_date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(opname.cluster_schedule_id).toEqual(expect.any(Number));
    expect(opname.nr_of_available_slots).toBeGreaterThan(0);

    expect(items.find((a) => a.subject === 'Plaatsen warmtepomp')).toMatchObject({
      is_cancelled: true, address_date: null, address_time: null, cluster_schedule_id: null, can_be_made: true,
      can_be_cancelled: false, can_be_rescheduled: false, show_confirm_option_for_occupants: false,
    });
    // Set by the project team: residents may only confirm.
    expect(items.find((a) => a.subject === 'Oplevering en eindcontrole')).toMatchObject({
      show_confirm_option_for_occupants: true, can_be_rescheduled: false, can_be_cancelled: false, can_be_made: false,
    });
    // Every slot full: nothing to choose.
    expect(items.find((a) => a.subject === 'Plaatsen zonnepanelen')).toMatchObject({ can_be_made: true, nr_of_available_slots: 0, cluster_schedule_id: null });
  });

  it('shows another address only its own appointments', async () => {
    const items = await list(fatima);
    expect(items.map((a) => a.subject).sort()).toEqual(['Opname woning', 'Plaatsen warmtepomp']);
    expect(items.find((a) => a.subject === 'Opname woning')).toMatchObject({ confirmed_by_address: true, show_confirm_option_for_occupants: false, address_time: '13:00' });
  });

  it('answers an empty list in a project without appointments, and 404 for a project that is not the address’s', async () => {
    expect(await list(fatima, t.ids.projects.rivierenwijk)).toEqual([]);
    const res = await get(`/api/occupant/appointments?project_id=${t.ids.projects.rivierenwijk}`, jan);
    expect(res.statusCode).toBe(404);
  });

  it('needs an occupant login', async () => {
    expect((await get('/api/occupant/appointments')).statusCode).toBe(401);
    expect((await get('/api/occupant/appointments', await partnerToken(t.app))).statusCode).toBe(401);
  });

  it('counts the appointments waiting for the resident on the dashboard tile', async () => {
    const res = await get(`/api/occupant/project?project_id=${t.ids.projects.bloemenbuurt}`, jan);
    expect(res.statusCode, res.body).toBe(200);
    const tile = res.json<TProject>().modules.find((m) => m.name === 'appointments');
    // Opname (confirm), Oplevering (confirm) and Zonnepanelen (to plan); the cancelled one waits for nobody.
    expect(tile?.nr_of_new_items).toBe(3);
  });
});

describe('GET /api/occupant/appointment/{id}', () => {
  it('answers the free, future slots of the planning, soonest first, without the booked one', async () => {
    const opname = await bySubject(jan, 'Opname woning');
    const one = await detail(jan, opname.id);
    expect(one).toMatchObject({ id: opname.id, subject: 'Opname woning', version: opname.version });
    expect(one.available_slots.length).toBe(opname.nr_of_available_slots);
    // the list carries the same slots per appointment (spec section 3), the booked one left out
    expect(opname.available_slots).toEqual(one.available_slots);
    const cancelled = await bySubject(jan, 'Plaatsen warmtepomp');
    expect(cancelled.available_slots).toEqual((await detail(jan, cancelled.id)).available_slots);
    expect(cancelled.available_slots.length).toBe(cancelled.nr_of_available_slots);
    expect((await bySubject(jan, 'Plaatsen zonnepanelen')).available_slots).toEqual([]);
    expect(one.available_slots.map((s) => s.id)).not.toContain(opname.cluster_schedule_id);
    for (const s of one.available_slots) {
      expect(s.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(s.time).toMatch(/^\d{2}:\d{2}$/);
    }
    const rows = await t.query<{ id: number; taken: number; capacity: number; starts_at: Date }>(
      'SELECT s.id, s.taken, s.capacity, s.starts_at FROM appointment_slots s JOIN appointment_plannings p ON p.id = s.planning_id WHERE p.subject = $1 AND p.project_id = $2',
      ['Opname woning', t.ids.projects.bloemenbuurt],
    );
    const offered = new Set(one.available_slots.map((s) => s.id));
    for (const row of rows) expect(offered.has(row.id), `slot ${row.id}`).toBe(row.taken < row.capacity && row.id !== opname.cluster_schedule_id);
    // The demo's capacity-1 slot with its one place free is offered; a fully booked date is not.
    const lastPlace = rows.find((r) => r.capacity === 1)!;
    expect(offered.has(lastPlace.id)).toBe(true);
    const full = rows.filter((r) => r.taken === r.capacity);
    expect(full.length).toBeGreaterThanOrEqual(3);
    const dates = one.available_slots.map((s) => s.date);
    expect(dates).not.toContain(dutchDate(rows.find((r) => rows.filter((x) => dutchDate(x.starts_at) === dutchDate(r.starts_at)).every((x) => x.taken === x.capacity))!.starts_at));
    // Soonest first.
    const order = one.available_slots.map((s) => rows.find((r) => r.id === s.id)!.starts_at.getTime());
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(one.available_slots.find((s) => s.id === lastPlace.id)).toEqual({ id: lastPlace.id, date: dutchDate(lastPlace.starts_at), time: dutchTime(lastPlace.starts_at) });
  });

  it('offers nothing when every slot is full', async () => {
    const zon = await bySubject(jan, 'Plaatsen zonnepanelen');
    expect((await detail(jan, zon.id)).available_slots).toEqual([]);
  });

  it('leaves out past slots', async () => {
    const { id, planningId } = await freshAppointment('Verleden', t.ids.addresses.a10);
    await addSlot(planningId, inDays(-2), 5);
    const future = await addSlot(planningId, inDays(9), 5);
    expect((await detail(jan, id)).available_slots.map((s) => s.id)).toEqual([future]);
  });

  it('answers 404 for another address’s appointment', async () => {
    const theirs = await bySubject(fatima, 'Opname woning');
    const res = await get(`/api/occupant/appointment/${theirs.id}`, jan);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: appointmentMessages.notFound });
    expect((await get('/api/occupant/appointment/999999', jan)).statusCode).toBe(404);
  });
});

describe('POST /api/occupant/appointment/v2/change/{id}: validation', () => {
  let id: number;
  let slotId: number;
  beforeAll(async () => {
    const fresh = await freshAppointment('Validatie', t.ids.addresses.a10);
    id = fresh.id;
    slotId = await addSlot(fresh.planningId, inDays(10), 3);
  });

  it('requires a slot: Selecteer datum en tijd', async () => {
    for (const body of [{ version: 1 }, { version: 1, cluster_schedule_id: null }, { version: 1, cluster_schedule_id: '' }, { version: 1, cluster_schedule_id: 0 }]) {
      const res = await change(jan, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual(fieldError('cluster_schedule_id', 'Selecteer datum en tijd'));
    }
  });

  it('requires a valid e-mail address when the e-mail confirmation is ticked', async () => {
    for (const email_address of [undefined, null, '', '   ']) {
      const res = await change(jan, id, { version: 1, cluster_schedule_id: slotId, send_confirmation_email: true, email_address });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(fieldError('email_address', 'Vul een e-mailadres in'));
    }
    for (const email_address of ['jan', 'jan@', 'jan@example', 'jan de vries@example.nl']) {
      const res = await change(jan, id, { version: 1, cluster_schedule_id: slotId, send_confirmation_email: true, email_address });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(fieldError('email_address', 'Vul een geldig e-mailadres in'));
    }
  });

  it('requires a 10-digit mobile number when the SMS confirmation is ticked', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'Vul een telefoonnummer in'],
      ['', 'Vul een telefoonnummer in'],
      ['06123', 'Vul minimaal 10 cijfers in'],
      ['06 1234 567', 'Vul minimaal 10 cijfers in'],
      ['061234567890', appointmentMessages.mobileFormat],
      ['06-abc-45678', appointmentMessages.mobileFormat],
    ];
    for (const [mobile_number, message] of cases) {
      const res = await change(jan, id, { version: 1, cluster_schedule_id: slotId, send_confirmation_sms: true, mobile_number });
      expect(res.statusCode, String(mobile_number)).toBe(422);
      expect(res.json()).toEqual(fieldError('mobile_number', message));
    }
  });

  it('names every problem at once', async () => {
    const res = await change(jan, id, { version: 1, send_confirmation_email: true, email_address: 'x', send_confirmation_sms: true, mobile_number: '06' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: unknown[] }>().errors).toEqual(expect.arrayContaining([
      { field: 'cluster_schedule_id', message: 'Selecteer datum en tijd' },
      { field: 'email_address', message: 'Vul een geldig e-mailadres in' },
      { field: 'mobile_number', message: 'Vul minimaal 10 cijfers in' },
    ]));
  });

  it('requires the version on v2 (not on v1)', async () => {
    const res = await change(jan, id, { cluster_schedule_id: slotId });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['version']);
  });

  it('ignores the e-mail and mobile fields when their confirmation is not ticked, and changed nothing so far', async () => {
    expect((await detail(jan, id)).version).toBe(1);
    expect((await slot(slotId)).taken).toBe(0);
    const res = await change(jan, id, { version: 1, cluster_schedule_id: slotId, email_address: 'nonsense', mobile_number: '1' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/occupant/appointment/{v2/}change/{id}', () => {
  it('plans a cancelled appointment, takes a place, sends the e-mail and the SMS', async () => {
    const warmtepomp = await bySubject(jan, 'Plaatsen warmtepomp');
    const one = await detail(jan, warmtepomp.id);
    const chosen = one.available_slots[0]!;
    const before = await slot(chosen.id);
    const res = await change(jan, warmtepomp.id, {
      version: warmtepomp.version, cluster_schedule_id: chosen.id,
      send_confirmation_email: true, email_address: 'jan.devries@example.nl', send_confirmation_sms: true, mobile_number: '06 1234 5678',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TAppointmentResult>();
    expect(body.message).toBe('Uw afspraak is succesvol aangepast.');
    expect(body.appointment).toMatchObject({
      id: warmtepomp.id, is_cancelled: false, cluster_schedule_id: chosen.id, address_date: chosen.date, address_time: chosen.time,
      version: warmtepomp.version + 1, can_be_made: false, can_be_rescheduled: true, can_be_cancelled: true,
      // This planning does not ask residents to confirm.
      show_confirm_option_for_occupants: false,
    });
    expect((await slot(chosen.id)).taken).toBe(before.taken + 1);

    const mail = await t.mail!.waitForMail((m) => m.to.includes('jan.devries@example.nl') && m.subject.includes('Plaatsen warmtepomp'));
    expect(mail.subject).toBe(`Bevestiging afspraak: Plaatsen warmtepomp op ${chosen.date} om ${chosen.time} uur`);
    expect(mail.text).toContain(`(${chosen.date}) om ${chosen.time} uur`);
    expect(mail.text).toMatch(/(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/);
    expect(mail.text).toContain('Tulpstraat 10, 1234 AB Utrecht');
    expect(mail.html).toContain(`${chosen.time} uur`);

    const sms = await waitFor(async () => (await t.query<{ to: string; text: string }>('SELECT "to", text FROM sms_outbox WHERE "to" = $1', ['0612345678']))[0]);
    expect(sms?.text).toBe(`Uw afspraak "Plaatsen warmtepomp" is gepland op ${chosen.date} om ${chosen.time} uur (Tulpstraat 10). Projectteam Renovatie Bloemenbuurt`);
  });

  it('moves a planned appointment: the old slot’s place is released, the new one taken, the confirmation reset', async () => {
    const { id, planningId } = await freshAppointment('Verplaatsen', t.ids.addresses.a10);
    const first = await addSlot(planningId, inDays(10), 2);
    const second = await addSlot(planningId, inDays(11), 2);
    expect((await change(jan, id, { version: 1, cluster_schedule_id: first })).statusCode).toBe(200);
    const confirmed = await post(`/api/occupant/appointment/v2/confirm/${first}`, jan, { version: 2 });
    expect(confirmed.json<TAppointmentResult>().appointment.confirmed_by_address).toBe(true);

    const res = await change(jan, id, { version: 3, cluster_schedule_id: second });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAppointmentResult>().appointment).toMatchObject({ cluster_schedule_id: second, version: 4, confirmed_by_address: false, show_confirm_option_for_occupants: true });
    expect((await slot(first)).taken).toBe(0);
    expect((await slot(second)).taken).toBe(1);
    // No confirmation asked: no mail and no SMS for this one.
    expect(t.mail!.messages.some((m) => m.subject.includes('Verplaatsen'))).toBe(false);
  });

  it('refuses a change made on an older version (409) and keeps what is stored', async () => {
    const { id, planningId } = await freshAppointment('Verouderd', t.ids.addresses.a10);
    const a = await addSlot(planningId, inDays(10), 2);
    const b = await addSlot(planningId, inDays(11), 2);
    expect((await change(jan, id, { version: 1, cluster_schedule_id: a })).statusCode).toBe(200);
    // A second tab still shows version 1.
    const res = await change(jan, id, { version: 1, cluster_schedule_id: b });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Deze afspraak is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.' });
    expect((await detail(jan, id))).toMatchObject({ cluster_schedule_id: a, version: 2 });
    expect([(await slot(a)).taken, (await slot(b)).taken]).toEqual([1, 0]);
    // The same on the older call when it names a version, and on cancel and confirm.
    expect((await change(jan, id, { version: 1, cluster_schedule_id: b }, true)).statusCode).toBe(409);
    expect((await post(`/api/occupant/appointment/cancel/${a}`, jan, { version: 1 })).statusCode).toBe(409);
    expect((await post(`/api/occupant/appointment/v2/confirm/${a}`, jan, { version: 1 })).statusCode).toBe(409);
  });

  it('accepts the older call without a version', async () => {
    const { id, planningId } = await freshAppointment('Oude aanroep', t.ids.addresses.a10);
    const a = await addSlot(planningId, inDays(10), 2);
    const b = await addSlot(planningId, inDays(12), 2);
    expect((await change(jan, id, { cluster_schedule_id: a }, true)).statusCode).toBe(200);
    const res = await change(jan, id, { cluster_schedule_id: b }, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAppointmentResult>()).toMatchObject({ message: appointmentMessages.changed, appointment: { cluster_schedule_id: b, version: 3 } });
    expect([(await slot(a)).taken, (await slot(b)).taken]).toEqual([0, 1]);
  });

  it('refuses a full slot and a past slot with 409, and a slot of another planning with 422', async () => {
    const { id, planningId } = await freshAppointment('Vol', t.ids.addresses.a10);
    const full = await addSlot(planningId, inDays(10), 2, 2);
    const past = await addSlot(planningId, inDays(-1), 2);
    for (const target of [full, past]) {
      const res = await change(jan, id, { version: 1, cluster_schedule_id: target });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: appointmentMessages.slotTaken });
    }
    const other = await freshAppointment('Ander', t.ids.addresses.a10);
    const foreign = await addSlot(other.planningId, inDays(10), 2);
    const res = await change(jan, id, { version: 1, cluster_schedule_id: foreign });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: appointmentMessages.slotUnknown, errors: [{ field: 'cluster_schedule_id', message: appointmentMessages.slotUnknown }] });
    expect((await slot(full)).taken).toBe(2);
    expect((await slot(foreign)).taken).toBe(0);
    expect((await detail(jan, id)).version).toBe(1);
  });

  it('refuses a change the flags do not allow (409)', async () => {
    const oplevering = await bySubject(jan, 'Oplevering en eindcontrole');
    const target = await addSlot((await slot(oplevering.cluster_schedule_id!)).planning_id, inDays(30), 3);
    const res = await change(jan, oplevering.id, { version: oplevering.version, cluster_schedule_id: target });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: appointmentMessages.cannotChange });

    // Within the deadline (48 hours before) moving closes.
    const { id, planningId } = await freshAppointment('Bijna', t.ids.addresses.a10);
    const soon = await addSlot(planningId, new Date(Date.now() + 24 * 3_600_000), 2);
    const later = await addSlot(planningId, inDays(10), 2);
    expect((await change(jan, id, { version: 1, cluster_schedule_id: soon })).statusCode).toBe(200);
    expect(await detail(jan, id)).toMatchObject({ can_be_rescheduled: false, can_be_cancelled: false, show_confirm_option_for_occupants: true });
    expect((await change(jan, id, { version: 2, cluster_schedule_id: later })).statusCode).toBe(409);
    expect((await post(`/api/occupant/appointment/cancel/${soon}`, jan)).statusCode).toBe(409);
  });

  it('answers 404 for another address’s appointment and changes nothing', async () => {
    const theirs = await bySubject(fatima, 'Plaatsen warmtepomp');
    const one = await detail(fatima, theirs.id);
    const res = await change(jan, theirs.id, { version: theirs.version, cluster_schedule_id: one.available_slots[0]!.id });
    expect(res.statusCode).toBe(404);
    expect((await detail(fatima, theirs.id)).version).toBe(theirs.version);
  });
});

describe('confirmations: never for nothing, and limited per address and per recipient', () => {
  const outbox = async (to: string) => ({
    mails: (await t.query('SELECT id FROM mail_outbox WHERE "to" = $1', [to])).length,
    sms: (await t.query('SELECT id FROM sms_outbox WHERE "to" = $1', [to.replace(/\D/g, '')])).length,
  });
  const confirm = (email: string, mobile: string) => ({ send_confirmation_email: true, email_address: email, send_confirmation_sms: true, mobile_number: mobile });

  it('choosing the slot it already has again 12 times sends nothing more and keeps the confirmation', async () => {
    const { id, planningId } = await freshAppointment('Herhaald boeken', t.ids.addresses.a10);
    const slotId = await addSlot(planningId, inDays(10), 5);
    const first = await change(jan, id, { version: 1, cluster_schedule_id: slotId, ...confirm('herhaal@example.nl', '0611111111') });
    expect(first.json<TAppointmentResult>().confirmation).toBe('sent');
    const confirmed = await post(`/api/occupant/appointment/v2/confirm/${slotId}`, jan, { version: 2 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const version = confirmed.json<TAppointmentResult>().appointment.version;
    for (let i = 0; i < 12; i++) {
      const again = await change(jan, id, { version, cluster_schedule_id: slotId, ...confirm('herhaal@example.nl', '0611111111') });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<TAppointmentResult>()).toMatchObject({ message: appointmentMessages.unchanged, confirmation: 'unchanged' });
      expect(again.json<TAppointmentResult>().appointment).toMatchObject({ confirmed_by_address: true, version });
    }
    expect(await outbox('herhaal@example.nl')).toEqual({ mails: 1, sms: 0 });
    expect((await outbox('0611111111')).sms).toBe(1);
    expect((await slot(slotId)).taken).toBe(1);
  });

  it('holds confirmations back per recipient, over all addresses: the booking stands and the answer says so', async () => {
    const small = await createTestApp({ env: { CONFIRMATION_MAX_PER_RECIPIENT: '2', CONFIRMATION_MAX_PER_ADDRESS: '100' } });
    try {
      const [a, b] = await Promise.all([occupantToken(small.app, '10'), occupantToken(small.app, '12')]);
      const sends: string[] = [];
      for (const [token, addressId] of [[a, small.ids.addresses.a10], [b, small.ids.addresses.a12], [a, small.ids.addresses.a10]] as const) {
        const [planning] = await small.query<{ id: number }>(`INSERT INTO appointment_plannings (project_id, subject, occupants_can_plan, occupants_can_confirm, occupants_can_cancel, change_deadline_hours)
          VALUES ($1, 'Ontvanger', true, true, true, 48) RETURNING id`, [small.ids.projects.bloemenbuurt]);
        const [appointment] = await small.query<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [planning!.id, addressId]);
        const [slotRow] = await small.query<{ id: number }>('INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken) VALUES ($1, $2, 5, 0) RETURNING id', [planning!.id, inDays(12)]);
        const res = await small.app.inject({ method: 'POST', url: `/api/occupant/appointment/v2/change/${appointment!.id}`, headers: bearer(token),
          payload: { version: 1, cluster_schedule_id: slotRow!.id, send_confirmation_email: true, email_address: 'Slachtoffer@Example.nl', send_confirmation_sms: false } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<TAppointmentResult>().appointment.cluster_schedule_id).toBe(slotRow!.id); // booked either way
        sends.push(res.json<TAppointmentResult>().confirmation!);
        if (sends.length === 3) expect(res.json<TAppointmentResult>().message).toBe(`${appointmentMessages.changed} ${appointmentMessages.confirmationLimited}`);
      }
      expect(sends).toEqual(['sent', 'sent', 'limited']);
      expect(await small.query('SELECT id FROM mail_outbox WHERE "to" = $1', ['slachtoffer@example.nl'])).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it('holds confirmations back per address, whatever the recipients', async () => {
    const small = await createTestApp({ env: { CONFIRMATION_MAX_PER_ADDRESS: '2' } });
    try {
      const token = await occupantToken(small.app, '10');
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const [planning] = await small.query<{ id: number }>(`INSERT INTO appointment_plannings (project_id, subject, occupants_can_plan, occupants_can_confirm, occupants_can_cancel, change_deadline_hours)
          VALUES ($1, 'Adres', true, true, true, 48) RETURNING id`, [small.ids.projects.bloemenbuurt]);
        const [appointment] = await small.query<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [planning!.id, small.ids.addresses.a10]);
        const [slotRow] = await small.query<{ id: number }>('INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken) VALUES ($1, $2, 5, 0) RETURNING id', [planning!.id, inDays(14)]);
        const res = await small.app.inject({ method: 'POST', url: `/api/occupant/appointment/v2/change/${appointment!.id}`, headers: bearer(token),
          payload: { version: 1, cluster_schedule_id: slotRow!.id, send_confirmation_email: false, send_confirmation_sms: true, mobile_number: `06${String(20000000 + i)}` } });
        expect(res.statusCode, res.body).toBe(200);
        outcomes.push(res.json<TAppointmentResult>().confirmation!);
      }
      expect(outcomes).toEqual(['sent', 'sent', 'limited']);
      expect(await small.query("SELECT id FROM sms_outbox WHERE \"to\" LIKE '0620%'")).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});

describe('the last place of a slot, asked for at the same moment', () => {
  it('goes to exactly one of two addresses (real HTTP, concurrent requests)', async () => {
    const base = await t.listen();
    const [lastPlace] = await t.query<{ id: number }>('SELECT id FROM appointment_slots WHERE capacity = 1 AND taken = 0 ORDER BY id LIMIT 1');
    const mine = await bySubject(jan, 'Opname woning');
    const theirs = await bySubject(fatima, 'Opname woning');
    const [oldMine, oldTheirs] = [await slot(mine.cluster_schedule_id!), await slot(theirs.cluster_schedule_id!)];
    const send = (token: string, a: TAppointment) =>
      fetch(`${base}/api/occupant/appointment/v2/change/${a.id}?project_id=${t.ids.projects.bloemenbuurt}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ cluster_schedule_id: lastPlace!.id, version: a.version, send_confirmation_email: false, send_confirmation_sms: false, language: 'nl' }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } }));
    const answers = await Promise.all([send(jan, mine), send(fatima, theirs)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body).toEqual({ message: 'Dit tijdstip is intussen vol of niet meer beschikbaar. Kies een ander tijdstip.' });
    expect((await slot(lastPlace!.id)).taken).toBe(1);
    // The winner's old place is free again; the loser kept theirs.
    const winnerIsJan = answers[0]!.status === 200;
    expect((await slot(mine.cluster_schedule_id!)).taken).toBe(oldMine.taken - (winnerIsJan ? 1 : 0));
    expect((await slot(theirs.cluster_schedule_id!)).taken).toBe(oldTheirs.taken - (winnerIsJan ? 0 : 1));
    const [booked] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE slot_id = $1', [lastPlace!.id]);
    expect(booked!.n).toBe(1);
  });

  it('never overbooks under many concurrent requests for a few places', async () => {
    const base = await t.listen().catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    const [planning] = await t.query<{ id: number }>(
      'INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, $2) RETURNING id', [t.ids.projects.bloemenbuurt, 'Drukte'],
    );
    const target = await addSlot(planning!.id, inDays(10), 3);
    // Eight more addresses with a resident each, all after the same three places.
    const tokens: Array<{ token: string; id: number }> = [];
    for (let i = 0; i < 8; i++) {
      const [address] = await t.query<{ id: number }>(
        "INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at) VALUES ($1, '1234AB', $2, 'Tulpstraat', 'Utrecht', now()) RETURNING id",
        [t.ids.customers.woonstad, String(100 + i)],
      );
      await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, t.ids.projects.bloemenbuurt]);
      await t.query("INSERT INTO occupants (address_id, first_name, last_name, password_hash) SELECT $1, 'Buur', $2, password_hash FROM occupants WHERE id = $3", [address!.id, String(i), t.ids.occupants.jan]);
      const [appointment] = await t.query<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [planning!.id, address!.id]);
      tokens.push({ token: await occupantToken(t.app, String(100 + i)), id: appointment!.id });
    }
    const answers = await Promise.all(tokens.map(({ token, id }) =>
      fetch(`${base}/api/occupant/appointment/v2/change/${id}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ cluster_schedule_id: target, version: 1 }),
      }).then((r) => r.status)));
    expect(answers.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.filter((s) => s === 409)).toHaveLength(5);
    expect((await slot(target)).taken).toBe(3);
  });
});

describe('POST /api/occupant/appointment/v2/confirm/{cluster_schedule_id}', () => {
  it('confirms the address’s booking in that slot once', async () => {
    const oplevering = await bySubject(jan, 'Oplevering en eindcontrole');
    const res = await post(`/api/occupant/appointment/v2/confirm/${oplevering.cluster_schedule_id}`, jan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAppointmentResult>()).toMatchObject({
      success: true, message: appointmentMessages.confirmed,
      appointment: { id: oplevering.id, confirmed_by_address: true, show_confirm_option_for_occupants: false, version: oplevering.version + 1 },
    });
    const again = await post(`/api/occupant/appointment/v2/confirm/${oplevering.cluster_schedule_id}`, jan);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: appointmentMessages.cannotConfirm });
  });

  it('refuses when the planning does not ask for confirmation', async () => {
    const { id, planningId } = await freshAppointment('Zonder bevestiging', t.ids.addresses.a10, { confirm: false });
    const s = await addSlot(planningId, inDays(10), 2);
    expect((await change(jan, id, { version: 1, cluster_schedule_id: s })).statusCode).toBe(200);
    expect((await post(`/api/occupant/appointment/v2/confirm/${s}`, jan)).statusCode).toBe(409);
  });

  it('answers 404 for a slot the address has no booking in (another address’s booking included)', async () => {
    const theirs = await bySubject(fatima, 'Opname woning');
    const res = await post(`/api/occupant/appointment/v2/confirm/${theirs.cluster_schedule_id}`, jan);
    expect(res.statusCode).toBe(404);
    expect((await post('/api/occupant/appointment/v2/confirm/999999', jan)).statusCode).toBe(404);
  });
});

describe('POST /api/occupant/appointment/cancel/{cluster_schedule_id}', () => {
  it('cancels, releases the place, and lets the resident plan again', async () => {
    const { id, planningId } = await freshAppointment('Annuleren', t.ids.addresses.a10);
    const s = await addSlot(planningId, inDays(10), 2);
    expect((await change(jan, id, { version: 1, cluster_schedule_id: s })).statusCode).toBe(200);
    expect((await slot(s)).taken).toBe(1);
    const res = await post(`/api/occupant/appointment/cancel/${s}`, jan, { version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAppointmentResult>()).toMatchObject({
      message: appointmentMessages.cancelled,
      appointment: { id, is_cancelled: true, cluster_schedule_id: null, address_date: null, can_be_made: true, can_be_cancelled: false, version: 3 },
    });
    expect((await slot(s)).taken).toBe(0);
    // The booking is gone: cancelling it again finds nothing.
    expect((await post(`/api/occupant/appointment/cancel/${s}`, jan)).statusCode).toBe(404);
    // Planned again after cancelling.
    expect((await change(jan, id, { version: 3, cluster_schedule_id: s })).statusCode).toBe(200);
    expect((await slot(s)).taken).toBe(1);
  });

  it('refuses when the planning does not let residents cancel (409)', async () => {
    const oplevering = await bySubject(jan, 'Oplevering en eindcontrole');
    const res = await post(`/api/occupant/appointment/cancel/${oplevering.cluster_schedule_id}`, jan);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: appointmentMessages.cannotCancel });
    expect((await bySubject(jan, 'Oplevering en eindcontrole')).is_cancelled).toBe(false);
  });

  it('answers 404 for another address’s booking', async () => {
    const theirs = await bySubject(fatima, 'Opname woning');
    expect((await post(`/api/occupant/appointment/cancel/${theirs.cluster_schedule_id}`, jan)).statusCode).toBe(404);
    expect((await bySubject(fatima, 'Opname woning')).is_cancelled).toBe(false);
  });
});

describe('GET /api/docs/json', () => {
  it('documents every appointment call, v1 and v2', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { description?: string }>> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/occupant/appointments', '/api/occupant/appointment/{id}', '/api/occupant/appointment/change/{id}', '/api/occupant/appointment/v2/change/{id}',
      '/api/occupant/appointment/v2/confirm/{cluster_schedule_id}', '/api/occupant/appointment/cancel/{cluster_schedule_id}',
    ]));
    expect(doc.paths['/api/occupant/appointment/change/{id}']?.post?.description).toContain('`version` may be left out');
    expect(doc.paths['/api/occupant/appointment/cancel/{cluster_schedule_id}']?.post?.description).toContain('the slot the appointment is booked in');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages, type TStaffProjectOverview } from '@portal/contract';
import { bearer, consoleToken, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let project: number;
const tokens: Record<'admin' | 'editor' | 'contractor' | 'viewer' | 'otherAdmin' | 'outsider', string> = {} as never;
const ids: { addresses: number[]; generic: number; later: number; consent: number; open: number[]; entry: number } = {} as never;

const get = (token: string, projectId = project) => t.app.inject({ method: 'GET', url: `/api/staff/projects/${projectId}/overview`, headers: bearer(token) });
const overviewOf = async (token: string) => {
  const res = await get(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TStaffProjectOverview>();
};
const one = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.query<R>(text, params))[0]!;

/** An Amsterdam wall-clock time `days` from today, as SQL. */
const at = (days: number, time: string) => `(((now() AT TIME ZONE 'Europe/Amsterdam')::date + ${days}) + time '${time}') AT TIME ZONE 'Europe/Amsterdam'`;

async function staffUser(role: string, name: string, member: boolean): Promise<string> {
  const user = await one<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}.${name.split(" ").pop()!.toLowerCase()}@overzicht.nl`, name]);
  await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user.id, t.ids.customers.woonstad, role]);
  if (member) await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user.id, project]);
  return consoleToken(t, user.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const woonstad = t.ids.customers.woonstad;
  project = (await one<{ id: number }>("INSERT INTO projects (customer_id, name) VALUES ($1, 'Overzichtproef') RETURNING id", [woonstad])).id;
  // Four addresses in two building units; two activated.
  for (let n = 1; n <= 4; n++) {
    const a = await one<{ id: number }>(`INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at)
      VALUES ($1, '9999ZZ', $2, 'Overzichtstraat', 'Utrecht', $3) RETURNING id`, [woonstad, String(n), n <= 2 ? new Date() : null]);
    await t.query('INSERT INTO address_projects (address_id, project_id, building_unit) VALUES ($1, $2, $3)', [a.id, project, n <= 2 ? 'Blok A' : 'Blok B']);
    (ids.addresses ??= []).push(a.id);
  }
  const [a1, a2, a3, a4] = ids.addresses as [number, number, number, number];

  // Conversations: three open (a visitor's the oldest), one waiting, one closed; one open one assigned.
  const admin = t.ids.users.admin;
  const conv = async (fields: { address?: number; visitor?: string; status: string; hoursAgo: number; assigned?: number }) =>
    (await one<{ id: number }>(`INSERT INTO chat_conversations (project_id, address_id, visitor_token_hash, visitor_name, status, last_message_at, assigned_user_id)
      VALUES ($1, $2, $3, $4, $5, now() - make_interval(hours => $6), $7) RETURNING id`,
    [project, fields.address ?? null, fields.visitor ? `hash-${fields.visitor}` : null, fields.visitor ?? null, fields.status, fields.hoursAgo, fields.assigned ?? null])).id;
  ids.open = [await conv({ visitor: 'Piet', status: 'open', hoursAgo: 50 }), await conv({ address: a2, status: 'open', hoursAgo: 5, assigned: admin }), await conv({ address: a1, status: 'open', hoursAgo: 1 })];
  await conv({ address: a3, status: 'waiting', hoursAgo: 2 });
  await conv({ address: a4, status: 'closed', hoursAgo: 80 });

  // Forms: one closing in two days (a1 answered, a2 only opened it), one in ten days (not this week), a consent form.
  const form = async (kind: string, name: string, closesIn: number | null) => (await one<{ id: number }>(`INSERT INTO forms (project_id, kind, name, published_version, closes_at)
    VALUES ($1, $2, $3, 1, ${closesIn === null ? 'NULL' : 'now() + make_interval(days => $4)'}) RETURNING id`, closesIn === null ? [project, kind, name] : [project, kind, name, closesIn])).id;
  ids.generic = await form('generic', 'Wensen keuken', 2);
  ids.later = await form('generic', 'Later formulier', 10);
  ids.consent = await form('support-base', 'Draagvlak proef', null);
  await t.query(`INSERT INTO form_entries (form_id, project_id, address_id, values, status) VALUES ($1, $2, $3, '{"q":"ja"}', 'answered'), ($1, $2, $4, '{}', '')`,
    [ids.generic, project, a1, a2]);

  // Payments of a choice entry: two open, and one entry paid twice (the second is the extra one).
  const choice = await form('choice', 'Keuzes', null);
  ids.entry = (await one<{ id: number }>(`INSERT INTO form_entries (form_id, project_id, address_id) VALUES ($1, $2, $3) RETURNING id`, [choice, project, a3])).id;
  let n = 0;
  const pay = (status: string, cents: number, entry = ids.entry) => t.query(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id,
      amount_cents, description, status, idempotency_key, paid_at) VALUES ('local', $1, 'choice-form', $2, $3, $4, $5, 'Meerwerk', $6, $1, $7)`,
  [`tr_overview_${++n}`, entry, project, choice, cents, status, status === 'paid' ? new Date() : null]);
  await pay('open', 1500);
  await pay('open', 2500);
  await pay('failed', 900);
  await pay('paid', 1000);
  await pay('paid', 1000);

  // Appointments: two today (one more cancelled), one eight days on; one tomorrow when tomorrow is in this week.
  const planning = async (subject: string) => (await one<{ id: number }>('INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, $2) RETURNING id', [project, subject])).id;
  const schouw = await planning('Schouw');
  const oplevering = await planning('Oplevering');
  const book = async (planningId: number, address: number, when: string, cancelled = false) => {
    const slot = await one<{ id: number }>(`INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken) VALUES ($1, ${when}, 2, 1) RETURNING id`, [planningId]);
    await t.query('INSERT INTO appointments (planning_id, address_id, slot_id, is_cancelled) VALUES ($1, $2, $3, $4)', [planningId, address, slot.id, cancelled]);
  };
  await book(schouw, a2, at(0, '14:00'));
  await book(schouw, a1, at(0, '09:30'));
  await book(schouw, a3, at(0, '11:00'), true);
  await book(schouw, a4, at(1, '10:00'));
  await book(oplevering, a1, at(8, '10:00'));

  tokens.admin = await consoleToken(t, admin);
  tokens.editor = await staffUser('project-editor', 'Redacteur Overzicht', true);
  tokens.contractor = await staffUser('contractor', 'Aannemer Overzicht', true);
  tokens.viewer = await staffUser('woco-viewer', 'Kijker Overzicht', false);
  tokens.outsider = await staffUser('project-editor', 'Redacteur Elders', false);
  tokens.otherAdmin = await consoleToken(t, t.ids.users.partner, t.ids.customers.devries);
  await t.query("UPDATE user_customers SET role = 'customer-admin' WHERE user_id = $1 AND customer_id = $2", [t.ids.users.partner, t.ids.customers.devries]);
  await t.services.projects.invalidateStaff(t.ids.users.partner);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the project's overview", () => {
  it('counts conversations per state and lists the open ones waiting longest, oldest first, with the waiting time', async () => {
    const { conversations } = await overviewOf(tokens.admin);
    expect(conversations).toMatchObject({ open: 3, waiting: 1, closed: 1, open_unassigned: 2 });
    expect(conversations!.longest_waiting.map((c) => c.id)).toEqual(ids.open);
    const [visitor, second] = conversations!.longest_waiting;
    expect(visitor).toMatchObject({ full_address: null, visitor_name: 'Piet', assigned: false });
    expect(visitor!.waiting_minutes).toBeGreaterThanOrEqual(50 * 60 - 1);
    expect(visitor!.waiting_minutes).toBeLessThan(50 * 60 + 2);
    expect(second).toMatchObject({ full_address: 'Overzichtstraat 2, 9999 ZZ Utrecht', visitor_name: null, assigned: true });
  });

  it('lists the forms closing this week with the addresses that have not answered (an entry without answers counts as none)', async () => {
    const { forms } = await overviewOf(tokens.admin);
    expect(forms!.closing).toEqual([expect.objectContaining({ form_id: ids.generic, name: 'Wensen keuken', kind: 'generic', addresses: 4, not_answered: 3 })]);
  });

  it('gives the consent per building unit against 70% from the tally (nobody agreed yet: 0%)', async () => {
    const { consent } = await overviewOf(tokens.admin);
    expect(consent!.forms).toHaveLength(1);
    const [form] = consent!.forms;
    expect(form).toMatchObject({ form_id: ids.consent, name: 'Draagvlak proef', threshold: 70, percentage: 0, reached: false, units_reached: 0 });
    expect(form!.units.map((u) => [u.building_unit, u.votes, u.agreed_votes])).toEqual([['Blok A', 2, 0], ['Blok B', 2, 0]]);

    // An agreement on paper counts once a second person confirmed it (the tally's rule, not repeated here): Blok A 50%,
    // as the campaign says.
    const [a1] = ids.addresses;
    const entry = await one<{ id: number }>(`INSERT INTO form_entries (form_id, project_id, address_id, status, on_paper) VALUES ($1, $2, $3, 'confirmed', true) RETURNING id`,
      [ids.consent, project, a1]);
    const scan = await one<{ id: number }>(`INSERT INTO files (key, filename, mime, size, owner) VALUES ('overview-scan', 'scan.pdf', 'application/pdf', 1, 'consent-paper') RETURNING id`);
    await t.query(`INSERT INTO consent_paper_records (entry_id, form_id, project_id, address_id, agreement, scan_file_id, recorded_by_name, state, decided_by_name, decided_at)
      VALUES ($1, $2, $3, $4, 'agree', $5, 'Een', 'confirmed', 'Ander', now())`, [entry.id, ids.consent, project, a1, scan.id]);
    const after = (await overviewOf(tokens.admin)).consent!.forms[0]!;
    expect(after.units.map((u) => [u.building_unit, u.percentage, u.agreed_votes])).toEqual([['Blok B', 0, 0], ['Blok A', 50, 1]]);
    expect(after.percentage).toBe(25);
    const campaign = await t.app.inject({ method: 'GET', url: `/api/staff/projects/${project}/consent-campaign?form_id=${ids.consent}`, headers: bearer(tokens.admin) });
    expect(campaign.statusCode, campaign.body).toBe(200);
    const unit = campaign.json<{ units: Array<{ building_unit: string; percentage: number }> }>().units.find((u) => u.building_unit === 'Blok A')!;
    expect(unit.percentage).toBe(50);
  });

  it('counts open payments and extra payments of an entry paid twice, with their amounts', async () => {
    const { payments } = await overviewOf(tokens.admin);
    expect(payments).toEqual({ open: { count: 2, amount_cents: 4000 }, double: { count: 1, amount_cents: 1000 } });
  });

  it("counts today's and this week's booked appointments (not cancelled ones) and lists today's first", async () => {
    const { appointments, today } = await overviewOf(tokens.admin);
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 = Sunday: tomorrow is next week
    expect(appointments!.today).toBe(2);
    expect(appointments!.week).toBe(weekday === 0 ? 2 : 3);
    expect(appointments!.first_today.map((a) => [a.subject, a.full_address])).toEqual([
      ['Schouw', 'Overzichtstraat 1, 9999 ZZ Utrecht'], ['Schouw', 'Overzichtstraat 2, 9999 ZZ Utrecht'],
    ]);
  });

  it('counts the addresses without an activated account, as the address list filters them', async () => {
    const { activation } = await overviewOf(tokens.admin);
    expect(activation).toEqual({ addresses: 4, not_activated: 2 });
    // The list the figure links to, filtered alike (?status=not-activated).
    const list = await t.app.inject({ method: 'GET', url: `/api/staff/projects/${project}/addresses?status=not-activated`, headers: bearer(tokens.admin) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<Array<{ house_number: string; status: string }>>().map((a) => [a.house_number, a.status])).toEqual([['3', 'none'], ['4', 'none']]);
  });

  it('gives each part only with its permission', async () => {
    const parts = (o: TStaffProjectOverview) => ['conversations', 'consent', 'forms', 'payments', 'appointments', 'activation'].filter((k) => k in o);
    expect(parts(await overviewOf(tokens.admin))).toEqual(['conversations', 'consent', 'forms', 'payments', 'appointments', 'activation']);
    expect(parts(await overviewOf(tokens.editor))).toEqual(['conversations', 'consent', 'forms', 'payments', 'appointments', 'activation']);
    expect(parts(await overviewOf(tokens.contractor))).toEqual(['conversations', 'consent', 'forms', 'payments', 'appointments', 'activation']);
    // A housing corporation's viewer: no payments, no addresses.
    expect(parts(await overviewOf(tokens.viewer))).toEqual(['conversations', 'consent', 'forms', 'appointments']);
  });

  it("answers the guard's 404 for another customer's project and for a project the account was not given; 401 without a session", async () => {
    for (const token of [tokens.otherAdmin, tokens.outsider]) {
      const res = await get(token);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(accessMessages.notReached);
    }
    expect((await get(tokens.admin, 2_000_000_000)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/projects/${project}/overview` })).statusCode).toBe(401);
  });

  it('is audited as a read of personal data', async () => {
    const rows = await t.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'project-overview-read' AND project_id = $1", [project]);
    expect(rows.length).toBeGreaterThan(0);
  });
});

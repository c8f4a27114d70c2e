import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPlannerView, TStaffProjectOverview } from '@portal/contract';
import { bearer, consoleToken, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { jobHandlers } from '../../services.ts';

/**
 * The project change log (migration 0043, lib/change-log.ts) the console's overview and planner keep their reads
 * against: every write those reads see appends a row for its project, also by raw SQL on another connection (as
 * another server process would); a kept read is used while no such write was committed, and never after one.
 */
let t: TestApp;
let admin: string;
let project: number;
let other: number;
let a1: number;
let a2: number;
let planning: number;
let slot: number;
let appointment: number;
let occupant: number;
let form: number;
let conversation: number;

const one = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.query<R>(text, params))[0]!;
const changesOf = async (projectId: number) => Number((await one<{ n: string }>('SELECT count(*) AS n FROM project_changes WHERE project_id = $1', [projectId])).n);
const overview = async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/staff/projects/${project}/overview`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TStaffProjectOverview>();
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const week = () => t.services.planner.view(project, { view: 'week', date: today(), language: 'nl' } as never);

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  admin = await consoleToken(t, t.ids.users.admin);
  const woonstad = t.ids.customers.woonstad;
  project = (await one<{ id: number }>("INSERT INTO projects (customer_id, name) VALUES ($1, 'Wijzigingsproef') RETURNING id", [woonstad])).id;
  other = (await one<{ id: number }>("INSERT INTO projects (customer_id, name) VALUES ($1, 'Ander project') RETURNING id", [woonstad])).id;
  const address = async (n: number) => {
    const a = await one<{ id: number }>(`INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '9998ZZ', $2, 'Wijzigingsweg', 'Utrecht') RETURNING id`, [woonstad, String(n)]);
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [a.id, project]);
    return a.id;
  };
  a1 = await address(1);
  a2 = await address(2);
  occupant = (await one<{ id: number }>("INSERT INTO occupants (address_id, first_name, last_name) VALUES ($1, 'Jan', 'Jansen') RETURNING id", [a1])).id;
  planning = (await one<{ id: number }>("INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Schouw') RETURNING id", [project])).id;
  slot = (await one<{ id: number }>(`INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken)
    VALUES ($1, (((now() AT TIME ZONE 'Europe/Amsterdam')::date) + time '10:00') AT TIME ZONE 'Europe/Amsterdam', 2, 1) RETURNING id`, [planning])).id;
  appointment = (await one<{ id: number }>('INSERT INTO appointments (planning_id, address_id, slot_id) VALUES ($1, $2, $3) RETURNING id', [planning, a1, slot])).id;
  form = (await one<{ id: number }>(`INSERT INTO forms (project_id, kind, name, published_version, closes_at) VALUES ($1, 'generic', 'Wensen', 1, now() + interval '2 days') RETURNING id`, [project])).id;
  conversation = (await one<{ id: number }>(`INSERT INTO chat_conversations (project_id, address_id, status, last_message_at) VALUES ($1, $2, 'open', now()) RETURNING id`, [project, a2])).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the project change log', () => {
  // Each write a kept read sees, by raw SQL: it logs the project it touches, and only that one.
  const writes: Array<[string, () => Promise<unknown>]> = [
    ['a conversation', () => t.query("UPDATE chat_conversations SET status = 'waiting' WHERE id = $1", [conversation])],
    ['a form', () => t.query("UPDATE forms SET name = 'Wensen keuken' WHERE id = $1", [form])],
    ['an entry', () => t.query(`INSERT INTO form_entries (form_id, project_id, address_id, values, status) VALUES ($1, $2, $3, '{"q":"ja"}', 'answered')`, [form, project, a1])],
    ['an address in the project', () => t.query("UPDATE address_projects SET building_unit = 'Blok A' WHERE address_id = $1 AND project_id = $2", [a1, project])],
    ['a payment', () => t.query(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status, idempotency_key)
      VALUES ('local', 'tr_changes_1', 'choice-form', 1, $1, $2, 1000, 'Meerwerk', 'open', 'tr_changes_1')`, [project, form])],
    ['an appointment type', () => t.query("UPDATE appointment_plannings SET subject = 'Schouw woning' WHERE id = $1", [planning])],
    ['a slot', () => t.query('UPDATE appointment_slots SET capacity = 3 WHERE id = $1', [slot])],
    ['an appointment', () => t.query('UPDATE appointments SET confirmed_at = now() WHERE id = $1', [appointment])],
    ['a waiting list', () => t.query('INSERT INTO appointment_waitlist (planning_id, address_id) VALUES ($1, $2)', [planning, a2])],
    ['an address', () => t.query('UPDATE addresses SET activated_at = now() WHERE id = $1', [a2])],
    ['an occupant', () => t.query("UPDATE occupants SET first_name = 'Johan' WHERE id = $1", [occupant])],
    ['a new occupant', () => t.query("INSERT INTO occupants (address_id, first_name, last_name) VALUES ($1, 'Fatima', 'El Amrani')", [a2])],
    ['a deleted occupant', () => t.query("DELETE FROM occupants WHERE address_id = $1 AND first_name = 'Fatima'", [a2])],
    ['a push device', () => t.query("INSERT INTO push_subscriptions (occupant_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/changes-1', 'k', 'a')", [occupant])],
    ['a notification preference', () => t.query("INSERT INTO notification_preferences (occupant_id, category, email, push, sms) VALUES ($1, 'news', 'off', true, false)", [occupant])],
  ];
  it.each(writes)('logs the project of a write to %s', async (_what, write) => {
    const [before, beforeOther] = [await changesOf(project), await changesOf(other)];
    await write();
    expect(await changesOf(project)).toBeGreaterThan(before);
    expect(await changesOf(other)).toBe(beforeOther);
  });

  it('takes a payment of no project without logging anything (and without failing)', async () => {
    const total = async () => Number((await one<{ n: string }>('SELECT count(*) AS n FROM project_changes')).n);
    const before = await total();
    await t.query(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, amount_cents, description, status, idempotency_key)
      VALUES ('local', 'tr_changes_2', 'choice-form', 1, 500, 'Los', 'open', 'tr_changes_2')`);
    expect(await total()).toBe(before);
  });
});

describe('the overview kept against the log', () => {
  it('is read from the kept parts while nothing changed, and anew after a write by raw SQL', async () => {
    const first = await overview();
    const query = vi.spyOn(t.services.db.$client, 'query');
    try {
      const again = await overview();
      expect(again.conversations).toEqual(first.conversations);
      const kept = query.mock.calls.length;
      query.mockClear();
      await t.query("UPDATE chat_conversations SET status = 'open', assigned_user_id = NULL WHERE id = $1", [conversation]);
      const after = await overview();
      // The parts are read again: more queries than the kept read, and the conversation counts as open.
      expect(query.mock.calls.length).toBeGreaterThan(kept);
      expect(after.conversations).toMatchObject({ open: (first.conversations!.open + (first.conversations!.waiting ? 1 : 0)) });
    } finally {
      query.mockRestore();
    }
  });

  it('shows a new payment, an answered entry and an activation made by raw SQL at the next read', async () => {
    const before = await overview();
    await t.query(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status, idempotency_key)
      VALUES ('local', 'tr_changes_3', 'choice-form', 1, $1, $2, 700, 'Meerwerk', 'open', 'tr_changes_3')`, [project, form]);
    await t.query(`INSERT INTO form_entries (form_id, project_id, address_id, values, status) VALUES ($1, $2, $3, '{"q":"nee"}', 'answered')`, [form, project, a2]);
    await t.query('UPDATE addresses SET activated_at = now() WHERE id = $1', [a1]);
    const after = await overview();
    expect(after.payments!.open.count).toBe(before.payments!.open.count + 1);
    expect(after.forms!.closing[0]!.not_answered).toBe(0);
    expect(after.activation!.not_activated).toBe(0);
  });
});

describe('the entry counts and the notification reach kept against the log', () => {
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const counts = () => get<{ answered: number; not_answered: number; building_units: unknown[] }>(`/api/staff/projects/${project}/forms/${form}/entries/counts`);
  const reach = () => get<{ occupants: number; with_email: number; with_push: number }>(`/api/staff/projects/${project}/notifications/reach`);

  it('counts an entry answered by raw SQL at the next read', async () => {
    const before = await counts();
    expect(await counts()).toEqual(before);
    await t.query(`UPDATE form_entries SET values = '{}', status = '' WHERE form_id = $1 AND address_id = $2`, [form, a2]);
    const after = await counts();
    expect(after.answered).toBe(before.answered - 1);
    expect(after.not_answered).toBe(before.not_answered + 1);
  });

  it('reaches a new e-mail address and a new push device at the next read', async () => {
    const before = await reach();
    expect(await reach()).toEqual(before);
    await t.query("UPDATE occupants SET email_address = 'jan@wijziging.nl' WHERE id = $1", [occupant]);
    await t.query("INSERT INTO push_subscriptions (occupant_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/changes-2', 'k', 'a')",
      [(await one<{ id: number }>("INSERT INTO occupants (address_id, first_name, last_name) VALUES ($1, 'Piet', 'Pietersen') RETURNING id", [a2])).id]);
    const after = await reach();
    expect(after.occupants).toBe(before.occupants + 1);
    expect(after.with_email).toBe(before.with_email + 1);
    expect(after.with_push).toBe(before.with_push + 1);
  });
});

describe('the planner kept against the log', () => {
  it('answers the same calendar while nothing changed, and a new one after a write by raw SQL', async () => {
    const first = await week();
    expect(await week()).toBe(first);
    await t.query("UPDATE occupants SET first_name = 'Karel' WHERE id = $1", [occupant]);
    const after = await week();
    expect(after).not.toBe(first);
    const view = JSON.parse(after.json) as TPlannerView;
    expect(view.slots.flatMap((s) => s.bookings.map((b) => b.household))).toContain('Karel Jansen');
  });

  it('sweeps the log as the tally’s: old rows go but the newest per project, and a kept calendar is not used after it', async () => {
    const first = await week();
    await t.query("UPDATE project_changes SET at = now() - interval '1 hour' WHERE project_id = $1", [project]);
    const newest = await one<{ id: string }>('SELECT max(id) AS id FROM project_changes WHERE project_id = $1', [project]);
    await jobHandlers(t.services).sweep({});
    const rows = await t.query<{ id: string }>('SELECT id FROM project_changes WHERE project_id = $1 ORDER BY id', [project]);
    expect(rows.map((r) => r.id).slice(0, -1)).toEqual([newest.id]);
    expect(BigInt(rows.at(-1)!.id)).toBeGreaterThan(BigInt(newest.id));
    expect(await week()).not.toBe(first);
  });
});

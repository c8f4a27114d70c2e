import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formListState, ZFormListItem, ZFormMenu, type TFormListItem } from '@portal/contract';
import { bearer, createListeningApp, occupantToken, type TestApp } from '../../../test/helpers.ts';

/**
 * The forms overview says per form where the address stands (issue 18, "What every list says"): the state
 * in words on the web, computed here on the server from the latest entry, and the deadline when there is one.
 */
let t: TestApp;
let jan: string; // 1234AB 10
let fatima: string; // 1234AB 12
let f: Record<'access' | 'intake' | 'supportBase' | 'choice', number>;

beforeAll(async () => {
  t = await createListeningApp();
  [jan, fatima] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12')]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM forms')).map((r) => [r.name, r.id]));
  f = {
    access: byName['Toestemming om de woning te betreden']!, intake: byName['Opname van uw woning']!,
    supportBase: byName['Draagvlakmeting renovatieplan']!, choice: byName['Keuzes voor uw keuken']!,
  };
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
async function overview(token: string): Promise<TFormListItem[]> {
  const root = await get('/api/occupant/forms/?language=nl', token);
  expect(root.statusCode, root.body).toBe(200);
  const menus = await get('/api/occupant/form/menu', token);
  expect(menus.statusCode, menus.body).toBe(200);
  return [...root.json<unknown[]>().map((i) => ZFormListItem.parse(i)), ...menus.json<unknown[]>().flatMap((m) => ZFormMenu.parse(m).items)];
}
const item = (items: TFormListItem[], formId: number) => items.find((i) => i.type === 'form' && i.form_id === formId)!;
const stateOf = async (token: string, formId: number) => item(await overview(token), formId).state;

/** An entry of an address, as the form's own flow leaves it (the flows are tested in each family's module). */
async function entryFor(formId: number, addressId: number, set: Record<string, unknown>) {
  const columns = Object.keys(set);
  await t.query('DELETE FROM form_entries WHERE form_id = $1 AND address_id = $2', [formId, addressId]);
  await t.query(
    `INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, ${columns.join(', ')})
     SELECT $1, project_id, $2, true, ${columns.map((_, i) => `$${i + 3}`).join(', ')} FROM forms WHERE id = $1`,
    [formId, addressId, ...Object.values(set).map((v) => (typeof v === 'object' && v !== null && !(v instanceof Date) ? JSON.stringify(v) : v))],
  );
}
const signed = (isSigned: boolean) => ({ 1: { image: null, who: 'Jan', description: null, mobile: null, signed: isSigned, signedAt: null } });

describe('the state of each form in the overview', () => {
  it('says not started where the address has no entry, and nothing for a menu', async () => {
    const items = await overview(jan);
    expect(item(items, f.intake)).toMatchObject({ state: 'not_started', deadline: null });
    expect(items.filter((i) => i.type === 'menu').every((i) => i.state === null && i.deadline === null)).toBe(true);
    expect(items.filter((i) => i.type === 'form').every((i) => i.state !== null)).toBe(true);
  });

  it('follows an intake form: being filled in, then sent', async () => {
    expect(await stateOf(fatima, f.intake)).toBe('filling'); // the demo's half-filled intake of 12
    await t.query("UPDATE form_entries SET status = 'sent', locked = true, sent_at = now() WHERE form_id = $1 AND address_id = $2", [f.intake, t.ids.addresses.a12]);
    expect(await stateOf(fatima, f.intake)).toBe('sent');
  });

  it('calls a signed consent form finished, not merely opened', async () => {
    await entryFor(f.supportBase, t.ids.addresses.a10, { status: 'open', values: { instemming: 'agree' } });
    expect(await stateOf(jan, f.supportBase)).toBe('filling');
    await entryFor(f.supportBase, t.ids.addresses.a10, { status: 'open', values: { instemming: 'agree' }, nr_of_signatures: 1, signatures: signed(false), sign_requested: true });
    expect(await stateOf(jan, f.supportBase)).toBe('signing');
    await entryFor(f.supportBase, t.ids.addresses.a10, { status: 'signed', values: { instemming: 'agree' }, nr_of_signatures: 1, signatures: signed(true), agreement: 'agree' });
    expect(await stateOf(jan, f.supportBase)).toBe('completed');
  });

  it('walks a choice form through signing, paying and sending, with its deadline until it is sent', async () => {
    await t.query("UPDATE forms SET deadline = '2026-12-15T16:00:00Z' WHERE id = $1", [f.choice]);
    expect(item(await overview(jan), f.choice)).toMatchObject({ state: 'not_started', deadline: '15-12-2026' });
    await entryFor(f.choice, t.ids.addresses.a10, { status: 'answering', values: { keuken: 'Wit' } });
    expect(await stateOf(jan, f.choice)).toBe('filling');
    await entryFor(f.choice, t.ids.addresses.a10, { status: 'summary', locked: true, values: { keuken: 'Wit' }, amount_cents: 12550, nr_of_signatures: 1, signatures: signed(false) });
    expect(item(await overview(jan), f.choice)).toMatchObject({ state: 'signing', total_not_paid: null });
    await entryFor(f.choice, t.ids.addresses.a10, { status: 'summary', locked: true, values: { keuken: 'Wit' }, amount_cents: 12550, nr_of_signatures: 1, signatures: signed(true) });
    expect(item(await overview(jan), f.choice)).toMatchObject({ state: 'paying', total_not_paid: '125,50' });
    await entryFor(f.choice, t.ids.addresses.a10, {
      status: 'send', locked: true, values: { keuken: 'Wit' }, amount_cents: 12550, nr_of_signatures: 1, signatures: signed(true), paid_at: new Date(), sent_at: new Date(),
    });
    expect(item(await overview(jan), f.choice)).toMatchObject({ state: 'sent', total_not_paid: null, deadline: '15-12-2026' });
    // another address's entry says nothing about Fatima's
    expect(await stateOf(fatima, f.choice)).toBe('not_started');
  });

  it('waits for the signatures of a generic form that asks for them, and is finished once signed', async () => {
    await entryFor(f.access, t.ids.addresses.a10, { status: 'locked', locked: true, values: { akkoord: 'ja' }, nr_of_signatures: 1, signatures: signed(false) });
    expect(await stateOf(jan, f.access)).toBe('signing');
    await entryFor(f.access, t.ids.addresses.a10, { status: 'signed', locked: true, values: { akkoord: 'ja' }, nr_of_signatures: 1, signatures: signed(true) });
    expect(await stateOf(jan, f.access)).toBe('completed');
    await t.query("UPDATE form_entries SET email_to = '{jan@example.nl}', sent_at = now() WHERE form_id = $1 AND address_id = $2", [f.access, t.ids.addresses.a10]);
    expect(await stateOf(jan, f.access)).toBe('sent');
  });

  it('keeps the state of a finished entry of a form that allows several, when a new one is opened but not filled in', async () => {
    const defect = (await t.query<{ id: number }>("SELECT id FROM forms WHERE name = 'Melding van een klein gebrek'"))[0]!.id;
    expect(await stateOf(jan, defect)).toBe('completed'); // the demo's finished report
    expect((await get(`/api/occupant/form/${defect}/new`, jan)).statusCode).toBe(200);
    expect(await stateOf(jan, defect)).toBe('completed');
    const fresh = (await get(`/api/occupant/form/${defect}/new`, jan)).json<{ id: number }>().id;
    const saved = await t.app.inject({ method: 'POST', url: `/api/occupant/form/${defect}/filled-in-form/${fresh}/section/0`, payload: { values: { ruimte: 'Keuken', omschrijving: 'Kraan lekt' } }, headers: bearer(jan) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stateOf(jan, defect)).toBe('filling'); // the report being written now is what is left to do
  });

  it("gives a visitor's public list states of their own code only", async () => {
    const code = (await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}/get-unique/`)).json<{ unique: string }>().unique;
    const list = await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}?unique=${code}`);
    expect(list.json<TFormListItem[]>().map((i) => i.state)).toEqual(['not_started']);
    const base = `/api/public/form/${list.json<TFormListItem[]>()[0]!.form_id}/${code}`;
    const entry = await get(`${base}/new`);
    expect(entry.statusCode, entry.body).toBe(200);
    const save = await t.app.inject({
      method: 'POST', url: `${base}/filled-in-form/${entry.json<{ id: number }>().id}/section/0`, payload: { values: { naam: 'Bezoeker', personen: 2, avond: 'Dinsdag 14 april' } },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect((await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}?unique=${code}`)).json<TFormListItem[]>()[0]!.state).toBe('filling');
    expect((await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}`)).json<TFormListItem[]>()[0]!.state).toBe('not_started');
  });
});

describe('formListState', () => {
  const facts = { status: '', locked: false, answered: false, signingOpen: false, signingStarted: false, paymentDue: false, emailed: false, onPaper: false };
  it('reads a consent form on paper as finished, and an intake form staff handled after sending as finished', () => {
    expect(formListState('support-base', { ...facts, onPaper: true })).toBe('completed');
    expect(formListState('support-base', { ...facts, status: 'confirmed' })).toBe('completed');
    expect(formListState('intake', { ...facts, status: 'processed', locked: true })).toBe('completed');
    expect(formListState('intake', { ...facts, status: 'denied', answered: true })).toBe('filling');
    expect(formListState('generic', null)).toBe('not_started');
    expect(formListState('generic', { ...facts, status: 'answered' })).toBe('not_started');
  });
});

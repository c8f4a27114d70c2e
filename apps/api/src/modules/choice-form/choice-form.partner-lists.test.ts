import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages, ZIntakeAddressProgress, ZIntakeFormListItem, type TIntakeAddressProgress } from '@portal/contract';
import { adminToken, bearer, createTestApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';

/** A partner's lists of choice forms and of a choice form's addresses (the lists intake forms have too). */
let t: TestApp;
let jan: string;
let partner: string;
let admin: string; // staff of Woonstad only: Havenkwartier is another customer's project
let kitchen: number; // Bloemenbuurt's choice form
let bathroom: number; // Rivierenwijk's
let intakeForm: number; // Bloemenbuurt's intake form

beforeAll(async () => {
  t = await createTestApp();
  [jan, partner, admin] = await Promise.all([occupantToken(t.app, '10'), partnerToken(t.app), adminToken(t.app)]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM forms')).map((r) => [r.name, r.id]));
  kitchen = byName['Keuzes voor uw keuken']!;
  bathroom = byName['Keuzes voor uw badkamer']!;
  intakeForm = byName['Opname van uw woning']!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const project = () => t.ids.projects.bloemenbuurt;
const addressesUrl = (formId: number) => `/api/partner/project/${project()}/choice/form/${formId}/addresses`;
const tulpstraat = async () => {
  const res = await get(`${addressesUrl(kitchen)}?q=tulpstraat`, partner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown[]>().map((r) => ZIntakeAddressProgress.parse(r));
};
const stateOf = async (addressId: number) => (await tulpstraat()).find((a) => a.id === addressId)?.state;
const unpaidOf = async (addressId: number) => (await tulpstraat()).find((a) => a.id === addressId)?.total_not_paid;
const entryId = async (addressId: number) =>
  (await t.query<{ id: number }>('SELECT id FROM form_entries WHERE form_id = $1 AND address_id = $2', [kitchen, addressId]))[0]!.id;

describe('choice form lists for a partner', () => {
  it("gives the project's choice forms, each with the number of addresses and of those sent", async () => {
    const res = await get(`/api/partner/project/${project()}/choice/forms/?language=nl`, partner);
    expect(res.statusCode, res.body).toBe(200);
    const [{ n }] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM address_projects WHERE project_id = $1', [project()]) as [{ n: number }];
    expect(res.json<unknown[]>().map((r) => ZIntakeFormListItem.parse(r))).toEqual([{ id: kitchen, name: 'Keuzes voor uw keuken', kind: 'choice', nr_of_addresses: n, nr_sent: 0 }]);
    // The intake list still holds only the intake forms.
    expect((await get(`/api/partner/project/${project()}/intake/forms/`, partner)).json<Array<{ kind: string }>>().map((f) => f.kind)).toEqual(['intake']);
  });

  it('gives each address with its state, from not started to sent, searchable and paged', async () => {
    const a10 = t.ids.addresses.a10;
    expect(await tulpstraat()).toEqual<TIntakeAddressProgress[]>([
      { id: a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht', status: '', state: 'not_started', nr_of_sections: 2, nr_of_sections_done: 0, total_not_paid: null },
      { id: t.ids.addresses.a12, full_address: 'Tulpstraat 12, 1234 AB Utrecht', status: '', state: 'not_started', nr_of_sections: 2, nr_of_sections_done: 0, total_not_paid: null },
      { id: t.ids.addresses.a14, full_address: 'Tulpstraat 14, 1234 AB Utrecht', status: '', state: 'not_started', nr_of_sections: 2, nr_of_sections_done: 0, total_not_paid: null },
    ]);
    // The partner fills the form in for the address.
    const saved = await post(`/api/partner/choice/form/${kitchen}/section/0/address/${a10}`, { values: { fronten: 'Antraciet' } }, partner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stateOf(a10)).toBe('filling');
    const second = await post(`/api/partner/choice/form/${kitchen}/section/1/address/${a10}`, { values: { blad: 1, vaatwasser: 1 } }, partner);
    expect(second.statusCode, second.body).toBe(200);
    expect(await stateOf(a10)).toBe('filling');
    const locked = await post(`/api/partner/choice/form/${kitchen}/section/summary/address/${a10}`, {}, partner);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(await stateOf(a10)).toBe('summary');
    // Antraciet 1.250,50 + 1 m aanrechtblad 85,50: staff see what the resident still has to pay online.
    expect(await unpaidOf(a10)).toBe('1.336,00');
    const id = await entryId(a10);
    await t.query(`UPDATE form_entries SET nr_of_signatures = 1, signatures = '{"1":{"image":null,"who":"Jan","description":null,"mobile":null,"signed":true,"signedAt":null}}' WHERE id = $1`, [id]);
    expect(await stateOf(a10)).toBe('signed');
    // Sent by staff without the payment: still unpaid.
    await t.query("UPDATE form_entries SET status = 'send', sent_at = now() WHERE id = $1", [id]);
    expect(await stateOf(a10)).toBe('sent');
    expect(await unpaidOf(a10)).toBe('1.336,00');
    await t.query("UPDATE form_entries SET paid_at = now(), status = 'paid' WHERE id = $1", [id]);
    expect(await stateOf(a10)).toBe('paid');
    expect(await unpaidOf(a10)).toBeNull();
    await t.query("UPDATE form_entries SET status = 'send' WHERE id = $1", [id]);
    expect(await stateOf(a10)).toBe('sent');
    expect((await get(`/api/partner/project/${project()}/choice/forms/`, partner)).json<Array<{ nr_sent: number }>>()[0]!.nr_sent).toBe(1);

    const ids = async (query: string) => (await get(`${addressesUrl(kitchen)}?${query}`, partner)).json<TIntakeAddressProgress[]>().map((a) => a.id);
    expect(await ids('q=tulp%2012')).toEqual([t.ids.addresses.a12]);
    const first = await get(`${addressesUrl(kitchen)}?q=Tulpstraat&limit=2`, partner);
    expect(first.headers['x-has-more']).toBe('true');
    expect(await ids(`q=Tulpstraat&limit=2&before=${t.ids.addresses.a12}`)).toEqual([t.ids.addresses.a14]);
  });

  it('documents the lists in the OpenAPI document, under their kind', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    expect(doc.paths['/api/partner/project/{project_id}/choice/forms/']?.get?.tags).toEqual(['choice']);
    expect(doc.paths['/api/partner/project/{project_id}/choice/form/{id}/addresses']?.get?.tags).toEqual(['choice']);
    expect(doc.paths['/api/partner/project/{project_id}/intake/form/{id}/addresses']?.get?.tags).toEqual(['intake']);
  });

  it("refuses another customer's project, another project's form, an intake form and residents", async () => {
    // Staff of Woonstad asking for another customer's project.
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/choice/forms/`, admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/choice/form/${kitchen}/addresses`, admin)).statusCode).toBe(404);
    expect((await get(addressesUrl(bathroom), partner)).statusCode).toBe(404); // the addresses of another project's form
    expect((await get(addressesUrl(intakeForm), partner)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${project()}/intake/form/${kitchen}/addresses`, partner)).statusCode).toBe(404);
    const resident = await get(`/api/partner/project/${project()}/choice/forms/`, jan);
    expect(resident.statusCode).toBe(401);
    expect(resident.json()).toEqual({ message: accessMessages.wrongFace });
    expect((await get(`/api/partner/project/${project()}/choice/forms/`)).statusCode).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { accessMessages, ZStaffWorkOrderEntry, ZStaffWorkOrderEntryList, ZStaffWorkOrderSettings, ZWorkOrder, type TStaffWorkOrderEntry } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';
import { auditOf, expectStatus, testPng, uploadStaffImage, type Caller, type ConsoleTokens } from '../../../test/staff-content-b.ts';
import { setUpStaffContentBApp } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, staff: ConsoleTokens, call: Caller, B: number, R: number;
setUpStaffContentBApp((app) => ({ t, get, tokens, elsewhere, staff, call, B, R } = app));

const base = (projectId: number) => `/api/staff/projects/${projectId}/work-order`;

/** Every address of the project in the console's list, page by page. */
async function allEntries(projectId: number, token = staff.admin, query = ''): Promise<TStaffWorkOrderEntry[]> {
  const entries: TStaffWorkOrderEntry[] = [];
  for (let pages = 0; pages < 50; pages++) {
    const before = entries.at(-1) ? `&before=${entries.at(-1)!.id}` : '';
    const res = await call('GET', `${base(projectId)}/entries?limit=10${query}${before}`, token);
    expectStatus(res, 200);
    entries.push(...ZStaffWorkOrderEntryList.parse(res.json()));
    if (res.headers['x-has-more'] === 'false') return entries;
  }
  throw new Error('too many pages');
}
const numbered = (entries: TStaffWorkOrderEntry[]) => entries.filter((e) => e.number !== null);
const ownEntry = async (token: string) => ZWorkOrder.parse((await get('/api/occupant/workorder', token)).json()).own_entry;

describe('access', () => {
  it('lets the customer administrator and the project editor of the project in, and nobody else', async () => {
    const settings = ZStaffWorkOrderSettings.parse((await call('GET', base(B), staff.admin)).json());
    expect(settings).toMatchObject({ show_image: false, image_url: null, public_addresses: false, in_order: 33, message: 'De woningen worden in de volgorde van de lijst hieronder aangepakt.' });
    expect(settings.addresses).toBeGreaterThanOrEqual(33);
    expectStatus(await call('GET', base(B), staff.editor), 200);
    // the editor was given the Bloemenbuurt only; another customer's staff reach none of Woonstad's projects
    for (const [url, token] of [[base(R), staff.editor], [base(B), staff.elsewhere], [`${base(R)}/entries`, staff.elsewhere], [base(elsewhere.projectId), staff.admin], [base(999_999), staff.admin]] as const) {
      const res = await call('GET', url, token);
      expectStatus(res, 404);
      expect(res.json()).toEqual({ message: accessMessages.notReached });
    }
    expectStatus(await call('GET', base(elsewhere.projectId), staff.elsewhere), 200);
    // a portal session (resident, partner) is no console session
    expectStatus(await call('GET', base(B), tokens.jan), 401);
    expectStatus(await call('GET', base(B), tokens.admin), 401);
    expectStatus(await t.app.inject({ method: 'GET', url: base(B) }), 401);
  });

  it('refuses another customer’s address and staff of another customer on every change', async () => {
    const a10 = t.ids.addresses.a10;
    const changes: Array<[Parameters<Caller>[0], string, unknown]> = [
      ['PATCH', `${base(B)}/entries/${elsewhere.addressId}`, { status: 'done' }],
      ['DELETE', `${base(B)}/entries/${elsewhere.addressId}`, undefined],
      ['POST', `${base(B)}/status`, { address_ids: [a10, elsewhere.addressId], status: 'done' }],
    ];
    for (const [method, url, json] of changes) expectStatus(await call(method, url, staff.admin, { json }), 404);
    for (const [method, url, json] of [
      ['PATCH', `${base(B)}/entries/${a10}`, { status: 'done' }], ['DELETE', `${base(B)}/entries/${a10}`, undefined],
      ['PUT', `${base(B)}/order`, { address_ids: [a10] }], ['POST', `${base(B)}/status`, { address_ids: [a10], status: 'done' }],
      ['PUT', base(B), { show_image: false, message: null, image_id: null, public_addresses: false }],
    ] as const) {
      expectStatus(await call(method, url, staff.elsewhere, { json }), 404);
    }
    expectStatus(await call('PATCH', `${base(R)}/entries/${t.ids.addresses.a12}`, staff.editor, { json: { status: 'done' } }), 404);
    // nothing changed
    expect(await ownEntry(tokens.jan)).toMatchObject({ id: 2, status: 'done' });
    expect((await auditOf(t, 'work-order-entry')).length).toBe(0);
  });
});

describe('the list of addresses', () => {
  it('lists the addresses in the order by number, then the others, paged and searchable', async () => {
    const entries = await allEntries(B);
    const ordered = numbered(entries);
    expect(ordered.map((e) => e.number)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(entries.slice(0, ordered.length)).toEqual(ordered);
    expect(entries[0]).toEqual({ id: t.ids.addresses.a12, full_address: 'Tulpstraat 12, 1234 AB Utrecht', number: 1, status: 'done', is_public: true });
    expect(entries.find((e) => e.id === t.ids.addresses.a14)).toMatchObject({ number: 13, is_public: false });
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);

    const found = await allEntries(B, staff.admin, `&q=${encodeURIComponent('tulpstraat 1')}`);
    expect(found.map((e) => e.full_address)).toEqual(['Tulpstraat 12, 1234 AB Utrecht', 'Tulpstraat 10, 1234 AB Utrecht', 'Tulpstraat 14, 1234 AB Utrecht']);
    const [rozenstraat] = await t.query<{ n: number }>("SELECT count(*)::int AS n FROM addresses WHERE zipcode = '3552AB'");
    const byZipcode = await allEntries(B, staff.admin, '&q=3552%20AB');
    expect(byZipcode.length).toBe(rozenstraat!.n);
    expect(byZipcode.every((e) => e.full_address.includes('3552 AB'))).toBe(true);
    expectStatus(await call('GET', `${base(B)}/entries?limit=101`, staff.admin), 422);
    expectStatus(await call('GET', `${base(B)}/entries?q=${'x'.repeat(101)}`, staff.admin), 422);
  });
});

describe('changing the order', () => {
  it('sets a status, which the resident sees at once, and writes it to the audit log', async () => {
    const a10 = t.ids.addresses.a10;
    const res = await call('PATCH', `${base(B)}/entries/${a10}`, staff.editor, { json: { status: 'in_progress' } });
    expectStatus(res, 200);
    expect(ZStaffWorkOrderEntry.parse(res.json())).toEqual({ id: a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht', number: 2, status: 'in_progress', is_public: true });
    expect(await ownEntry(tokens.jan)).toMatchObject({ id: 2, status: 'in_progress' });
    const [entry] = await auditOf(t, 'work-order-entry', a10);
    expect(entry).toMatchObject({
      action: 'update', actor: 'Eva Smit (redactie)', project_id: B,
      before: { number: 2, status: 'done', is_public: true }, after: { number: 2, status: 'in_progress', address: 'Tulpstraat 10, 1234 AB Utrecht' },
    });
    expectStatus(await call('PATCH', `${base(B)}/entries/${a10}`, staff.admin, { json: { status: 'klaar' } }), 422);
    expectStatus(await call('PATCH', `${base(B)}/entries/${a10}`, staff.admin, { json: { position: 0 } }), 422);
  });

  it('moves an address up, down and to a position, keeping the numbers 1..n', async () => {
    const { a10, a12 } = t.ids.addresses;
    const move = async (addressId: number, position: number) => {
      const res = await call('PATCH', `${base(B)}/entries/${addressId}`, staff.admin, { json: { position } });
      expectStatus(res, 200);
      return ZStaffWorkOrderEntry.parse(res.json()).number;
    };
    expect(await move(a10, 1)).toBe(1); // one up
    let ordered = numbered(await allEntries(B));
    expect(ordered.slice(0, 2).map((e) => e.id)).toEqual([a10, a12]);
    expect(await move(a10, 2)).toBe(2); // and down again
    expect(await move(a10, 10_000)).toBe(33); // past the end: last
    ordered = numbered(await allEntries(B));
    expect(ordered.map((e) => e.number)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(ordered.at(-1)!.id).toBe(a10);
    expect(ordered[0]!.id).toBe(a12);
    expect(await ownEntry(tokens.jan)).toMatchObject({ id: 33 });
    expect(await move(a10, 2)).toBe(2);
    expect(await ownEntry(tokens.jan)).toMatchObject({ id: 2 });
  });

  it('adds an address that is not in the order at the end, and takes it out again', async () => {
    const [address] = await t.query<{ id: number }>(
      "INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '3552AZ', '99', 'Nieuwstraat', 'Utrecht') RETURNING id",
      [t.ids.customers.woonstad],
    );
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, B]);
    expect((await allEntries(B)).find((e) => e.id === address!.id)).toMatchObject({ number: null, status: null });

    const added = await call('PATCH', `${base(B)}/entries/${address!.id}`, staff.admin, { json: { is_public: false } });
    expectStatus(added, 200);
    expect(added.json()).toMatchObject({ number: 34, status: 'in_preparation', is_public: false });
    expect((await auditOf(t, 'work-order-entry', address!.id))[0]).toMatchObject({ action: 'create', before: null });

    expect((await call('PATCH', `${base(B)}/entries/${address!.id}`, staff.admin, { json: { position: 1 } })).json()).toMatchObject({ number: 1 });
    expectStatus(await call('DELETE', `${base(B)}/entries/${address!.id}`, staff.admin), 200);
    const ordered = numbered(await allEntries(B));
    expect(ordered.map((e) => e.number)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(ordered[0]!.id).toBe(t.ids.addresses.a12);
    expect((await auditOf(t, 'work-order-entry', address!.id))[0]).toMatchObject({ action: 'delete', after: null, before: { number: 1 } });
    expectStatus(await call('DELETE', `${base(B)}/entries/${address!.id}`, staff.admin), 404);
  });

  it('sets the whole order at once, and only a complete one', async () => {
    const ids = numbered(await allEntries(B)).map((e) => e.id);
    const reversed = [...ids].reverse();
    const res = await call('PUT', `${base(B)}/order`, staff.admin, { json: { address_ids: reversed } });
    expectStatus(res, 200);
    expect(numbered(await allEntries(B)).map((e) => e.id)).toEqual(reversed);
    expect((await auditOf(t, 'work-order', B))[0]).toMatchObject({ action: 'reorder', before: ids, after: reversed });

    for (const wrong of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), elsewhere.addressId]]) {
      const refused = await call('PUT', `${base(B)}/order`, staff.admin, { json: { address_ids: wrong } });
      expectStatus(refused, 422);
      expect(refused.json()).toMatchObject({ message: 'Geef alle adressen van de werkvolgorde precies één keer op' });
    }
    expectStatus(await call('PUT', `${base(B)}/order`, staff.admin, { json: { address_ids: ids } }), 200);
  });

  it('sets one status for several addresses', async () => {
    const { a10, a12 } = t.ids.addresses;
    const res = await call('POST', `${base(B)}/status`, staff.admin, { json: { address_ids: [a10, a12], status: 'in_preparation' } });
    expectStatus(res, 200);
    expect(ZStaffWorkOrderSettings.parse(res.json()).in_order).toBe(33);
    expect(await ownEntry(tokens.jan)).toMatchObject({ status: 'in_preparation' });
    expect(await ownEntry(tokens.fatima)).toMatchObject({ status: 'in_preparation' });
    expect((await auditOf(t, 'work-order', B))[0]).toMatchObject({ action: 'update-status', after: { status: 'in_preparation', address_ids: [a10, a12], added: [] } });
  });
});

describe('the image and message', () => {
  const settings = (over: Record<string, unknown> = {}) => ({ show_image: false, message: null, image_id: null, public_addresses: false, ...over });

  it('needs an image before it can show one', async () => {
    const res = await call('PUT', base(B), staff.admin, { json: settings({ show_image: true, message: 'Zie de tekening' }) });
    expectStatus(res, 422);
    expect(res.json()).toEqual({ message: 'Formulier niet goed ingevuld', errors: [{ field: 'show_image', message: 'Upload eerst een afbeelding om die te tonen' }] });
  });

  let imageId: number;
  it('shows an image uploaded for the work order to residents and visitors', async () => {
    imageId = await uploadStaffImage(call, staff.editor, B, 'work-order', await testPng(3000, 1500));
    const shown = await call('PUT', base(B), staff.editor, { json: settings({ show_image: true, message: '  Zie de tekening  ', image_id: imageId, public_addresses: true }) });
    expectStatus(shown, 200);
    expect(shown.json()).toMatchObject({ show_image: true, message: 'Zie de tekening', public_addresses: true, image_id: imageId, image_url: expect.stringMatching(/^\/api\/files\/\d+\/afbeelding\.png\?token=/) });
    expect((await auditOf(t, 'work-order-settings', B))[0]).toMatchObject({ action: 'update', before: { show_image: false, image_url: null }, after: { show_image: true, message: 'Zie de tekening' } });

    const resident = ZWorkOrder.parse((await get('/api/occupant/workorder', tokens.jan)).json());
    expect(resident).toMatchObject({ show_image: true, message: 'Zie de tekening' });
    const download = await t.app.inject({ method: 'GET', url: resident.image_url! });
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.includes(Buffer.from('Geheime metadata'))).toBe(false);
    // the project is public: visitors see it too, without a token; another customer's resident does not
    const visitor = ZWorkOrder.parse((await get(`/api/public/workorder/${B}`)).json());
    expectStatus(await t.app.inject({ method: 'GET', url: visitor.image_url! }), 200);
    expectStatus(await t.app.inject({ method: 'GET', url: visitor.image_url!, headers: { authorization: `Bearer ${elsewhere.token}`, host: elsewhere.host } }), 404);
  });

  it('refuses an image of another project or module, and keeps the demo’s own drawing', async () => {
    for (const other of [await uploadStaffImage(call, staff.admin, R, 'work-order'), await uploadStaffImage(call, staff.admin, B, 'partners')]) {
      const res = await call('PUT', base(B), staff.admin, { json: settings({ image_id: other }) });
      expectStatus(res, 422);
      expect(res.json().errors).toEqual([{ field: 'image_id', message: expect.any(String) }]);
    }
    // the Rivierenwijk shows a drawing that is no upload: changing the message keeps it
    const rivierenwijk = ZStaffWorkOrderSettings.parse((await call('GET', base(R), staff.admin)).json());
    expect(rivierenwijk).toMatchObject({ show_image: true, image_id: null, image_url: '/api/assets/demo/werkvolgorde-rivierenwijk.svg' });
    const kept = await call('PUT', base(R), staff.admin, { json: settings({ show_image: true, message: 'Straat voor straat.' }) });
    expectStatus(kept, 200);
    expect(kept.json()).toMatchObject({ show_image: true, image_url: '/api/assets/demo/werkvolgorde-rivierenwijk.svg', message: 'Straat voor straat.' });
  });

  it('removes the image, which stops showing it, and deletes the file', async () => {
    const res = await call('PUT', base(B), staff.admin, { json: settings() });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ show_image: false, image_id: null, image_url: null });
    expect(ZWorkOrder.parse((await get('/api/occupant/workorder', tokens.jan)).json())).toMatchObject({ show_image: false, image_url: null });
    expect(await t.query('SELECT id FROM files WHERE id = $1', [imageId])).toEqual([]);
  });
});

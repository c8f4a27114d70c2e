import { describe, expect, it } from 'vitest';
import { ZPartnerList, ZStaffInformationOptionList, ZStaffPartner, ZStaffPartnerList, type TStaffPartner, type TStaffPartnerBody } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';
import { auditOf, expectStatus, testPng, uploadStaffImage, type Caller, type ConsoleTokens } from '../../../test/staff-content-b.ts';
import { setUpStaffContentBApp } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, staff: ConsoleTokens, call: Caller, B: number, R: number;
setUpStaffContentBApp((app) => ({ t, get, tokens, elsewhere, staff, call, B, R } = app));

const base = (projectId: number) => `/api/staff/projects/${projectId}/partners`;
const body = (over: Partial<TStaffPartnerBody> = {}): TStaffPartnerBody => ({
  name: 'Dakdekkers Noord', logo_id: null, website: 'https://www.dakdekkers-noord.nl', lat: '52,1', lng: '5.12', is_public: true, position: 5, information_item_ids: [], ...over,
});
const residentPartners = async () => ZPartnerList.parse((await get('/api/occupant/partners', tokens.jan)).json());
const itemId = async (title: string) => (await t.query<{ id: number }>('SELECT id FROM information_items WHERE title = $1 AND project_id = $2', [title, B]))[0]!.id;

describe('the list', () => {
  it('lists every partner of the project in order, non-public ones too, with their information items', async () => {
    const res = await call('GET', base(B), staff.editor);
    expectStatus(res, 200);
    const list = ZStaffPartnerList.parse(res.json());
    expect(list.map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk', 'Installatiebedrijf Bakker', 'Zonnewerk Utrecht', 'Schildersbedrijf De Kwast']);
    expect(list[3]).toMatchObject({ is_public: false, website: null });
    expect(list[0]!.logo_url).toMatch(/^\/api\/files\/\d+\/logo-bouwbedrijf-van-dijk\.svg\?token=/);
    expect(list[1]!.information_items.map((i) => i.title)).toEqual(['Nieuwe keuken', 'Mechanische ventilatie']);
    expectStatus(await t.app.inject({ method: 'GET', url: list[3]!.logo_url! }), 200); // the signed logo of a non-public partner opens
  });

  it('pages and searches', async () => {
    const first = await call('GET', `${base(B)}?limit=2`, staff.admin);
    expect(first.headers['x-has-more']).toBe('true');
    const firstPage = ZStaffPartnerList.parse(first.json());
    const second = await call('GET', `${base(B)}?limit=2&before=${firstPage.at(-1)!.id}`, staff.admin);
    expect(second.headers['x-has-more']).toBe('false');
    expect(ZStaffPartnerList.parse(second.json()).map((p) => p.name)).toEqual(['Zonnewerk Utrecht', 'Schildersbedrijf De Kwast']);
    expect(ZStaffPartnerList.parse((await call('GET', `${base(B)}?q=bouw%20dijk`, staff.admin)).json()).map((p) => p.name)).toEqual(['Bouwbedrijf Van Dijk']);
    expect((await call('GET', `${base(B)}?q=installatiebedrijf-bakker.nl`, staff.admin)).json()).toHaveLength(1);
    expect((await call('GET', `${base(B)}?q=onbekend`, staff.admin)).json()).toEqual([]);
  });

  it('offers the project’s information items, not FAQ and not another project’s', async () => {
    const options = ZStaffInformationOptionList.parse((await call('GET', `${base(B)}/information-items`, staff.admin)).json());
    expect(options.map((o) => o.title)).toContain('Nieuwe keuken');
    const kinds = await t.query<{ kind: string; project_id: number }>(`SELECT kind, project_id FROM information_items WHERE id = ANY($1::int[])`, [options.map((o) => o.id)]);
    expect(kinds.every((k) => k.kind === 'information' && k.project_id === B)).toBe(true);
  });

  it('refuses another customer, another project’s partner and a project the editor was not given', async () => {
    const [rivPartner] = await t.query<{ id: number }>('SELECT id FROM partners WHERE project_id = $1 LIMIT 1', [R]);
    for (const [method, url, token] of [
      ['GET', base(B), staff.elsewhere], ['GET', `${base(B)}/information-items`, staff.elsewhere], ['GET', base(R), staff.editor],
      ['GET', `${base(B)}/${rivPartner!.id}`, staff.admin], ['PUT', `${base(B)}/${rivPartner!.id}`, staff.admin],
      ['DELETE', `${base(B)}/${rivPartner!.id}`, staff.admin],
      ['POST', base(B), staff.elsewhere], ['DELETE', `${base(R)}/${rivPartner!.id}`, staff.elsewhere], ['GET', base(elsewhere.projectId), staff.admin],
    ] as const) {
      const res = await call(method, url, token, { json: method === 'PUT' || method === 'POST' ? body() : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expectStatus(await call('GET', base(B), tokens.partner), 401);
    expect(await t.query('SELECT id FROM partners WHERE project_id = $1', [R])).toHaveLength(3);
  });
});

describe('adding, changing and deleting', () => {
  let created: TStaffPartner;

  it('checks the fields with the form’s Dutch messages', async () => {
    const faq = (await t.query<{ id: number }>("SELECT id FROM information_items WHERE project_id = $1 AND kind = 'faq' LIMIT 1", [B]))[0]!.id;
    const rivierenwijkItem = (await t.query<{ id: number }>("SELECT id FROM information_items WHERE project_id = $1 AND kind = 'information' LIMIT 1", [R]))[0]!.id;
    const cases: Array<[Partial<TStaffPartnerBody>, string, string]> = [
      [{ name: '  ' }, 'name', 'Vul een naam in'],
      [{ website: 'www.zonder-schema.nl' }, 'website', 'Vul een geldig webadres in, beginnend met https://'],
      [{ lat: '95' }, 'lat', 'Vul een breedtegraad tussen -90 en 90 in'],
      [{ lng: 'oost' }, 'lng', 'Vul een lengtegraad tussen -180 en 180 in'],
      [{ lat: '52.1', lng: '' }, 'lng', 'Vul zowel de breedtegraad als de lengtegraad in, of geen van beide'],
      [{ position: -1 }, 'position', 'Vul een volgnummer van 0 of hoger in'],
      [{ information_item_ids: [faq] }, 'information_item_ids', 'Dit informatie-item hoort niet bij dit project'],
      [{ information_item_ids: [rivierenwijkItem] }, 'information_item_ids', 'Dit informatie-item hoort niet bij dit project'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', base(B), staff.admin, { json: body(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect(await auditOf(t, 'partner')).toEqual([]);
  });

  it('adds a partner with its information items, which residents see, and audits it', async () => {
    const keuken = await itemId('Nieuwe keuken');
    const res = await call('POST', base(B), staff.editor, { json: body({ information_item_ids: [keuken] }) });
    expectStatus(res, 201);
    created = ZStaffPartner.parse(res.json());
    expect(created).toMatchObject({
      name: 'Dakdekkers Noord', logo_id: null, website: 'https://www.dakdekkers-noord.nl', lat: 52.1, lng: 5.12, is_public: true, position: 5, logo_url: null,
      information_items: [{ id: keuken, title: 'Nieuwe keuken' }],
    });
    expect((await residentPartners()).at(-1)).toMatchObject({ name: 'Dakdekkers Noord', information_items: [{ id: keuken, title: 'Nieuwe keuken' }] });
    expect((await auditOf(t, 'partner', created.id))[0]).toMatchObject({
      action: 'create', actor: 'Eva Smit (redactie)', project_id: B, after: { name: 'Dakdekkers Noord', information_item_ids: [keuken] },
    });
    // the information item lists the partner at the end of its partners
    const [link] = await t.query<{ position: number }>('SELECT position FROM information_item_partners WHERE partner_id = $1', [created.id]);
    expect(link!.position).toBeGreaterThan(0);
  });

  it('changes it: fields, links (a draft item stays hidden from residents) and visibility', async () => {
    const ventilatie = await itemId('Mechanische ventilatie');
    const keuken = await itemId('Nieuwe keuken');
    await t.query('UPDATE information_items SET publish_at = NULL WHERE id = $1', [ventilatie]);
    const res = await call('PUT', `${base(B)}/${created.id}`, staff.admin, {
      json: body({ name: 'Dakdekkers Noord BV', website: '', lat: '', lng: null, is_public: false, information_item_ids: [ventilatie, keuken] }),
    });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ name: 'Dakdekkers Noord BV', website: null, lat: null, lng: null, is_public: false });
    expect(ZStaffPartner.parse(res.json()).information_items.map((i) => i.id).sort()).toEqual([keuken, ventilatie].sort());
    // residents see the partner but not the draft item; public visitors not the partner
    expect((await residentPartners()).find((p) => p.id === created.id)!.information_items.map((i) => i.id)).toEqual([keuken]);
    expect(ZPartnerList.parse((await get(`/api/public/partners/${B}`)).json()).some((p) => p.id === created.id)).toBe(false);
    expect((await auditOf(t, 'partner', created.id))[0]).toMatchObject({
      action: 'update', before: { name: 'Dakdekkers Noord', is_public: true }, after: { name: 'Dakdekkers Noord BV', is_public: false },
    });
    await t.query('UPDATE information_items SET publish_at = now() WHERE id = $1', [ventilatie]);
  });

  it('takes a logo uploaded for the project’s partners, refuses any other file, and removes it', async () => {
    const logoId = await uploadStaffImage(call, staff.admin, B, 'partners', await testPng(1200, 600));
    const res = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ name: 'Dakdekkers Noord BV', is_public: false, logo_id: logoId }) });
    expectStatus(res, 200);
    const partner = ZStaffPartner.parse(res.json());
    expect(partner.logo_id).toBe(logoId);
    expect(partner.logo_url).toMatch(new RegExp(`^/api/files/${logoId}/afbeelding\\.png\\?token=`));
    const resident = (await residentPartners()).find((p) => p.id === created.id)!;
    const image = await t.app.inject({ method: 'GET', url: resident.logo_url! });
    expectStatus(image, 200);
    expect(image.rawPayload.includes(Buffer.from('Geheime metadata'))).toBe(false);

    // an image of another project's partners, of another module, or a document is not a logo of this one
    const others = [
      await uploadStaffImage(call, staff.admin, R, 'partners'),
      await uploadStaffImage(call, staff.admin, B, 'contacts'),
      (await t.query<{ file_id: number }>('SELECT file_id FROM documents WHERE project_id = $1 LIMIT 1', [B]))[0]!.file_id,
    ];
    for (const other of others) {
      const refused = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ logo_id: other }) });
      expectStatus(refused, 422);
      expect(refused.json().errors).toEqual([{ field: 'logo_id', message: expect.any(String) }]);
    }
    expectStatus(await call('POST', base(B), staff.admin, { json: body({ logo_id: others[0] }) }), 422);

    const removed = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ name: 'Dakdekkers Noord BV', is_public: false, logo_id: null }) });
    expectStatus(removed, 200);
    expect(removed.json()).toMatchObject({ logo_id: null, logo_url: null });
    expect(await t.query('SELECT id FROM files WHERE id = $1', [logoId])).toEqual([]);
    expect((await auditOf(t, 'partner', created.id))[0]).toMatchObject({ action: 'update', before: { logo_id: logoId }, after: { logo_id: null } });
  });

  it('deletes a partner with its links', async () => {
    expectStatus(await call('DELETE', `${base(B)}/${created.id}`, staff.admin), 200);
    expect((await residentPartners()).some((p) => p.id === created.id)).toBe(false);
    expect(await t.query('SELECT * FROM information_item_partners WHERE partner_id = $1', [created.id])).toEqual([]);
    expect((await auditOf(t, 'partner', created.id))[0]).toMatchObject({ action: 'delete', after: null, before: { name: 'Dakdekkers Noord BV' } });
    expectStatus(await call('GET', `${base(B)}/${created.id}`, staff.admin), 404);
  });
});

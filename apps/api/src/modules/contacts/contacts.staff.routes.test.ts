import { describe, expect, it } from 'vitest';
import { ZContactList, ZStaffContact, ZStaffContactList, type TStaffContact, type TStaffContactBody } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';
import { auditOf, expectStatus, testPng, uploadStaffImage, type Caller, type ConsoleTokens } from '../../../test/staff-content-b.ts';
import { setUpStaffContentBApp } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, staff: ConsoleTokens, call: Caller, B: number, R: number;
setUpStaffContentBApp((app) => ({ t, get, tokens, elsewhere, staff, call, B, R } = app));

const base = (projectId: number) => `/api/staff/projects/${projectId}/contacts`;
const body = (over: Partial<TStaffContactBody> = {}): TStaffContactBody => ({
  first_name: 'Noor', affix: 'van', last_name: 'Dam', email: 'noor.vandam@example.nl', mobile_number: '06 12345678', phone_number: '',
  function: 'Wooncoach', description: 'Helpt bij de verhuizing naar de logeerwoning.', organisation: 'Woonstad Vernieuwd',
  avatar_id: null, logo_id: null, can_chat: true, is_public: true, position: 10, ...over,
});
const residentContacts = async () => ZContactList.parse((await get('/api/occupant/contacts', tokens.jan)).json());

describe('the list', () => {
  it('lists every contact of the project in order, non-public ones too', async () => {
    const list = ZStaffContactList.parse((await call('GET', base(B), staff.editor)).json());
    expect(list.map((c) => c.last_name)).toEqual(['Visser', 'Yilmaz', 'Boer', 'Bakker']);
    expect(list[2]).toMatchObject({ affix: 'de', is_public: false, can_chat: true, position: 3 });
    expect(list[0]!.avatar_url).toMatch(/^\/api\/files\/\d+\/[^?]+\?token=/);
    const next = await call('GET', `${base(B)}?limit=3&before=${list[1]!.id}`, staff.admin);
    expect(ZStaffContactList.parse(next.json()).map((c) => c.last_name)).toEqual(['Boer', 'Bakker']);
    expect(next.headers['x-has-more']).toBe('false');
    expect(ZStaffContactList.parse((await call('GET', `${base(B)}?q=uitvoerder`, staff.admin)).json()).map((c) => c.last_name)).toEqual(['Yilmaz']);
    expect(ZStaffContactList.parse((await call('GET', `${base(B)}?q=lisa%20de%20boer`, staff.admin)).json()).map((c) => c.last_name)).toEqual(['Boer']);
  });

  it('refuses another customer, another project’s contact and a project the editor was not given', async () => {
    const [emma] = await t.query<{ id: number }>("SELECT id FROM contacts WHERE project_id = $1 AND first_name = 'Emma'", [R]);
    for (const [method, url, token] of [
      ['GET', base(B), staff.elsewhere], ['GET', base(R), staff.editor], ['POST', base(B), staff.elsewhere],
      ['GET', `${base(B)}/${emma!.id}`, staff.admin], ['PUT', `${base(B)}/${emma!.id}`, staff.admin], ['DELETE', `${base(B)}/${emma!.id}`, staff.admin],
      ['DELETE', `${base(R)}/${emma!.id}`, staff.elsewhere],
    ] as const) {
      const res = await call(method, url, token, { json: method === 'PUT' || method === 'POST' ? body() : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expectStatus(await call('GET', base(B), tokens.jan), 401);
    expect((await t.query<{ avatar_file_id: number | null }>('SELECT avatar_file_id FROM contacts WHERE id = $1', [emma!.id]))[0]!.avatar_file_id).not.toBeNull();
  });
});

describe('adding, changing and deleting', () => {
  let created: TStaffContact;

  it('checks the fields with the form’s Dutch messages', async () => {
    const cases: Array<[Partial<TStaffContactBody>, string, string]> = [
      [{ first_name: '' }, 'first_name', 'Vul een voornaam in'],
      [{ last_name: ' ' }, 'last_name', 'Vul een achternaam in'],
      [{ email: 'noor@' }, 'email', 'Vul een geldig e-mailadres in'],
      [{ mobile_number: 'bel maar' }, 'mobile_number', 'Vul een geldig telefoonnummer in'],
      [{ function: 'x'.repeat(201) }, 'function', 'Gebruik maximaal 200 tekens'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', base(B), staff.admin, { json: body(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expectStatus(await call('POST', base(B), staff.admin, { json: { ...body(), can_chat: 'ja' } }), 422);
  });

  it('adds a contact that can chat, which residents see with the Chat link, and audits it', async () => {
    const res = await call('POST', base(B), staff.editor, { json: body() });
    expectStatus(res, 201);
    created = ZStaffContact.parse(res.json());
    expect(created).toMatchObject({ first_name: 'Noor', affix: 'van', last_name: 'Dam', phone_number: null, mobile_number: '06 12345678', can_chat: true, avatar_url: null });
    expect((await residentContacts()).at(-1)).toMatchObject({ first_name: 'Noor', last_name: 'Dam', can_chat: true, function: 'Wooncoach' });
    expect((await auditOf(t, 'contact', created.id))[0]).toMatchObject({ action: 'create', actor: 'Eva Smit (redactie)', project_id: B, after: { first_name: 'Noor', can_chat: true } });
  });

  it('changes it; a non-public contact is hidden from public visitors', async () => {
    const res = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ can_chat: false, is_public: false, affix: '' }) });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ can_chat: false, is_public: false, affix: null });
    expect((await residentContacts()).find((c) => c.id === created.id)).toMatchObject({ can_chat: false });
    expect(ZContactList.parse((await get(`/api/public/contacts/${B}`)).json()).some((c) => c.id === created.id)).toBe(false);
    expect((await auditOf(t, 'contact', created.id))[0]).toMatchObject({ action: 'update', before: { can_chat: true, affix: 'van' }, after: { can_chat: false, affix: null } });
  });

  it('takes an avatar and a logo uploaded for the project’s contacts, refuses other files, and removes one', async () => {
    const avatarId = await uploadStaffImage(call, staff.admin, B, 'contacts', await testPng(900, 900));
    const logoId = await uploadStaffImage(call, staff.admin, B, 'contacts');
    const res = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ can_chat: false, is_public: false, affix: '', avatar_id: avatarId, logo_id: logoId }) });
    expectStatus(res, 200);
    const contact = ZStaffContact.parse(res.json());
    expect(contact).toMatchObject({ avatar_id: avatarId, logo_id: logoId });
    expect(contact.avatar_url).toMatch(/\?token=/);
    const resident = (await residentContacts()).find((c) => c.id === created.id)!;
    expectStatus(await t.app.inject({ method: 'GET', url: resident.avatar_url! }), 200);
    expectStatus(await t.app.inject({ method: 'GET', url: resident.logo_url! }), 200);

    const elsewhereImage = await uploadStaffImage(call, staff.elsewhere, elsewhere.projectId, 'contacts');
    const refused = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ avatar_id: elsewhereImage, logo_id: logoId }) });
    expectStatus(refused, 422);
    expect(refused.json().errors).toEqual([{ field: 'avatar_id', message: expect.any(String) }]);
    expectStatus(await call('POST', base(B), staff.admin, { json: body({ logo_id: await uploadStaffImage(call, staff.admin, B, 'partners') }) }), 422);

    const removed = await call('PUT', `${base(B)}/${created.id}`, staff.admin, { json: body({ can_chat: false, is_public: false, affix: '', avatar_id: null, logo_id: logoId }) });
    expect(removed.json()).toMatchObject({ avatar_id: null, avatar_url: null, logo_id: logoId });
    expect(await t.query('SELECT id FROM files WHERE id = $1', [avatarId])).toEqual([]);
  });

  it('deletes the contact and its images', async () => {
    const [row] = await t.query<{ logo_file_id: number }>('SELECT logo_file_id FROM contacts WHERE id = $1', [created.id]);
    expectStatus(await call('DELETE', `${base(B)}/${created.id}`, staff.admin), 200);
    expect((await residentContacts()).some((c) => c.id === created.id)).toBe(false);
    expect(await t.query('SELECT id FROM files WHERE id = $1', [row!.logo_file_id])).toEqual([]);
    expect((await auditOf(t, 'contact', created.id))[0]).toMatchObject({ action: 'delete', after: null });
    expectStatus(await call('DELETE', `${base(B)}/${created.id}`, staff.admin), 404);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, formMessages, ZIntake, ZIntakeAddressProgress, ZIntakeFormListItem,
  type TFormPhoto, type TIntake, type TIntakeAddressProgress,
} from '@portal/contract';
import { pdfText } from '../../../test/pdf-text.ts';
import { adminToken, bearer, createTestApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let jan: string; // 1234AB 10: not started
let fatima: string; // 1234AB 12: half filled (and a resident of Rivierenwijk)
let partner: string;
let admin: string; // staff of Woonstad only
let form: number; // Bloemenbuurt's intake form
let riverForm: number; // Rivierenwijk's
let genericForm: number;

beforeAll(async () => {
  t = await createTestApp();
  [jan, fatima, partner, admin] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app), adminToken(t.app)]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM forms')).map((r) => [r.name, r.id]));
  form = byName['Opname van uw woning']!;
  riverForm = byName['Opname portiekwoning']!;
  genericForm = byName['Uw wensen voor de renovatie']!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
function upload(url: string, data: Buffer, token: string) {
  const boundary = `----intake${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) } });
}
const jpeg = () => sharp({ create: { width: 80, height: 60, channels: 3, background: '#795548' } }).jpeg().toBuffer();
const intake = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return ZIntake.parse(res.json());
};
const pin = (nr: number, value: string, comment = '', label = `Pin ${nr}`) => ({ id: `p${nr}`, x: 0.4, y: 0.6, value, comment, label, nr });
const SIGNATURE = `data:image/png;base64,${(await sharp({ create: { width: 120, height: 40, channels: 4, background: '#000000ff' } }).png().toBuffer()).toString('base64')}`;
const custom = (lastName: string) => ({
  cp_id: 'custom', cp: {
    gender: 'f', initials: null, first_name: 'Anna', affix: null, last_name: lastName, description: null, email_address: null, prefer_email: false,
    telephone: null, mobile: null, different_address: true, street: 'Dorpsstraat', house_number: '1', house_number_suffix: null, zipcode: '1234 AB', city: 'Utrecht',
  },
});

describe('partner lists', () => {
  it("gives the project's intake forms with the number of addresses and of those sent", async () => {
    const res = await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/forms/?language=nl`, partner);
    expect(res.statusCode).toBe(200);
    const [{ n }] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM address_projects WHERE project_id = $1', [t.ids.projects.bloemenbuurt]) as [{ n: number }];
    expect(n).toBeGreaterThan(3); // the Tulpstraat and the work order's streets
    expect(res.json<unknown[]>().map((r) => ZIntakeFormListItem.parse(r))).toEqual([{ id: form, name: 'Opname van uw woning', kind: 'intake', nr_of_addresses: n, nr_sent: 1 }]);
  });

  it('gives each address with its progress, searchable and paged', async () => {
    const url = `/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/form/${form}/addresses`;
    const all = await get(url, partner);
    expect(all.statusCode).toBe(200);
    const streets = all.json<TIntakeAddressProgress[]>().map((a) => a.full_address.split(',')[0]!);
    expect(streets.slice(0, 3)).toEqual(['Lelieweg 1', 'Lelieweg 3', 'Lelieweg 5']); // by street, then house number as a number
    expect(streets.indexOf('Lelieweg 11')).toBeGreaterThan(streets.indexOf('Lelieweg 9'));
    const res = await get(`${url}?q=tulpstraat`, partner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-has-more']).toBe('false');
    expect(res.json<unknown[]>().map((r) => ZIntakeAddressProgress.parse(r))).toEqual<TIntakeAddressProgress[]>([
      { id: t.ids.addresses.a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht', status: '', state: 'not_started', nr_of_sections: 3, nr_of_sections_done: 0, total_not_paid: null },
      { id: t.ids.addresses.a12, full_address: 'Tulpstraat 12, 1234 AB Utrecht', status: 'open', state: 'filling', nr_of_sections: 3, nr_of_sections_done: 2, total_not_paid: null },
      { id: t.ids.addresses.a14, full_address: 'Tulpstraat 14, 1234 AB Utrecht', status: 'sent', state: 'sent', nr_of_sections: 3, nr_of_sections_done: 3, total_not_paid: null },
    ]);
    const ids = async (query: string) => (await get(`${url}?${query}`, partner)).json<TIntakeAddressProgress[]>().map((a) => a.id);
    expect(await ids('q=12')).toEqual([t.ids.addresses.a12]);
    expect(await ids('q=tulp%2014')).toEqual([t.ids.addresses.a14]);
    expect(await ids('q=1234%20ab%2010')).toEqual([t.ids.addresses.a10]);
    expect(await ids('q=%25')).toEqual([]); // a wildcard is a character like any other
    const first = await get(`${url}?q=Tulpstraat&limit=2`, partner);
    expect(first.json<TIntakeAddressProgress[]>().map((a) => a.id)).toEqual([t.ids.addresses.a10, t.ids.addresses.a12]);
    expect(first.headers['x-has-more']).toBe('true');
    expect(await ids(`q=Tulpstraat&limit=2&before=${t.ids.addresses.a12}`)).toEqual([t.ids.addresses.a14]);
    expect(all.headers['x-has-more']).toBe(streets.length === 50 ? 'true' : 'false');
    expect(await ids('before=999999')).toEqual([]);
  });

  it("refuses another customer's project, a form of another project and residents", async () => {
    expect((await get(`/api/partner/project/${t.ids.projects.havenkwartier}/intake/forms/`, admin)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/form/${riverForm}/addresses`, partner)).statusCode).toBe(404);
    expect((await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/form/${genericForm}/addresses`, partner)).statusCode).toBe(404);
    const resident = await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/forms/`, jan);
    expect(resident.statusCode).toBe(401);
    expect(resident.json()).toEqual({ message: accessMessages.wrongFace });
    expect((await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/forms/`)).statusCode).toBe(401);
  });
});

describe("a resident's intake form", () => {
  const base = () => `/api/occupant/intake/form/${form}`;

  it('shows the form of the address before anything is saved', async () => {
    const res = intake(await get(`${base()}?language=nl`, jan));
    expect(res).toMatchObject({
      id: form, name: 'Opname van uw woning', status: '', editable: true, sent_at: null, version: 0,
      address: { id: t.ids.addresses.a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht' },
    });
    expect(res.form.map((s) => [s.label, s.nr_of_required_fields, s.nr_of_required_fields_filled_in])).toEqual([['Algemeen', 3, 0], ['Staat van de woning', 2, 0], ['Akkoord', 2, 0]]);
    // every intake element type
    expect(new Set(res.form.flatMap((s) => s.elements.map((e) => e.type)))).toEqual(new Set([
      'title', 'contactinput', 'dateinput', 'timeinput', 'numberinput', 'select', 'drawinginput', 'photoinput', 'textareainput', 'textinput', 'signatureinput',
    ]));
    expect(res.form[1]!.elements.find((e) => e.id === 'gebreken')!.data.drawing).toMatch(/^\/api\/files\/\d+\/plattegrond\.png\?token=/);
  });

  it('saves drafts per section: what is given is checked, the rest may wait', async () => {
    const draft = intake(await post(`${base()}/section/1`, { values: { kozijnen: 'Goed', 'gebreken-pinpoints': [pin(1, 'Vocht', 'Onder het raam')] }, version: 0 }, jan));
    expect(draft).toMatchObject({ status: 'open', editable: true, version: 2 });
    expect(draft.form[1]!.nr_of_required_fields_filled_in).toBe(2);
    expect(draft.form[1]!.elements.find((e) => e.id === 'gebreken')!.pinpoints).toEqual([pin(1, 'Vocht', 'Onder het raam')]);
    expect(draft.form[0]!.nr_of_required_fields_filled_in).toBe(0);
    // keys not sent stay; a check group sent in part is replaced as a whole
    intake(await post(`${base()}/section/1`, { values: { 'ruimtes-value-0': true, 'ruimtes-value-2': true } }, jan));
    const regrouped = intake(await post(`${base()}/section/1`, { values: { 'ruimtes-value-1': true } }, jan));
    expect(regrouped.form[1]!.elements.find((e) => e.id === 'ruimtes')!.checked).toEqual([false, true, false, false, false]);
    expect(regrouped.form[1]!.elements.find((e) => e.id === 'kozijnen')!.value).toBe('Goed');

    const bad = await post(`${base()}/section/1`, {
      values: { kozijnen: 'Prima', 'ruimtes-value-9': true, 'gebreken-pinpoints': [pin(1, 'Vocht', '', 'Pin 5')] },
    }, jan);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: formMessages.invalid,
      errors: [
        { field: 'values.ruimtes-value-9', message: formMessages.unknownElement },
        { field: 'values.kozijnen', message: formMessages.notAnOption },
        { field: 'values.gebreken-pinpoints', message: formMessages.pinInvalid },
      ],
    });
    const notAnOption = await post(`${base()}/section/1`, { values: { 'gebreken-pinpoints': [pin(1, 'Houtrot')] } }, jan);
    expect(notAnOption.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'values.gebreken-pinpoints', message: formMessages.notAnOption }]);
    const outside = await post(`${base()}/section/1`, { values: { 'gebreken-pinpoints': [{ ...pin(1, 'Vocht'), x: 1.5 }] } }, jan);
    expect(outside.statusCode).toBe(422);
    const stale = await post(`${base()}/section/0`, { values: { slaapkamers: 2 }, version: 0 }, jan);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: formMessages.changed });
  });

  it('takes photos by content only', async () => {
    const refused = await upload(`${base()}/section/1/element/foto`, Buffer.from('%PDF-1.4 geen foto'), jan);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: formMessages.photoType, errors: [{ field: 'image', message: formMessages.photoType }] });
    expect((await upload(`${base()}/section/1/element/kozijnen`, await jpeg(), jan)).statusCode).toBe(422);
    const res = await upload(`${base()}/section/1/element/foto`, await jpeg(), jan);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<TFormPhoto>();
    expect(photo).toMatchObject({ image_width: 80, image_height: 60 });
    const saved = intake(await post(`${base()}/section/1`, { values: { foto: photo.id } }, jan));
    expect(saved.form[1]!.elements.find((e) => e.id === 'foto')!.photo).toMatchObject({ id: photo.id });
    expect((await t.app.inject({ method: 'GET', url: saved.form[1]!.elements.find((e) => e.id === 'foto')!.photo!.url })).statusCode).toBe(200);
    // the partner reads it too (staff of the project's customer); another resident does not
    expect((await get(photo.url.split('?')[0]!, partner)).statusCode).toBe(200);
    expect((await get(photo.url.split('?')[0]!, fatima)).statusCode).toBe(404);
  });

  it('refuses sending until every required field of every section is filled in, with errors per field', async () => {
    const res = await post(base(), { language: 'nl' }, jan);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: formMessages.invalid,
      errors: [
        { field: 'values.contact', message: formMessages.contactRequired },
        { field: 'values.datum', message: formMessages.required },
        { field: 'values.slaapkamers', message: formMessages.required },
        { field: 'values.naam', message: formMessages.required },
        { field: 'values.handtekening', message: formMessages.signatureRequired },
      ],
    });
  });

  it('sends a complete form once; it is read-only afterwards', async () => {
    intake(await post(`${base()}/section/0`, { values: { contact: custom('de Vries'), datum: '15-05-2026', tijd: '11:00', slaapkamers: 3 } }, jan));
    intake(await post(`${base()}/section/2`, { values: { naam: 'Jan de Vries', handtekening: SIGNATURE } }, jan));
    const sent = intake(await post(base(), null, jan));
    expect(sent).toMatchObject({ status: 'sent', editable: false });
    expect(sent.sent_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    for (const res of [
      await post(`${base()}/section/0`, { values: { slaapkamers: 4 } }, jan),
      await post(base(), {}, jan),
      await upload(`${base()}/section/1/element/foto`, await jpeg(), jan),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: formMessages.locked });
    }
    const events = await t.query<{ action: string; actor_kind: string }>(
      "SELECT e.action, e.actor_kind FROM form_entry_events e JOIN form_entries f ON f.id = e.entry_id WHERE f.form_id = $1 AND f.address_id = $2 ORDER BY e.id",
      [form, t.ids.addresses.a10],
    );
    expect(events.map((e) => e.action)).toEqual(['created', 'saved', 'saved', 'saved', 'photo', 'saved', 'saved', 'saved', 'sent']);
    expect(new Set(events.map((e) => e.actor_kind))).toEqual(new Set(['occupant']));
  });

  it('offers the PDF of the sent form to the resident and to the partner, and to no one else', async () => {
    const before = intake(await get(`/api/occupant/intake/form/${form}`, fatima)); // half filled
    expect(before.download_url).toBe(''); // nothing sent, nothing to download
    const mine = intake(await get(base(), jan));
    expect(mine.download_url).toMatch(/^\/api\/files\/\d+\/Opname%20van%20uw%20woning\.pdf\?token=/);
    expect(mine.filename).toBe('Opname van uw woning.pdf');
    const res = await get(mine.download_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Opname van uw woning');
    expect(text).toContain('Jan de Vries');
    // the partner of the project gets the same PDF
    const theirs = intake(await get(`/api/partner/intake/form/${form}/address/${t.ids.addresses.a10}`, partner));
    const plain = mine.download_url.split('?')[0]!;
    expect(theirs.download_url.split('?')[0]).toBe(plain);
    expect((await get(theirs.download_url)).statusCode).toBe(200);
    // another address's resident, or nobody, does not
    expect((await get(plain, fatima)).statusCode).toBe(404);
    expect((await get(plain)).statusCode).toBe(401);
  });

  it("lists the address's occupants, and refuses forms the resident does not have", async () => {
    expect((await get(`${base()}/occupants`, jan)).json()).toEqual([
      { id: t.ids.occupants.jan, full_name: 'Jan de Vries' }, { id: t.ids.occupants.anna, full_name: 'Anna de Vries' },
    ]);
    expect((await get(`/api/occupant/intake/form/${riverForm}`, jan)).statusCode).toBe(404); // another project's
    expect((await get(`/api/occupant/intake/form/${genericForm}`, jan)).statusCode).toBe(404); // not an intake form
    expect((await get(`/api/occupant/intake/form/${form}`, partner)).statusCode).toBe(401);
    expect((await get(`/api/occupant/intake/form/${riverForm}`, fatima)).statusCode).toBe(200); // Fatima lives in both projects
  });
});

describe('a partner filling in for an address', () => {
  const base = (addressId: number) => `/api/partner/intake/form/${form}/address/${addressId}`;

  it("continues a half-filled form and sends it", async () => {
    const half = intake(await get(base(t.ids.addresses.a12), partner));
    expect(half).toMatchObject({ status: 'open', editable: true, address: { id: t.ids.addresses.a12 } });
    expect(half.form[1]!.elements.find((e) => e.id === 'gebreken')!.pinpoints).toHaveLength(2);
    expect(half.form[0]!.elements.find((e) => e.id === 'contact')).toMatchObject({ cp_id: 'custom', cp: { last_name: 'El Amrani' } });
    expect((await get(`${base(t.ids.addresses.a12)}/occupants`, partner)).json<Array<{ full_name: string }>>().map((o) => o.full_name)).toEqual(['Fatima El Amrani', 'Youssef El Amrani']);

    const photo = await upload(`/api/partner/intake/form/${form}/section/1/element/foto/address/${t.ids.addresses.a12}`, await jpeg(), partner);
    expect(photo.statusCode, photo.body).toBe(200);
    intake(await post(`/api/partner/intake/form/${form}/section/2/address/${t.ids.addresses.a12}`, { values: { naam: 'Fatima El Amrani', handtekening: SIGNATURE } }, partner));
    const sent = intake(await post(base(t.ids.addresses.a12), {}, partner));
    expect(sent.status).toBe('sent');
    // the resident sees it sent
    expect(intake(await get(`/api/occupant/intake/form/${form}`, fatima))).toMatchObject({ status: 'sent', editable: false });
    const list = await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/intake/forms/`, partner);
    expect(list.json<Array<{ nr_sent: number }>>()[0]!.nr_sent).toBe(3);
    const [event] = await t.query<{ actor_kind: string; user_id: number }>(
      "SELECT e.actor_kind, e.user_id FROM form_entry_events e JOIN form_entries f ON f.id = e.entry_id WHERE f.form_id = $1 AND f.address_id = $2 AND e.action = 'sent'",
      [form, t.ids.addresses.a12],
    );
    expect(event).toEqual({ actor_kind: 'staff', user_id: t.ids.users.partner });
  });

  it('refuses a sent form, an address of another project and an address of another customer', async () => {
    const sent = await post(`/api/partner/intake/form/${form}/section/0/address/${t.ids.addresses.a14}`, { values: { slaapkamers: 1 } }, partner);
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ message: formMessages.locked });
    // 1234AB 10 is not in Rivierenwijk
    const foreign = await get(`/api/partner/intake/form/${riverForm}/address/${t.ids.addresses.a10}`, partner);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Adres niet gevonden' });
    expect((await post(`/api/partner/intake/form/${riverForm}/section/0/address/${t.ids.addresses.a10}`, { values: {} }, partner)).statusCode).toBe(404);
    expect((await get(`/api/partner/intake/form/${form}/address/99999`, partner)).statusCode).toBe(404);
    expect((await get(base(t.ids.addresses.a10), jan)).statusCode).toBe(401);
  });

  it('answers 404 when the project no longer has the intake module', async () => {
    const [project] = await t.query<{ modules: Array<{ name: string }> }>('SELECT modules FROM projects WHERE id = $1', [t.ids.projects.rivierenwijk]);
    await t.query('UPDATE projects SET modules = $2 WHERE id = $1', [t.ids.projects.rivierenwijk, JSON.stringify(project!.modules.filter((m) => m.name !== 'intake'))]);
    await t.services.projects.invalidateProject(t.ids.projects.rivierenwijk);
    try {
      expect((await get(`/api/occupant/intake/form/${riverForm}`, fatima)).statusCode).toBe(404);
      expect((await get(`/api/partner/project/${t.ids.projects.rivierenwijk}/intake/forms/`, partner)).json()).toEqual({ message: formMessages.moduleUnavailable });
    } finally {
      await t.query('UPDATE projects SET modules = $2 WHERE id = $1', [t.ids.projects.rivierenwijk, JSON.stringify(project!.modules)]);
      await t.services.projects.invalidateProject(t.ids.projects.rivierenwijk);
    }
  });
});

describe('the demo data', () => {
  it('has a sent intake whose values pass the rules', async () => {
    const sent = intake(await get(`/api/partner/intake/form/${form}/address/${t.ids.addresses.a14}`, partner)) as TIntake;
    expect(sent.form.every((s) => s.nr_of_required_fields === s.nr_of_required_fields_filled_in)).toBe(true);
    expect(sent.form[1]!.elements.find((e) => e.id === 'foto')!.photo).not.toBeNull();
  });
});

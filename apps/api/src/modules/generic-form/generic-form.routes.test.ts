import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, formMessages, ZFormListItem, ZFormMenu, ZGenericEntry, ZGenericEntrySummary, ZPublicSimpleForm,
  type TFormListItem, type TFormMenu, type TFormPhoto, type TFormValues, type TGenericEntry,
} from '@portal/contract';
import { bearer, createListeningApp, occupantToken, partnerToken, waitFor, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';

let t: TestApp;
let jan: string; // 1234AB 10, Bloemenbuurt
let fatima: string; // 1234AB 12, Bloemenbuurt and Rivierenwijk
let partner: string;
let f: Record<'wishes' | 'defect' | 'access' | 'planning' | 'evening' | 'question' | 'intake' | 'supportBase' | 'choice' | 'solar' | 'riverEvening', number>;
let menus: { home: number; requests: number; solar: number };
let anna: number; // Jan's household member

beforeAll(async () => {
  t = await createListeningApp({ mail: true });
  [jan, fatima, partner] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app)]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM forms')).map((r) => [r.name, r.id]));
  f = {
    wishes: byName['Uw wensen voor de renovatie']!, defect: byName['Melding van een klein gebrek']!, access: byName['Toestemming om de woning te betreden']!,
    planning: byName['Akkoord met de uitvoeringsplanning']!, evening: byName['Aanmelding bewonersavond']!, question: byName['Vraag aan het projectteam']!,
    intake: byName['Opname van uw woning']!, supportBase: byName['Draagvlakmeting renovatieplan']!, choice: byName['Keuzes voor uw keuken']!,
    solar: byName['Aanvraag extra zonnepaneel']!, riverEvening: byName['Aanmelding informatieavond zonnepanelen']!,
  };
  const menuByName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM form_menus')).map((r) => [r.name, r.id]));
  menus = { home: menuByName['Uw woning en de renovatie']!, requests: menuByName['Meldingen en verzoeken']!, solar: menuByName['Zonnepanelen']! };
  anna = t.ids.occupants.anna;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

function multipart(file: { field?: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----form${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    file.data, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (url: string, file: Parameters<typeof multipart>[0], token?: string) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};
const png = async (width = 60, height = 40) => ({ filename: 'foto.png', contentType: 'image/png', data: await sharp({ create: { width, height, channels: 3, background: '#2e7d32' } }).png().toBuffer() });
const scribble = '<svg xmlns="http://www.w3.org/2000/svg" width="461" height="150"><path d="M20 110 C 60 10, 90 20, 110 100 S 170 130, 200 50 S 300 30, 440 90" fill="none" stroke="#000" stroke-width="4"/></svg>';
const SIGNATURE = `data:image/png;base64,${(await sharp(Buffer.from(scribble)).png().toBuffer()).toString('base64')}`;

const occupantBase = (formId: number) => `/api/occupant/form/${formId}`;
const publicBase = (formId: number, unique: string) => `/api/public/form/${formId}/${unique}`;
const entry = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return ZGenericEntry.parse(res.json());
};
const names = (items: TFormListItem[]) => items.map((i) => i.name);

/** Follows a (signed) file link of an answer as a browser would: without the Authorization header. */
const download = (link: string) => t.app.inject({ method: 'GET', url: link });

const pin = (nr: number, x: number, value = '', comment = '') => ({ id: `p${nr}`, x, y: 0.5, value, comment, label: `Pin ${nr}`, nr });
/** A contact as the wishes form asks it (no description, no e-mail preference, no other address: its per-field flags). */
const contact = (lastName: string) => ({
  cp_id: 'custom', cp: {
    gender: 'm', initials: 'J.', first_name: 'Jan', affix: 'de', last_name: lastName, description: null, email_address: 'jan@example.nl',
    prefer_email: false, telephone: null, mobile: '0612345678', different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null,
  },
});

/** Fills every section of the wishes form (the photo is uploaded first). */
async function fillWishes(b: string, token: string | undefined, fid: number): Promise<TGenericEntry> {
  const photo = (await upload(`${b}/filled-in-form/${fid}/section/1/element/foto`, await png(), token)).json<TFormPhoto>();
  entry(await post(`${b}/filled-in-form/${fid}/section/0`, { values: { naam: 'Jan de Vries', bewoners: 3, vanaf: '01-06-2026', tijdstip: '10:30', contact: contact('Vries') } }, token));
  entry(await post(`${b}/filled-in-form/${fid}/section/1`, {
    values: { voordeur: 'Donkergroen', verwarming: 'Stadsverwarming', 'extra-value-1': true, 'extra-value-3': true, opmerkingen: 'Graag na de zomervakantie.', foto: photo.id,
      'stopcontacten-pinpoints': [pin(1, 0.2, 'Stopcontact', 'Naast de bank'), pin(2, 0.7, 'Lichtpunt', '')] },
  }, token));
  return entry(await post(`${b}/filled-in-form/${fid}/section/2`, { values: { handtekening: SIGNATURE } }, token));
}

describe('the forms overview', () => {
  it('lists top menus and the forms in no menu, with module codes for intake, support-base and choice forms', async () => {
    const res = await get('/api/occupant/forms/?language=nl', jan);
    expect(res.statusCode).toBe(200);
    const items = res.json<TFormListItem[]>().map((i) => ZFormListItem.parse(i));
    expect(items.map((i) => [i.name, i.type, i.module])).toEqual([
      ['Uw woning en de renovatie', 'menu', 'menu'],
      ['Akkoord met de uitvoeringsplanning', 'form', null],
      ['Aanmelding bewonersavond', 'form', null],
      ['Opname van uw woning', 'form', 13],
      ['Draagvlakmeting renovatieplan', 'form', 14],
      ['Keuzes voor uw keuken', 'form', 16],
    ]);
    expect(items.find((i) => i.module === 13)).toMatchObject({ form_id: f.intake, fetched: false }); // 1234AB 10 has not started the intake
    expect(names(items)).not.toContain('Vraag aan het projectteam'); // the simple public form has its own link
  });

  it('gives every menu with its items; a form this address has an entry of is fetched', async () => {
    const res = await get('/api/occupant/form/menu', jan);
    expect(res.statusCode).toBe(200);
    const all = res.json<TFormMenu[]>().map((m) => ZFormMenu.parse(m));
    expect(all.map((m) => [m.name, m.parent_id, names(m.items)])).toEqual([
      ['Uw woning en de renovatie', null, ['Meldingen en verzoeken', 'Uw wensen voor de renovatie', 'Toestemming om de woning te betreden']],
      ['Meldingen en verzoeken', menus.home, ['Melding van een klein gebrek']],
    ]);
    const one = await get(`/api/occupant/form/menu/${menus.requests}`, jan);
    expect(one.json<TFormMenu>().items).toEqual([
      { id: f.defect, form_id: f.defect, name: 'Melding van een klein gebrek', module: null, type: 'form', allow_multiple_entries: true, fetched: true, total_not_paid: null, state: 'completed', deadline: null },
    ]);
    // Fatima at 12 has no entry of it
    expect((await get(`/api/occupant/form/menu/${menus.requests}`, fatima)).json<TFormMenu>().items[0]!.fetched).toBe(false);
  });

  it("refuses another project's menu, a project of someone else and callers who are not residents", async () => {
    expect((await get(`/api/occupant/form/menu/${menus.solar}`, jan)).statusCode).toBe(404);
    expect((await get(`/api/occupant/form/menu/${menus.solar}`, fatima)).json<TFormMenu>().items.map((i) => i.name)).toEqual(['Aanvraag extra zonnepaneel']);
    expect((await get(`/api/occupant/forms/?project_id=${t.ids.projects.rivierenwijk}`, jan)).statusCode).toBe(404);
    expect((await get('/api/occupant/forms/')).statusCode).toBe(401);
    const staff = await get('/api/occupant/forms/', partner);
    expect(staff.statusCode).toBe(401);
    expect(staff.json()).toEqual({ message: accessMessages.wrongFace });
    expect((await get('/api/occupant/form/menu/99999', jan)).statusCode).toBe(404);
  });

  it("gives a public project's public forms only, and a visitor code", async () => {
    const code = await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}/get-unique/?language=nl`);
    expect(code.statusCode).toBe(200);
    expect(code.json<{ unique: string }>().unique).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const list = await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}`);
    expect(list.json<TFormListItem[]>()).toEqual([
      { id: f.evening, form_id: f.evening, name: 'Aanmelding bewonersavond', module: null, type: 'form', allow_multiple_entries: false, fetched: false, total_not_paid: null, state: 'not_started', deadline: null },
    ]);
    expect((await get(`/api/public/forms/menus/${t.ids.projects.bloemenbuurt}`)).json()).toEqual([]); // no menu holds a public form
    expect((await get(`/api/public/forms/menu/${menus.home}`)).statusCode).toBe(404);
    // Dakrenovatie Zuid is not public
    expect((await get(`/api/public/forms/${t.ids.projects.dakZuid}`)).statusCode).toBe(404);
    expect((await get(`/api/public/forms/${t.ids.projects.dakZuid}/get-unique/`)).statusCode).toBe(404);
  });
});

describe("a resident's generic form", () => {
  let fid: number;
  const b = () => occupantBase(f.wishes);

  it('opens without an entry: a new entry, and the same one again for a single-entry form', async () => {
    const first = entry(await get(`${b()}/new?language=nl`, jan));
    expect(first).toMatchObject({
      form_id: f.wishes, name: 'Uw wensen voor de renovatie', status: 'answered', locked: false, completed: false, summary_enabled: false, summary_pdf: '',
      require_to_sign_form: false, signature_not_required: true, unique: null, menu_id: menus.home, allow_multiple_entries: false, version: 1,
    });
    expect(first.form.map((s) => [s.label, s.nr_of_required_fields, s.nr_of_required_fields_filled_in])).toEqual([
      ['Over u en uw woning', 4, 0], ['Uw wensen', 2, 0], ['Bevestigen', 1, 0],
    ]);
    // every f_ element type is in it
    expect(new Set(first.form.flatMap((s) => s.elements.map((e) => e.type)))).toEqual(new Set([
      'f_title', 'f_textinput', 'f_numberinput', 'f_dateinput', 'f_timeinput', 'f_contactinput', 'f_select', 'f_textareainput', 'f_photoinput', 'f_drawinginput', 'f_signatureinput',
    ]));
    fid = first.id;
    expect(entry(await get(`${b()}/new`, jan)).id).toBe(fid);
    expect(entry(await get(b(), jan)).id).toBe(fid);
    const list = await get(`${b()}/filled-in-forms`, jan);
    expect(list.json<unknown[]>().map((e) => ZGenericEntrySummary.parse(e)).map((e) => e.id)).toEqual([fid]);
  });

  it('refuses a section with required fields missing or invalid values, with errors per field', async () => {
    const missing = await post(`${b()}/filled-in-form/${fid}/section/0`, { values: { naam: 'Jan', tijdstip: '08:00' } }, jan);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: formMessages.invalid,
      errors: [
        { field: 'values.bewoners', message: formMessages.required },
        { field: 'values.vanaf', message: formMessages.required },
        { field: 'values.tijdstip', message: formMessages.timeInvalid('09:00', '16:00') },
        { field: 'values.contact', message: formMessages.contactRequired },
      ],
    });
    const wrong = await post(`${b()}/filled-in-form/${fid}/section/0`, {
      values: { naam: 'Jan', bewoners: 13, vanaf: '31-02-2026', contact: { cp_id: t.ids.occupants.fatima, cp: contact('El Amrani').cp }, verzonnen: 'x' },
    }, jan);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['values.verzonnen', 'values.bewoners', 'values.vanaf', 'values.contact']);
    expect(wrong.json<{ errors: Array<{ field: string; message: string }> }>().errors.at(-1)!.message).toBe(formMessages.contactUnknown);
    // a section that does not exist
    expect((await post(`${b()}/filled-in-form/${fid}/section/7`, { values: {} }, jan)).statusCode).toBe(404);
    // nothing was stored
    expect(entry(await get(`${b()}/filled-in-form/${fid}`, jan)).version).toBe(1);
  });

  it("asks a contact only the fields its element's flags name, and refuses the others (spec 3.2)", async () => {
    const element = entry(await get(`${b()}/filled-in-form/${fid}`, jan)).form[0]!.elements.find((e) => e.id === 'contact')!;
    expect(element.data.contact_fields).toEqual({ gender: true, initials: true, first_name: true, affix: true, email_address: true, telephone: true, mobile: true });
    const base = { naam: 'Jan', bewoners: 3, vanaf: '01-06-2026' };
    const cp = contact('Vries').cp;
    for (const extra of [{ description: 'Hoofdbewoner' }, { prefer_email: true }, { different_address: true }, { street: 'Dorpsstraat' }, { zipcode: '1234AB' }]) {
      const refused = await post(`${b()}/filled-in-form/${fid}/section/0`, { values: { ...base, contact: { cp_id: 'custom', cp: { ...cp, ...extra } } } }, jan);
      expect(refused.statusCode, JSON.stringify(extra)).toBe(422);
      expect(refused.json()).toEqual({ message: formMessages.invalid, errors: [{ field: 'values.contact', message: formMessages.contactFieldNotAsked }] });
    }
    // Achternaam is always asked.
    const nameless = await post(`${b()}/filled-in-form/${fid}/section/0`, { values: { ...base, contact: { cp_id: 'custom', cp: { ...cp, last_name: '' } } } }, jan);
    expect(nameless.json()).toEqual({ message: formMessages.invalid, errors: [{ field: 'values.contact', message: formMessages.lastNameRequired }] });
    expect(entry(await get(`${b()}/filled-in-form/${fid}`, jan)).version).toBe(1);
  });

  it('saves a section (an occupant of the address as contact) and refuses a save over a newer version', async () => {
    const saved = entry(await post(`${b()}/filled-in-form/${fid}/section/0`, {
      values: { naam: '  Jan de Vries ', bewoners: 3, vanaf: '01-06-2026', tijdstip: '10:30', contact: { cp_id: anna, cp: contact('Vries').cp } }, version: 1,
    }, jan));
    expect(saved.version).toBe(2);
    const elements = saved.form[0]!.elements;
    expect(elements.find((e) => e.id === 'naam')!.value).toBe('Jan de Vries');
    expect(elements.find((e) => e.id === 'bewoners')!.value).toBe(3);
    expect(elements.find((e) => e.id === 'contact')).toMatchObject({ cp_id: anna, cp: { last_name: 'Vries' } });
    expect(saved.form[0]!.nr_of_required_fields_filled_in).toBe(4);
    const stale = await post(`${b()}/filled-in-form/${fid}/section/0`, { values: { naam: 'Iemand anders' }, version: 1 }, jan);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: formMessages.changed });
  });

  it('takes png and jpeg photos for photo elements only, and shows them through signed links', async () => {
    const text = await upload(`${b()}/filled-in-form/${fid}/section/1/element/foto`, { filename: 'foto.png', contentType: 'image/png', data: Buffer.from('geen foto') }, jan);
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: formMessages.photoType, errors: [{ field: 'image', message: formMessages.photoType }] });
    const wrongElement = await upload(`${b()}/filled-in-form/${fid}/section/1/element/opmerkingen`, await png(), jan);
    expect(wrongElement.statusCode).toBe(422);
    expect(wrongElement.json()).toMatchObject({ message: formMessages.photoNotAPhotoField });
    const wrongSection = await upload(`${b()}/filled-in-form/${fid}/section/0/element/foto`, await png(), jan);
    expect(wrongSection.statusCode).toBe(422);
    const other = await upload(`${b()}/filled-in-form/${fid}/section/1/element/foto`, await png(), fatima);
    expect(other.statusCode).toBe(404);

    const res = await upload(`${b()}/filled-in-form/${fid}/section/1/element/foto`, await png(120, 80), jan);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json<TFormPhoto>();
    expect(photo).toMatchObject({ image_width: 120, image_height: 80 });
    expect(photo.url).toMatch(/^\/api\/files\/\d+\/foto\.png\?token=/);
    const image = await download(photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // another resident cannot read it, not even with their own session
    const plain = photo.url.split('?')[0]!;
    expect((await get(plain, fatima)).statusCode).toBe(404);
  });

  it("refuses another address's entry, and a photo of another entry", async () => {
    for (const res of [
      await get(`${b()}/filled-in-form/${fid}`, fatima),
      await post(`${b()}/filled-in-form/${fid}/section/0`, { values: { naam: 'Fatima' } }, fatima),
      await post(`${b()}/filled-in-form/${fid}/lock`, {}, fatima),
      await post(`${b()}/filled-in-form/${fid}/email`, { email_address: ['a@example.nl'] }, fatima),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: formMessages.notFound });
    }
    // Fatima's own entry, with a photo of hers
    const hers = entry(await get(`${b()}/new`, fatima));
    const photo = (await upload(`${b()}/filled-in-form/${hers.id}/section/1/element/foto`, await png(), fatima)).json<TFormPhoto>();
    const forged = await post(`${b()}/filled-in-form/${fid}/section/1`, { values: { voordeur: 'Rood', verwarming: 'Elektrisch', foto: photo.id } }, jan);
    expect(forged.statusCode).toBe(422);
    expect(forged.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'values.foto', message: formMessages.photoUnknown }]);
    // a form of a project that is not the resident's, and an intake form through the generic calls
    expect((await get(`${occupantBase(f.solar)}/new`, jan)).statusCode).toBe(404);
    expect((await get(`${occupantBase(f.intake)}/new`, jan)).statusCode).toBe(404);
    expect((await get(`${occupantBase(f.question)}/new`, jan)).statusCode).toBe(404);
  });

  it('enables the summary when every section is done; locking waits until the summary PDF was opened', async () => {
    const incomplete = await post(`${b()}/filled-in-form/${fid}/lock`, {}, jan);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({ message: formMessages.notComplete });
    expect(incomplete.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['values.voordeur', 'values.verwarming', 'values.handtekening']);

    const done = await fillWishes(b(), jan, fid);
    expect(done).toMatchObject({ completed: true, summary_enabled: true, summary_completed: false, status_enabled: false });
    expect(done.form[1]!.elements.find((e) => e.id === 'extra')!.checked).toEqual([false, true, false, true]);
    expect(done.form[1]!.elements.find((e) => e.id === 'stopcontacten')!.pinpoints).toHaveLength(2);
    // The summary is opened to be checked (spec 2.6): its link opens it in the browser, not as a download.
    expect(done.summary_pdf).toMatch(/^\/api\/files\/\d+\/Uw%20wensen%20voor%20de%20renovatie\.pdf\?disposition=inline&token=/);

    const early = await post(`${b()}/filled-in-form/${fid}/lock`, {}, jan);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: formMessages.notCompleteApproved });

    const pdf = await download(done.summary_pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="Uw wensen voor de renovatie\.pdf"/);
    expect(pdf.headers['content-security-policy']).not.toContain('sandbox'); // a sandboxed document gets no PDF viewer
    // The same file without the word downloads (the status step's 'downloaden').
    const asDownload = await download(done.summary_pdf.replace('disposition=inline&', ''));
    expect(asDownload.headers['content-disposition']).toMatch(/^attachment;/);
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['Uw wensen voor de renovatie', 'Over u en uw woning', 'Naam van de hoofdbewoner', 'Jan de Vries', 'Donkergroen', 'Laadpaal',
      'Graag na de zomervakantie.', 'Pin 1: Stopcontact – Naast de bank', 'Pin 2: Lichtpunt', 'Tulpstraat 10, 1234 AB Utrecht']) {
      expect(text).toContain(expected);
    }
    const viewed = entry(await get(`${b()}/filled-in-form/${fid}`, jan));
    expect(viewed.summary_completed).toBe(true);
    expect(viewed.summary_pdf).toBe(done.summary_pdf); // the same summary: nothing changed since
  });

  it('locks the entry for good: status completed, later saves and uploads refused', async () => {
    const locked = entry(await post(`${b()}/filled-in-form/${fid}/lock`, { language: 'nl' }, jan));
    expect(locked).toMatchObject({ locked: true, status: 'completed', status_enabled: true, status_completed: true, nr_of_signatures_enabled: false });
    expect(entry(await post(`${b()}/filled-in-form/${fid}/lock`, null, jan)).locked).toBe(true); // a second confirm changes nothing
    const save = await post(`${b()}/filled-in-form/${fid}/section/0`, { values: { naam: 'Anders' } }, jan);
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({ message: formMessages.locked });
    expect((await upload(`${b()}/filled-in-form/${fid}/section/1/element/foto`, await png(), jan)).statusCode).toBe(409);
    // this form is not e-mailed
    const mail = await post(`${b()}/filled-in-form/${fid}/email`, { email_address: ['jan@example.nl'] }, jan);
    expect(mail.statusCode).toBe(403);
    expect(mail.json()).toEqual({ message: formMessages.emailNotAllowed });
    const events = await t.query<{ action: string }>('SELECT action FROM form_entry_events WHERE entry_id = $1 ORDER BY id', [fid]);
    expect(events.map((e) => e.action)).toEqual(['created', 'saved', 'photo', 'photo', 'saved', 'saved', 'saved', 'locked']);
  });

  it('keeps several entries of a form that allows them; an untouched one is reused', async () => {
    const d = occupantBase(f.defect);
    const before = (await get(`${d}/filled-in-forms`, jan)).json<Array<{ id: number; label: string; locked: boolean }>>();
    expect(before).toEqual([expect.objectContaining({ label: expect.stringContaining('Badkamer'), locked: true })]);
    const fresh = entry(await get(`${d}/new`, jan));
    expect(fresh.id).not.toBe(before[0]!.id);
    expect(entry(await get(`${d}/new`, jan)).id).toBe(fresh.id);
    entry(await post(`${d}/filled-in-form/${fresh.id}/section/0`, { values: { ruimte: 'Keuken', omschrijving: 'Kraan lekt' } }, jan));
    const third = entry(await get(`${d}/new`, jan));
    expect(third.id).not.toBe(fresh.id);
    expect((await get(`${d}/filled-in-forms`, jan)).json<unknown[]>()).toHaveLength(3);
    expect((await get(`${d}/filled-in-forms`, fatima)).json()).toEqual([]);
  });

  it("lists the address's occupants for contact inputs", async () => {
    const res = await get(`${b()}/occupants`, jan);
    expect(res.json()).toEqual([{ id: t.ids.occupants.jan, full_name: 'Jan de Vries' }, { id: anna, full_name: 'Anna de Vries' }]);
  });
});

/** Fills, views the summary of and locks a one-section form; answers the locked entry. */
async function completeAndLock(b: string, token: string | undefined, values: TFormValues): Promise<TGenericEntry> {
  const created = entry(await get(`${b}/new`, token));
  const filled = entry(await post(`${b}/filled-in-form/${created.id}/section/0`, { values }, token));
  expect((await download(filled.summary_pdf)).statusCode).toBe(200);
  return entry(await post(`${b}/filled-in-form/${created.id}/lock`, {}, token));
}

/** The PDF attached to a caught mail. */
function attachedPdf(raw: string): Buffer {
  const part = raw.split(/\r?\n--/).find((p) => /content-type:\s*application\/pdf/i.test(p));
  if (!part) throw new Error('no PDF attached');
  const body = part.slice(part.search(/\r?\n\r?\n/)).trim();
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describe('drawn signatures', () => {
  let fid: number;
  const b = () => occupantBase(f.access);

  it('asks for the number of signatures after locking; the steps before it are refused', async () => {
    const created = entry(await get(`${b()}/new`, jan));
    const tooEarly = await post(`${b()}/filled-in-form/${created.id}/nr-of-signatures`, { nr_of_signatures: 1 }, jan);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toEqual({ message: formMessages.notCompleteApproved });
    const locked = await completeAndLock(b(), jan, { toestemming: 'Ja', sleutel: 'Bij de buren op nummer 12' });
    fid = locked.id;
    expect(locked).toMatchObject({
      status: 'locked', require_to_sign_form: true, require_to_sign_form_legally: false, nr_of_signatures_enabled: true, nr_of_signatures_completed: false,
      signatures_enabled: false, status_enabled: false,
    });
    const signFirst = await post(`${b()}/filled-in-form/${fid}/signature/1`, { signature: SIGNATURE, who: 'Jan', description: 'Hoofdbewoner' }, jan);
    expect(signFirst.statusCode).toBe(409);
    for (const nr of [0, '0', 'twee', 21]) {
      const res = await post(`${b()}/filled-in-form/${fid}/nr-of-signatures`, { nr_of_signatures: nr }, jan);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: formMessages.nrOfSignatures, errors: [{ field: 'nr_of_signatures', message: formMessages.nrOfSignatures }] });
    }
    const mobile = await post(`${b()}/filled-in-form/${fid}/nr-of-signatures`, { nr_of_signatures: 2, mobile_numbers: ['0612345678', '12345'] }, jan);
    expect(mobile.statusCode).toBe(422);
    expect(mobile.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'mobile_numbers.1', message: `${formMessages.mobileInvalid(2)} U vulde 5 cijfers in; een mobiel nummer heeft er 10.` }]);
    const two = entry(await post(`${b()}/filled-in-form/${fid}/nr-of-signatures`, { nr_of_signatures: '2' }, jan));
    expect(two).toMatchObject({ nr_of_signatures: 2, nr_of_signatures_completed: true, signatures_enabled: true });
    expect(Object.keys(two.signature)).toEqual(['1', '2']);
  });

  it('places drawn signatures with who and a description; the last one signs the form', async () => {
    const incomplete = await post(`${b()}/filled-in-form/${fid}/signature/1`, { signature: 'data:image/jpeg;base64,AAAA', who: ' ' }, jan);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toEqual({
      message: formMessages.invalid,
      errors: [
        { field: 'signature', message: formMessages.signatureRequired },
        { field: 'who', message: formMessages.signatureWho },
        { field: 'description', message: formMessages.signatureDescription },
      ],
    });
    const forged = await post(`${b()}/filled-in-form/${fid}/signature/3`, { signature: SIGNATURE, who: 'X', description: 'Y' }, jan);
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ message: formMessages.signerUnknown });
    expect((await post(`${b()}/filled-in-form/${fid}/signature/1`, { signature: SIGNATURE, who: 'Fatima', description: 'Buurvrouw' }, fatima)).statusCode).toBe(404);

    const one = entry(await post(`${b()}/filled-in-form/${fid}/signature/1`, { signature: SIGNATURE, who: 'Jan de Vries', description: 'Hoofdbewoner' }, jan));
    expect(one.signature['1']).toMatchObject({ who: 'Jan de Vries', description: 'Hoofdbewoner', signed: true, image: SIGNATURE });
    expect(one).toMatchObject({ status: 'locked', signatures_completed: false });
    // the number is fixed once someone signed
    const change = await post(`${b()}/filled-in-form/${fid}/nr-of-signatures`, { nr_of_signatures: 1 }, jan);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ message: formMessages.signersFixed });
    const legal = await get(`${b()}/filled-in-form/${fid}/signage/url/1`, jan);
    expect(legal.statusCode).toBe(409);
    expect(legal.json()).toEqual({ message: formMessages.signDrawn });

    const both = entry(await post(`${b()}/filled-in-form/${fid}/signature/2`, { signature: SIGNATURE, who: 'Anna de Vries', description: 'Partner' }, jan));
    expect(both).toMatchObject({ status: 'signed', signatures_completed: true, status_enabled: true, status_completed: true });
    expect((await get(`${b()}/filled-in-form/${fid}/is-signed/2`, jan)).json()).toBe(true);
    const again = await post(`${b()}/filled-in-form/${fid}/signature/2`, { signature: SIGNATURE, who: 'Anna', description: 'Partner' }, jan);
    expect(again.statusCode).toBe(409);
    // the summary now shows the signatures
    const signedPdf = (await download(both.summary_pdf)).rawPayload;
    const text = pdfText(signedPdf);
    expect(text).toContain('Handtekeningen');
    expect(text).toContain('Naam: Anna de Vries');
    expect(text).toContain('Omschrijving: Partner');
  });
});

describe('legal signing and e-mailing', () => {
  let locked: TGenericEntry;
  const b = () => occupantBase(f.planning);

  it('starts a signing request with the summary and gives the signing link; signing at the service marks the form signed', async () => {
    locked = await completeAndLock(b(), jan, { akkoord: 'Ja, ik ga akkoord' });
    expect(locked).toMatchObject({ require_to_sign_form_legally: true, sign_request: false });
    entry(await post(`${b()}/filled-in-form/${locked.id}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Jan de Vries'] }, jan));
    const drawn = await post(`${b()}/filled-in-form/${locked.id}/signature/1`, { signature: SIGNATURE, who: 'Jan', description: 'x' }, jan);
    expect(drawn.statusCode).toBe(409);
    expect(drawn.json()).toEqual({ message: formMessages.signLegally });

    const link = await get(`${b()}/filled-in-form/${locked.id}/signage/url/1`, jan);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<{ url: string }>();
    expect(url.startsWith('/api/signing/local/')).toBe(true); // a path: the frame opens it on the page's own host
    expect(entry(await get(`${b()}/filled-in-form/${locked.id}`, jan)).sign_request).toBe(true);
    expect((await get(`${b()}/filled-in-form/${locked.id}/signage/url/1`, jan)).json()).toEqual({ url }); // the same request
    expect((await get(`${b()}/filled-in-form/${locked.id}/signage/url/2`, jan)).statusCode).toBe(404);
    expect((await get(`${b()}/filled-in-form/${locked.id}/is-signed/1`, jan)).json()).toBe(false);
    expect((await get(`${b()}/filled-in-form/${locked.id}/signage/url/1`, fatima)).statusCode).toBe(404);

    // the signer signs on the local provider's page; its postback reaches the portal through the job queue
    const page = await t.app.inject({
      method: 'POST', url, payload: new URLSearchParams({ signature: SIGNATURE }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const signed = await waitFor(async () => (await get(`${b()}/filled-in-form/${locked.id}/is-signed/1`, jan)).json<boolean>(), { timeoutMs: 15_000, interval: 200 });
    expect(signed).toBe(true);
    expect(entry(await get(`${b()}/filled-in-form/${locked.id}`, jan))).toMatchObject({ status: 'signed', signatures_completed: true, status_enabled: true, sign_request: false });
  });

  it('e-mails the summary PDF from a job; invalid addresses are named by position', async () => {
    const bad = await post(`${b()}/filled-in-form/${locked.id}/email`, { email_address: ['', 'geen-adres', 'jan@example.nl', 'x@y'] }, jan);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: formMessages.emailPositions([2, 4]), errors: [{ field: 'email_address', message: formMessages.emailPositions([2, 4]) }] });
    const empty = await post(`${b()}/filled-in-form/${locked.id}/email`, { email_address: ['', ' '] }, jan);
    expect(empty.statusCode).toBe(422);

    const res = await post(`${b()}/filled-in-form/${locked.id}/email`, { language: 'nl', email_address: ['jan.kopie@example.nl', '', 'Aannemer@Example.nl'] }, jan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: formMessages.sent });
    const mail = await t.mail!.waitForMail((m) => m.to.includes('aannemer@example.nl'), 15_000);
    expect(mail.subject).toBe('Formulier: Akkoord met de uitvoeringsplanning');
    expect(mail.text).toContain('In de bijlage vindt u het formulier');
    const pdf = attachedPdf(mail.raw);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Ja, ik ga akkoord');
    await t.mail!.waitForMail((m) => m.to.includes('jan.kopie@example.nl'), 15_000);
    expect(entry(await get(`${b()}/filled-in-form/${locked.id}`, jan))).toMatchObject({ email_to: ['jan.kopie@example.nl', 'aannemer@example.nl'], sent_at: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/) });
    // e-mailed once: every further call is refused and sends nothing
    const again = await post(`${b()}/filled-in-form/${locked.id}/email`, { email_address: ['ander@example.nl'] }, jan);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: formMessages.alreadySent });
    expect(entry(await get(`${b()}/filled-in-form/${locked.id}`, jan)).email_to).toEqual(['jan.kopie@example.nl', 'aannemer@example.nl']);
    const emailed = await t.query("SELECT 1 FROM form_entry_events WHERE entry_id = $1 AND action = 'emailed'", [locked.id]);
    expect(emailed).toHaveLength(1);
  });

  it('refuses e-mailing before the status step', async () => {
    const other = entry(await get(`${occupantBase(f.planning)}/new`, fatima));
    const res = await post(`${occupantBase(f.planning)}/filled-in-form/${other.id}/email`, { email_address: ['a@example.nl'] }, fatima);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: formMessages.notCompleteApproved });
  });

  it('e-mails an entry once also when two calls come at the same moment', async () => {
    const other = entry(await get(`${occupantBase(f.planning)}/new`, fatima));
    await t.query('UPDATE form_entries SET locked = true, status = $2, nr_of_signatures = 1, signatures = $3 WHERE id = $1', [
      other.id, 'signed', JSON.stringify({ 1: { image: null, who: 'Fatima', description: null, mobile: null, signed: true, signedAt: null } }),
    ]);
    const calls = await Promise.all(['een@example.nl', 'twee@example.nl'].map((to) => post(`${occupantBase(f.planning)}/filled-in-form/${other.id}/email`, { email_address: [to] }, fatima)));
    expect(calls.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(entry(await get(`${occupantBase(f.planning)}/filled-in-form/${other.id}`, fatima)).email_to).toHaveLength(1);
  });
});

describe('public forms', () => {
  let unique: string;
  let other: string;
  let fid: number;

  beforeAll(async () => {
    unique = (await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}/get-unique/`)).json<{ unique: string }>().unique;
    other = (await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}/get-unique/`)).json<{ unique: string }>().unique;
  });

  it("lets a visitor fill in a public form under their own code, and see only that code's entries", async () => {
    const b = publicBase(f.evening, unique);
    const created = entry(await get(`${b}/new?language=nl`));
    expect(created.unique).toBe(unique);
    fid = created.id;
    expect((await get(`${b}/occupants`)).json()).toEqual([]);
    const saved = entry(await post(`${b}/filled-in-form/${fid}/section/0`, { values: { naam: 'Bezoeker', personen: 2, avond: 'Dinsdag 14 april' } }));
    expect(saved.summary_pdf).toBe(`/api/public/form/${f.evening}/${unique}/filled-in-form/${fid}/summary`);
    // another visitor's code sees nothing of it
    expect((await get(`${publicBase(f.evening, other)}/filled-in-form/${fid}`)).statusCode).toBe(404);
    expect((await post(`${publicBase(f.evening, other)}/filled-in-form/${fid}/section/0`, { values: { naam: 'X' } })).statusCode).toBe(404);
    expect((await get(`${publicBase(f.evening, other)}/filled-in-forms`)).json()).toEqual([]);
    expect((await get(`${publicBase(f.evening, other)}/filled-in-form/${fid}/summary`)).statusCode).toBe(404);
    // a resident's form is not public; a malformed code is refused
    expect((await get(`${publicBase(f.wishes, unique)}/new`)).statusCode).toBe(404);
    expect((await get(`/api/public/form/${f.evening}/kort/new`)).statusCode).toBe(422);
    // the list marks it fetched for this visitor only
    expect((await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}?unique=${unique}`)).json<TFormListItem[]>()[0]!.fetched).toBe(true);
    expect((await get(`/api/public/forms/${t.ids.projects.bloemenbuurt}?unique=${other}`)).json<TFormListItem[]>()[0]!.fetched).toBe(false);
  });

  it('serves the summary and photos to the visitor through their code; viewing the summary enables locking', async () => {
    const b = publicBase(f.evening, unique);
    expect((await post(`${b}/filled-in-form/${fid}/lock`, {})).statusCode).toBe(409);
    const pdf = await get(`${b}/filled-in-form/${fid}/summary`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Dinsdag 14 april');
    const locked = entry(await post(`${b}/filled-in-form/${fid}/lock`, {}));
    expect(locked).toMatchObject({ locked: true, status: 'completed', status_enabled: true });
    const res = await post(`${b}/filled-in-form/${fid}/email`, { email_address: ['bezoeker@example.nl'] });
    expect(res.statusCode).toBe(200);
    await t.mail!.waitForMail((m) => m.to.includes('bezoeker@example.nl'), 15_000);
  });

  it("serves a visitor's photo only through their own code", async () => {
    const b = publicBase(f.solar, unique);
    expect((await get(`${b}/new`)).statusCode).toBe(404); // Rivierenwijk's resident form is not public
    const r = publicBase(f.riverEvening, unique);
    const created = entry(await get(`${r}/new`));
    expect(created.form[0]!.elements.some((e) => e.type === 'f_photoinput')).toBe(false);
    // a public form with a photo element: the wishes form made public for this test
    await t.query('UPDATE forms SET is_public = true WHERE id = $1', [f.wishes]);
    try {
      const w = publicBase(f.wishes, unique);
      const mine = entry(await get(`${w}/new`));
      const photo = (await upload(`${w}/filled-in-form/${mine.id}/section/1/element/foto`, await png())).json<TFormPhoto>();
      expect(photo.url).toBe(`/api/public/form/${f.wishes}/${unique}/filled-in-form/${mine.id}/photo/${photo.id}`);
      const image = await get(photo.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect((await get(photo.url.replace(unique, other))).statusCode).toBe(404);
    } finally {
      await t.query('UPDATE forms SET is_public = false WHERE id = $1', [f.wishes]);
    }
  });

  it('gives the simple public form and takes one submit per send, checked like a section', async () => {
    const form = await get(`/api/public/form/${f.question}?language=nl`);
    expect(form.statusCode).toBe(200);
    expect(ZPublicSimpleForm.parse(form.json())).toMatchObject({ id: f.question, name: 'Vraag aan het projectteam' });
    const invalid = await post(`/api/public/form/${f.question}`, { values: { email: 'geen mail', extra: 'x' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toEqual(['values.naam', 'values.vraag', 'values.extra']);
    const ok = await post(`/api/public/form/${f.question}`, { language: 'nl', values: { naam: 'Piet', vraag: 'Wanneer begint de renovatie?', onderwerp: 'Planning' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: formMessages.simpleSubmitted });
    const [stored] = await t.query<{ values: TFormValues; locked: boolean; address_id: number | null }>('SELECT values, locked, address_id FROM form_entries WHERE form_id = $1', [f.question]);
    expect(stored).toEqual({ values: { naam: 'Piet', vraag: 'Wanneer begint de renovatie?', onderwerp: 'Planning' }, locked: true, address_id: null });
    // a generic form is not a simple one and the other way round
    expect((await get(`/api/public/form/${f.evening}`)).statusCode).toBe(404);
    expect((await get(`${publicBase(f.question, unique)}/new`)).statusCode).toBe(404);
  });
});

describe('robustness', () => {
  it('answers 400 or 404 for malformed ids and bodies, never 500', async () => {
    const b = occupantBase(f.wishes);
    const responses = await Promise.all([
      get(`/api/occupant/form/abc/new`, jan),
      get(`/api/occupant/form/99999999999/new`, jan),
      get(`${b}/filled-in-form/0`, jan),
      post(`${b}/filled-in-form/1/section/x`, { values: {} }, jan),
      post(`${b}/filled-in-form/1/section/0`, { values: 'nope' }, jan),
      post(`${b}/filled-in-form/1/section/0`, null, jan),
      post(`${b}/filled-in-form/1/signature/99`, {}, jan),
      post(`${b}/filled-in-form/1/nr-of-signatures`, { nr_of_signatures: { x: 1 } }, jan),
      get(`/api/public/forms/menu/0`),
      post(`/api/public/form/${f.question}`, { values: { naam: ['a'] } }),
    ]);
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });
});

import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_FILE_FORMAT, staffFormsMessages, ZFormFile, ZStaffForm, ZStaffFormImage, ZStaffFormListItem, ZStaffFormVersion,
  type TFormSectionDefinition, type TStaffForm, type TStaffFormListItem,
} from '@portal/contract';
import { bearer, consoleToken, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { setUpStaffApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';
import { auditOf, png } from '../staff-projects/test-setup.ts';

let t: TestApp, tokens: ConsoleSessions, http: Requests;
setUpStaffApp((app) => ({ t, tokens, http } = app));

let B: number, R: number, viewer: string, jan: string;
beforeAll(async () => {
  B = t.ids.projects.bloemenbuurt;
  R = t.ids.projects.rivierenwijk;
  // A housing-corporation viewer: forms.read without forms.manage.
  const [user] = await t.query<{ id: number }>("INSERT INTO users (username, email, name) VALUES ('kijker@forms.nl', 'kijker@forms.nl', 'Kijker') RETURNING id");
  await t.query("INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, 'woco-viewer')", [user!.id, t.ids.customers.woonstad]);
  viewer = await consoleToken(t, user!.id);
  jan = await occupantToken(t.app, '10');
});

const sections = (label = 'Wat vindt u ervan?', type = 'textinput'): TFormSectionDefinition[] => [
  { id: 's1', label: 'Vragen', elements: [{ id: 'e1', type, data: { label, requiredField: true } }] },
];
const genericSections = () => sections('Uw wens', 'f_textinput');
const ok = <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200, parse: (v: unknown) => T = (v) => v as T): T => {
  expect(res.statusCode, res.body).toBe(status);
  return parse(res.json());
};
const form = (res: Parameters<typeof ok>[0], status = 200) => ok(res, status, (v) => ZStaffForm.parse(v));

async function createForm(kind: TStaffForm['kind'], name: string, projectId = B, token = tokens.editor): Promise<TStaffForm> {
  return form(await http.post(`/api/staff/projects/${projectId}/forms`, token, { kind, name }), 201);
}
const save = (f: TStaffForm, definition: TFormSectionDefinition[], settings: Partial<TStaffForm['settings']> = {}, token = tokens.editor) =>
  http.put(`/api/staff/forms/${f.id}`, token, { revision: f.revision, settings: { ...f.settings, ...settings }, definition });
const publish = (f: TStaffForm, body: Record<string, unknown> = {}) => http.post(`/api/staff/forms/${f.id}/publish`, tokens.editor, { revision: f.revision, ...body });

describe('creating, saving and publishing', () => {
  it('creates a draft that residents do not see until it is published; a first publish makes it visible', async () => {
    const created = await createForm('intake', 'Opname zolder');
    expect(created).toMatchObject({ kind: 'intake', status: 'draft', published_version: null, has_draft: true });
    const saved = form(await save(created, sections()));
    expect(saved.revision).toBe(created.revision + 1);
    expect((await http.get(`/api/occupant/intake/form/${created.id}?language=nl`, jan)).statusCode).toBe(404);

    const published = form(await publish(saved));
    expect(published).toMatchObject({ status: 'published', published_version: 1, has_draft: false });
    expect((await http.get(`/api/occupant/intake/form/${created.id}?language=nl`, jan)).statusCode).toBe(200);
    const list = ok(await http.get(`/api/staff/projects/${B}/forms?kind=intake&q=zolder`, tokens.editor), 200, (v) => (v as unknown[]).map((i) => ZStaffFormListItem.parse(i)));
    expect(list.map((i: TStaffFormListItem) => i.name)).toEqual(['Opname zolder']);
    expect((await auditOf(t, 'form', created.id)).map((a) => a.action)).toEqual(['create', 'update', 'publish']);
  });

  it('answers 409 with a Dutch message on a stale revision', async () => {
    const created = await createForm('generic', 'Wensen');
    form(await save(created, genericSections()));
    const stale = await save(created, genericSections());
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: staffFormsMessages.stale });
  });

  it('refuses a bad definition with 422, each message naming the element', async () => {
    const created = await createForm('choice', 'Keuken');
    const bad: TFormSectionDefinition[] = [{
      id: 's1', label: 'Keuken', elements: [
        { id: 'e1', type: 'c_choice', data: { label: 'Keuken kiezen', type: 'radio', options: [] } },
        { id: 'e2', type: 'c_numberinput', data: { label: 'Aantal kasten', minValue: 10, maxValue: 2 } },
        { id: 'e3', type: 'c_choice', data: { label: 'Kleur', type: 'radio', options: [{ label: 'Wit', price: null }, { label: 'Zwart', price: null }] } },
      ],
    }];
    const res = await save(created, bad);
    expect(res.statusCode).toBe(422);
    const { errors } = res.json<{ errors: Array<{ field: string; message: string }> }>();
    expect(errors.find((e) => e.field.includes('e1'))?.message).toContain("'Keuken kiezen'");
    expect(errors.find((e) => e.field.includes('e2'))?.message).toContain("'Aantal kasten'");
    expect(errors.some((e) => e.field.includes('e3'))).toBe(false);
    // a price that is no amount, through the same validator
    const price = structuredClone(bad[0]!);
    price.elements = [{ id: 'e3', type: 'c_choice', data: { label: 'Kleur', type: 'radio', options: [{ label: 'Wit', price: 'tien' }, { label: 'Zwart', price: null }] } }];
    const res2 = await save(created, [price]);
    expect(res2.statusCode).toBe(422);
    expect(JSON.stringify(res2.json())).toContain("'Kleur'");
  });

  it('keeps the version an entry was answered on when the form is republished', async () => {
    const created = await createForm('intake', 'Opname kelder');
    const v1 = form(await publish(form(await save(created, sections('Vraag een')))));
    const saveAnswer = await http.post(`/api/occupant/intake/form/${v1.id}/section/0`, jan, { language: 'nl', values: { e1: 'antwoord' } });
    expect(saveAnswer.statusCode, saveAnswer.body).toBe(200);
    const [entry] = await t.query<{ form_version: number }>('SELECT form_version FROM form_entries WHERE form_id = $1', [v1.id]);
    expect(entry!.form_version).toBe(1);

    const v2 = form(await publish(form(await save(v1, sections('Vraag twee')))));
    expect(v2.published_version).toBe(2);
    const [after] = await t.query<{ form_version: number }>('SELECT form_version FROM form_entries WHERE form_id = $1', [v1.id]);
    expect(after!.form_version).toBe(1);
    const versions = ok(await http.get(`/api/staff/forms/${v1.id}/versions`, viewer), 200, (v) => (v as unknown[]).map((i) => ZStaffFormVersion.parse(i)));
    expect(versions.map((v) => [v.version, v.entry_count])).toEqual([[2, 0], [1, 1]]);
    const one = ok(await http.get(`/api/staff/forms/${v1.id}/versions/1`, viewer), 200, (v) => v as { definition: TFormSectionDefinition[] });
    expect(one.definition[0]!.elements[0]!.data.label).toBe('Vraag een');
    // the next save stamps the version answered on
    await http.post(`/api/occupant/intake/form/${v1.id}/section/0`, jan, { language: 'nl', values: { e1: 'nieuw antwoord' } });
    const [resaved] = await t.query<{ form_version: number }>('SELECT form_version FROM form_entries WHERE form_id = $1', [v1.id]);
    expect(resaved!.form_version).toBe(2);
    // nothing new to publish
    expect((await publish(v2)).statusCode).toBe(422);
  });

  it('hides archived forms and forms outside their dates from residents', async () => {
    const created = await createForm('intake', 'Opname tuin');
    const published = form(await publish(form(await save(created, sections()))));
    const url = `/api/occupant/intake/form/${created.id}?language=nl`;
    const archived = form(await http.post(`/api/staff/forms/${created.id}/archive`, tokens.editor));
    expect(archived.status).toBe('archived');
    expect((await http.get(url, jan)).statusCode).toBe(404);
    const restored = form(await http.post(`/api/staff/forms/${created.id}/restore`, tokens.editor));
    expect(restored.status).toBe('published');
    expect((await http.get(url, jan)).statusCode).toBe(200);
    const later = form(await save(restored, published.definition, { opens_at: new Date(Date.now() + 86_400_000).toISOString() }));
    expect((await http.get(url, jan)).statusCode).toBe(404);
    form(await save(later, published.definition, { opens_at: null, closes_at: new Date(Date.now() - 60_000).toISOString() }));
    expect((await http.get(url, jan)).statusCode).toBe(404);
  });
});

describe('consent forms republished after signing started', () => {
  it("asks for a decision; 'ask-again' reopens signed entries, records the decision and keeps the evidence", async () => {
    const created = await createForm('support-base', 'Instemming renovatie');
    const agree: TFormSectionDefinition[] = [{ id: 's1', label: 'Akkoordverklaring', elements: [{ id: 'e1', type: 'sb_agreeinput', data: { label: 'Gaat u akkoord?', agree: 'Ja', disagree: 'Nee' } }] }];
    const v1 = form(await publish(form(await save(created, agree))));
    await t.query("INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, status, agreement, agreement_at, form_version) VALUES ($1, $2, $3, true, 'signed', 'agree', now(), 1)",
      [v1.id, B, t.ids.addresses.a10]);
    const draft = form(await http.get(`/api/staff/forms/${v1.id}`, tokens.editor));
    expect(draft.signing_started).toBe(true);
    const changed = structuredClone(agree);
    changed[0]!.elements[0]!.data.label = 'Gaat u akkoord met het nieuwe plan?';
    const saved = form(await save(draft, changed));

    const refused = await publish(saved);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: staffFormsMessages.consentDecisionRequired });
    expect((await publish(saved, { consent_decision: 'ask-again' })).statusCode).toBe(422);

    const done = form(await publish(saved, { consent_decision: 'ask-again', consent_decision_reason: 'De huurverhoging is gewijzigd' }));
    expect(done.published_version).toBe(2);
    const [entry] = await t.query<{ id: number; status: string; agreement: string | null }>('SELECT id, status, agreement FROM form_entries WHERE form_id = $1', [v1.id]);
    expect(entry).toMatchObject({ status: 'open', agreement: null });
    // the resident is asked again: the form is open for signing, on the new text
    const asked = await http.get(`/api/occupant/support-base/form/${v1.id}?language=nl`, jan);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ signed: false, status: 'open' });
    expect(asked.body).toContain('Gaat u akkoord met het nieuwe plan?');
    const events = await t.query<{ action: string; detail: Record<string, unknown> }>('SELECT action, detail FROM form_entry_events WHERE entry_id = $1', [entry!.id]);
    expect(events).toEqual([{ action: 'asked-again', detail: { version: 2, reason: 'De huurverhoging is gewijzigd' } }]);
    const [version] = await t.query<{ consent_decision: string; consent_decision_reason: string }>(
      'SELECT consent_decision, consent_decision_reason FROM form_versions WHERE form_id = $1 AND version = 2', [v1.id]);
    expect(version).toEqual({ consent_decision: 'ask-again', consent_decision_reason: 'De huurverhoging is gewijzigd' });
    expect((await auditOf(t, 'form', v1.id)).at(-1)).toMatchObject({ action: 'publish', after: { consent_decision: 'ask-again', asked_again: 1 } });
  });
  it("'keep' leaves signed consent as it is and records the decision", async () => {
    const created = await createForm('support-base', 'Instemming dak');
    const agree: TFormSectionDefinition[] = [{ id: 's1', label: 'Akkoordverklaring', elements: [{ id: 'e1', type: 'sb_agreeinput', data: { label: 'Akkoord met het dak?', agree: 'Ja', disagree: 'Nee' } }] }];
    const v1 = form(await publish(form(await save(created, agree))));
    await t.query("INSERT INTO form_entries (form_id, project_id, address_id, one_per_owner, status, agreement, agreement_at, form_version) VALUES ($1, $2, $3, true, 'signed', 'agree', now(), 1)",
      [v1.id, B, t.ids.addresses.a12]);
    const changed = structuredClone(agree);
    changed[0]!.elements[0]!.data.label = 'Akkoord met het nieuwe dak?';
    const saved = form(await save(form(await http.get(`/api/staff/forms/${v1.id}`, tokens.editor)), changed));
    form(await publish(saved, { consent_decision: 'keep', consent_decision_reason: 'Alleen een tikfout hersteld' }));
    const [entry] = await t.query<{ status: string; agreement: string; form_version: number }>('SELECT status, agreement, form_version FROM form_entries WHERE form_id = $1', [v1.id]);
    expect(entry).toEqual({ status: 'signed', agreement: 'agree', form_version: 1 });
    const [version] = await t.query('SELECT consent_decision, consent_decision_reason FROM form_versions WHERE form_id = $1 AND version = 2', [v1.id]);
    expect(version).toEqual({ consent_decision: 'keep', consent_decision_reason: 'Alleen een tikfout hersteld' });
  });
});

describe('copy, export and import', () => {
  it('copies to another reached project as a draft; a project not reached answers 404', async () => {
    const source = form(await publish(form(await save(await createForm('generic', 'Kopieerbaar', B, tokens.admin), genericSections(), {}, tokens.admin))));
    const copy = form(await http.post(`/api/staff/forms/${source.id}/copy`, tokens.admin, { project_id: R }), 201);
    expect(copy).toMatchObject({ project_id: R, status: 'draft', published_version: null, definition: source.definition });
    // the editor reaches Bloemenbuurt only
    const editorsForm = await createForm('generic', 'Van de redacteur');
    const refused = await http.post(`/api/staff/forms/${editorsForm.id}/copy`, tokens.editor, { project_id: R });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: staffFormsMessages.copyTargetNotFound });
    const same = form(await http.post(`/api/staff/forms/${editorsForm.id}/copy`, tokens.editor, { project_id: B }), 201);
    expect(same.settings.name).toBe('Van de redacteur (kopie)');
  });

  it('exports a schema-versioned JSON file and imports it back; a bad file is refused with Dutch messages', async () => {
    const source = form(await save(await createForm('intake', 'Exporteerbaar'), sections()));
    const res = await http.get(`/api/staff/forms/${source.id}/export`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('exporteerbaar.json');
    const file = ZFormFile.parse(res.json());
    expect(file).toMatchObject({ format: FORM_FILE_FORMAT, schema_version: 1, kind: 'intake', name: 'Exporteerbaar' });

    const upload = (data: string) => {
      const boundary = '----formfile';
      const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="formulier.json"\r\nContent-Type: application/json\r\n\r\n${data}\r\n--${boundary}--\r\n`);
      return t.app.inject({ method: 'POST', url: `/api/staff/projects/${B}/forms/import`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(tokens.editor) } });
    };
    const imported = form(await upload(JSON.stringify(file)), 201);
    expect(imported).toMatchObject({ kind: 'intake', status: 'draft', definition: file.definition });

    expect((await upload('{niet json')).json()).toMatchObject({ message: staffFormsMessages.importUnreadable });
    expect((await upload(JSON.stringify({ ...file, format: 'iets anders' }))).json()).toMatchObject({ message: staffFormsMessages.importFormat });
    expect((await upload(JSON.stringify({ ...file, schema_version: 7 }))).json()).toMatchObject({ message: staffFormsMessages.importVersion(7) });
    const bad = await upload(JSON.stringify({ ...file, definition: [{ id: 's1', label: 'Vragen', elements: [{ id: 'e1', type: 'select', data: { label: 'Dakkapel', type: 'radio', options: [] } }] }] }));
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain("'Dakkapel'");
  });
});

describe('attachments, images and menus', () => {
  it('uploads a PDF attachment to a consent form, renames, orders and removes it', async () => {
    const consent = await createForm('support-base', 'Met bijlagen');
    const document = await PDFDocument.create();
    document.addPage();
    const pdf = Buffer.from(await document.save());
    const send = (name: string) => {
      const boundary = '----bijlage';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), pdf, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: `/api/staff/forms/${consent.id}/attachments`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(tokens.editor) } });
    };
    const first = await send('Renovatieplan');
    expect(first.statusCode, first.body).toBe(201);
    const list = ok(await send('Huur'), 201, (v) => v as Array<{ id: number; name: string }>);
    expect(list.map((a) => a.name)).toEqual(['Renovatieplan', 'Huur']);
    const ordered = ok(await http.put(`/api/staff/forms/${consent.id}/attachments/order`, tokens.editor, { ids: [list[1]!.id, list[0]!.id] }), 200, (v) => v as Array<{ id: number; name: string }>);
    expect(ordered.map((a) => a.name)).toEqual(['Huur', 'Renovatieplan']);
    const renamed = ok(await http.put(`/api/staff/forms/${consent.id}/attachments/${list[1]!.id}`, tokens.editor, { name: 'Huur en vergoedingen' }), 200, (v) => v as Array<{ name: string }>);
    expect(renamed[0]!.name).toBe('Huur en vergoedingen');
    expect((await http.put(`/api/staff/forms/${consent.id}/attachments/order`, tokens.editor, { ids: [list[1]!.id] })).statusCode).toBe(422);
    const removed = ok(await http.del(`/api/staff/forms/${consent.id}/attachments/${list[0]!.id}`, tokens.editor), 200, (v) => v as unknown[]);
    expect(removed).toHaveLength(1);
  });

  it('stores an image for a drawing and answers its URL, readable by staff', async () => {
    const created = await createForm('intake', 'Met tekening');
    const res = await http.upload(`/api/staff/forms/${created.id}/images`, { data: await png(300, 200) }, tokens.editor);
    const image = ok(res, 201, (v) => ZStaffFormImage.parse(v));
    expect(image).toMatchObject({ image_width: 300, image_height: 200 });
    expect((await http.get(image.url)).statusCode).toBe(200); // signed link for the editor's session
  });

  it('manages the menus of generic forms', async () => {
    const menus = ok(await http.post(`/api/staff/projects/${B}/form-menus`, tokens.editor, { name: 'Subsidies' }), 201, (v) => v as Array<{ id: number; name: string }>);
    const menu = menus.find((m) => m.name === 'Subsidies')!;
    const generic = await createForm('generic', 'In een menu');
    const inMenu = form(await save(generic, genericSections(), { menu_id: menu.id }));
    expect(inMenu.settings.menu_id).toBe(menu.id);
    const foreignMenu = ok(await http.post(`/api/staff/projects/${R}/form-menus`, tokens.admin, { name: 'Elders' }), 201, (v) => v as Array<{ id: number; name: string }>).find((m) => m.name === 'Elders')!;
    expect((await save(inMenu, genericSections(), { menu_id: foreignMenu.id })).statusCode).toBe(422);
    const renamed = ok(await http.put(`/api/staff/projects/${B}/form-menus/${menu.id}`, tokens.editor, { name: 'Verzoeken' }), 200, (v) => v as Array<{ id: number; name: string; form_count: number }>);
    expect(renamed.find((m) => m.id === menu.id)).toMatchObject({ name: 'Verzoeken', form_count: 1 });
    expect((await http.del(`/api/staff/projects/${B}/form-menus/${menu.id}`, tokens.editor)).statusCode).toBe(200);
    expect(form(await http.get(`/api/staff/forms/${generic.id}`, tokens.editor)).settings.menu_id).toBeNull();
  });
});

describe('who may', () => {
  it('lets forms.read read and refuses its writes; another customer and an unreached project answer 404', async () => {
    const own = await createForm('intake', 'Van Bloemenbuurt');
    expect((await http.get(`/api/staff/forms/${own.id}`, viewer)).statusCode).toBe(200);
    expect((await http.get(`/api/staff/projects/${B}/forms`, viewer)).statusCode).toBe(200);
    expect((await save(own, sections(), {}, viewer)).statusCode).toBe(403);
    expect((await http.post(`/api/staff/projects/${B}/forms`, viewer, { kind: 'intake', name: 'x' })).statusCode).toBe(403);
    expect((await http.post(`/api/staff/forms/${own.id}/publish`, viewer, { revision: own.revision })).statusCode).toBe(403);

    const rivers = await createForm('intake', 'Van Rivierenwijk', R, tokens.admin);
    expect((await http.get(`/api/staff/forms/${rivers.id}`, tokens.editor)).statusCode).toBe(404);
    expect((await save(rivers, sections())).statusCode).toBe(404);
    expect((await http.get(`/api/staff/forms/${own.id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await http.get(`/api/staff/projects/${B}/forms`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await http.get(`/api/staff/forms/${own.id}`)).statusCode).toBe(401);
  });
});

describe('the list as a file', () => {
  it('exports the filtered list as CSV and XLSX, formula-like names as text; audited', async () => {
    await createForm('generic', '=HYPERLINK("x")');
    const csv = await http.get(`/api/staff/projects/${B}/forms/export?format=csv&kind=generic&q=HYPERLINK`, viewer);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Naam');
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).not.toContain('Opname');
    const xlsx = await http.get(`/api/staff/projects/${B}/forms/export?format=xlsx`, viewer);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"/);
    expect((await auditOf(t, 'forms', B)).map((a) => a.action)).toEqual(['export', 'export']);
  });
});

import { describe, expect, it } from 'vitest';
import { fileMessages, STAFF_DOCUMENT_MAX_BYTES, ZDocumentList, ZStaffDocument, ZStaffDocumentList, type TStaffDocument } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';
import { auditOf, expectStatus, multipart, pdfOf, testPdf, testPng, type Caller, type ConsoleTokens } from '../../../test/staff-content-b.ts';
import { setUpStaffContentBApp } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, staff: ConsoleTokens, call: Caller, B: number, R: number;
setUpStaffContentBApp((app) => ({ t, get, tokens, elsewhere, staff, call, B, R } = app));

const base = (projectId: number) => `/api/staff/projects/${projectId}/documents`;
type Fields = Record<string, string>;
const fields = (over: Fields = {}): Fields => ({
  address_id: '', type: 'Brief', subject: 'Afsluiting van het water', name: 'Brief waterafsluiting',
  methods: JSON.stringify([{ type: 'post', message: 'Ook per post verstuurd' }]), is_public: 'true', publish_at: '', ...over,
});
const upload = (f: Fields, file: { filename: string; data: Buffer } | null = { filename: 'brief.pdf', data: testPdf() }, token = staff.admin, projectId = B) =>
  call('POST', base(projectId), token, { form: multipart(f, file ? { field: 'file', type: 'application/pdf', ...file } : undefined) });
const jsonBody = (d: TStaffDocument, over: Record<string, unknown> = {}) => ({
  address_id: d.address_id, type: d.type, subject: d.subject, name: d.name, methods: d.methods, is_public: d.is_public, publish_at: d.publish_at, ...over,
});
const residentNames = async (token = tokens.jan, projectId?: number) =>
  ZDocumentList.parse((await get(`/api/occupant/documents${projectId ? `?project_id=${projectId}` : ''}`, token)).json()).map((d) => d.name);
const publicNames = async () => ZDocumentList.parse((await get(`/api/public/documents/${B}`)).json()).map((d) => d.name);

describe('the list', () => {
  it('lists every document of the project, per-address ones and their addresses too, newest first', async () => {
    const list = ZStaffDocumentList.parse((await call('GET', base(B), staff.editor)).json());
    expect(list.map((d) => d.name)).toEqual([
      'Bevestiging opnameafspraak', 'Presentatie bewonersavond', 'Planning fase 1', 'Plattegrond proefwoning', 'Uitnodiging huisbezoek',
      'Huurvoorstel', 'Bewonersbrief start renovatie',
    ]);
    expect(list[0]).toMatchObject({ address_id: t.ids.addresses.a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht', status: 'published', file: { url: null } });
    expect(list[1]).toMatchObject({ address_id: null, full_address: null, is_public: true, file: { mime: 'application/pdf', url: expect.stringMatching(/\?token=/) } });
    const project = ZStaffDocumentList.parse((await call('GET', `${base(B)}?scope=project`, staff.admin)).json());
    expect(project.every((d) => d.address_id === null)).toBe(true);
    const perAddress = ZStaffDocumentList.parse((await call('GET', `${base(B)}?scope=address&address_id=${t.ids.addresses.a10}`, staff.admin)).json());
    expect(perAddress.map((d) => d.name)).toEqual(['Bevestiging opnameafspraak', 'Uitnodiging huisbezoek']);
    expect(ZStaffDocumentList.parse((await call('GET', `${base(B)}?q=tulpstraat%2010`, staff.admin)).json())).toHaveLength(2);
    expect(ZStaffDocumentList.parse((await call('GET', `${base(B)}?q=huur`, staff.admin)).json()).map((d) => d.name)).toEqual(['Huurvoorstel']);
    const page = await call('GET', `${base(B)}?limit=3&before=${list[2]!.id}`, staff.admin);
    expect(ZStaffDocumentList.parse(page.json()).map((d) => d.name)).toEqual(list.slice(3, 6).map((d) => d.name));
    expect(page.headers['x-has-more']).toBe('true');
  });

  it('refuses another customer, another project’s document and a project the editor was not given', async () => {
    const [rivDoc] = await t.query<{ id: number }>('SELECT id FROM documents WHERE project_id = $1 LIMIT 1', [R]);
    for (const [method, url, token] of [
      ['GET', base(B), staff.elsewhere], ['GET', base(R), staff.editor], ['GET', `${base(B)}/${rivDoc!.id}`, staff.admin],
      ['PUT', `${base(B)}/${rivDoc!.id}`, staff.admin], ['DELETE', `${base(B)}/${rivDoc!.id}`, staff.admin], ['DELETE', `${base(R)}/${rivDoc!.id}`, staff.elsewhere],
    ] as const) {
      const res = await call(method, url, token, { json: method === 'PUT' ? { ...jsonBody({} as TStaffDocument), type: 'x', subject: 'x', name: 'x', methods: [], is_public: false, publish_at: null, address_id: null } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expectStatus(await upload(fields(), undefined, staff.elsewhere), 404);
    expectStatus(await upload(fields(), undefined, staff.editor, R), 404);
    expectStatus(await call('GET', base(B), tokens.partner), 401);
    expect(await t.query('SELECT id FROM documents WHERE id = $1', [rivDoc!.id])).toHaveLength(1);
  });
});

describe('uploading', () => {
  it('refuses a missing file, a file that is no PDF or image, bad fields and a too large file, in Dutch', async () => {
    const none = await upload(fields(), null);
    expectStatus(none, 422);
    expect(none.json()).toEqual({ message: 'Kies een bestand', errors: [{ field: 'file', message: 'Kies een bestand' }] });
    const exe = await upload(fields(), { filename: 'brief.pdf', data: Buffer.from('MZ\x90\x00 geen pdf') });
    expectStatus(exe, 422);
    expect(exe.json()).toMatchObject({ message: 'Kies een PDF-bestand of een afbeelding (PNG of JPEG)' });
    const script = await upload(fields(), { filename: 'brief.pdf', data: pdfOf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> ' }) });
    expectStatus(script, 422);
    expect(script.json()).toEqual({ message: fileMessages.pdfActiveContent, errors: [{ field: 'file', message: fileMessages.pdfActiveContent }] });
    const bad = await upload(fields({ type: '', subject: '', methods: '[{"type":"post"}]', publish_at: 'morgen' }));
    expectStatus(bad, 422);
    expect(bad.json().errors).toEqual(expect.arrayContaining([
      { field: 'type', message: 'Vul een soort in' }, { field: 'subject', message: 'Vul een onderwerp in' },
      { field: 'methods.0.message', message: 'Vul een toelichting in' }, { field: 'publish_at', message: 'Vul een geldige publicatiedatum en -tijd in' },
    ]));
    expectStatus(await upload(fields({ methods: '{niet json' })), 422);
    const elsewhereAddress = await upload(fields({ address_id: String(elsewhere.addressId) }));
    expectStatus(elsewhereAddress, 422);
    expect(elsewhereAddress.json().errors).toEqual([{ field: 'address_id', message: 'Dit adres hoort niet bij dit project' }]);
    const big = await upload(fields(), { filename: 'groot.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(STAFF_DOCUMENT_MAX_BYTES)]) });
    expectStatus(big, 413);
    expect(big.json()).toMatchObject({ message: 'Het bestand is te groot: maximaal 20 MB' });
    expect(await auditOf(t, 'document')).toEqual([]);
  });

  let draft: TStaffDocument;
  it('keeps a draft from residents and visitors, and their counts still', async () => {
    const countsBefore = await newCounts(t, tokens.jan);
    const res = await upload(fields({ publish_at: '' }));
    expectStatus(res, 201);
    draft = ZStaffDocument.parse(res.json());
    expect(draft).toMatchObject({ status: 'draft', publish_at: null, address_id: null, file: { filename: 'brief.pdf', mime: 'application/pdf' }, methods: [{ type: 'post', message: 'Ook per post verstuurd' }] });
    expect(await residentNames()).not.toContain('Brief waterafsluiting');
    expect(await publicNames()).not.toContain('Brief waterafsluiting');
    expect(ZDocumentList.parse((await get(`/api/partner/project/${B}/documents`, tokens.partner)).json()).map((d) => d.name)).not.toContain('Brief waterafsluiting');
    expect(await newCounts(t, tokens.jan)).toEqual(countsBefore);
    expectStatus(await get(`/api/occupant/document/${draft.id}`, tokens.jan), 404);
    // the file opens for staff (the console's signed link), not for a resident
    expectStatus(await t.app.inject({ method: 'GET', url: draft.file.url! }), 200);
    expectStatus(await t.app.inject({ method: 'GET', url: draft.file.url!.split('?')[0]!, headers: { authorization: `Bearer ${tokens.jan}` } }), 404);
    expect((await auditOf(t, 'document', draft.id))[0]).toMatchObject({ action: 'create', actor: 'Beheerder Woonstad', after: { name: 'Brief waterafsluiting', publish_at: null } });
  });

  it('keeps a scheduled document back until its moment', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const res = await call('PUT', `${base(B)}/${draft.id}`, staff.admin, { json: jsonBody(draft, { publish_at: later }) });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ status: 'scheduled', publish_at: later, created_at: later });
    expect(await residentNames()).not.toContain('Brief waterafsluiting');
    // at its moment a job announces it, so that residents' cached counts move then
    const [job] = await t.query<{ run_at: Date; payload: unknown }>('SELECT run_at, payload FROM graphile_worker._private_jobs WHERE key = $1', [`content-published:documents:${draft.id}`]);
    expect(job).toMatchObject({ payload: { projectId: B } });
    expect(job!.run_at.toISOString()).toBe(later);
  });

  it('publishes it: residents and visitors see it, dated by its publication, and the count moves', async () => {
    const countsBefore = await newCounts(t, tokens.jan);
    const now = new Date(Date.now() - 1000).toISOString();
    const res = await call('PUT', `${base(B)}/${draft.id}`, staff.editor, { json: jsonBody(draft, { publish_at: now }) });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ status: 'published', created_at: now });
    expect((await residentNames())[0]).toBe('Brief waterafsluiting');
    expect(await publicNames()).toContain('Brief waterafsluiting');
    expect(await newCounts(t, tokens.jan)).toEqual({ ...countsBefore, documents: countsBefore.documents! + 1 });
    const [doc] = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json());
    const download = await t.app.inject({ method: 'GET', url: doc!.document_url });
    expectStatus(download, 200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await auditOf(t, 'document', draft.id))[0]).toMatchObject({ action: 'update', actor: 'Eva Smit (redactie)', before: { publish_at: expect.any(String) }, after: { publish_at: now } });
  });

  it('uploads an image for one address: only that address sees it, without the image’s metadata', async () => {
    const png = await testPng(60, 40);
    const res = await upload(fields({ address_id: String(t.ids.addresses.a10), name: 'Foto meterkast', is_public: 'true', publish_at: new Date().toISOString() }), { filename: 'meterkast.jpeg', data: png });
    expectStatus(res, 201);
    const doc = ZStaffDocument.parse(res.json());
    expect(doc).toMatchObject({ address_id: t.ids.addresses.a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht', file: { url: null, filename: 'meterkast.png', mime: 'image/png' } });
    expect(await residentNames()).toContain('Foto meterkast');
    expect(await residentNames(tokens.fatima, B)).not.toContain('Foto meterkast');
    expect(await publicNames()).not.toContain('Foto meterkast');
    const mine = ZDocumentList.parse((await get('/api/occupant/documents', tokens.jan)).json()).find((d) => d.name === 'Foto meterkast')!;
    const image = await t.app.inject({ method: 'GET', url: mine.document_url });
    expectStatus(image, 200);
    expect(image.rawPayload.includes(Buffer.from('Geheime metadata'))).toBe(false);
    // Fatima's address is in the Rivierenwijk too, Jan's is not: a Rivierenwijk document cannot be his
    const notInProject = await upload(fields({ address_id: String(t.ids.addresses.a10) }), undefined, staff.admin, R);
    expectStatus(notInProject, 422);
  });

  it('deletes a document and its file', async () => {
    // Fatima has not opened it (Jan has): her count goes down
    const countsBefore = await newCounts(t, tokens.fatima, B);
    const [row] = await t.query<{ file_id: number }>('SELECT file_id FROM documents WHERE id = $1', [draft.id]);
    expectStatus(await call('DELETE', `${base(B)}/${draft.id}`, staff.admin), 200);
    expect(await residentNames()).not.toContain('Brief waterafsluiting');
    expect(await newCounts(t, tokens.fatima, B)).toEqual({ ...countsBefore, documents: countsBefore.documents! - 1 });
    expect(await t.query('SELECT id FROM files WHERE id = $1', [row!.file_id])).toEqual([]);
    expect((await auditOf(t, 'document', draft.id))[0]).toMatchObject({ action: 'delete', after: null, before: { name: 'Brief waterafsluiting' } });
    expectStatus(await call('GET', `${base(B)}/${draft.id}`, staff.admin), 404);
  });
});

import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fileMessages, ZDossierList, ZStaffAddressOptionList, ZStaffDossierItem, ZStaffDossierList, type TStaffDossierItem } from '@portal/contract';
import type { TestApp } from '../../../test/helpers.ts';
import { newCounts, type DemoTokens, type Elsewhere, type Requester } from '../../../test/content.ts';
import { auditOf, expectStatus, multipart, pdfOf, testPdf, type Caller, type ConsoleTokens } from '../../../test/staff-content-b.ts';
import { setUpStaffContentBApp } from '../../../test/staff.ts';

let t: TestApp, get: Requester, tokens: DemoTokens, elsewhere: Elsewhere, staff: ConsoleTokens, call: Caller, B: number, R: number;
setUpStaffContentBApp((app) => ({ t, get, tokens, elsewhere, staff, call, B, R } = app));

const base = (projectId: number) => `/api/staff/projects/${projectId}/dossier`;
const fields = (over: Record<string, string> = {}) => ({
  address_id: String(t.ids.addresses.a12), type: 'Oplevering', sub_type: 'Opleverrapport', method_type: '', name: 'Opleverrapport', subject: 'Oplevering van Tulpstraat 12', ...over,
});
const upload = (f: Record<string, string>, file: { filename: string; data: Buffer } | null = { filename: 'oplevering.pdf', data: testPdf('Oplevering') }, token = staff.admin, projectId = B) =>
  call('POST', base(projectId), token, { form: multipart(f, file ? { field: 'file', ...file } : undefined) });
const fatimaDossier = async () => ZDossierList.parse((await get(`/api/occupant/dossier?project_id=${B}`, tokens.fatima)).json());

describe('the address picker', () => {
  it('finds the project’s addresses by street, number and postcode, and no other customer’s', async () => {
    const search = async (q: string, token = staff.admin, projectId = B) => call('GET', `/api/staff/projects/${projectId}/address-search?q=${encodeURIComponent(q)}`, token);
    expect(ZStaffAddressOptionList.parse((await search('tulpstraat 1')).json())).toEqual([
      { id: t.ids.addresses.a10, full_address: 'Tulpstraat 10, 1234 AB Utrecht' },
      { id: t.ids.addresses.a12, full_address: 'Tulpstraat 12, 1234 AB Utrecht' },
      { id: t.ids.addresses.a14, full_address: 'Tulpstraat 14, 1234 AB Utrecht' },
    ]);
    expect(ZStaffAddressOptionList.parse((await search('1234AB 12')).json()).map((a) => a.id)).toEqual([t.ids.addresses.a12]);
    expect((await search('')).json()).toHaveLength(20);
    expect((await search('elderslaan')).json()).toEqual([]);
    expectStatus(await search('tulp', staff.elsewhere), 404);
    expectStatus(await search('tulp', staff.editor, R), 404);
  });
});

describe('the list', () => {
  it('lists the dossier items of the project or of one address, newest first, without download links', async () => {
    const all = ZStaffDossierList.parse((await call('GET', base(B), staff.editor)).json());
    expect(all).toHaveLength(7);
    const a12 = ZStaffDossierList.parse((await call('GET', `${base(B)}?address_id=${t.ids.addresses.a12}`, staff.admin)).json());
    expect(a12.map((d) => d.subject)).toEqual(['Opname van Tulpstraat 12', 'Keuken voor de renovatie']);
    expect(a12[0]).toMatchObject({ full_address: 'Tulpstraat 12, 1234 AB Utrecht', fetched: false, file: { url: null, mime: 'application/pdf' } });
    expect(ZStaffDossierList.parse((await call('GET', `${base(B)}?q=keuze`, staff.admin)).json()).map((d) => d.name)).toEqual(['Keuzeformulier']);
    const page = await call('GET', `${base(B)}?limit=5`, staff.admin);
    expect(page.headers['x-has-more']).toBe('true');
  });

  it('refuses another customer, another project’s item and a project the editor was not given', async () => {
    const [rivItem] = await t.query<{ id: number }>('SELECT id FROM dossier_items WHERE project_id = $1 LIMIT 1', [R]);
    for (const [method, url, token] of [
      ['GET', base(B), staff.elsewhere], ['GET', base(R), staff.editor], ['DELETE', `${base(B)}/${rivItem!.id}`, staff.admin],
      ['DELETE', `${base(R)}/${rivItem!.id}`, staff.elsewhere], ['DELETE', `${base(R)}/${rivItem!.id}`, staff.editor],
    ] as const) {
      expect((await call(method, url, token)).statusCode, `${method} ${url}`).toBe(404);
    }
    expectStatus(await upload(fields(), undefined, staff.elsewhere), 404);
    expectStatus(await call('GET', base(B), tokens.fatima), 401);
    expect(await t.query('SELECT id FROM dossier_items WHERE id = $1', [rivItem!.id])).toHaveLength(1);
  });
});

describe('uploading and deleting', () => {
  it('checks the address, the fields and the file, in Dutch', async () => {
    const noAddress = await upload(fields({ address_id: '' }));
    expectStatus(noAddress, 422);
    expect(noAddress.json().errors).toEqual([{ field: 'address_id', message: 'Kies een adres' }]);
    const foreign = await upload(fields({ address_id: String(elsewhere.addressId) }));
    expectStatus(foreign, 422);
    expect(foreign.json().errors).toEqual([{ field: 'address_id', message: 'Dit adres hoort niet bij dit project' }]);
    const empty = await upload(fields({ name: '', subject: '' }));
    expect(empty.json().errors).toEqual(expect.arrayContaining([{ field: 'name', message: 'Vul een naam in' }, { field: 'subject', message: 'Vul een onderwerp in' }]));
    const html = await upload(fields(), { filename: 'rapport.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') });
    expectStatus(html, 422);
    expect(html.json()).toMatchObject({ message: 'Kies een PDF-bestand of een afbeelding (PNG of JPEG)' });
    // A PDF that runs JavaScript when the resident opens it, also with the action inside a compressed object stream.
    for (const catalog of ['/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> ', '/OpenAction << /S /Launch /F (calc.exe) >> ']) {
      const script = await upload(fields(), { filename: 'rapport.pdf', data: pdfOf({ catalog }) });
      expectStatus(script, 422);
      expect(script.json()).toEqual({ message: fileMessages.pdfActiveContent, errors: [{ field: 'file', message: fileMessages.pdfActiveContent }] });
    }
    const compressed = await PDFDocument.create();
    compressed.addPage([200, 200]);
    compressed.catalog.set(PDFName.of('OpenAction'), compressed.context.register(compressed.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })));
    expectStatus(await upload(fields(), { filename: 'rapport.pdf', data: Buffer.from(await compressed.save({ useObjectStreams: true })) }), 422);
    expectStatus(await upload(fields(), null), 422);
    expect(await auditOf(t, 'dossier-item')).toEqual([]);
  });

  let item: TStaffDossierItem;
  it('puts an item into the address’s dossier: its residents see it at once, as new', async () => {
    const countsBefore = await newCounts(t, tokens.fatima, B);
    const res = await upload(fields());
    expectStatus(res, 201);
    item = ZStaffDossierItem.parse(res.json());
    expect(item).toMatchObject({
      address_id: t.ids.addresses.a12, full_address: 'Tulpstraat 12, 1234 AB Utrecht', type: 'Oplevering', sub_type: 'Opleverrapport', method_type: null,
      name: 'Opleverrapport', fetched: false, file: { filename: 'oplevering.pdf', mime: 'application/pdf', url: null },
    });
    const [first] = await fatimaDossier();
    expect(first).toMatchObject({ name: 'Opleverrapport', type: 'Oplevering', fetched: false });
    expect(await newCounts(t, tokens.fatima, B)).toEqual({ ...countsBefore, dossier: countsBefore.dossier! + 1 });
    expect(ZDossierList.parse((await get('/api/occupant/dossier', tokens.jan)).json()).some((d) => d.name === 'Opleverrapport')).toBe(false);
    const download = await t.app.inject({ method: 'GET', url: first!.download_url });
    expectStatus(download, 200);
    expect(ZStaffDossierList.parse((await call('GET', `${base(B)}?address_id=${t.ids.addresses.a12}`, staff.admin)).json())[0]).toMatchObject({ id: item.id, fetched: true });
    expect((await auditOf(t, 'dossier-item', item.id))[0]).toMatchObject({ action: 'create', project_id: B, after: { name: 'Opleverrapport', address: 'Tulpstraat 12, 1234 AB Utrecht' } });
  });

  it('deletes an item and its file', async () => {
    const [row] = await t.query<{ file_id: number }>('SELECT file_id FROM dossier_items WHERE id = $1', [item.id]);
    expectStatus(await call('DELETE', `${base(B)}/${item.id}`, staff.editor), 200);
    expect((await fatimaDossier()).some((d) => d.name === 'Opleverrapport')).toBe(false);
    expect(await t.query('SELECT id FROM files WHERE id = $1', [row!.file_id])).toEqual([]);
    expect((await auditOf(t, 'dossier-item', item.id))[0]).toMatchObject({ action: 'delete', actor: 'Eva Smit (redactie)', after: null });
    expectStatus(await call('DELETE', `${base(B)}/${item.id}`, staff.admin), 404);
  });
});

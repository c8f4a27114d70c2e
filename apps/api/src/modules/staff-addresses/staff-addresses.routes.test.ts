import { execFileSync } from 'node:child_process';
import { PDFDocument } from '@cantoo/pdf-lib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, addressMessages, HAS_MORE_HEADER, LETTER_COUNT_HEADER,
  type TAddressImportPreview, type TAddressImportResult, type TAddressImportRowInput, type TStaffAddress, type TStaffAddressSummary,
} from '@portal/contract';
import { bearer, consoleToken, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { codeExpiry, residentLoginUrl } from './staff-addresses.service.ts';

let t: TestApp;
let admin: string;
let editor: string;
let bloemenbuurt: number;
let rivierenwijk: number;
/** Another customer's project and address (Bouwbedrijf De Vries). */
let foreign: { projectId: number; addressId: number };

const base = (projectId: number) => `/api/staff/projects/${projectId}/addresses`;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const addressCount = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM addresses'))[0]!.n);
const linkCount = async () => Number((await t.query<{ n: string }>('SELECT count(*) AS n FROM address_projects'))[0]!.n);
const auditEntries = (action: string) =>
  t.query<{ action: string; entity: string; entity_id: string | null; project_id: number | null; before: unknown; after: Record<string, unknown> | null; actor: string }>(
    'SELECT action, entity, entity_id, project_id, before, after, actor FROM audit_log WHERE action = $1 ORDER BY id', [action]);

/** The letters' text (poppler's pdftotext) and page count (pdf-lib). */
async function readLetters(pdf: Buffer) {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const codes = [...text.matchAll(/\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/g)].map((m) => m[1]!);
  return { text, pages, codes };
}

/** An activation as the portal sends it: the holder says who they are (an address without occupants needs a name). */
const activate = (username: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/activate', payload: { username, code, password: 'Nieuw2026!x', accept_terms: true, first_name: 'Robin', last_name: 'Visser' } });
const loginWith = (zipcode: string, houseNumber: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/public/login', payload: { zipcode, house_number: houseNumber, password } });

beforeAll(async () => {
  t = await createTestApp();
  bloemenbuurt = t.ids.projects.bloemenbuurt;
  rivierenwijk = t.ids.projects.rivierenwijk;
  admin = await consoleToken(t, t.ids.users.admin);
  // A project editor of the Bloemenbuurt only.
  const [user] = await t.query<{ id: number }>(
    "INSERT INTO users (username, email, name) VALUES ('editor@test.nl', 'editor@test.nl', 'Redacteur Test') RETURNING id");
  await t.query("INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, 'project-editor')", [user!.id, t.ids.customers.woonstad]);
  await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, bloemenbuurt]);
  editor = await consoleToken(t, user!.id);
  const [address] = await t.query<{ id: number }>(
    "INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '3011AA', '1', 'Havenkade', 'Rotterdam') RETURNING id", [t.ids.customers.devries]);
  await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, t.ids.projects.havenkwartier]);
  foreign = { projectId: t.ids.projects.havenkwartier, addressId: address!.id };
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/staff/projects/{projectId}/addresses/export', () => {
  it('exports the list as filtered, as CSV and XLSX, formula-like values as text, audited', async () => {
    await t.query("UPDATE addresses SET street = '=HYPERLINK(\"http://x\")' WHERE id = $1", [t.ids.addresses.a14]);
    try {
      const csv = await call('GET', `${base(bloemenbuurt)}/export?format=csv&q=1234AB&language=nl`, editor);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="adressen-project-${bloemenbuurt}.csv"`);
      const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim(), { delimiter: ';' }).data;
      expect(rows[0]!.slice(0, 7)).toEqual(['Postcode', 'Huisnummer', 'Straat', 'Plaats', 'Bouwkundige eenheid', 'Leegstaand', 'Status']);
      expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[6]])).toEqual([
        ['1234AB', '10', 'Tulpstraat', 'Geactiveerd'], ['1234AB', '12', 'Tulpstraat', 'Geactiveerd'], ['1234AB', '14', `'=HYPERLINK("http://x")`, 'Code verstuurd'],
      ]);
      // The status filter, as XLSX, read back.
      const xlsx = await call('GET', `${base(bloemenbuurt)}/export?format=xlsx&q=1234AB&status=code&language=nl`, editor);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(2).getCell(3).value).toBe('=HYPERLINK("http://x")');
      expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
      expect((await auditEntries('addresses-export')).length).toBe(2);
      // A bad format is a Dutch 422, another customer's project the guard's 404.
      const bad = await call('GET', `${base(bloemenbuurt)}/export?format=pdf&language=nl`, editor);
      expect(bad.statusCode).toBe(422);
      expect((await call('GET', `${base(foreign.projectId)}/export?format=csv&language=nl`, admin)).json()).toEqual({ message: accessMessages.notReached });
    } finally {
      await t.query("UPDATE addresses SET street = 'Tulpstraat' WHERE id = $1", [t.ids.addresses.a14]);
    }
  });
});

describe('GET /api/staff/projects/{projectId}/addresses', () => {
  it("lists the project's addresses in order with their status, household and last login", async () => {
    await occupantToken(t.app, '10'); // Jan logs in
    // The demo's Bloemenbuurt: the Tulpstraat (1234AB 10, 12, 14) and the work order's streets (3552 ..), postcode first.
    const all = await call('GET', base(bloemenbuurt), admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<TStaffAddress[]>().slice(0, 4).map((a) => `${a.zipcode} ${a.house_number}`)).toEqual(['1234AB 10', '1234AB 12', '1234AB 14', '3552AB 1']);
    const res = await call('GET', `${base(bloemenbuurt)}?q=1234AB`, admin);
    expect(res.headers[HAS_MORE_HEADER]).toBe('false');
    const list = res.json<TStaffAddress[]>();
    expect(list.map((a) => a.house_number)).toEqual(['10', '12', '14']);
    const [a10, a12, a14] = list;
    expect(a10).toMatchObject({ id: t.ids.addresses.a10, zipcode: '1234AB', street: 'Tulpstraat', city: 'Utrecht', status: 'activated', household_members: 2, accounts: 1 });
    expect(a10!.last_login_at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(a10!.last_login_at!)).toBeLessThan(60_000);
    expect(a12).toMatchObject({ status: 'activated', household_members: 2, accounts: 2 });
    expect(a14).toMatchObject({ status: 'code', accounts: 0, activated_at: null, last_login_at: null });
    expect(Date.parse(a14!.code_expires_at!)).toBeGreaterThan(Date.now());
  });

  it('searches postcode, number, street and city, filters by status and pages', async () => {
    const ids = async (query: string) => (await call('GET', `${base(bloemenbuurt)}?${query}`, admin)).json<TStaffAddress[]>().map((a) => a.house_number);
    expect(await ids(`q=${encodeURIComponent('1234 ab 14')}`)).toEqual(['14']);
    expect(await ids('q=tulp')).toEqual(['10', '12', '14']);
    expect(await ids('q=3552AB%203')).toEqual(['3']);
    expect((await ids('q=rozenstraat')).slice(0, 4)).toEqual(['1', '3', '5', '7']); // numeric order, not text order
    expect(await ids('q=tulpstraat%2014')).toEqual(['14']);
    expect(await ids('q=Amsterdam')).toEqual([]);
    expect(await ids('q=%25')).toEqual([]); // a LIKE wildcard is taken literally
    expect(await ids('status=code')).toEqual(['14']);
    const first = await call('GET', `${base(bloemenbuurt)}?q=1234AB&limit=2`, admin);
    expect(first.headers[HAS_MORE_HEADER]).toBe('true');
    const last = first.json<TStaffAddress[]>().at(-1)!;
    const second = await call('GET', `${base(bloemenbuurt)}?q=1234AB&limit=2&before=${last.id}`, admin);
    expect(second.json<TStaffAddress[]>().map((a) => a.house_number)).toEqual(['14']);
    expect(second.headers[HAS_MORE_HEADER]).toBe('false');
    // another customer's address as `before`: an empty page
    expect((await call('GET', `${base(bloemenbuurt)}?before=${foreign.addressId}`, admin)).json()).toEqual([]);
  });

  it('counts the addresses by status', async () => {
    const res = await call('GET', `${base(bloemenbuurt)}/summary`, admin);
    const [{ n } = { n: '0' }] = await t.query<{ n: string }>('SELECT count(*) AS n FROM address_projects WHERE project_id = $1', [bloemenbuurt]);
    expect(Number(n)).toBeGreaterThan(3);
    expect(res.json<TStaffAddressSummary>()).toEqual({ total: Number(n), activated: 2, code: 1, without_account: Number(n) - 2 });
  });

  it('lets a project editor read the projects given to them, and no other', async () => {
    expect((await call('GET', base(bloemenbuurt), editor)).statusCode).toBe(200);
    expect((await call('GET', base(rivierenwijk), editor)).statusCode).toBe(404);
    expect((await call('GET', `${base(rivierenwijk)}/summary`, editor)).statusCode).toBe(404);
  });

  it('refuses without a console session', async () => {
    expect((await t.app.inject({ method: 'GET', url: base(bloemenbuurt) })).statusCode).toBe(401);
    const resident = await occupantToken(t.app, '12');
    expect((await call('GET', base(bloemenbuurt), resident)).statusCode).toBe(401);
  });
});

describe("another customer's ids and the editor's limits", () => {
  const row: TAddressImportRowInput = { line: 2, zipcode: '1234AB', house_number: '99', street: 'Tulpstraat', city: 'Utrecht' };

  it("answers 404 on every endpoint for another customer's project", async () => {
    const p = base(foreign.projectId);
    const a = `${p}/${foreign.addressId}`;
    const answers = await Promise.all([
      call('GET', p, admin), call('GET', `${p}/summary`, admin),
      call('POST', `${p}/import/preview`, admin, { csv: 'postcode;huisnummer;straat;plaats\n1234AB;99;Tulpstraat;Utrecht' }),
      call('POST', `${p}/import/confirm`, admin, { rows: [row] }),
      call('POST', `${p}/codes`, admin, { address_ids: [foreign.addressId] }),
      call('POST', `${p}/codes`, admin, { all_without_account: true }),
      call('PUT', a, admin, { street: 'X', city: 'Y', vacant: false }),
      call('POST', `${a}/reset`, admin), call('POST', `${a}/open-as-resident`, admin),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(answers.length).fill(404));
    expect(answers.map((r) => r.json())).toEqual(Array(answers.length).fill({ message: accessMessages.notReached }));
  });

  it("answers 404 for another customer's address in one's own project", async () => {
    const a = `${base(bloemenbuurt)}/${foreign.addressId}`;
    const answers = await Promise.all([
      call('PUT', a, admin, { street: 'X', city: 'Y', vacant: false }),
      call('POST', `${a}/reset`, admin), call('POST', `${a}/open-as-resident`, admin),
      call('POST', `${base(bloemenbuurt)}/codes`, admin, { address_ids: [foreign.addressId] }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    // and an address of the customer that is not in this project
    const outside = `${base(rivierenwijk)}/${t.ids.addresses.a14}`;
    expect((await call('PUT', outside, admin, { street: 'X', city: 'Y', vacant: false })).statusCode).toBe(404);
    const [after] = await t.query<{ street: string }>('SELECT street FROM addresses WHERE id = $1', [foreign.addressId]);
    expect(after!.street).toBe('Havenkade');
  });

  it('refuses a project editor every change (403), even in their own project', async () => {
    const p = base(bloemenbuurt);
    const a = `${p}/${t.ids.addresses.a14}`;
    const answers = await Promise.all([
      call('POST', `${p}/import/preview`, editor, { csv: 'postcode;huisnummer;straat;plaats\n1234AB;99;Tulpstraat;Utrecht' }),
      call('POST', `${p}/import/confirm`, editor, { rows: [row] }),
      call('POST', `${p}/codes`, editor, { address_ids: [t.ids.addresses.a14] }),
      call('PUT', a, editor, { street: 'X', city: 'Y', vacant: false }),
      call('POST', `${a}/reset`, editor), call('POST', `${a}/open-as-resident`, editor),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(answers.length).fill(403));
  });
});

describe('CSV import', () => {
  const csv = [
    '\uFEFFPostcode;Huisnummer;Toevoeging;Straat;Plaats;Bouwkundige eenheid;Breedtegraad;Lengtegraad;Opmerking',
    '1234 ab;16;;Tulpstraat;Utrecht;Blok A;52,0913;5,1223;nieuw',
    '1234AB;10;;Tulpstraat;Utrecht;Blok A;;;bestaat al',
    '',
    '1234A;18;;Tulpstraat;Utrecht;;;;postcode fout',
    '1234AB;;;Tulpstraat;Utrecht;;;;geen nummer',
    '1234AB;20;b;Tulpstraat;Utrecht;;52,09;abc;lengtegraad fout',
    '1234AB;22;;Tulpstraat;Utrecht;;5,12;52,09;verwisseld',
    '1234AB;16;;Tulpstraat;Utrecht;;;;dubbel',
    '1234AB;24;;;Utrecht;;;;geen straat',
  ].join('\r\n');

  it('previews every row normalised or with Dutch errors, and writes nothing', async () => {
    const [addresses, links] = [await addressCount(), await linkCount()];
    const res = await call('POST', `${base(bloemenbuurt)}/import/preview`, admin, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<TAddressImportPreview>();
    expect(preview.counts).toEqual({ rows: 8, invalid: 6, new: 1, existing: 1 });
    expect(preview.ignored_columns).toEqual(['Opmerking']);
    const [nieuw, bestaand, postcode, nummer, lengte, verwisseld, dubbel, straat] = preview.rows;
    expect(nieuw).toMatchObject({
      line: 2, errors: [], action: 'new', address_id: null, in_project: false,
      values: { zipcode: '1234AB', house_number: '16', street: 'Tulpstraat', city: 'Utrecht', building_unit: 'Blok A', lat: 52.0913, lng: 5.1223 },
    });
    expect(bestaand).toMatchObject({ line: 3, action: 'existing', address_id: t.ids.addresses.a10, in_project: true });
    expect(postcode).toMatchObject({ line: 5, values: null, action: null, errors: [{ field: 'zipcode', message: addressMessages.postcodeInvalid }] });
    expect(postcode!.input.zipcode).toBe('1234A');
    expect(nummer!.errors).toEqual([{ field: 'house_number', message: addressMessages.houseNumberRequired }]);
    expect(lengte!.errors).toEqual([{ field: 'lng', message: addressMessages.coordinateInvalid }]);
    expect(verwisseld!.errors).toEqual([{ field: 'lat', message: addressMessages.coordinatesSwapped }]);
    expect(dubbel).toMatchObject({ line: 9, errors: [{ field: 'house_number', message: 'Dit adres staat ook in regel 2' }] });
    expect(straat!.errors).toEqual([{ field: 'street', message: addressMessages.streetRequired }]);
    expect([await addressCount(), await linkCount()]).toEqual([addresses, links]);
    expect(await auditEntries('import')).toEqual([]);
  });

  it('reads English headers, commas, quotes and a suffix in the number column', async () => {
    const english = 'zipcode,number,addition,street,city,unit,lat,lng\n"1234AB","12","","Tulpstraat","Utrecht","",,\n1234AB,30-2,,"Lange Straat, hoek",Utrecht,,52.1,5.1\n1234ab,32 a,,Tulpstraat,Utrecht,,,';
    const preview = (await call('POST', `${base(bloemenbuurt)}/import/preview`, admin, { csv: english })).json<TAddressImportPreview>();
    expect(preview.rows.map((r) => r.values?.house_number)).toEqual(['12', '302', '32A']);
    expect(preview.rows[1]!.values!.street).toBe('Lange Straat, hoek');
    expect(preview.counts).toEqual({ rows: 3, invalid: 0, new: 2, existing: 1 });
  });

  it('refuses a file without the required columns, an unreadable or empty file, or too many rows (422)', async () => {
    const preview = (body: unknown) => call('POST', `${base(bloemenbuurt)}/import/preview`, admin, body);
    const missing = await preview({ csv: 'postcode;nummer;plaats\n1234AB;1;Utrecht' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/^In het bestand ontbreekt de kolom straat\./);
    expect((await preview({ csv: 'postcode;huisnummer;straat;plaats\n' })).json().message).toBe('Het bestand bevat geen adressen.');
    expect((await preview({ csv: '' })).statusCode).toBe(422);
    const unreadable = await preview({ csv: 'postcode;huisnummer;straat;plaats\n1234AB;1;"Tulpstraat;Utrecht' });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().message).toMatch(/niet te lezen/);
    const many = ['postcode;huisnummer;straat;plaats', ...Array.from({ length: 5001 }, (_, i) => `1234AB;${i + 1};Tulpstraat;Utrecht`)].join('\n');
    expect((await preview({ csv: many })).json().message).toMatch(/meer dan 5000 adressen/);
    expect((await preview({ csv: 'x'.repeat(2 * 1024 * 1024 + 10) })).statusCode).toBe(422);
  });

  it('refuses a file with a value longer than the preview can answer (422 naming the row), not a 500', async () => {
    const preview = (csv: string) => call('POST', `${base(bloemenbuurt)}/import/preview`, admin, { csv });
    const postcode = await preview(`postcode;huisnummer;straat;plaats\n1234AB;1;Tulpstraat;Utrecht\n${'1'.repeat(101)};2;Tulpstraat;Utrecht`);
    expect(postcode.statusCode, postcode.body).toBe(422);
    const message = addressMessages.importFieldTooLong(3, 'zipcode');
    expect(message).toBe('Regel 3: de waarde in de kolom postcode is langer dan 100 tekens. Verbeter het bestand en probeer het opnieuw.');
    expect(postcode.json()).toEqual({ message, errors: [{ field: 'csv', message }] });

    const street = await preview(`postcode;huisnummer;straat;plaats\n\n1234AB;2;${'Tulp'.repeat(251)};Utrecht`);
    expect(street.statusCode, street.body).toBe(422);
    expect(street.json().message).toBe(addressMessages.importFieldTooLong(3, 'street'));
    // At the limit the row is read, and answered with its own Dutch error.
    const atLimit = await preview(`postcode;huisnummer;straat;plaats\n1234AB;2;${'T'.repeat(1000)};Utrecht`);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json<TAddressImportPreview>().rows[0]!.errors).toEqual([{ field: 'street', message: addressMessages.tooLong(200) }]);
  });

  it('previews corrected rows and refuses to confirm while any row has an error, writing nothing', async () => {
    const rows: TAddressImportRowInput[] = [
      { line: 2, zipcode: '1234AB', house_number: '40', street: 'Tulpstraat', city: 'Utrecht' },
      { line: 3, zipcode: '1234', house_number: '42', street: 'Tulpstraat', city: 'Utrecht' },
    ];
    const [addresses, links] = [await addressCount(), await linkCount()];
    const refused = await call('POST', `${base(bloemenbuurt)}/import/confirm`, admin, { rows });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Er staan nog fouten in de adressen. Verbeter ze in het voorbeeld en importeer daarna.',
      errors: [{ field: 'rows.1.zipcode', message: `Regel 3: ${addressMessages.postcodeInvalid}` }],
    });
    expect([await addressCount(), await linkCount()]).toEqual([addresses, links]);
    expect(await auditEntries('import')).toEqual([]);

    rows[1]!.zipcode = '1234 AB';
    const fixed = (await call('POST', `${base(bloemenbuurt)}/import/preview`, admin, { rows })).json<TAddressImportPreview>();
    expect(fixed.counts).toEqual({ rows: 2, invalid: 0, new: 2, existing: 0 });
    expect(fixed.rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it('confirms: creates, updates and links in one go, keeps coordinates left empty, and writes one audit entry', async () => {
    // 1234AB 12 is in the Rivierenwijk already, 1234AB 10 is not (linked), 1234AB 14 keeps its coordinates; two new ones.
    const rows: TAddressImportRowInput[] = [
      { line: 2, zipcode: '1234AB', house_number: '10', street: 'Tulpstraat', city: 'Utrecht', building_unit: 'Portiek 1' },
      { line: 3, zipcode: '1234AB', house_number: '12', street: 'Tulpstraat', city: 'Utrecht', building_unit: 'Portiek 1' },
      { line: 4, zipcode: '1234AB', house_number: '14', street: 'Tulpstraat', city: 'UTRECHT' },
      { line: 5, zipcode: '2000AA', house_number: '1', suffix: 'a', street: 'Maasstraat', city: 'Utrecht', lat: '52,1', lng: '5,1' },
      { line: 6, zipcode: '2000AA', house_number: '3', street: 'Maasstraat', city: 'Utrecht' },
    ];
    const before = await addressCount();
    const res = await call('POST', `${base(rivierenwijk)}/import/confirm`, admin, { rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAddressImportResult>()).toEqual({ success: true, rows: 5, created: 2, updated: 3, linked: 2 });
    expect(await addressCount()).toBe(before + 2);
    const list = (await call('GET', `${base(rivierenwijk)}?limit=100`, admin)).json<TStaffAddress[]>().filter((a) => ['1234AB', '2000AA'].includes(a.zipcode));
    expect(list.map((a) => `${a.zipcode} ${a.house_number} ${a.building_unit}`)).toEqual([
      '1234AB 10 Portiek 1', '1234AB 12 Portiek 1', '1234AB 14 null', '2000AA 1A null', '2000AA 3 null',
    ]);
    expect(list.find((a) => a.house_number === '14')).toMatchObject({ city: 'UTRECHT', lat: 52.0911, lng: 5.122 });
    expect(list.find((a) => a.house_number === '1A')).toMatchObject({ lat: 52.1, lng: 5.1, status: 'none' });
    const [entry] = await auditEntries('import');
    expect(entry).toMatchObject({ entity: 'address', project_id: rivierenwijk, actor: 'Beheerder Woonstad', after: { rows: 5, created: 2, updated: 3, linked: 2 } });
    // Jan now sees both projects
    const jan = await occupantToken(t.app, '10');
    const projects = (await t.app.inject({ method: 'GET', url: '/api/occupant/projects', headers: bearer(jan) })).json<Array<{ id: number }>>();
    expect(projects.map((p) => p.id).sort()).toEqual([bloemenbuurt, rivierenwijk].sort());
  });
});

describe('PUT /api/staff/projects/{projectId}/addresses/{addressId}', () => {
  it('checks the fields in Dutch and changes nothing on an error', async () => {
    const url = `${base(bloemenbuurt)}/${t.ids.addresses.a14}`;
    const res = await call('PUT', url, admin, { street: ' ', city: 'Utrecht', lat: '40', lng: '5', vacant: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'street', message: addressMessages.streetRequired },
      { field: 'lat', message: addressMessages.coordinatesOutside },
    ]);
    const half = await call('PUT', url, admin, { street: 'Tulpstraat', city: 'Utrecht', lat: 52.1, lng: null, vacant: false });
    expect(half.json().errors).toEqual([{ field: 'lng', message: addressMessages.coordinatesIncomplete }]);
  });

  it('changes street, city, coordinates, building unit and vacancy, with an audit entry', async () => {
    const url = `${base(bloemenbuurt)}/${t.ids.addresses.a14}`;
    const old = (await call('GET', `${base(bloemenbuurt)}?q=1234AB%2014`, admin)).json<TStaffAddress[]>()[0]!;
    const res = await call('PUT', url, admin, { street: 'Tulpstraat ', city: 'Utrecht', lat: '52,0920', lng: 5.123, building_unit: 'Blok B', vacant: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStaffAddress>()).toMatchObject({ street: 'Tulpstraat', city: 'Utrecht', lat: 52.092, lng: 5.123, building_unit: 'Blok B', vacant: true, house_number: '14' });
    const [entry] = await auditEntries('update');
    expect(entry).toMatchObject({
      entity: 'address', entity_id: String(t.ids.addresses.a14), project_id: bloemenbuurt,
      before: { street: old.street, city: old.city, lat: old.lat, lng: old.lng, building_unit: old.building_unit, vacant: old.vacant },
      after: { city: 'Utrecht', lat: 52.092, lng: 5.123, building_unit: 'Blok B', vacant: true },
    });
    // vacancy and building unit are per project
    const other = (await call('GET', `${base(rivierenwijk)}?q=1234AB%2014`, admin)).json<TStaffAddress[]>();
    expect(other[0]).toMatchObject({ vacant: false, city: 'Utrecht' });
    expect(other[0]!.building_unit).not.toBe('Blok B');
  });
});

describe('activation codes and letters', () => {
  let ids: { a16: number; a18: number; a20: number };

  beforeAll(async () => {
    const rows: TAddressImportRowInput[] = [16, 18, 20].map((n, i) => ({ line: i + 2, zipcode: '1234AB', house_number: String(n), street: 'Tulpstraat', city: 'Utrecht' }));
    expect((await call('POST', `${base(bloemenbuurt)}/import/confirm`, admin, { rows })).statusCode).toBe(200);
    const list = (await call('GET', `${base(bloemenbuurt)}?q=1234AB`, admin)).json<TStaffAddress[]>();
    const id = (n: string) => list.find((a) => a.house_number === n)!.id;
    ids = { a16: id('16'), a18: id('18'), a20: id('20') };
  });

  it('answers one PDF page per address with its code, login address and address block; only hashes are stored', async () => {
    const res = await call('POST', `${base(bloemenbuurt)}/codes`, admin, { address_ids: [ids.a18, ids.a16] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activatiebrieven-renovatie-bloemenbuurt-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers[LETTER_COUNT_HEADER]).toBe('2');
    const { text, pages, codes } = await readLetters(res.rawPayload);
    expect(pages).toBe(2);
    expect(codes).toHaveLength(2);
    expect(new Set(codes).size).toBe(2);
    const [page16, page18] = text.split('\f');
    expect(page16).toContain('Tulpstraat 16');
    expect(page16).toMatch(/1234 AB\s+UTRECHT/);
    expect(page16).toContain('localhost:3000/inloggen');
    expect(page16).toContain('Renovatie Bloemenbuurt');
    expect(page18).toContain('Tulpstraat 18');
    const stored = await t.query<{ activation_code_hash: string }>('SELECT activation_code_hash FROM addresses WHERE id = ANY($1)', [[ids.a16, ids.a18]]);
    for (const row of stored) for (const code of codes) expect(row.activation_code_hash).not.toContain(code.replace(/-/g, ''));
    const [entry] = await auditEntries('codes');
    expect(entry).toMatchObject({ entity: 'address', project_id: bloemenbuurt, after: { address_ids: [ids.a16, ids.a18], count: 2 } });
    const log = JSON.stringify(await t.query('SELECT * FROM audit_log'));
    for (const code of codes) {
      expect(log).not.toContain(code);
      expect(log).not.toContain(code.replace(/-/g, ''));
    }

    // the code works once: the login asks for activation, the activation succeeds, then the code is spent
    const code16 = codes[0]!;
    const login = await loginWith('1234 AB', '16', code16.toLowerCase());
    expect(login.json()).toMatchObject({ success: false, action: 'activate-account' });
    const first = await activate('1234AB16', code16);
    expect(first.statusCode, first.body).toBe(200);
    expect((await activate('1234AB16', code16)).statusCode).toBe(422);
    expect((await loginWith('1234AB', '16', 'Nieuw2026!x')).statusCode).toBe(200);
    const summary = (await call('GET', `${base(bloemenbuurt)}?q=1234AB%2016`, admin)).json<TStaffAddress[]>();
    expect(summary[0]).toMatchObject({ status: 'activated', accounts: 1, household_members: 1 });
  });

  it('revokes the old code when new letters are made', async () => {
    const first = await readLetters((await call('POST', `${base(bloemenbuurt)}/codes`, admin, { address_ids: [ids.a20] })).rawPayload);
    const second = await readLetters((await call('POST', `${base(bloemenbuurt)}/codes`, admin, { address_ids: [ids.a20] })).rawPayload);
    expect(first.codes[0]).not.toBe(second.codes[0]);
    expect((await loginWith('1234AB', '20', first.codes[0]!)).statusCode).toBe(401);
    expect((await activate('1234AB20', first.codes[0]!)).statusCode).toBe(422);
    expect((await loginWith('1234AB', '20', second.codes[0]!)).json()).toMatchObject({ action: 'activate-account' });
  });

  it('refuses an expired code', async () => {
    const { codes } = await readLetters((await call('POST', `${base(bloemenbuurt)}/codes`, admin, { address_ids: [ids.a20] })).rawPayload);
    await t.query("UPDATE addresses SET activation_expires_at = now() - interval '1 minute' WHERE id = $1", [ids.a20]);
    expect((await activate('1234AB20', codes[0]!)).statusCode).toBe(422);
    expect((await loginWith('1234AB', '20', codes[0]!)).statusCode).toBe(401);
    const row = (await call('GET', `${base(bloemenbuurt)}?q=1234AB%2020`, admin)).json<TStaffAddress[]>()[0];
    expect(row!.status).toBe('code-expired');
  });

  it('makes letters for every address without an account, and refuses addresses that have one', async () => {
    // A project of its own: Jan's address (an account), two new ones and 1234AB 20 (an expired code).
    const [project] = await t.query<{ id: number }>("INSERT INTO projects (customer_id, name) VALUES ($1, 'Nieuwbouw Proef') RETURNING id", [t.ids.customers.woonstad]);
    const p = project!.id;
    const rows: TAddressImportRowInput[] = [
      { line: 2, zipcode: '1234AB', house_number: '10', street: 'Tulpstraat', city: 'Utrecht' },
      { line: 3, zipcode: '1234AB', house_number: '20', street: 'Tulpstraat', city: 'Utrecht' },
      { line: 4, zipcode: '5000AA', house_number: '2', street: 'Proefweg', city: 'Tilburg' },
      { line: 5, zipcode: '5000AA', house_number: '4', street: 'Proefweg', city: 'Tilburg' },
    ];
    expect((await call('POST', `${base(p)}/import/confirm`, admin, { rows })).statusCode).toBe(200);
    expect((await call('GET', `${base(p)}/summary`, admin)).json()).toEqual({ total: 4, activated: 1, code: 0, without_account: 3 });
    const res = await call('POST', `${base(p)}/codes`, admin, { all_without_account: true });
    expect(res.statusCode, res.body).toBe(200);
    const { pages, text, codes } = await readLetters(res.rawPayload);
    expect(pages).toBe(3);
    expect(codes).toHaveLength(3);
    expect(res.headers[LETTER_COUNT_HEADER]).toBe('3');
    expect(text).toContain('Tulpstraat 20');
    expect(text).toMatch(/5000 AA\s+TILBURG/);
    expect(text).not.toContain('Tulpstraat 10');
    expect((await call('GET', `${base(p)}/summary`, admin)).json()).toEqual({ total: 4, activated: 1, code: 3, without_account: 3 });

    const refused = await call('POST', `${base(p)}/codes`, admin, { address_ids: [t.ids.addresses.a10] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Tulpstraat 10');
    expect((await call('POST', `${base(p)}/codes`, admin, {})).statusCode).toBe(422);
    expect((await call('POST', `${base(p)}/codes`, admin, { address_ids: [ids.a18], all_without_account: true })).statusCode).toBe(422);
    // an address of the customer outside this project
    expect((await call('POST', `${base(p)}/codes`, admin, { address_ids: [ids.a18] })).statusCode).toBe(404);
  });

  it('says so when every address has an account', async () => {
    const [project] = await t.query<{ id: number }>("INSERT INTO projects (customer_id, name) VALUES ($1, 'Leeg project') RETURNING id", [t.ids.customers.woonstad]);
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [t.ids.addresses.a10, project!.id]);
    const res = await call('POST', `${base(project!.id)}/codes`, admin, { all_without_account: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/hebben al een account/);
  });
});

describe('account reset and opening the portal as the resident', () => {
  it("resets an account: passwords, sessions and the code go; a new letter activates it again", async () => {
    const jan = await occupantToken(t.app, '10');
    const res = await call('POST', `${base(bloemenbuurt)}/${t.ids.addresses.a10}/reset`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address).toMatchObject({ status: 'none', activated_at: null, accounts: 0, household_members: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/occupant/projects', headers: bearer(jan) })).statusCode).toBe(401);
    expect((await loginWith('1234AB', '10', 'Bewoner2026!')).statusCode).toBe(401);
    const [entry] = await auditEntries('reset');
    expect(entry).toMatchObject({ entity_id: String(t.ids.addresses.a10), before: { status: 'activated', accounts: 1 }, after: { status: 'none' } });

    const { codes } = await readLetters((await call('POST', `${base(bloemenbuurt)}/codes`, admin, { address_ids: [t.ids.addresses.a10] })).rawPayload);
    expect((await activate('1234AB10', codes[0]!)).statusCode).toBe(200);
    // the holder (Jan) got the new password; Anna is still a member
    const [jan2] = await t.query<{ has: boolean }>('SELECT password_hash IS NOT NULL AS has FROM occupants WHERE id = $1', [t.ids.occupants.jan]);
    expect(jan2!.has).toBe(true);
  });

  it('answers a single-use /setlogin link for an occupant session marked is_admin, and audits it', async () => {
    const lastLogin = async () => (await call('GET', `${base(bloemenbuurt)}?q=1234AB%2012`, admin)).json<TStaffAddress[]>()[0]!.last_login_at;
    const before = await lastLogin();
    const res = await call('POST', `${base(bloemenbuurt)}/${t.ids.addresses.a12}/open-as-resident`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    const match = /^\/setlogin\/([^/]+)\/-\/-\/-$/.exec(url);
    expect(match).not.toBeNull();
    const ticket = decodeURIComponent(match![1]!);
    const redeem = () => t.app.inject({ method: 'POST', url: '/api/public/setlogin', payload: { token: ticket } });
    const first = await redeem();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ role: 'occupant', address_id: t.ids.addresses.a12, is_admin: true });
    expect((await redeem()).statusCode).toBe(401);
    const [entry] = await auditEntries('open-as-resident');
    expect(entry).toMatchObject({ entity: 'address', entity_id: String(t.ids.addresses.a12), project_id: bloemenbuurt, after: { address: 'Tulpstraat 12, 1234 AB Utrecht' } });
    // a login as the resident by staff is not the resident's last login
    expect(await lastLogin()).toBe(before);
  });

  it('refuses an address without a resident (409)', async () => {
    const [row] = await t.query<{ id: number }>("SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '18'");
    const res = await call('POST', `${base(bloemenbuurt)}/${row!.id}/open-as-resident`, admin);
    expect(res.statusCode).toBe(409);
  });
});

describe('codeExpiry', () => {
  it('is the last second of the Amsterdam day, summer and winter', () => {
    expect(codeExpiry(new Date('2026-01-10T12:00:00Z'), 90).toISOString()).toBe('2026-04-10T21:59:59.000Z'); // CEST
    expect(codeExpiry(new Date('2026-06-10T23:30:00Z'), 90).toISOString()).toBe('2026-09-09T21:59:59.000Z'); // already 11 June in Amsterdam
    expect(codeExpiry(new Date('2026-09-01T10:00:00Z'), 90).toISOString()).toBe('2026-11-30T22:59:59.000Z'); // CET
  });
});

describe('residentLoginUrl', () => {
  it('uses the portal address when it serves the customer, else the customer host; a full URL as it is', () => {
    expect(residentLoginUrl({ domains: ['localhost', '*'], loginUrlOccupants: '/inloggen' }, 'http://localhost:3000')).toBe('http://localhost:3000/inloggen');
    expect(residentLoginUrl({ domains: ['bewoners.woonstad.nl'], loginUrlOccupants: '/inloggen' }, 'https://portaal.example.nl')).toBe('https://bewoners.woonstad.nl/inloggen');
    expect(residentLoginUrl({ domains: ['portaal.example.nl'], loginUrlOccupants: 'login' }, 'https://portaal.example.nl')).toBe('https://portaal.example.nl/login');
    expect(residentLoginUrl({ domains: [], loginUrlOccupants: 'https://www.woonstad.nl/portaal' }, 'https://x.nl')).toBe('https://www.woonstad.nl/portaal');
  });
});

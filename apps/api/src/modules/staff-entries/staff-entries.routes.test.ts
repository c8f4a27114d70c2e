import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  accessMessages, exportMessages, HAS_MORE_HEADER, reopenMessages,
  type TStaffEntryCounts, type TStaffEntryDetail, type TStaffEntryRow, type TStaffExport,
} from '@portal/contract';
import { consoleToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { setUpStaffApp, type ConsoleSessions, type Requests } from '../../../test/staff.ts';

let t: TestApp;
let tokens: ConsoleSessions;
let http: Requests;
setUpStaffApp((app) => ({ t, tokens, http } = app));

/** A generic form of the test's own with one element of each kind an export shows, and a choice form with costs. */
const definition = [{
  id: 's1', label: 'Uw gegevens', elements: [
    { id: 'intro', type: 'f_title', data: { label: 'Welkom' } },
    { id: 'txt', type: 'f_textinput', data: { label: 'Opmerking' } },
    { id: 'chk', type: 'f_select', data: { label: 'Voorkeuren', type: 'check', options: [{ label: 'Bad' }, { label: 'Douche' }, { label: 'Ligbad' }] } },
    { id: 'num', type: 'f_numberinput', data: { label: 'Aantal personen' } },
    { id: 'cp', type: 'f_contactinput', data: { label: 'Contactpersoon' } },
  ],
}, { id: 's2', label: 'Tot slot', elements: [{ id: 'rad', type: 'f_select', data: { label: 'Kleur', type: 'radio', options: [{ label: 'Rood' }, { label: 'Blauw' }] } }] }];

type Place = { projectId: number; formId: number; choiceId: number; addresses: number[]; entries: Record<string, number> };
let place: Place;
const base = (p = place, formId = p.formId) => `/api/staff/projects/${p.projectId}/forms/${formId}`;

async function insertForm(projectId: number, kind: string, name: string): Promise<number> {
  const [form] = await t.query<{ id: number }>(
    `INSERT INTO forms (project_id, kind, name, definition, published_version, enable_payment) VALUES ($1, $2, $3, $4, 1, $5) RETURNING id`,
    [projectId, kind, name, JSON.stringify(definition.map((s) => ({ ...s, elements: s.elements.map((e) => ({ ...e, type: kind === 'choice' ? e.type.replace(/^f_/, 'c_') : e.type })) }))), kind === 'choice']);
  await t.query(`INSERT INTO form_versions (form_id, version, name, definition) SELECT id, 1, name, definition FROM forms WHERE id = $1`, [form!.id]);
  return form!.id;
}

async function insertAddress(projectId: number, customerId: number, zipcode: string, houseNumber: string, unit: string | null): Promise<number> {
  const [a] = await t.query<{ id: number }>(
    `INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, $2, $3, 'Teststraat', 'Testdorp') RETURNING id`, [customerId, zipcode, houseNumber]);
  await t.query('INSERT INTO address_projects (address_id, project_id, building_unit) VALUES ($1, $2, $3)', [a!.id, projectId, unit]);
  return a!.id;
}

async function insertEntry(formId: number, projectId: number, addressId: number | null, fields: Record<string, unknown>): Promise<number> {
  const [e] = await t.query<{ id: number }>(
    `INSERT INTO form_entries (form_id, project_id, address_id, visitor_token_hash, values, status, locked, sections_done, amount_cents, paid_at, form_version, nr_of_signatures, signatures)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12) RETURNING id`,
    [formId, projectId, addressId, fields.visitor ?? null, JSON.stringify(fields.values ?? {}), fields.status ?? 'answered', fields.locked ?? false, fields.done ?? 0,
      fields.amount ?? null, fields.paidAt ?? null, fields.nr ?? null, JSON.stringify(fields.signatures ?? {})]);
  await t.query(`INSERT INTO form_entry_events (entry_id, action, actor_kind) VALUES ($1, 'created', 'occupant')`, [e!.id]);
  return e!.id;
}

async function setUpPlace(): Promise<Place> {
  const { projects, customers } = t.ids;
  const projectId = projects.bloemenbuurt;
  const formId = await insertForm(projectId, 'generic', 'Testformulier invullingen');
  const choiceId = await insertForm(projectId, 'choice', 'Testkeuzes');
  const addresses = [
    await insertAddress(projectId, customers.woonstad, '9001AA', '1', 'Blok A'),
    await insertAddress(projectId, customers.woonstad, '9001AA', '2', 'Blok A'),
    await insertAddress(projectId, customers.woonstad, '9001AA', '10', 'Blok B'),
    await insertAddress(projectId, customers.woonstad, '9001AB', '3', 'Blok B'),
  ];
  const formula = {
    txt: '=HYPERLINK("http://evil.example","klik")', 'chk-value-0': true, 'chk-value-2': true, num: 3, rad: 'Blauw',
    cp: { cp_id: 'custom', cp: { gender: 'f', initials: 'J.', first_name: null, affix: 'de', last_name: 'Vries', description: null, email_address: 'j@example.nl', prefer_email: true, telephone: null, mobile: '0612345678', different_address: false, street: null, house_number: null, house_number_suffix: null, zipcode: null, city: null } },
  };
  // The generic form allows several entries per address: an older one of the first address, listed under its latest.
  await t.query('UPDATE forms SET allow_multiple_entries = true WHERE id = $1', [formId]);
  const older = await insertEntry(formId, projectId, addresses[0]!, { values: { txt: 'eerder' }, status: 'answered', done: 1 });
  const entries = {
    older,
    answered: await insertEntry(formId, projectId, addresses[0]!, { values: formula, status: 'answered', done: 2 }),
    locked: await insertEntry(formId, projectId, addresses[1]!, { values: { txt: '+31 6 1234', num: 1 }, status: 'locked', locked: true, done: 2 }),
    legal: await insertEntry(formId, projectId, addresses[2]!, {
      values: { txt: '@mention' }, status: 'signed', locked: true, done: 2, nr: 1,
      signatures: { 1: { image: null, who: 'J. de Vries', description: null, mobile: null, signed: true, signedAt: new Date().toISOString() } },
    }),
    visitor: await insertEntry(formId, projectId, null, { values: { txt: '-minus' }, visitor: 'hash-of-a-visitor', status: 'answered', done: 1 }),
    choicePaid: await insertEntry(choiceId, projectId, addresses[0]!, { status: 'paid', locked: true, amount: 123456, paidAt: new Date(), done: 2 }),
    choiceDue: await insertEntry(choiceId, projectId, addresses[1]!, { status: 'summary', locked: true, amount: 5000, done: 2 }),
  };
  return { projectId, formId, choiceId, addresses, entries };
}

const ours = (rows: TStaffEntryRow[]) => rows.filter((r) => r.address === null || place.addresses.includes(r.address.id));

describe('the entries of a form', () => {
  it('lists every address of the project with its latest entry, and the filters narrow it', async () => {
    place = await setUpPlace();
    const res = await http.get(`${base()}/entries?limit=100&q=9001`, tokens.editor);
    expect(res.statusCode).toBe(200);
    const rows = res.json<TStaffEntryRow[]>();
    expect(rows.map((r) => r.address!.house_number)).toEqual(['1', '2', '10', '3']); // postcode, then house number as a number
    expect(rows[3]!.entry).toBeNull(); // not answered: in the list all the same
    expect(rows[0]!.entry).toMatchObject({ id: place.entries.answered, status: 'answered', sections_done: 2, sections_total: 2 });
    expect(rows[0]!.entry_count).toBe(2);
    expect(rows[2]!.entry!.signers).toEqual({ required: 1, signed: 1, requested: false });

    const notAnswered = await http.get(`${base()}/entries?answered=no&q=9001`, tokens.editor);
    expect(notAnswered.json<TStaffEntryRow[]>().map((r) => r.address!.house_number)).toEqual(['3']);
    const locked = await http.get(`${base()}/entries?status=locked`, tokens.editor);
    expect(ours(locked.json<TStaffEntryRow[]>()).map((r) => r.entry!.id)).toEqual([place.entries.locked]);
    const unit = await http.get(`${base()}/entries?building_unit=${encodeURIComponent('Blok B')}`, tokens.editor);
    expect(ours(unit.json<TStaffEntryRow[]>()).map((r) => r.address!.house_number)).toEqual(['10', '3']);
    const search = await http.get(`${base()}/entries?q=${encodeURIComponent('9001 AA 10')}`, tokens.editor);
    expect(search.json<TStaffEntryRow[]>().map((r) => r.address!.house_number)).toEqual(['10']);
    const visitors = await http.get(`${base()}/entries?owner=visitors`, tokens.editor);
    expect(visitors.json<TStaffEntryRow[]>()).toMatchObject([{ id: place.entries.visitor, address: null, entry: { status: 'answered' } }]);
  });

  it('pages by keyset: the pages together hold every row once, X-Has-More tells when more follow', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await http.get(`${base()}/entries?q=9001&limit=1${before ? `&before=${before}` : ''}`, tokens.editor);
      const rows = res.json<TStaffEntryRow[]>();
      seen.push(...rows.map((r) => r.id));
      if (res.headers[HAS_MORE_HEADER] !== 'true') break;
      before = rows.at(-1)!.id;
    }
    expect(seen).toEqual(place.addresses.slice(0, 4));
  });

  it('shows payment state and filters on it (choice form)', async () => {
    const rows = ours((await http.get(`${base(place, place.choiceId)}/entries`, tokens.editor)).json<TStaffEntryRow[]>());
    expect(rows[0]!.entry!.payment).toMatchObject({ state: 'paid', amount_cents: 123456 });
    expect(rows[1]!.entry!.payment).toMatchObject({ state: 'due', amount_cents: 5000 });
    const unpaid = ours((await http.get(`${base(place, place.choiceId)}/entries?paid=no`, tokens.editor)).json<TStaffEntryRow[]>());
    expect(unpaid.map((r) => r.entry!.id)).toEqual([place.entries.choiceDue]);
    const paid = ours((await http.get(`${base(place, place.choiceId)}/entries?paid=yes`, tokens.editor)).json<TStaffEntryRow[]>());
    expect(paid.map((r) => r.entry!.id)).toEqual([place.entries.choicePaid]);
    // The entry shows its payment with what was refunded and what is left (the payment module's own read).
    const [payment] = await t.query<{ id: number }>(
      `INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status, idempotency_key, paid_at, refunded_cents)
       VALUES ('local', 'tr_entrytest', 'choice-form', $1, $2, $3, 123456, 'Meerwerk', 'paid', 'entry-test-1', now(), 23456) RETURNING id`,
      [place.entries.choicePaid, place.projectId, place.choiceId]);
    const detail = (await http.get(`${base(place, place.choiceId)}/entries/${place.entries.choicePaid}`, tokens.editor)).json<TStaffEntryDetail>();
    expect(detail.payments).toMatchObject([{ id: payment!.id, status: 'paid', amount_cents: 123456, refunded_cents: 23456, remaining_cents: 100000, charged_back_cents: 0 }]);
  });

  it('counts per status for the chips', async () => {
    const counts = (await http.get(`${base()}/entries/counts`, tokens.editor)).json<TStaffEntryCounts>();
    expect(counts.form).toMatchObject({ id: place.formId, kind: 'generic' });
    expect(counts.statuses).toEqual(expect.arrayContaining([{ status: 'answered', count: 1 }, { status: 'locked', count: 1 }, { status: 'signed', count: 1 }]));
    expect(counts.answered).toBe(3);
    expect(counts.not_answered).toBe(counts.addresses - 3);
    expect(counts.visitors).toBe(1);
    expect(counts.building_units).toEqual(expect.arrayContaining(['Blok A', 'Blok B']));

    // An entry that holds only history (a consent reminder opens one for an address that never opened the form)
    // is no answer: the address stays under 'not answered', and no status chip counts it.
    const empty = await insertEntry(place.formId, place.projectId, place.addresses[3]!, { values: {}, status: '', done: 0 });
    try {
      const again = (await http.get(`${base()}/entries/counts`, tokens.editor)).json<TStaffEntryCounts>();
      expect(again.answered).toBe(3);
      expect(again.statuses.find((s) => s.status === 'started')).toBeUndefined();
      const notAnswered = (await http.get(`${base()}/entries?answered=no&q=9001`, tokens.editor)).json<TStaffEntryRow[]>();
      expect(notAnswered.map((r) => r.address!.house_number)).toEqual(['3']);
      const started = ours((await http.get(`${base()}/entries?status=started`, tokens.editor)).json<TStaffEntryRow[]>());
      expect(started).toEqual([]);
    } finally {
      await t.query('DELETE FROM form_entries WHERE id = $1', [empty]);
    }
  });

  it('opens one entry: answers against its version, history with names and faces', async () => {
    const res = await http.get(`${base()}/entries/${place.entries.answered}`, tokens.editor);
    expect(res.statusCode).toBe(200);
    const detail = res.json<TStaffEntryDetail>();
    expect(detail.sections.map((s) => s.label)).toEqual(['Uw gegevens', 'Tot slot']);
    const txt = detail.sections[0]!.elements.find((e) => e.id === 'txt');
    expect(txt?.value).toBe('=HYPERLINK("http://evil.example","klik")');
    expect(detail.sections[0]!.elements.find((e) => e.id === 'chk')?.checked).toEqual([true, false, true]);
    expect(detail.events).toMatchObject([{ action: 'created', face: 'resident', text: 'Invulling begonnen' }]);
    expect(detail.reopen).toEqual({ allowed: false, reason: reopenMessages.notLocked });
    expect(detail.siblings.map((s) => s.id)).toEqual([place.entries.older]);
    // A later version changes nothing of what this entry answered.
    await t.query(`UPDATE forms SET definition = '[]'::jsonb, published_version = 2 WHERE id = $1`, [place.formId]);
    await t.query(`INSERT INTO form_versions (form_id, version, name, definition) VALUES ($1, 2, 'v2', '[]'::jsonb)`, [place.formId]);
    const again = (await http.get(`${base()}/entries/${place.entries.answered}`, tokens.editor)).json<TStaffEntryDetail>();
    expect(again.sections).toHaveLength(2);
  });

  it("tells the system's events in Dutch: a consent reminder, a payment, consent asked again, a signature after a paper form", async () => {
    const entry = place.entries.choiceDue;
    await t.query(
      `INSERT INTO form_entry_events (entry_id, action, actor_kind, detail) VALUES
         ($1, 'reminder', 'system', '{"nr": 2, "emails": 1, "sms": 0, "sms_skipped": 1}'), ($1, 'paid', 'system', '{"payment": 1, "amount": 24575}'),
         ($1, 'asked-again', 'staff', '{"version": 3, "reason": "Ander voorstel"}'), ($1, 'signed-after-paper', 'system', '{"request": 1}')`, [entry]);
    const detail = (await http.get(`${base(place, place.choiceId)}/entries/${entry}`, tokens.editor)).json<TStaffEntryDetail>();
    expect(detail.events.slice(-4).map((e) => [e.action, e.text])).toEqual([
      ['reminder', 'Herinnering 2 verstuurd: 1 e-mail, 0 sms'],
      ['paid', 'Betaald: € 245,75'],
      ['asked-again', 'Instemming opnieuw gevraagd (versie 3): Ander voorstel'],
      ['signed-after-paper', 'Digitaal ondertekend na een formulier op papier'],
    ]);
  });

  it('serves the summary PDF', async () => {
    const res = await http.get(`${base()}/entries/${place.entries.locked}/summary`, tokens.editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for another customer's staff, another project's form and an entry of another form", async () => {
    const other = await http.get(`${base()}/entries`, tokens.otherAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe(accessMessages.notReached);
    expect((await http.get(`${base()}/entries/${place.entries.answered}`, tokens.otherAdmin)).statusCode).toBe(404);
    // The form in the URL's project must be the form's own project.
    const wrongProject = await http.get(`/api/staff/projects/${t.ids.projects.rivierenwijk}/forms/${place.formId}/entries`, tokens.admin);
    expect(wrongProject.statusCode).toBe(404);
    // An entry of another form under this form's path.
    expect((await http.get(`${base()}/entries/${place.entries.choicePaid}`, tokens.editor)).statusCode).toBe(404);
  });

  it('audits reads of entries (personal data)', async () => {
    const rows = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'entries-read'`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('reopening an entry', () => {
  it('needs a reason, forms.manage, and records it in the history and the audit log', async () => {
    const url = `${base()}/entries/${place.entries.locked}/reopen`;
    expect((await http.post(url, tokens.editor, { reason: '  ' })).statusCode).toBe(422);
    // A woco viewer reads entries but may not reopen them.
    const [viewer] = await t.query<{ id: number }>("INSERT INTO users (username, email, name) VALUES ('viewer@entries.nl', 'viewer@entries.nl', 'Kijker') RETURNING id");
    await t.query("INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, 'woco-viewer')", [viewer!.id, t.ids.customers.woonstad]);
    const viewerToken = await consoleToken(t, viewer!.id);
    expect((await http.get(`${base()}/entries`, viewerToken)).statusCode).toBe(200);
    expect((await http.post(url, viewerToken, { reason: 'Fout' })).statusCode).toBe(403);
    expect((await http.post(`${base()}/exports`, viewerToken, { kind: 'csv' })).statusCode).toBe(403);

    const res = await http.post(url, tokens.editor, { reason: 'Bewoner wil de kleur wijzigen' });
    expect(res.statusCode).toBe(200);
    const detail = res.json<TStaffEntryDetail>();
    expect(detail.entry).toMatchObject({ status: 'answered', locked: false });
    expect(detail.events.at(-1)).toMatchObject({ action: 'reopened', face: 'staff', text: 'Heropend: Bewoner wil de kleur wijzigen' });
    expect(detail.events.at(-1)!.who).toBeTruthy();
    const audit = await t.query<{ after: { reason: string } }>(`SELECT after FROM audit_log WHERE action = 'entry-reopen' AND entity_id = $1`, [String(place.entries.locked)]);
    expect(audit.map((a) => a.after.reason)).toEqual(['Bewoner wil de kleur wijzigen']);
    // Open again: nothing to reopen.
    expect((await http.post(url, tokens.editor, { reason: 'Nog eens' })).json<{ message: string }>().message).toBe(reopenMessages.notLocked);
  });

  it('refuses a legally signed entry, a paid one and a consent', async () => {
    const legal = await http.post(`${base()}/entries/${place.entries.legal}/reopen`, tokens.editor, { reason: 'x' });
    expect(legal.statusCode).toBe(409);
    expect(legal.json<{ message: string }>().message).toBe(reopenMessages.legallySigned);
    const paid = await http.post(`${base(place, place.choiceId)}/entries/${place.entries.choicePaid}/reopen`, tokens.editor, { reason: 'x' });
    expect(paid.json<{ message: string }>().message).toBe(reopenMessages.paid);
    const due = await http.post(`${base(place, place.choiceId)}/entries/${place.entries.choiceDue}/reopen`, tokens.editor, { reason: 'Andere keuze' });
    expect(due.statusCode).toBe(200);
    expect(due.json<TStaffEntryDetail>().entry).toMatchObject({ status: 'answering', locked: false, payment: { amount_cents: null } });
    const [consent] = await t.query<{ id: number; form_id: number }>(
      `SELECT e.id, e.form_id FROM form_entries e JOIN forms f ON f.id = e.form_id WHERE f.kind = 'support-base' AND f.project_id = $1 LIMIT 1`, [place.projectId]);
    expect(consent).toBeDefined(); // the demo's consent entries
    const res = await http.post(`${base(place, consent!.form_id)}/entries/${consent!.id}/reopen`, tokens.editor, { reason: 'x' });
    expect(res.json<{ message: string }>().message).toBe(reopenMessages.consent);
  });
});

describe('reopening an intake', () => {
  it('sends a sent intake back to open, editable again', async () => {
    const [sent] = await t.query<{ id: number; form_id: number }>(
      `SELECT e.id, e.form_id FROM form_entries e JOIN forms f ON f.id = e.form_id WHERE f.kind = 'intake' AND e.status = 'sent' AND f.project_id = $1 LIMIT 1`, [place.projectId]);
    expect(sent).toBeDefined(); // the demo's sent intake (1234AB 14)
    const res = await http.post(`${base(place, sent!.form_id)}/entries/${sent!.id}/reopen`, tokens.admin, { reason: 'Opname aanvullen' });
    expect(res.statusCode).toBe(200);
    expect(res.json<TStaffEntryDetail>().entry).toMatchObject({ status: 'open', locked: false });
  });
});

async function finishedExport(kind: 'csv' | 'xlsx' | 'zip', filter?: object): Promise<{ exp: TStaffExport; file: Buffer }> {
  const started = await http.post(`${base()}/exports`, tokens.editor, { kind, ...(filter ? { filter } : {}) });
  expect(started.statusCode).toBe(202);
  const id = started.json<TStaffExport>().id;
  const early = await http.get(`/api/staff/projects/${place.projectId}/exports/${id}/file`, tokens.editor);
  expect(early.statusCode).toBe(409);
  await runJobs(t, { prefix: 'staff-export' });
  const exp = (await http.get(`/api/staff/projects/${place.projectId}/exports/${id}`, tokens.editor)).json<TStaffExport>();
  expect(exp).toMatchObject({ status: 'done', downloadable: true });
  const file = await http.get(`/api/staff/projects/${place.projectId}/exports/${id}/file`, tokens.editor);
  expect(file.statusCode).toBe(200);
  return { exp, file: file.rawPayload };
}

describe('exports', () => {
  it('CSV: one row per entry, labels as headers, options as labels, formula-like values as text', async () => {
    const { file, exp } = await finishedExport('csv', { q: '9001', answered: 'yes' });
    expect(exp.total).toBe(4); // every entry: the first address's older one too
    const text = file.toString('utf8');
    const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toContain('Opmerking;Voorkeuren;Aantal personen;Contactpersoon;Kleur');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('eerder');
    expect(rows[1]).toContain(`'=HYPERLINK`);
    expect(rows[1]).toContain('Bad; Ligbad');
    expect(rows[1]).toContain('Naam: J. de Vries (Vrouw)');
    expect(rows[2]).toContain(`'+31 6 1234`);
    expect(rows[3]).toContain(`'@mention`);
    // Another customer's staff cannot download it.
    expect((await http.get(`/api/staff/projects/${place.projectId}/exports/${exp.id}/file`, tokens.otherAdmin)).statusCode).toBe(404);
  });

  it('XLSX: read back with exceljs, formula-like values are strings, amounts in euros', async () => {
    const { file } = await finishedExport('xlsx', { q: '9001' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => headers.indexOf(name) + 1;
    expect(sheet.rowCount).toBe(6); // header + 5: four addresses (one not answered), the first with two entries
    const cell = sheet.getRow(3).getCell(col('Opmerking'));
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.example","klik")');
    expect(sheet.getRow(5).getCell(col('Opmerking')).value).toBe('@mention');
    expect(sheet.getRow(3).getCell(col('Aantal personen')).value).toBe(3);

    const choice = await http.post(`${base(place, place.choiceId)}/exports`, tokens.editor, { kind: 'xlsx', filter: { paid: 'yes' } });
    await runJobs(t, { prefix: 'staff-export' });
    const choiceFile = await http.get(`/api/staff/projects/${place.projectId}/exports/${choice.json<TStaffExport>().id}/file`, tokens.editor);
    const choiceBook = new ExcelJS.Workbook();
    await choiceBook.xlsx.load(choiceFile.rawPayload as unknown as ArrayBuffer);
    const choiceSheet = choiceBook.worksheets[0]!;
    const amountCol = (choiceSheet.getRow(1).values as unknown[]).indexOf('Bedrag');
    expect(choiceSheet.getRow(2).getCell(amountCol).value).toBe(1234.56);
  });

  it('ZIP: one summary PDF per entry; audited', async () => {
    const { file, exp } = await finishedExport('zip', { q: '9001' });
    const zip = await JSZip.loadAsync(file);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(4);
    expect(exp.done).toBe(4);
    for (const name of names) expect((await zip.files[name]!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    const audit = await t.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'entries-export%' ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['entries-export-csv', 'entries-export-xlsx', 'entries-export-zip', 'entries-export-download']));
    const list = (await http.get(`${base()}/exports`, tokens.editor)).json<TStaffExport[]>();
    expect(list[0]).toMatchObject({ id: exp.id, kind: 'zip' });
  });

  it('expires: the sweep removes the file, the download then answers 409', async () => {
    const { exp } = await finishedExport('csv');
    await t.query(`UPDATE staff_exports SET expires_at = now() - interval '1 minute' WHERE id = $1`, [exp.id]);
    await t.services.staffEntries.sweepExpired();
    const [row] = await t.query<{ file_id: number | null }>('SELECT file_id FROM staff_exports WHERE id = $1', [exp.id]);
    expect(row!.file_id).toBeNull();
    const res = await http.get(`/api/staff/projects/${place.projectId}/exports/${exp.id}/file`, tokens.editor);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(exportMessages.expired);
  });
});

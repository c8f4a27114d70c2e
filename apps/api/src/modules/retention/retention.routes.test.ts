import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION, retentionMessages, type TApiError, type TPrivacyPage, type TRetentionPolicy, type TRetentionProject, type TRetentionRule,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { readAll } from '../files/index.ts';
import { jobHandlers } from '../../services.ts';
import { consoleSessions, png, requests } from '../staff-projects/test-setup.ts';

/**
 * Retention through HTTP on a real database. No job worker runs: the tests run the job's handler
 * themselves, and move time by setting a project's end and rows' dates back in the database.
 */
let t: TestApp, tokens: Awaited<ReturnType<typeof consoleSessions>>, http: ReturnType<typeof requests>;
beforeAll(async () => {
  t = await createTestApp({ worker: false });
  tokens = await consoleSessions(t);
  http = requests(t);
});
afterAll(async () => {
  await t?.close();
});

const runJob = (projectId?: number) => jobHandlers(t.services).retention(projectId === undefined ? {} : { projectId });
const exists = async (table: string, id: number) => (await t.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length === 1;
const stored = async (key: string) => (await readAll(t.services.files.storage, key)) !== null;
const auditRuns = (projectId: number) => t.query<{ actor: string; after: { categories: Array<{ category: string; action: string; count: number; files: number }> } }>(
  "SELECT actor, after FROM audit_log WHERE action = 'retention-apply' AND project_id = $1 ORDER BY id", [projectId]);

type File = { id: number; key: string };
async function storeFile(name: string): Promise<File> {
  const row = await t.services.files.store({ filename: name, mime: 'image/png', data: Buffer.from(`bytes of ${name}`), owner: 'retention-test' });
  return { id: row.id, key: row.key };
}

/** A project of Woonstad with address 10 in it and a row (and its files) in every per-project category. */
async function seedProject(name: string) {
  const one = async <R extends Record<string, unknown>>(text: string, params: unknown[]) => (await t.query<R>(text, params))[0]!;
  const address = t.ids.addresses.a10;
  const { id: projectId } = await one<{ id: number }>('INSERT INTO projects (customer_id, name, modules) VALUES ($1, $2, \'[]\') RETURNING id', [t.ids.customers.woonstad, name]);
  await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address, projectId]);

  const chat = await one<{ id: number }>('INSERT INTO chat_conversations (project_id, address_id, last_message_at) VALUES ($1, $2, now()) RETURNING id', [projectId, address]);
  await t.query("INSERT INTO chat_messages (conversation_id, message, from_staff, from_address_name) VALUES ($1, 'Mijn telefoonnummer is 0612345678', false, 'Familie De Vries')", [chat.id]);

  const form = await one<{ id: number }>("INSERT INTO forms (project_id, name, kind) VALUES ($1, 'Keukenkeuze', 'choice') RETURNING id", [projectId]);
  const photo = await storeFile('keuken.png');
  const summary = await storeFile('samenvatting.pdf');
  const entry = await one<{ id: number }>(`INSERT INTO form_entries (project_id, form_id, address_id, values, comment, summary_file_id, status, agreement)
    VALUES ($1, $2, $3, '{"naam": "Jan de Vries"}', 'Graag blauw', $4, 'sent', 'agree') RETURNING id`, [projectId, form.id, address, summary.id]);
  await t.query("INSERT INTO form_photos (entry_id, element_id, file_id, image_width, image_height) VALUES ($1, 'foto', $2, 1, 1)", [entry.id, photo.id]);

  const survey = await one<{ id: number }>("INSERT INTO surveys (project_id, name, version) VALUES ($1, 'Tevredenheid', 1) RETURNING id", [projectId]);
  const response = await one<{ id: number }>("INSERT INTO survey_responses (survey_id, project_id, address_id, version, answers) VALUES ($1, $2, $3, 1, '{\"cijfer\": 8}') RETURNING id",
    [survey.id, projectId, address]);
  const surveyPhoto = await storeFile('enquete.png');
  await t.query("INSERT INTO survey_photos (survey_id, element_id, address_id, file_id, image_width, image_height) VALUES ($1, 'foto', $2, $3, 1, 1)", [survey.id, address, surveyPhoto.id]);

  const planning = await one<{ id: number }>("INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Opname') RETURNING id", [projectId]);
  const appointment = await one<{ id: number }>('INSERT INTO appointments (planning_id, address_id) VALUES ($1, $2) RETURNING id', [planning.id, address]);

  const dossierFile = await storeFile('dossier.pdf');
  const dossier = await one<{ id: number }>("INSERT INTO dossier_items (project_id, address_id, file_id, type, name, subject) VALUES ($1, $2, $3, 'pdf', 'Opleverrapport', 'Oplevering') RETURNING id",
    [projectId, address, dossierFile.id]);
  const documentFile = await storeFile('brief.pdf');
  const document = await one<{ id: number }>("INSERT INTO documents (project_id, address_id, file_id, type, name, subject) VALUES ($1, $2, $3, 'pdf', 'Brief', 'Brief') RETURNING id",
    [projectId, address, documentFile.id]);

  const payment = await one<{ id: number }>(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, amount_cents, description, idempotency_key, project_id, status)
    VALUES ('mollie', 'tr_test${projectId}', 'choice-form', $1, 12500, 'Keuken De Vries', 'key-${projectId}', $2, 'paid') RETURNING id`, [entry.id, projectId]);

  const consentForm = await one<{ id: number }>("INSERT INTO forms (project_id, name, kind) VALUES ($1, 'Instemming', 'support-base') RETURNING id", [projectId]);
  const consentEntry = await one<{ id: number }>("INSERT INTO form_entries (project_id, form_id, address_id, status, agreement) VALUES ($1, $2, $3, 'sent', 'agree') RETURNING id",
    [projectId, consentForm.id, address]);
  const signed = await storeFile('getekend.pdf');
  await t.query("INSERT INTO signing_requests (subject_kind, entry_id, provider, verification, document_file_id, signed_file_id, status) VALUES ('support-base', $1, 'signhost', 'Scribble', $2, $2, 'signed')",
    [consentEntry.id, signed.id]);
  const scan = await storeFile('scan.png');
  const paper = await one<{ id: number }>(`INSERT INTO consent_paper_records (entry_id, form_id, project_id, address_id, agreement, scan_file_id, recorded_by_name, state, decided_at)
    VALUES ($1, $2, $3, $4, 'agree', $5, 'Medewerker', 'confirmed', now()) RETURNING id`, [consentEntry.id, consentForm.id, projectId, address, scan.id]);
  const notice = await one<{ id: number }>("INSERT INTO consent_notices (form_id, address_id, building_unit) VALUES ($1, $2, 'A') RETURNING id", [consentForm.id, address]);

  return {
    projectId, chat: chat.id, entry: entry.id, photo, summary, response: response.id, surveyPhoto, appointment: appointment.id, dossier: dossier.id, dossierFile,
    document: document.id, documentFile, payment: payment.id, consentEntry: consentEntry.id, signed, paper: paper.id, scan, notice: notice.id,
  };
}

/** The project ended `days` ago; its notice of 70% was sent `noticeDays` ago (null: not sent). */
async function endedAgo(projectId: number, days: number, noticeDays: number | null = null) {
  await t.query("UPDATE projects SET archived_at = now() - make_interval(days => $2) WHERE id = $1", [projectId, days]);
  await t.query(`UPDATE consent_notices SET sent_on = CASE WHEN $2::int IS NULL THEN NULL ELSE current_date - $2::int END
    WHERE form_id IN (SELECT id FROM forms WHERE project_id = $1)`, [projectId, noticeDays]);
}

const project = async (projectId: number) => (await http.get(`/api/staff/projects/${projectId}/retention`, tokens.admin)).json<TRetentionProject>();
const dueOf = (p: TRetentionProject) => Object.fromEntries(p.categories.filter((c) => c.due_count > 0).map((c) => [c.category, c.due_count]));

describe('the customer policy: GET/PUT /api/staff/retention', () => {
  it('answers the defaults with their holds, saves a change with the audit log, and refuses values below a legal hold in Dutch', async () => {
    const res = await http.get('/api/staff/retention', tokens.admin);
    expect(res.statusCode).toBe(200);
    const policy = res.json<TRetentionPolicy>();
    expect(policy.rules.map((r) => r.category)).toEqual(Object.keys(DEFAULT_RETENTION));
    expect(policy.rules.find((r) => r.category === 'payments')).toMatchObject({ months: 84, min_months: 84, is_default: true, hold: expect.stringContaining('7 jaar') });
    expect(policy.privacy_page_linked).toBe(true); // the demo customer keeps the default privacy path

    const refusals: Array<[TRetentionRule, string, string]> = [
      [{ category: 'payments', months: 83, basis: 'created', action: 'anonymise' }, 'rules.0.months', retentionMessages.belowHold('Betalingen', 84)],
      [{ category: 'consent_evidence', months: 0, basis: 'court_period_end', action: 'delete' }, 'rules.0.months', retentionMessages.belowHold('Bewijs van instemming', 1)],
      [{ category: 'consent_evidence', months: 24, basis: 'created', action: 'delete' }, 'rules.0.basis', retentionMessages.basisNotAllowed('Bewijs van instemming', 'created')],
      [{ category: 'appointments', months: 6, basis: 'project_end', action: 'anonymise' }, 'rules.0.action', retentionMessages.actionNotAllowed('Afspraken')],
    ];
    for (const [rule, field, message] of refusals) {
      const refused = await http.put('/api/staff/retention', tokens.admin, { rules: [rule], privacy_contact: '' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<TApiError>()).toEqual({ message, errors: [{ field, message }] });
    }
    expect((await http.get('/api/staff/retention', tokens.admin)).json<TRetentionPolicy>().rules.every((r) => r.is_default)).toBe(true);

    const saved = await http.put('/api/staff/retention', tokens.admin, {
      rules: [{ category: 'payments', months: 96, basis: 'created', action: 'delete' }], privacy_contact: 'Privacyteam Woonstad, privacy@woonstad.example, 010-1234567',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TRetentionPolicy>().rules.find((r) => r.category === 'payments')).toMatchObject({ months: 96, basis: 'created', action: 'delete', is_default: false });
    const [entry] = await t.query<{ actor: string; after: unknown }>("SELECT actor, after FROM audit_log WHERE entity = 'retention-policy' ORDER BY id DESC LIMIT 1");
    expect(entry).toMatchObject({ after: { rules: [{ category: 'payments', months: 96 }] } });

    // the privacy page is written from it
    const page = (await t.app.inject({ method: 'GET', url: '/api/public/privacy', headers: { host: 'localhost' } })).json<TPrivacyPage>();
    expect(page.customer_name).toBe('Woonstad Vernieuwd');
    expect(page.contact).toContain('privacy@woonstad.example');
    expect(page.items.find((i) => i.category === 'payments')?.kept).toBe('Tot 96 maanden nadat ze zijn vastgelegd, daarna verwijderd.');
    expect(page.items.find((i) => i.category === 'chat_messages')?.kept).toBe('Tot 12 maanden na het einde van het project, daarna verwijderd.');
    // and it is where the default privacy link leads
    expect((await t.app.inject({ method: 'GET', url: '/api/public/customer/', headers: { host: 'localhost' } })).json<{ privacy_url: string }>().privacy_url).toBe('/privacyverklaring');

    await http.put('/api/staff/retention', tokens.admin, { rules: [{ category: 'payments', ...DEFAULT_RETENTION.payments }], privacy_contact: 'privacy@woonstad.example' });
  });

  it('needs retention.manage: a project editor gets 403, no session 401', async () => {
    expect((await http.get('/api/staff/retention', tokens.editor)).statusCode).toBe(403);
    expect((await http.put('/api/staff/retention', tokens.editor, { rules: [], privacy_contact: '' })).statusCode).toBe(403);
    expect((await http.get(`/api/staff/projects/${t.ids.projects.bloemenbuurt}/retention`, tokens.editor)).statusCode).toBe(403);
    expect((await http.get('/api/staff/retention')).statusCode).toBe(401);
  });
});

describe("a project's overrides: PUT /api/staff/projects/:id/retention", () => {
  it('refuses a customer-wide category and values below a hold, and another customer\'s project answers 404', async () => {
    const id = t.ids.projects.bloemenbuurt;
    const below = await http.put(`/api/staff/projects/${id}/retention`, tokens.admin, { overrides: [{ category: 'payments', months: 12, basis: 'project_end', action: 'delete' }] });
    expect(below.statusCode).toBe(422);
    expect(below.json<TApiError>().errors).toEqual([{ field: 'overrides.0.months', message: retentionMessages.belowHold('Betalingen', 84) }]);
    const wide = await http.put(`/api/staff/projects/${id}/retention`, tokens.admin, { overrides: [{ category: 'sessions', months: 1, basis: 'created', action: 'delete' }] });
    expect(wide.statusCode).toBe(422);
    expect(wide.json<TApiError>().message).toBe(retentionMessages.notPerProject('Sessies en inloggegevens'));
    expect((await http.get(`/api/staff/projects/${id}/retention`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await http.put(`/api/staff/projects/${id}/retention`, tokens.otherAdmin, { overrides: [] })).statusCode).toBe(404);
    expect((await http.post(`/api/staff/projects/${id}/retention/confirm`, tokens.otherAdmin)).statusCode).toBe(404);
  });
});

describe('ending a project starts the clock; staff confirm before the first deletion; each category goes at its time and not before', () => {
  it('applies the defaults step by step, with files removed from storage and counts in the audit log', async () => {
    const s = await seedProject('Retentie Noord');
    const { projectId } = s;

    // not ended: nothing is due, nothing to confirm, the job leaves it alone
    expect(dueOf(await project(projectId))).toEqual({});
    const early = await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin);
    expect(early.statusCode).toBe(409);
    expect(early.json<TApiError>().message).toBe(retentionMessages.notEnded);

    // archiving is the end: the clock starts at its moment
    const archived = await http.post(`/api/staff/projects/${projectId}/archive`, tokens.admin);
    expect(archived.statusCode).toBe(200);
    const ended = await project(projectId);
    expect(ended.ended_at).toEqual(expect.any(String));
    expect(ended.categories.find((c) => c.category === 'chat_messages')?.due_from?.slice(0, 4)).toBe(String(new Date(ended.ended_at!).getUTCFullYear() + 1));
    expect(dueOf(ended)).toEqual({});

    // 5 months after the end: still nothing (the shortest default is 6 months)
    await endedAgo(projectId, 150, 160);
    expect(dueOf(await project(projectId))).toEqual({});
    expect((await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin)).json<TApiError>().message).toBe(retentionMessages.nothingDue);

    // 6.5 months: survey answers and appointments are due; staff see the counts, but until they confirm the job does nothing
    await endedAgo(projectId, 198, 200);
    const preview = await project(projectId);
    expect(dueOf(preview)).toEqual({ survey_responses: 1, appointments: 1 });
    expect(preview.categories.find((c) => c.category === 'survey_responses')).toMatchObject({ due_files: 1, effective: { action: 'anonymise' } });
    expect(preview.confirmed_at).toBeNull();
    await runJob();
    await runJob(projectId);
    expect(await exists('appointments', s.appointment)).toBe(true);
    expect(await auditRuns(projectId)).toEqual([]);

    const confirmed = await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<TRetentionProject>()).toMatchObject({ confirmed_at: expect.any(String), confirmed_by: expect.any(String) });
    const [confirmation] = await t.query<{ actor: string; after: unknown }>("SELECT actor, after FROM audit_log WHERE action = 'retention-confirm' AND project_id = $1", [projectId]);
    expect(confirmation!.after).toEqual({ categories: [
      { category: 'survey_responses', action: 'anonymise', count: 1, files: 1 }, { category: 'appointments', action: 'delete', count: 1, files: 0 },
    ] });
    // the first run is queued with the confirmation
    expect(await t.query("SELECT j.id FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'retention'")).toHaveLength(1);
    expect((await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin)).statusCode).toBe(409);

    await runJob(projectId);
    expect(await exists('appointments', s.appointment)).toBe(false);
    expect(await t.query('SELECT address_id, occupant_id, answers FROM survey_responses WHERE id = $1', [s.response])).toEqual([{ address_id: null, occupant_id: null, answers: { cijfer: 8 } }]);
    expect(await exists('files', s.surveyPhoto.id)).toBe(false);
    expect(await stored(s.surveyPhoto.key)).toBe(false);
    // not before: the rest is all still there
    for (const [table, id] of [['chat_conversations', s.chat], ['form_entries', s.consentEntry], ['consent_paper_records', s.paper], ['dossier_items', s.dossier], ['payments', s.payment]] as const) {
      expect(await exists(table, id)).toBe(true);
    }
    expect(await stored(s.scan.key)).toBe(true);
    // a second run finds nothing more to do (anonymised rows are not due again)
    await runJob(projectId);
    expect((await auditRuns(projectId)).map((r) => r.after.categories)).toEqual([[
      { category: 'survey_responses', action: 'anonymise', count: 1, files: 1 }, { category: 'appointments', action: 'delete', count: 1, files: 0 },
    ]]);

    // consent evidence: 6 months after the court period of every address, never counted from before the end. The notice went out
    // 45 days after the end; 8 months after the end its court period (8 weeks) plus 6 months is not over yet
    await endedAgo(projectId, 243, 243 - 45);
    expect((await project(projectId)).court_period_ends_at).toEqual(expect.any(String));
    await runJob();
    expect(await exists('consent_paper_records', s.paper)).toBe(true);
    expect(await exists('form_entries', s.consentEntry)).toBe(true);
    // 10 months after the end (half a month after the court period and the margin): the evidence goes, with the signed document and the scan
    await endedAgo(projectId, 300, 300 - 45);
    await runJob();
    expect(await exists('form_entries', s.consentEntry)).toBe(false);
    expect(await exists('consent_paper_records', s.paper)).toBe(false);
    expect(await exists('consent_notices', s.notice)).toBe(false);
    expect(await t.query('SELECT id FROM signing_requests WHERE entry_id = $1', [s.consentEntry])).toEqual([]);
    for (const file of [s.signed, s.scan]) {
      expect(await exists('files', file.id)).toBe(false);
      expect(await stored(file.key)).toBe(false);
    }
    expect(await exists('chat_conversations', s.chat)).toBe(true);

    // 12.5 months: chat goes
    await endedAgo(projectId, 380, 380 - 45);
    await runJob();
    expect(await exists('chat_conversations', s.chat)).toBe(false);
    expect(await t.query('SELECT id FROM chat_messages WHERE conversation_id = $1', [s.chat])).toEqual([]);
    expect(await exists('form_entries', s.entry)).toBe(true);

    // 24.5 months: form entries anonymised (photo and summary gone), dossier and personal documents deleted with their files
    await endedAgo(projectId, 745, 745 - 45);
    await runJob();
    expect(await t.query('SELECT address_id, values, comment, summary_file_id, status, agreement FROM form_entries WHERE id = $1', [s.entry])).toEqual([
      { address_id: null, values: {}, comment: null, summary_file_id: null, status: 'sent', agreement: 'agree' },
    ]);
    for (const file of [s.photo, s.summary, s.dossierFile, s.documentFile]) {
      expect(await exists('files', file.id)).toBe(false);
      expect(await stored(file.key)).toBe(false);
    }
    expect(await exists('dossier_items', s.dossier)).toBe(false);
    expect(await exists('documents', s.document)).toBe(false);

    // payments: kept for 7 years after the end (83 months: still there), then anonymised with their amounts kept
    await endedAgo(projectId, 2523, null);
    await runJob();
    expect(await t.query('SELECT description, entry_id FROM payments WHERE id = $1', [s.payment])).toEqual([{ description: 'Keuken De Vries', entry_id: s.entry }]);
    await endedAgo(projectId, 2592, null);
    await runJob();
    expect(await t.query('SELECT description, entry_id, amount_cents FROM payments WHERE id = $1', [s.payment])).toEqual([{ description: 'Geanonimiseerd', entry_id: 0, amount_cents: 12500 }]);

    // every run is in the audit log with categories and counts, never content
    const runs = await auditRuns(projectId);
    expect(runs.map((r) => r.actor)).toEqual(Array(runs.length).fill('Bewaarbeleid (automatisch)'));
    expect(runs.flatMap((r) => r.after.categories.map((c) => `${c.category}:${c.action}:${c.count}:${c.files}`))).toEqual([
      'survey_responses:anonymise:1:1', 'appointments:delete:1:0', 'consent_evidence:delete:3:2', 'chat_messages:delete:1:0',
      'form_entries:anonymise:1:2', 'dossier_documents:delete:2:2', 'payments:anonymise:1:0',
    ]);
    const text = JSON.stringify(runs);
    for (const content of ['0612345678', 'Jan de Vries', 'Graag blauw', 'Keuken De Vries', 'Familie De Vries']) expect(text).not.toContain(content);
  });

  it('counts from creation when the project says so, in a project that has not ended', async () => {
    const s = await seedProject('Retentie Zuid');
    const { projectId } = s;
    const saved = await http.put(`/api/staff/projects/${projectId}/retention`, tokens.admin, {
      overrides: [{ category: 'chat_messages', months: 1, basis: 'created', action: 'anonymise' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TRetentionProject>().categories.find((c) => c.category === 'chat_messages')).toMatchObject({
      override: { months: 1, basis: 'created' }, customer_rule: { months: 12, basis: 'project_end' }, due_count: 0,
    });
    const newer = (await t.query<{ id: number }>('INSERT INTO chat_conversations (project_id, address_id, last_message_at) VALUES ($1, $2, now() - interval \'20 days\') RETURNING id',
      [projectId, t.ids.addresses.a12]))[0]!.id;
    await t.query("UPDATE chat_conversations SET last_message_at = now() - interval '40 days' WHERE id = $1", [s.chat]);
    expect(dueOf(await project(projectId))).toEqual({ chat_messages: 1 });
    expect((await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin)).statusCode).toBe(200);
    await runJob(projectId);
    expect(await t.query('SELECT address_id, visitor_name FROM chat_conversations WHERE id = $1', [s.chat])).toEqual([{ address_id: null, visitor_name: null }]);
    expect(await t.query('SELECT message, from_address_name FROM chat_messages WHERE conversation_id = $1', [s.chat])).toEqual([{ message: '', from_address_name: null }]);
    expect(await t.query('SELECT address_id FROM chat_conversations WHERE id = $1', [newer])).toEqual([{ address_id: t.ids.addresses.a12 }]);
    // the rest of the project waits for its end
    expect(await exists('appointments', s.appointment)).toBe(true);
  });
});

describe('a confirmation belongs to one end of the project', () => {
  it('asks again after the project was restored and ended again; the job waits for the new confirmation', async () => {
    const s = await seedProject('Retentie Oost');
    const { projectId } = s;
    expect((await http.post(`/api/staff/projects/${projectId}/archive`, tokens.admin)).statusCode).toBe(200);
    await endedAgo(projectId, 198, 200);
    expect((await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin)).statusCode).toBe(200);
    expect((await project(projectId)).confirmed_at).toEqual(expect.any(String));

    // Restored, and ended again (its new end half a year ago, so the same categories are due).
    expect((await http.post(`/api/staff/projects/${projectId}/restore`, tokens.admin)).statusCode).toBe(200);
    expect((await http.post(`/api/staff/projects/${projectId}/archive`, tokens.admin)).statusCode).toBe(200);
    await endedAgo(projectId, 198, 200);
    await t.query("UPDATE retention_projects SET confirmed_at = now() - interval '200 days' WHERE project_id = $1", [projectId]);
    const again = await project(projectId);
    expect(again.confirmed_at).toBeNull();
    expect(dueOf(again)).toEqual({ survey_responses: 1, appointments: 1 });
    await runJob(projectId);
    expect(await exists('appointments', s.appointment)).toBe(true);

    expect((await http.post(`/api/staff/projects/${projectId}/retention/confirm`, tokens.admin)).statusCode).toBe(200);
    await runJob(projectId);
    expect(await exists('appointments', s.appointment)).toBe(false);
  });
});

describe('customer-wide categories: sessions, audit log, outbox', () => {
  it('deletes ended sessions, old audit entries and sent messages past their time, and keeps the rest', async () => {
    const customerId = t.ids.customers.woonstad;
    const session = async (created: string, expires: string) => (await t.query<{ id: number }>(`INSERT INTO sessions (token_hash, role, face, customer_id, user_id, created_at, expires_at)
      VALUES (md5(random()::text), 'staff', 'console', $1, $2, now() - $3::interval, now() - $4::interval) RETURNING id`, [customerId, t.ids.users.admin, created, expires]))[0]!.id;
    const oldEnded = await session('8 months', '7 months');
    const recentEnded = await session('2 months', '1 month');
    const audit = async (age: string) => (await t.query<{ id: number }>(`INSERT INTO audit_log (customer_id, actor, action, entity, at, face)
      VALUES ($1, 'Beheerder', 'update', 'news', now() - $2::interval, 'console') RETURNING id`, [customerId, age]))[0]!.id;
    const oldAudit = await audit('25 months');
    const recentAudit = await audit('23 months');
    const mail = async (age: string, sent: boolean) => (await t.query<{ id: number }>(`INSERT INTO mail_outbox ("to", subject, text, created_at, sent_at)
      VALUES ('jan@example.nl', 'Herinnering', 'Tekst', now() - $1::interval, CASE WHEN $2 THEN now() - $1::interval END) RETURNING id`, [age, sent]))[0]!.id;
    const oldMail = await mail('4 months', true);
    const unsent = await mail('4 months', false);
    const recentMail = await mail('2 months', true);
    // Notifications told: an old message's sent row goes with its message; a recent one and a row still due stay.
    const told = async (age: string, sent: boolean) => {
      const [message] = await t.query<{ id: number }>(`INSERT INTO notification_messages (category, title, body, url, tag, created_at, fanned_out_at)
        VALUES ('news', 'Nieuws', 'Tekst', '/dashboard', 'n', now() - $1::interval, now() - $1::interval) RETURNING id`, [age]);
      const [row] = await t.query<{ id: number }>(`INSERT INTO notification_outbox (message_id, occupant_id, channel, due_at, sent_at)
        VALUES ($1, $2, 'email', now() - $3::interval, CASE WHEN $4 THEN now() - $3::interval END) RETURNING id`, [message!.id, t.ids.occupants.jan, age, sent]);
      return { message: message!.id, row: row!.id };
    };
    const oldTold = await told('4 months', true);
    const oldDue = await told('4 months', false);
    const recentTold = await told('2 months', true);

    await runJob();
    expect(await exists('notification_outbox', oldTold.row)).toBe(false);
    expect(await exists('notification_messages', oldTold.message)).toBe(false);
    expect(await exists('notification_outbox', oldDue.row)).toBe(true);
    expect(await exists('notification_outbox', recentTold.row)).toBe(true);
    expect(await exists('sessions', oldEnded)).toBe(false);
    expect(await exists('sessions', recentEnded)).toBe(true);
    expect(await exists('audit_log', oldAudit)).toBe(false);
    expect(await exists('audit_log', recentAudit)).toBe(true);
    expect(await exists('mail_outbox', oldMail)).toBe(false);
    expect(await exists('mail_outbox', unsent)).toBe(true);
    expect(await exists('mail_outbox', recentMail)).toBe(true);
    const [run] = await t.query<{ after: { categories: unknown[] } }>(`SELECT after FROM audit_log WHERE action = 'retention-apply' AND entity = 'customer' AND customer_id = $1
      AND after->'categories' @> '[{"category": "sessions"}]' ORDER BY id DESC LIMIT 1`, [customerId]);
    expect(run!.after.categories).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'sessions', action: 'delete' }), expect.objectContaining({ category: 'audit_log', count: 1 })]));
  });
});

describe('logos leave storage when they are replaced or removed', () => {
  it("removes the customer's and a project's old logo file", async () => {
    const logoId = (url: string | null) => Number(/\/api\/files\/(\d+)\//.exec(url ?? '')?.[1]);
    const keyOf = async (id: number) => (await t.query<{ key: string }>('SELECT key FROM files WHERE id = $1', [id]))[0]?.key;

    const first = (await http.upload('/api/staff/customer/logo', { data: await png() }, tokens.admin)).json<{ logo: string }>().logo;
    const firstKey = (await keyOf(logoId(first)))!;
    expect(await stored(firstKey)).toBe(true);
    const second = (await http.upload('/api/staff/customer/logo', { data: await png(300, 100, '#2e7d32') }, tokens.admin)).json<{ logo: string }>().logo;
    expect(second).not.toBe(first);
    expect(await keyOf(logoId(first))).toBeUndefined();
    expect(await stored(firstKey)).toBe(false);
    const secondKey = (await keyOf(logoId(second)))!;
    expect((await http.del('/api/staff/customer/logo', tokens.admin)).statusCode).toBe(200);
    expect(await stored(secondKey)).toBe(false);

    const projectUrl = `/api/staff/projects/${t.ids.projects.rivierenwijk}/logo`;
    const own = (await http.upload(projectUrl, { data: await png() }, tokens.admin)).json<{ logo_url: string }>().logo_url;
    const ownKey = (await keyOf(logoId(own)))!;
    expect((await http.del(projectUrl, tokens.admin)).statusCode).toBe(200);
    expect(await keyOf(logoId(own))).toBeUndefined();
    expect(await stored(ownKey)).toBe(false);
  });
});

describe('content images and logos that nothing uses leave storage', () => {
  it('removes an unused upload a day old and keeps what an item, a logo link or staff HTML uses, and fresh uploads', async () => {
    const projectId = t.ids.projects.bloemenbuurt;
    const upload = async (owner: string, age: string) => {
      const row = await t.services.files.store({ filename: 'afbeelding.png', mime: 'image/png', data: await png(10, 10), owner });
      await t.query('UPDATE files SET created_at = now() - $2::interval WHERE id = $1', [row.id, age]);
      return { id: row.id, key: row.key };
    };
    const replaced = await upload(`news:${projectId}`, '2 days');
    const onItem = await upload(`news:${projectId}`, '2 days');
    const inHtml = await upload(`content:${projectId}`, '2 days');
    const logo = await upload('branding', '2 days');
    const fresh = await upload(`content:${projectId}`, '1 hour');
    const formFile = await upload('form-file', '2 days'); // not a staff content upload: never swept here
    await t.query("INSERT INTO news_articles (project_id, title, date, content, image_file_id) VALUES ($1, 'Nieuws', current_date, '', $2)", [projectId, onItem.id]);
    await t.query("INSERT INTO news_articles (project_id, title, date, content) VALUES ($1, 'Met foto', current_date, $2)", [projectId, `<p><img src="/api/files/${inHtml.id}/afbeelding.png"></p>`]);
    await t.query('UPDATE projects SET logo_url = $2 WHERE id = $1', [t.ids.projects.havenkwartier, `/api/files/${logo.id}/logo.png`]);

    await runJob();
    expect(await exists('files', replaced.id)).toBe(false);
    expect(await stored(replaced.key)).toBe(false);
    for (const kept of [onItem, inHtml, logo, fresh, formFile]) {
      expect(await exists('files', kept.id)).toBe(true);
      expect(await stored(kept.key)).toBe(true);
    }
  });
});

import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, PERSONAL_DATA_CATEGORIES, personalDataTexts,
  type TErasurePlan, type TPersonalDataAddress, type TPersonalDataCategory, type TPersonalDataExport,
} from '@portal/contract';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { consoleSessions, requests } from '../staff-projects/test-setup.ts';
import { consentHeldEntries } from './personal-data.collectors.ts';
import type { PersonalDataDocument } from './personal-data.service.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof consoleSessions>>;
let http: ReturnType<typeof requests>;

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  tokens = await consoleSessions(t);
  http = requests(t);
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n% seeded\n%%EOF\n');

type Seeded = {
  projectId: number; addressId: number; henk: number; mila: number;
  files: Record<'formPhoto' | 'summary' | 'surveyPhoto' | 'dossier' | 'document' | 'signed' | 'drawing' | 'localDoc', { id: number; key: string }>;
  entries: { generic: number; choice: number; consent: number };
};

async function one<R extends Record<string, unknown>>(text: string, params: unknown[]): Promise<R> {
  return (await t.query<R>(text, params))[0]!;
}
async function file(name: string, data: Buffer, mime: string, owner: string) {
  const row = await t.services.files.store({ filename: name, mime, data, owner });
  return { id: row.id, key: row.key };
}

/**
 * A household at Wisserstraat 1 of Bloemenbuurt with a record in every module: the holder Henk and the member Mila
 * (Mila's e-mail and SMS, sessions, chat message, audit entry), the household's entries (with a photo, a summary PDF
 * and a signature), a survey with a photo, an appointment and a waiting-list place, dossier and document files, read
 * marks, the work order, a paid choice (a payment) and a signed consent (evidence).
 */
async function seed(): Promise<Seeded> {
  const { projects, customers, users } = t.ids;
  const projectId = projects.bloemenbuurt;
  const { id: addressId } = await one<{ id: number }>(`INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at)
    VALUES ($1, '9999ZZ', '1', 'Wisserstraat', 'Testdorp', now()) RETURNING id`, [customers.woonstad]);
  await t.query('INSERT INTO address_projects (address_id, project_id, building_unit) VALUES ($1, $2, $3)', [addressId, projectId, 'Blok W']);
  const { id: henk } = await one<{ id: number }>(`INSERT INTO occupants (address_id, first_name, last_name, email_address, is_main, password_hash)
    VALUES ($1, 'Henk', 'Wisser', 'henk.wisser@example.nl', true, 'x') RETURNING id`, [addressId]);
  const { id: mila } = await one<{ id: number }>(`INSERT INTO occupants (address_id, first_name, last_name, email_address, mobile)
    VALUES ($1, 'Mila', 'Wisser', 'Mila.Wisser@example.nl', '06 1112 2233') RETURNING id`, [addressId]);
  await t.query(`INSERT INTO sessions (token_hash, role, occupant_id, address_id, customer_id, face, expires_at)
    VALUES ('seed-session-mila', 'occupant', $1, $2, $3, 'resident', now() + interval '1 day')`, [mila, addressId, customers.woonstad]);
  await t.query(`INSERT INTO auth_tickets (kind, token_hash, occupant_id, expires_at) VALUES ('password-reset', 'seed-ticket-mila', $1, now() + interval '1 hour')`, [mila]);
  const { id: conversation } = await one<{ id: number }>('INSERT INTO chat_conversations (project_id, address_id) VALUES ($1, $2) RETURNING id', [projectId, addressId]);
  await t.query(`INSERT INTO chat_messages (conversation_id, message, from_staff, from_occupant_id, from_address_name) VALUES ($1, 'Chat-van-Mila: wanneer komt de schilder?', false, $2, 'Mila Wisser')`, [conversation, mila]);

  await t.query(`INSERT INTO chat_notes (conversation_id, user_name, note) VALUES ($1, 'Beheerder', 'Notitie-over-Wisser')`, [conversation]);

  const form = async (kind: string, name: string) => (await one<{ id: number }>(
    `INSERT INTO forms (project_id, kind, name, definition, published_version) VALUES ($1, $2, $3, '[]', 1) RETURNING id`, [projectId, kind, name])).id;
  const genericForm = await form('generic', 'Wensenformulier W');
  const choiceForm = await form('choice', 'Keuzes W');
  const consentForm = await form('support-base', 'Instemming W');
  const summary = await file('samenvatting.pdf', PDF, 'application/pdf', 'form-summary');
  const { id: generic } = await one<{ id: number }>(`INSERT INTO form_entries (form_id, project_id, address_id, values, status, signatures, summary_file_id)
    VALUES ($1, $2, $3, $4, 'signed', $5, $6) RETURNING id`,
  [genericForm, projectId, addressId, JSON.stringify({ txt: 'Antwoord-van-Mila' }), JSON.stringify({ 1: { image: 'data:image/png;base64,SIG', who: 'Mila Wisser', description: null, mobile: null, signed: true, signedAt: '2026-01-01T10:00:00Z' } }), summary.id]);
  await t.query(`INSERT INTO form_entry_events (entry_id, action, actor_kind, occupant_id) VALUES ($1, 'saved', 'occupant', $2)`, [generic, mila]);
  const formPhoto = await file('keuken.png', PNG, 'image/png', 'form-photo');
  await t.query('INSERT INTO form_photos (entry_id, element_id, file_id, image_width, image_height) VALUES ($1, $2, $3, 1, 1)', [generic, 'foto', formPhoto.id]);
  // The generic entry was signed on the local provider's page: its books hold the signer, where she signed and her drawing.
  const localDoc = await file('formulier.pdf', PDF, 'application/pdf', 'signing');
  const drawing = await file('handtekening.png', PNG, 'image/png', 'signing');
  await t.query(`INSERT INTO signing_local_transactions (id, status, reference, postback_url, document_file_id) VALUES ('lt-wisser', 30, 'ref', 'http://localhost/x', $1)`, [localDoc.id]);
  await t.query(`INSERT INTO signing_local_signers (id, transaction_id, nr, name, token_hash, signed_at, signed_ip, signature_file_id)
    VALUES ('ls-wisser', 'lt-wisser', 1, 'Mila Wisser', 'seed-ls-wisser', now(), '10.9.8.7', $1)`, [drawing.id]);
  await t.query(`INSERT INTO signing_requests (subject_kind, entry_id, provider, provider_transaction_id, status, verification, document_file_id)
    VALUES ('generic-form', $1, 'local', 'lt-wisser', 'signed', 'Scribble', $2)`, [generic, localDoc.id]);
  const { id: choice } = await one<{ id: number }>(`INSERT INTO form_entries (form_id, project_id, address_id, status, locked, amount_cents, paid_at)
    VALUES ($1, $2, $3, 'paid', true, 12345, now()) RETURNING id`, [choiceForm, projectId, addressId]);
  await t.query(`INSERT INTO payments (provider, provider_payment_id, subject_kind, entry_id, project_id, form_id, amount_cents, description, status, idempotency_key, paid_at)
    VALUES ('local', 'tr_wisser', 'choice-form', $1, $2, $3, 12345, 'Betaling-Wisser meerwerk', 'paid', 'seed-wisser', now())`, [choice, projectId, choiceForm]);
  const { id: consentEntry } = await one<{ id: number }>(`INSERT INTO form_entries (form_id, project_id, address_id, status, agreement, agreement_at)
    VALUES ($1, $2, $3, 'signed', 'agree', now()) RETURNING id`, [consentForm, projectId, addressId]);
  const signedDoc = await file('voorstel.pdf', PDF, 'application/pdf', 'signing');
  const signed = await file('ondertekend.pdf', PDF, 'application/pdf', 'signing');
  const { id: request } = await one<{ id: number }>(`INSERT INTO signing_requests (subject_kind, entry_id, provider, provider_transaction_id, status, verification, document_file_id, signed_file_id)
    VALUES ('support-base', $1, 'local', 'tx-wisser', 'signed', 'Scribble', $2, $3) RETURNING id`, [consentEntry, signedDoc.id, signed.id]);
  await t.query(`INSERT INTO signing_signers (request_id, nr, name, mobile, signed_at) VALUES ($1, 1, 'Henk Wisser', '0611122234', now())`, [request]);
  await t.query(`INSERT INTO consent_letters (form_id, address_id, token_hash, expires_at) VALUES ($1, $2, 'seed-letter-wisser', now() + interval '30 days')`, [consentForm, addressId]);

  const { id: survey } = await one<{ id: number }>(`INSERT INTO surveys (project_id, name, version) VALUES ($1, 'Tevredenheid W', 2) RETURNING id`, [projectId]);
  await t.query(`INSERT INTO survey_responses (survey_id, project_id, address_id, occupant_id, version, answers) VALUES ($1, $2, $3, $4, 2, $5)`,
    [survey, projectId, addressId, mila, JSON.stringify({ version: 2, values: { q: 'Enquete-antwoord-Mila' } })]);
  const surveyPhoto = await file('gevel.png', PNG, 'image/png', 'survey');
  await t.query('INSERT INTO survey_photos (survey_id, element_id, address_id, file_id, image_width, image_height) VALUES ($1, $2, $3, $4, 1, 1)', [survey, 'f', addressId, surveyPhoto.id]);

  const { id: planning } = await one<{ id: number }>(`INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Schouw W') RETURNING id`, [projectId]);
  const { id: slot } = await one<{ id: number }>(`INSERT INTO appointment_slots (planning_id, starts_at, capacity, taken) VALUES ($1, now() + interval '3 days', 2, 1) RETURNING id`, [planning]);
  await t.query('INSERT INTO appointments (planning_id, address_id, slot_id) VALUES ($1, $2, $3)', [planning, addressId, slot]);
  const { id: planning2 } = await one<{ id: number }>(`INSERT INTO appointment_plannings (project_id, subject) VALUES ($1, 'Oplevering W') RETURNING id`, [projectId]);
  await t.query(`INSERT INTO appointment_waitlist (planning_id, address_id, email_address, mobile) VALUES ($1, $2, 'mila.wisser@example.nl', '0611122233')`, [planning2, addressId]);

  const dossier = await file('opname-wisser.pdf', PDF, 'application/pdf', 'dossier');
  await t.query(`INSERT INTO dossier_items (project_id, address_id, file_id, type, name, subject) VALUES ($1, $2, $3, 'Opname', 'Opnamerapport W', 'Dossier-Wisser')`, [projectId, addressId, dossier.id]);
  const document = await file('brief-wisser.pdf', PDF, 'application/pdf', 'documents');
  await t.query(`INSERT INTO documents (project_id, address_id, file_id, type, subject, name) VALUES ($1, $2, $3, 'brief', 'Document-Wisser', 'Brief W')`, [projectId, addressId, document.id]);
  await t.query(`INSERT INTO content_reads (address_id, module, item_id) VALUES ($1, 'news', 424242)`, [addressId]);
  await t.query(`INSERT INTO work_order_entries (project_id, address_id, number) VALUES ($1, $2, 9191)`, [projectId, addressId]);

  await t.query(`INSERT INTO mail_outbox ("to", subject, text) VALUES ('mila.wisser@example.nl', 'Mail-aan-Mila', 'Beste Mila')`, []);
  await t.query(`INSERT INTO sms_outbox ("to", text) VALUES ('+31611122233', 'Sms-aan-Mila')`, []);
  await t.query(`INSERT INTO notification_preferences (occupant_id, category, email, push, sms) VALUES ($1, 'news', 'off', true, false)`, [mila]);
  await t.query(`INSERT INTO push_subscriptions (occupant_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/Push-van-Mila', 'k', 'a')`, [mila]);
  const { id: message } = await one<{ id: number }>(`INSERT INTO notification_messages (category, title, body, url, tag) VALUES ('news', 'Melding-aan-Mila', 'Tekst', '/dashboard', 'n') RETURNING id`, []);
  await t.query(`INSERT INTO notification_outbox (message_id, occupant_id, channel, due_at) VALUES ($1, $2, 'push', now())`, [message, mila]);
  await t.query(`INSERT INTO audit_log (customer_id, user_id, actor, action, entity, entity_id, after) VALUES ($1, $2, 'Beheerder', 'update', 'occupant', $3, $4)`,
    [customers.woonstad, users.admin, String(mila), JSON.stringify({ email_address: 'mila.wisser@example.nl', note: 'Audit-over-Mila' })]);
  return {
    projectId, addressId, henk, mila, entries: { generic, choice, consent: consentEntry },
    files: { formPhoto, summary, surveyPhoto, dossier, document, signed, drawing, localDoc },
  };
}

let s: Seeded;
const base = () => `/api/staff/projects/${s.projectId}/addresses/${s.addressId}`;

/** Makes an export through the console, runs the job, and answers the ZIP's JSON and file names. */
async function exportOf(occupantId: number | null): Promise<{ doc: PersonalDataDocument; names: string[]; zip: JSZip }> {
  const started = await http.post(`${base()}/personal-data/exports`, tokens.admin, { occupant_id: occupantId });
  expect(started.statusCode, started.body).toBe(202);
  const exp = started.json<TPersonalDataExport>();
  expect(await runJobs(t, { prefix: 'personal-data' })).toContain('personal-data-export');
  const res = await http.get(`${base()}/personal-data/exports/${exp.id}/file`, tokens.admin);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/zip');
  const zip = await JSZip.loadAsync(res.rawPayload);
  const doc = JSON.parse(await zip.file('gegevens.json')!.async('string')) as PersonalDataDocument;
  expect((await zip.file('gegevens.pdf')!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
  return { doc, names: Object.keys(zip.files), zip };
}
const section = (doc: PersonalDataDocument, category: TPersonalDataCategory) => doc.sections.find((x) => x.category === category)!;
const text = (doc: PersonalDataDocument, category: TPersonalDataCategory) => JSON.stringify(section(doc, category).records);

describe('personal data export and erasure (issue 20)', () => {
  beforeAll(async () => {
    s = await seed();
  });

  it('lists the household and which occupant may be erased; another customer and a role without the permission are refused', async () => {
    const res = await http.get(`${base()}/personal-data`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<TPersonalDataAddress>();
    expect(view.label).toBe('Wisserstraat 1, 9999 ZZ Testdorp');
    expect(view.can_erase).toBe(true);
    expect(view.occupants.map((o) => [o.name, o.is_main, o.erase_refusal])).toEqual([
      ['Henk Wisser', true, null], ['Mila Wisser', false, null],
    ]);
    expect((await http.get(`${base()}/personal-data`, tokens.otherAdmin)).statusCode).toBe(404);
    const editor = await http.get(`${base()}/personal-data`, tokens.editor);
    expect(editor.statusCode).toBe(403);
    expect(editor.json<{ message: string }>().message).toBe(accessMessages.forbidden);
    expect((await http.post(`${base()}/personal-data/exports`, tokens.editor, { occupant_id: null })).statusCode).toBe(403);
  });

  it("an export of a person holds a piece of every module, with the files in the ZIP; another address's person is refused", async () => {
    const { doc, names } = await exportOf(s.mila);
    expect(doc.scope).toBe('person');
    expect(doc.subject).toBe('Mila Wisser');
    expect(doc.sections.map((x) => x.category)).toEqual(Object.keys(PERSONAL_DATA_CATEGORIES));
    expect(text(doc, 'occupants')).toContain('Mila.Wisser@example.nl');
    expect(text(doc, 'occupants')).not.toContain('Henk');
    expect(text(doc, 'occupants')).not.toContain('password_hash');
    expect(text(doc, 'address')).toContain('Wisserstraat');
    expect(text(doc, 'sessions')).toContain('password-reset');
    expect(section(doc, 'sessions').count).toBe(2);
    expect(text(doc, 'chat')).toContain('Chat-van-Mila');
    expect(text(doc, 'chat')).toContain('Notitie-over-Wisser');
    expect(text(doc, 'consent')).toContain('10.9.8.7');
    expect(text(doc, 'form-entries')).toContain('Antwoord-van-Mila');
    expect(text(doc, 'form-entries')).toContain('data:image/png;base64,SIG');
    expect(text(doc, 'surveys')).toContain('Enquete-antwoord-Mila');
    expect(text(doc, 'appointments')).toContain('Schouw W');
    expect(text(doc, 'appointments')).toContain('mila.wisser@example.nl');
    expect(text(doc, 'dossier')).toContain('Dossier-Wisser');
    expect(text(doc, 'documents')).toContain('Document-Wisser');
    expect(text(doc, 'reads')).toContain('424242');
    expect(text(doc, 'work-order')).toContain('9191');
    expect(section(doc, 'complaints').note).toBeTruthy();
    expect(text(doc, 'payments')).toContain('Betaling-Wisser');
    expect(text(doc, 'consent')).toContain('Scribble');
    expect(text(doc, 'consent')).toContain('letter');
    expect(text(doc, 'mail')).toContain('Mail-aan-Mila');
    expect(text(doc, 'sms')).toContain('Sms-aan-Mila');
    expect(text(doc, 'notifications')).toContain('Push-van-Mila');
    expect(text(doc, 'notifications')).toContain('Melding-aan-Mila');
    expect(text(doc, 'notifications')).toMatch(/"email":"off"/);
    expect(text(doc, 'audit')).toContain('Audit-over-Mila');
    expect(text(doc, 'exports')).toContain('Mila Wisser');
    // Tokens and password hashes never leave the portal.
    expect(JSON.stringify(doc)).not.toMatch(/seed-session|seed-ticket|seed-letter/);
    expect(names).toEqual(expect.arrayContaining([
      `bestanden/formulieren/${s.entries.generic}/foto-${s.files.formPhoto.id}-keuken.png`,
      `bestanden/formulieren/${s.entries.generic}/samenvatting-${s.entries.generic}.pdf`,
      `bestanden/enquetes/foto-${s.files.surveyPhoto.id}-gevel.png`,
      expect.stringMatching(/^bestanden\/dossier\/\d+-opname-wisser\.pdf$/),
      expect.stringMatching(/^bestanden\/documenten\/\d+-brief-wisser\.pdf$/),
      expect.stringMatching(/^bestanden\/instemming\/\d+-ondertekend\.pdf$/),
      'bestanden/instemming/handtekening-ls-wisser.png',
    ]));

    // Jan (another address of the customer) through this address's URL: not found.
    const jan = t.ids.occupants.jan;
    expect((await http.post(`${base()}/personal-data/exports`, tokens.admin, { occupant_id: jan })).statusCode).toBe(404);
    expect((await http.get(`${base()}/occupants/${jan}/erasure`, tokens.admin)).statusCode).toBe(404);
    expect((await http.post(`${base()}/occupants/${jan}/erasure`, tokens.admin, { reason: 'test' })).statusCode).toBe(404);
    // Another customer's administrator: not found either.
    expect((await http.post(`${base()}/personal-data/exports`, tokens.otherAdmin, { occupant_id: s.mila })).statusCode).toBe(404);

    const [audit] = await t.query<{ after: { scope: string } }>(`SELECT after FROM audit_log WHERE action = 'personal-data-export' AND entity = 'occupant' AND entity_id = $1`, [String(s.mila)]);
    expect(audit?.after.scope).toBe('person');
    expect(await t.query(`SELECT 1 FROM audit_log WHERE action = 'personal-data-export-download'`)).not.toHaveLength(0);
  });

  it("erasing the holder of a household that stays makes a member the holder (one with an account first); the preview changes nothing", async () => {
    const plan = (await http.get(`${base()}/occupants/${s.henk}/erasure`, tokens.admin)).json<TErasurePlan>();
    expect(plan.refusal).toBeNull();
    expect(plan.whole_household).toBe(false);
    expect(plan.new_holder).toEqual({ id: s.mila, name: 'Mila Wisser', needs_activation: true });
    expect(await t.query('SELECT id, is_main FROM occupants WHERE address_id = $1 ORDER BY id', [s.addressId])).toEqual([{ id: s.henk, is_main: true }, { id: s.mila, is_main: false }]);
    expect((await http.post(`${base()}/occupants/${s.mila}/erasure`, tokens.admin, { reason: '' })).statusCode).toBe(422);

    // Another household: the holder goes, the member with an account takes over, the address stays activated.
    const { customers } = t.ids;
    const { id: addressId } = await one<{ id: number }>(`INSERT INTO addresses (customer_id, zipcode, house_number, street, city, activated_at)
      VALUES ($1, '9999ZZ', '3', 'Wisserstraat', 'Testdorp', now()) RETURNING id`, [customers.woonstad]);
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [addressId, s.projectId]);
    const [holder, noAccount, withAccount] = await t.query<{ id: number }>(`INSERT INTO occupants (address_id, first_name, last_name, is_main, password_hash)
      VALUES ($1, 'Piet', 'Oud', true, 'x'), ($1, 'Sara', 'Oud', false, NULL), ($1, 'Tom', 'Oud', false, 'y') RETURNING id`, [addressId]);
    const url = `/api/staff/projects/${s.projectId}/addresses/${addressId}/occupants/${holder!.id}/erasure`;
    const erased = await http.post(url, tokens.admin, { reason: 'Verhuisd' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<TErasurePlan>().new_holder).toEqual({ id: withAccount!.id, name: 'Tom Oud', needs_activation: false });
    expect(await t.query('SELECT id, is_main FROM occupants WHERE address_id = $1 ORDER BY id', [addressId])).toEqual([
      { id: noAccount!.id, is_main: false }, { id: withAccount!.id, is_main: true },
    ]);
    expect((await t.query<{ activated: boolean }>('SELECT activated_at IS NOT NULL AS activated FROM addresses WHERE id = $1', [addressId]))[0]!.activated).toBe(true);
    const [entry] = await t.query<{ after: Record<string, unknown> }>(`SELECT after FROM audit_log WHERE action = 'personal-data-erase' AND entity_id = $1`, [String(addressId)]);
    expect(entry?.after).toMatchObject({ occupant_id: holder!.id, new_holder_id: withAccount!.id, whole_household: false });
  });

  it("erases a member: her own records go, her name leaves the household's, the preview changes nothing, the audit holds counts only", async () => {
    // Mila is logged in (her session is in the server's memory once used): after the erasure it is refused at once.
    const milaToken = await t.services.sessions.issue({ role: 'occupant', face: 'resident', userId: null, occupantId: s.mila, addressId: s.addressId, customerId: t.ids.customers.woonstad });
    expect((await t.app.inject({ method: 'GET', url: '/api/occupant/occupants', headers: bearer(milaToken) })).statusCode).toBe(200);
    const preview = await http.get(`${base()}/occupants/${s.mila}/erasure`, tokens.admin);
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json<TErasurePlan>();
    expect(plan.whole_household).toBe(false);
    expect(await t.query('SELECT 1 FROM occupants WHERE id = $1', [s.mila])).toHaveLength(1);
    const erased = await http.post(`${base()}/occupants/${s.mila}/erasure`, tokens.admin, { reason: 'Verzoek van bewoner' });
    expect(erased.statusCode, erased.body).toBe(200);
    const result = erased.json<TErasurePlan>();
    expect(result.lines).toEqual(plan.lines);
    const outcome = (c: TPersonalDataCategory) => result.lines.filter((l) => l.category === c).map((l) => [l.outcome, l.count]);
    expect(outcome('occupants')).toEqual([['removed', 1]]);
    expect(outcome('sessions')).toEqual([['removed', 3]]);
    expect(outcome('mail')).toEqual([['removed', 1]]);
    expect(outcome('sms')).toEqual([['removed', 1]]);
    expect(outcome('notifications')).toEqual([['removed', 3]]);
    expect(outcome('chat')).toEqual([['anonymised', 1]]);
    expect(result.lines.find((l) => l.category === 'payments')?.reason).toBe(personalDataTexts.holds.payments);

    expect((await t.app.inject({ method: 'GET', url: '/api/occupant/occupants', headers: bearer(milaToken) })).statusCode).toBe(401);
    const { doc } = await exportOf(null);
    expect(text(doc, 'occupants')).not.toContain('Mila');
    expect(text(doc, 'occupants')).toContain('Henk');
    expect(text(doc, 'sessions')).not.toContain('password-reset');
    expect(text(doc, 'chat')).not.toContain('Mila Wisser');
    expect(text(doc, 'chat')).toContain('Verwijderde bewoner');
    expect(text(doc, 'appointments')).not.toContain('mila.wisser');
    expect(section(doc, 'mail').count).toBe(0);
    expect(section(doc, 'sms').count).toBe(0);
    expect(section(doc, 'notifications').count).toBe(0);
    expect(text(doc, 'audit')).not.toContain('Audit-over-Mila');
    // The household's records stay with it.
    expect(text(doc, 'form-entries')).toContain('Antwoord-van-Mila');

    const [entry] = await t.query<{ after: Record<string, unknown> }>(`SELECT after FROM audit_log WHERE action = 'personal-data-erase' AND entity_id = $1 AND after->>'occupant_id' = $2`, [String(s.addressId), String(s.mila)]);
    expect(entry?.after).toMatchObject({ whole_household: false, reason: 'Verzoek van bewoner' });
    expect(JSON.stringify(entry?.after)).not.toMatch(/Mila|Wisser|mila\.wisser/);
    expect((entry?.after.lines as unknown[]).length).toBe(result.lines.length);
  });

  it('erases the last occupant (a former tenant): the household goes except what the holds keep; files leave storage', async () => {
    const erased = await http.post(`${base()}/occupants/${s.henk}/erasure`, tokens.admin, { reason: 'Huur beëindigd' });
    expect(erased.statusCode, erased.body).toBe(200);
    const result = erased.json<TErasurePlan>();
    expect(result.whole_household).toBe(true);
    const kept = result.lines.filter((l) => l.outcome === 'kept');
    expect(kept.map((l) => [l.category, l.reason])).toEqual(expect.arrayContaining([
      ['address', personalDataTexts.holds.address], ['payments', personalDataTexts.holds.payments], ['consent', personalDataTexts.holds.consent],
    ]));

    const { doc, names } = await exportOf(null);
    for (const category of ['occupants', 'sessions', 'chat', 'surveys', 'appointments', 'dossier', 'documents', 'reads', 'mail', 'sms'] as const) {
      expect(section(doc, category).count, category).toBe(0);
    }
    // Only the entries under a hold are left: the paid choice (fiscal) and the signed consent (court period).
    const left = section(doc, 'form-entries').records.map((r) => r.id).sort();
    expect(left).toEqual([s.entries.choice, s.entries.consent].sort());
    expect(text(doc, 'payments')).toContain('Betaling-Wisser');
    expect(text(doc, 'consent')).toContain('Scribble');
    expect(text(doc, 'form-entries')).not.toContain('Antwoord-van-Mila');
    expect(names.some((n) => n.includes('keuken.png') || n.includes('gevel.png') || n.includes('opname-wisser'))).toBe(false);
    expect(names.some((n) => n.endsWith('-ondertekend.pdf'))).toBe(true);

    expect(await t.query(`SELECT 1 FROM signing_local_transactions WHERE id = 'lt-wisser'`)).toHaveLength(0);
    expect(await t.query(`SELECT 1 FROM signing_requests WHERE provider_transaction_id = 'tx-wisser'`)).toHaveLength(1);
    for (const f of [s.files.formPhoto, s.files.summary, s.files.surveyPhoto, s.files.dossier, s.files.document, s.files.drawing, s.files.localDoc]) {
      expect(await t.query('SELECT 1 FROM files WHERE id = $1', [f.id])).toHaveLength(0);
      expect(await t.services.files.storage.get(f.key)).toBeNull();
    }
    expect(await t.services.files.storage.get(s.files.signed.key)).not.toBeNull();
    // The slot's place is given back; the address has no account any more.
    expect(await t.query(`SELECT taken FROM appointment_slots s JOIN appointment_plannings p ON p.id = s.planning_id WHERE p.subject = 'Schouw W'`)).toEqual([{ taken: 0 }]);
    expect(await t.query('SELECT activated_at FROM addresses WHERE id = $1', [s.addressId])).toEqual([{ activated_at: null }]);
  });
});

describe('a resident asks for their own export (issue 20)', () => {
  it('mails a link that opens a page with the PDF and the ZIP; once a day; an expired link answers a Dutch page', async () => {
    const token = await occupantToken(t.app, '10');
    const asked = await t.app.inject({ method: 'POST', url: '/api/occupant/personal-data/export', headers: bearer(token) });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<{ message: string }>().message).toBe(personalDataTexts.exportAsked);
    const again = await t.app.inject({ method: 'POST', url: '/api/occupant/personal-data/export', headers: bearer(token) });
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toBe(personalDataTexts.tooMany);
    await runJobs(t, { prefix: 'personal-data' });
    const [mail] = await t.query<{ text: string; subject: string }>(`SELECT subject, text FROM mail_outbox WHERE "to" = 'jan.devries@example.nl' AND subject = $1`, [personalDataTexts.mailSubject]);
    const link = /https?:\/\/\S+\/api(\/personal-data\/download\/[\w-]{40,})/.exec(mail!.text);
    expect(link).not.toBeNull();
    const page = await t.app.inject({ method: 'GET', url: `/api${link![1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(personalDataTexts.pdfLink);
    const pdf = await t.app.inject({ method: 'GET', url: `/api${link![1]}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zip = await JSZip.loadAsync((await t.app.inject({ method: 'GET', url: `/api${link![1]}/zip` })).rawPayload);
    const doc = JSON.parse(await zip.file('gegevens.json')!.async('string')) as PersonalDataDocument;
    expect(doc.subject).toBe('Jan de Vries');
    expect(text(doc, 'occupants')).toContain('jan.devries@example.nl');
    expect(text(doc, 'occupants')).not.toContain('anna.devries');

    const wrong = await t.app.inject({ method: 'GET', url: `/api${link![1]!.slice(0, -3)}abc` });
    expect(wrong.statusCode).toBe(410);
    await t.query(`UPDATE personal_data_exports SET expires_at = now() - interval '1 minute' WHERE occupant_id = $1`, [t.ids.occupants.jan]);
    const expired = await t.app.inject({ method: 'GET', url: `/api${link![1]}/pdf`, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(expired.statusCode).toBe(410);
    // Not a browser: the same message as our JSON error.
    const asJson = await t.app.inject({ method: 'GET', url: `/api${link![1]}/pdf` });
    expect([asJson.statusCode, asJson.json()]).toEqual([410, { message: personalDataTexts.linkExpired }]);
    expect(expired.body).toContain(personalDataTexts.linkExpired);
    expect(expired.headers['content-type']).toContain('text/html');
  });
  it("holds consent evidence for the court period plus the retention policy's margin (the project's rule before the customer's)", async () => {
    const [entry] = await t.query<{ form_id: number; address_id: number; project_id: number }>('SELECT form_id, address_id, project_id FROM form_entries WHERE id = $1', [s.entries.consent]);
    const { form_id: formId, address_id: addressId, project_id: projectId } = entry!;
    await t.query('UPDATE forms SET archived_at = now() WHERE id = $1', [formId]);
    await t.query('DELETE FROM consent_notices WHERE form_id = $1', [formId]);
    // The notice went out 100 days ago: 56 days of court period plus the default margin (6 months) is not over yet.
    await t.query(`INSERT INTO consent_notices (form_id, address_id, building_unit, sent_on) VALUES ($1, $2, 'A', current_date - 100)`, [formId, addressId]);
    const held = () => consentHeldEntries(t.db, addressId);
    expect(await held()).toContain(s.entries.consent);
    // The customer's margin of 1 month: 56 + ~30 days < 100, the evidence may go.
    await t.query(`INSERT INTO retention_rules (customer_id, category, months, basis, action) VALUES ($1, 'consent_evidence', 1, 'court_period_end', 'delete')`, [t.ids.customers.woonstad]);
    expect(await held()).not.toContain(s.entries.consent);
    // The project's own rule of 2 months wins over the customer's: 56 + ~61 days > 100, held again.
    await t.query(`INSERT INTO retention_rules (customer_id, project_id, category, months, basis, action) VALUES ($1, $2, 'consent_evidence', 2, 'court_period_end', 'delete')`, [t.ids.customers.woonstad, projectId]);
    expect(await held()).toContain(s.entries.consent);
  });
});

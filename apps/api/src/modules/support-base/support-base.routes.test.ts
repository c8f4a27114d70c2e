import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentProgressText, formMessages, supportBaseMessages, ZConsentTally, ZDossierList, ZSupportBaseForm, ZSupportBaseProject,
  type TConsentTally, type TSupportBaseForm,
} from '@portal/contract';
import { deadlineIn, printLetters } from '../../../test/consent-letters.ts';
import { adminToken, bearer, consoleToken, createListeningApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs as runQueuedJobs } from '../../../test/jobs.ts';
import { consentForms, signOnLocalPage } from '../../../test/support-base.ts';
import { jobHandlers } from '../../services.ts';
import { readAll } from '../files/index.ts';
import { pdfText } from '../../../test/pdf-text.ts';

let t: TestApp;
let jan: string; // 1234AB 10, Bloemenbuurt (Blok Zuid)
let fatima: string; // 1234AB 12, Bloemenbuurt and Rivierenwijk
let partner: string;
let form: number; // 'Draagvlakmeting renovatieplan' (SMS, attachments)
let riverPlain: number; // Rivierenwijk, without SMS and attachments

beforeAll(async () => {
  t = await createListeningApp({ mail: true, worker: false });
  [jan, fatima, partner] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app)]);
  ({ form, riverPlain } = await consentForms(t));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const base = (formId: number) => `/api/occupant/support-base/form/${formId}`;
const ok = (res: { statusCode: number; body: string; json: () => unknown }): TSupportBaseForm => {
  expect(res.statusCode, res.body).toBe(200);
  return ZSupportBaseForm.parse(res.json());
};

const runJobs = (options?: Parameters<typeof runQueuedJobs>[1]) => runQueuedJobs(t, options);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The browser the signer signs with, as the evidence records it. */
const SIGNER_BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

/** Signs at the local sign page with the SMS code from the outbox, as the signer would. */
const signWithSms = (url: string, mobile: string) => signOnLocalPage(t, url, mobile, { userAgent: SIGNER_BROWSER });

async function tally(projectId: number, query = ''): Promise<TConsentTally> {
  const res = await get(`/api/partner/project/${projectId}/support-base/tally?language=nl${query}`, partner);
  expect(res.statusCode, res.body).toBe(200);
  return ZConsentTally.parse(res.json());
}

describe('the consent tally of the demo', () => {
  it('counts per building unit, both ways, and knows when 70% was reached', async () => {
    const result = await tally(t.ids.projects.bloemenbuurt);
    expect(result.form_id).toBe(form);
    expect(result.counts_vacant).toBe(true);
    const noord = result.units.find((u) => u.building_unit === 'Blok Noord')!;
    // Two confirmed paper forms count; one waits for a second staff member and does not.
    expect(noord).toMatchObject({ total: 20, vacant: 1, agreed: 15, disagreed: 1, on_paper: 2, paper_pending: 1, answering: 1, not_started: 1, signed: 14, reached: true, rule_applies: true });
    expect(noord.percentage).toBe(75);
    expect(noord.percentage_without_vacant).toBe(78.9);
    expect(noord.reached_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const zuid = result.units.find((u) => u.building_unit === 'Blok Zuid')!;
    expect(zuid).toMatchObject({ total: 13, vacant: 1, agreed: 4, disagreed: 3, reached: false, reached_at: null });
    expect(result.total).toMatchObject({ total: 33, agreed: 19 });
    expect(result.addresses.total).toBe(33);
    expect(result.addresses.items).toHaveLength(25);
    expect((await tally(t.ids.projects.bloemenbuurt, '&page=2')).addresses.items).toHaveLength(8);
    const statuses = new Set((await tally(t.ids.projects.bloemenbuurt, '&building_unit=Blok%20Zuid')).addresses.items.map((a) => a.status));
    expect([...statuses].sort()).toEqual(['agreed', 'answering', 'disagreed', 'not_started']);
  });

  it('lets the project setting choose the leading percentage (Rivierenwijk leaves vacant homes out)', async () => {
    const result = await tally(t.ids.projects.rivierenwijk);
    expect(result.counts_vacant).toBe(false);
    expect(result.forms.map((f) => f.name)).toEqual(['Instemming verduurzaming Rivierenwijk', 'Instemming zonnepanelen op het dak']);
    const maas = result.units.find((u) => u.building_unit === 'Portiek Maasstraat')!;
    expect(maas).toMatchObject({ total: 11, vacant: 1, agreed: 8, reached: true });
    expect(maas.percentage).toBe(80);
    expect(maas.percentage_with_vacant).toBe(72.7);
    const other = await tally(t.ids.projects.rivierenwijk, `&form_id=${riverPlain}`);
    expect(other.total).toMatchObject({ agreed: 1, answering: 1 });
  });

  it('is for staff of the project only', async () => {
    // A resident's session is of another face: 401 (the guard, plugins/access.ts).
    expect((await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/support-base/tally?language=nl`, jan)).statusCode).toBe(401);
    expect((await get(`/api/partner/project/${t.ids.projects.bloemenbuurt}/support-base/tally?language=nl`)).statusCode).toBe(401);
  });

  it("makes the resident dashboard's progress text from the tally", async () => {
    const res = await get('/api/occupant/project?language=nl', jan);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ support_base_progress: string }>().support_base_progress).toBe(consentProgressText(19, 33));
    expect(consentProgressText(87, 120)).toBe('87 van de 120 adressen (73%) hebben ingestemd');
  });
});

describe('a resident through the whole form (SMS verification)', () => {
  let doc: string;

  it('gives the form with its attachments and steps', async () => {
    const f = ok(await get(`${base(form)}?language=nl`, jan));
    expect(f).toMatchObject({ status: '', completed: false, editable: true, document_checked: false, document_url: null, use_sms_auth: true, signed: false, version: 0 });
    expect(f.form.map((s) => s.label)).toEqual(['Akkoordverklaring', 'Uw gegevens']);
    expect(f.form[0]).toMatchObject({ nr_of_required_fields: 1, nr_of_required_fields_filled_in: 0 }); // the agreement input is always required
    expect(f.attachments.map((a) => a.name)).toEqual(['Renovatieplan Bloemenbuurt', 'Huur en vergoedingen']);
    const attachment = await get(f.attachments[0]!.file_url);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-type']).toBe('application/pdf');
    // an attachment is read in the browser (a new tab), as its link says
    expect(attachment.headers['content-disposition']).toMatch(/^inline;/);
    expect(ZSupportBaseProject.parse((await get(`${base(form)}/project?language=nl`, jan)).json())).toMatchObject({ name: 'Renovatie Bloemenbuurt', address: 'Tulpstraat 10, 1234 AB Utrecht' });
    expect((await get(`${base(form)}/occupants?language=nl`, jan)).json()).toEqual([{ id: t.ids.occupants.jan, full_name: 'Jan de Vries' }, { id: t.ids.occupants.anna, full_name: 'Anna de Vries' }]);
  });

  it("refuses invalid sections with 'Controleer de formulier velden' per field", async () => {
    const res = await post(`${base(form)}/section/0`, { values: { instemming: 'misschien' } }, jan);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Controleer de formulier velden', errors: [{ field: 'values.instemming' }] });
    const missing = await post(`${base(form)}/section/1`, { values: { bewoners: 99 } }, jan);
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field).sort()).toEqual(['values.bewoners', 'values.naam']);
  });

  it('saves the sections; the steps after them wait for the document to be opened', async () => {
    // The first save starts from version 0 (no entry yet); a later save over a newer version is refused.
    const first = ok(await post(`${base(form)}/section/0`, { values: { instemming: 'agree', opmerking: 'Graag in het voorjaar.' }, version: 0 }, jan));
    expect(first.version).toBeGreaterThan(0);
    expect((await post(`${base(form)}/section/0`, { values: { instemming: 'agree' }, version: 0 }, jan)).statusCode).toBe(409);
    expect((await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Jan de Vries'] }, jan)).json()).toMatchObject({ message: supportBaseMessages.signFirst });
    const f = ok(await post(`${base(form)}/section/1`, { values: { naam: 'Jan de Vries', bewoners: 2 } }, jan));
    expect(f).toMatchObject({ completed: true, status: 'open', document_checked: false });
    expect(f.document_url).toMatch(/^\/api\/occupant\/support-base\/form\/\d+\/download\?token=\d+\.\d+\./);
    doc = f.document_url!;
    expect(doc).not.toContain(jan);
    const early = await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Jan de Vries'] }, jan);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: supportBaseMessages.documentNotChecked });
  });

  it('serves the document as a PDF of the answers through a signed link; a bad or expired token is refused', async () => {
    // A changed character of the signature (not the last: base64url's spare bits there may decode the same).
    const tampered = doc.replace(/.(.{5})$/, (_, rest: string) => `${doc.at(-6) === 'A' ? 'B' : 'A'}${rest}`);
    expect((await get(tampered)).statusCode).toBe(401);
    expect((await get(doc.replace(/token=[^&]+/, `token=${jan}`))).statusCode).toBe(401); // never the session token
    const [session, exp] = /token=(\d+)\.(\d+)\./.exec(doc)!.slice(1);
    const expired = await t.services.files.links.sign({ fileId: (await t.query<{ summary_file_id: number }>('SELECT summary_file_id FROM form_entries WHERE form_id = $1 AND address_id = $2', [form, t.ids.addresses.a10]))[0]!.summary_file_id, sessionId: Number(session), expiresAt: new Date(Date.now() - 1000) });
    expect(Number(exp)).toBeGreaterThan(Date.now() / 1000);
    expect((await get(`${base(form)}/download?token=${encodeURIComponent(expired)}`)).statusCode).toBe(401);
    expect(ok(await get(`${base(form)}?language=nl`, jan)).document_checked).toBe(false);

    const pdf = await get(doc);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Draagvlakmeting renovatieplan');
    expect(text).toContain('Tulpstraat 10, 1234 AB Utrecht');
    expect(text).toContain('Ja, ik stem in');
    expect(text).toContain('Jan de Vries');
    // The customer's logo heads the document (the form holds no photo or drawn signature: its one image).
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(ok(await get(`${base(form)}?language=nl`, jan)).document_checked).toBe(true);
  });

  it('checks the number of signatures, asks every signer\'s name (422 naming the signer), and the mobile numbers', async () => {
    const zero = await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 0 }, jan);
    expect(zero.statusCode).toBe(422);
    expect(zero.json()).toMatchObject({ message: 'Het aantal handtekeningen moet groter of gelijk zijn aan 1' });
    // At most the form's max_signers (4 unless staff set another number).
    const five = await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 5, names: ['A', 'B', 'C', 'D', 'E'] }, jan);
    expect(five.statusCode).toBe(422);
    expect(five.json()).toEqual({ message: formMessages.maxSigners(4), errors: [{ field: 'nr_of_signatures', message: formMessages.maxSigners(4) }] });
    const nameless = await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 2 }, jan);
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json()).toEqual({
      message: 'Vul de naam van ondertekenaar 1 in',
      errors: [{ field: 'names.0', message: 'Vul de naam van ondertekenaar 1 in' }, { field: 'names.1', message: 'Vul de naam van ondertekenaar 2 in' }],
    });
    const one = await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 2, names: ['Jan de Vries', '   '] }, jan);
    expect(one.statusCode).toBe(422);
    expect(one.json()).toEqual({ message: 'Vul de naam van ondertekenaar 2 in', errors: [{ field: 'names.1', message: 'Vul de naam van ondertekenaar 2 in' }] });
    const f = ok(await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 2, names: [' Jan de Vries ', 'Anna de Vries'] }, jan));
    expect(f).toMatchObject({ nr_of_signatures: 2, mobile: { 1: null, 2: null } });
    expect(f.signers).toEqual([{ nr: 1, name: 'Jan de Vries', mobile: null, signed: false }, { nr: 2, name: 'Anna de Vries', mobile: null, signed: false }]);
    // The spec's message, then what is wrong with what was typed.
    for (const [bad, detail] of [
      ['061234567', 'U vulde 9 cijfers in; een mobiel nummer heeft er 10.'], ['0512345678', 'Een mobiel nummer begint met 06.'],
      ['+3161234567', 'U vulde 9 cijfers in; een mobiel nummer heeft er 10.'], ['06123456789', 'U vulde 11 cijfers in; een mobiel nummer heeft er 10.'],
      ['06-1234567', 'U vulde 9 cijfers in; een mobiel nummer heeft er 10.'], ['06 1234 567a', 'Gebruik alleen cijfers, spaties en streepjes, met eventueel +31 vooraan.'],
    ] as const) {
      const res = await post(`${base(form)}/mobile-number/2`, { mobile: bad }, jan);
      expect(res.statusCode, bad).toBe(422);
      const message = `Er is geen geldig mobiel nummer 2 ingevuld, bijvoorbeeld: 0612345678. ${detail}`;
      expect(res.json(), bad).toEqual({ message, errors: [{ field: 'mobile', message }] });
    }
    expect((await post(`${base(form)}/mobile-number/3`, { mobile: '0612345678' }, jan)).statusCode).toBe(404);
    // The address's household knows Jan's number: the code goes only there, not to a number typed in.
    const typed = await post(`${base(form)}/mobile-number/1`, { mobile: '0687654321' }, jan);
    expect(typed.statusCode).toBe(422);
    expect(typed.json()).toEqual({ message: formMessages.mobileNotKnown(['06****5678']), errors: [{ field: 'mobile', message: formMessages.mobileNotKnown(['06****5678']) }] });
    // Written as people write it (spaces, dashes, +31 or 0031): accepted and kept as 0612345678.
    for (const written of ['06 1234 5678', '+31 6-1234-5678', '0031612345678', '+31612345678']) {
      expect(ok(await post(`${base(form)}/mobile-number/1`, { mobile: written }, jan)).mobile, written).toEqual({ 1: '0612345678', 2: null });
    }
    // Signing waits for every signer's number.
    const early = await get(`${base(form)}/signage/url/1?language=nl`, jan);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: supportBaseMessages.mobileMissing });
    ok(await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Jan de Vries'] }, jan));
    expect(ok(await get(`${base(form)}?language=nl`, jan)).mobile).toEqual({ 1: '0612345678' });
    // An entry whose signers were set before names were asked cannot be signed until they are named.
    await t.query("UPDATE form_entries SET signatures = jsonb_set(signatures, '{1,who}', 'null') WHERE form_id = $1 AND address_id = $2", [form, t.ids.addresses.a10]);
    const unnamed = await get(`${base(form)}/signage/url/1?language=nl`, jan);
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json()).toMatchObject({ message: supportBaseMessages.namesMissing });
    ok(await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Jan de Vries'] }, jan));
  });

  it('requests signing with SMS verification; the form is read-only from then on', async () => {
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_requests');
    const res = await get(`${base(form)}/signage/url/1?language=nl`, jan);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    const [request] = await t.query<{ verification: string; mobile: string; phone_source: string }>(
      "SELECT r.verification, s.mobile, s.phone_source FROM signing_requests r JOIN signing_signers s ON s.request_id = r.id WHERE r.subject_kind = 'support-base' ORDER BY r.id DESC LIMIT 1");
    // the evidence can say where the number came from: the address's own data
    expect(request).toEqual({ verification: 'sms', mobile: '0612345678', phone_source: 'known' });
    expect((await t.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_requests'))[0]!.n).toBe(before[0]!.n + 1);
    // The same link again, no second request.
    expect((await get(`${base(form)}/signage/url/1?language=nl`, jan)).json()).toEqual({ url });

    const f = ok(await get(`${base(form)}?language=nl`, jan));
    expect(f).toMatchObject({ sign_requested: true, editable: false, signed: false });
    const save = await post(`${base(form)}/section/0`, { values: { instemming: 'disagree' } }, jan);
    expect(save.statusCode).toBe(409);
    expect((await post(`${base(form)}/nr-of-signatures`, { nr_of_signatures: 2, names: ['Jan de Vries', 'Anna de Vries'] }, jan)).statusCode).toBe(409);
    expect((await post(`${base(form)}/mobile-number/1`, { mobile: '0622222222' }, jan)).statusCode).toBe(409);
    expect(await (await get(`${base(form)}/is-signed/1?language=nl`, jan)).json()).toBe(false);
    const early = await post(`${base(form)}/send`, { email_address: 'jan@example.nl', comment: '' }, jan);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'Het formulier is nog niet ondertekend bij ons ontvangen...' });

    // Even if the stored answer changed behind the portal's back, the signed document's answer counts.
    await t.query("UPDATE form_entries SET values = values || '{\"instemming\": \"disagree\"}'::jsonb WHERE form_id = $1 AND address_id = $2", [form, t.ids.addresses.a10]);
    const agreedBefore = (await tally(t.ids.projects.bloemenbuurt)).total!.agreed;
    await runJobs();
    await signWithSms(url, '0612345678');
    // The provider confirmed it signed; the signed document is not fetched yet (that job is held back).
    expect(await runJobs({ skip: ['signing-documents'] })).toEqual(['signing-local-postback', 'signing-progress', 'signing-documents']);
    expect(await (await get(`${base(form)}/is-signed/1?language=nl`, jan)).json()).toBe(true);
    const signed = ok(await get(`${base(form)}?language=nl`, jan));
    expect(signed).toMatchObject({ status: 'signed', signed: true, agreement: 'agree', signed_status: 'signed', editable: false });
    expect(signed.agreement_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    // Not counted until the signed document is kept: the address shows as signed.
    const waiting = await tally(t.ids.projects.bloemenbuurt, '&building_unit=Blok%20Zuid&page=1');
    expect(waiting.total!.agreed).toBe(agreedBefore);
    expect(waiting.addresses.items.find((a) => a.address_id === t.ids.addresses.a10)!.status).toBe('signed');
    const [held] = await t.query<{ id: number }>("SELECT r.id FROM signing_requests r JOIN form_entries e ON e.id = r.entry_id WHERE r.subject_kind = 'support-base' AND e.form_id = $1 AND e.address_id = $2", [form, t.ids.addresses.a10]);
    await jobHandlers(t.services)['signing-documents']({ requestId: held!.id });
    const after = await tally(t.ids.projects.bloemenbuurt);
    expect(after.total!.agreed).toBe(agreedBefore + 1);
    expect(after.units.find((u) => u.building_unit === 'Blok Zuid')!.agreed).toBe(5);
    expect((await get('/api/occupant/project?language=nl', jan)).json<{ support_base_progress: string }>().support_base_progress).toBe(consentProgressText(agreedBefore + 1, 33));
  });

  it('keeps the signed document and the receipt in the address\'s dossier, naming the signer and how they were verified', async () => {
    const dossier = ZDossierList.parse((await get(`/api/occupant/dossier?project_id=${t.ids.projects.bloemenbuurt}`, jan)).json());
    const items = dossier.filter((d) => d.type === 'Ondertekening');
    expect(items.map((d) => d.name).sort()).toEqual(['Draagvlakmeting renovatieplan (ondertekend)', 'Ontvangstbewijs Draagvlakmeting renovatieplan']);
    const download = async (name: string) => {
      const res = await get(items.find((d) => d.name === name)!.download_url);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const signedPdf = await download('Draagvlakmeting renovatieplan (ondertekend)');
    const receiptPdf = await download('Ontvangstbewijs Draagvlakmeting renovatieplan');
    const [entry] = await t.query<{ id: number }>('SELECT id FROM form_entries WHERE form_id = $1 AND address_id = $2', [form, t.ids.addresses.a10]);
    const proof = (await t.services.signing.proof({ kind: 'support-base', entryId: entry!.id }))!;
    const sent = (await readAll(t.services.files.storage, proof.document.key))!;
    const signedText = pdfText(signedPdf);
    const signedLength = Number(/de eerste (\d+) bytes/.exec(signedText)![1]);
    const before = sha256(sent);
    const after = sha256(signedPdf.subarray(0, signedLength));
    for (const text of [signedText, pdfText(receiptPdf)]) {
      expect(text).toContain('Ondertekenaar 1: Jan de Vries');
      expect(text).not.toMatch(/Ondertekenaar 1$/m);
      expect(text).toContain('Sms-code naar 06****5678, daarna een getekende handtekening');
      for (const label of ['Verzoek verstuurd', 'Geopend', 'Sms-code verstuurd', 'Code bevestigd', 'Ondertekend']) expect(text).toMatch(new RegExp(`^${label}\\n\\d{2}-\\d{2}-\\d{4} om \\d{2}:\\d{2}:\\d{2}$`, 'm'));
      expect(text).toContain('127.0.0.1');
      expect(text.replace(/\s+/g, ' ')).toContain(SIGNER_BROWSER); // a long value wraps over lines
      expect(text).toContain(before);
      expect(text).toContain(after);
      expect(text).not.toContain('0612345678');
    }
    expect(before).not.toBe(after);
    expect(pdfText(receiptPdf)).toContain(sha256(signedPdf));
  });

  it('finishes with an e-mail address and a comment: confirmed, a confirmation mail with the document', async () => {
    const bad = await post(`${base(form)}/send`, { email_address: 'jan@', comment: '' }, jan);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'email_address', message: 'Ongeldig e-mailadres' }] });
    const f = ok(await post(`${base(form)}/send`, { email_address: 'jan.devries@example.nl', comment: 'Dank u wel' }, jan));
    expect(f).toMatchObject({ status: 'confirmed', email_address: 'jan.devries@example.nl', comment: 'Dank u wel' });
    expect(await runJobs()).toContain('support-base-mail');
    const mail = await t.mail!.waitForMail((m) => m.subject === 'Bevestiging: Draagvlakmeting renovatieplan');
    expect(mail.to).toEqual(['jan.devries@example.nl']);
    expect((await post(`${base(form)}/send`, { email_address: '', comment: '' }, jan)).statusCode).toBe(409);
  });
});

describe('who may open which form', () => {
  it("refuses another address's form and forms of other projects", async () => {
    // Fatima is in Bloemenbuurt too: her own entry, not Jan's.
    const f = ok(await get(`${base(form)}?language=nl`, fatima));
    expect(f).toMatchObject({ status: '', version: 0 });
    expect((await get(`${base(riverPlain)}?language=nl`, jan)).statusCode).toBe(404); // Rivierenwijk is not Jan's project
    expect((await get(`${base(riverPlain)}?language=nl`, fatima)).statusCode).toBe(200);
    expect((await get(`${base(999999)}?language=nl`, jan)).json()).toMatchObject({ message: 'Formulier niet gevonden' });
    expect((await get(`${base(form)}?language=nl`)).statusCode).toBe(401);
    // A download link made for Jan's session does not open with another session's id.
    const [entry] = await t.query<{ summary_file_id: number }>('SELECT summary_file_id FROM form_entries WHERE form_id = $1 AND address_id = $2', [form, t.ids.addresses.a10]);
    const session = (await t.query<{ id: number }>("SELECT id FROM sessions WHERE occupant_id = $1 ORDER BY id DESC LIMIT 1", [t.ids.occupants.fatima]))[0];
    if (session && entry?.summary_file_id) {
      const forged = await t.services.files.links.sign({ fileId: entry.summary_file_id, sessionId: session.id });
      expect((await get(`${base(form)}/download?token=${encodeURIComponent(forged)}`)).statusCode).toBe(401);
    }
  });

  it("opens a letter's personal link for its address only", async () => {
    // The console prints the letters: the links exist only in the PDF (consent-letters.routes.test.ts has the rest).
    const staff = await consoleToken(t, t.ids.users.admin);
    const { letters } = await printLetters(t, staff, t.ids.projects.bloemenbuurt, form, { address_ids: [t.ids.addresses.a14, t.ids.addresses.a10], deadline: deadlineIn(14) });
    const [a10, a14] = letters;
    expect([a10!.address, a14!.address]).toEqual(['Tulpstraat 10', 'Tulpstraat 14']);
    const token = a14!.token;
    const pub = a14!.apiPath;
    const f = ok(await get(`${pub}?language=nl`));
    expect(f.status).toBe('');
    expect(ZSupportBaseProject.parse((await get(`${pub}/project?language=nl`)).json()).address).toBe('Tulpstraat 14, 1234 AB Utrecht');
    expect(f.attachments[0]!.file_url).toBe(`${pub}/attachment/1`);
    expect((await get(f.attachments[0]!.file_url)).statusCode).toBe(200);
    // Another address's token in this address's place, a changed token, and this token on another form: refused.
    const moved = a10!.token;
    const changed = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await get(`/api/public/support-base/form/${form}/token/${changed}?language=nl`)).json()).toMatchObject({ message: supportBaseMessages.notFound });
    expect((await get(`/api/public/support-base/form/${riverPlain}/token/${token}?language=nl`)).statusCode).toBe(404);

    // The same calls work: save, document (its link is no session's), nr of signatures.
    ok(await post(`${pub}/section/0`, { values: { instemming: 'disagree' } }));
    const done = ok(await post(`${pub}/section/1`, { values: { naam: 'Kees Jansen' } }));
    expect(done.completed).toBe(true);
    expect((await get(done.document_url!.replace(`/token/${token}/`, `/token/${moved}/`))).statusCode).toBe(401); // the document link is not the other letter's
    expect((await get(done.document_url!)).statusCode).toBe(200);
    expect(ok(await post(`${pub}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Kees Jansen'] })).document_checked).toBe(true);
    expect((await get(`${pub}/occupants?language=nl`)).json()).toEqual([]);
    // Kees's entry is not Jan's: Jan's form is still confirmed.
    expect(ok(await get(`${base(form)}?language=nl`, jan)).status).toBe('confirmed');
  });
});

describe('the tally counts only signed documents', () => {
  it('leaves answered, unsigned agreements out (paper forms: support-base.paper.test.ts)', async () => {
    const before = (await tally(t.ids.projects.rivierenwijk, `&form_id=${riverPlain}`)).total!;
    // Fatima agrees on the form without SMS, but does not sign.
    const f = ok(await post(`${base(riverPlain)}/section/0`, { values: { instemming: 'agree' } }, fatima));
    expect(f.use_sms_auth).toBe(false);
    expect(f.attachments).toEqual([]);
    const after = (await tally(t.ids.projects.rivierenwijk, `&form_id=${riverPlain}`)).total!;
    expect(after.agreed).toBe(before.agreed);
    expect(after.answering).toBe(before.answering + 1);
  });

  it('is open to an administrator of the customer', async () => {
    const admin = await adminToken(t.app); // the administrator's partner session (the account has TOTP)
    expect((await get(`/api/partner/project/${t.ids.projects.rivierenwijk}/support-base/tally?language=nl`, admin)).statusCode).toBe(200);
  });
});

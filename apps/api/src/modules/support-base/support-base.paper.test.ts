import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessMessages, consentPaperMessages, supportBasePaths, ZConsentPaperHistory, ZConsentTally, ZSupportBaseForm,
  type TConsentAddress, type TConsentPaperHistory, type TConsentTally,
} from '@portal/contract';
import { adminToken, bearer, createListeningApp, occupantToken, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { drawnSignature } from '../../../test/signing.ts';
import { consentForms, signOnLocalPage } from '../../../test/support-base.ts';
import { auditOf, expectStatus, multipart, testPdf, testPng } from '../../../test/staff-content-b.ts';

/**
 * Paper consent (issue 15): a paper form counts only with a scan and a second staff member's
 * confirmation; a correction keeps the old record and asks a reason; recording cancels the address's
 * open signing requests; a digital signature that still finishes afterwards is flagged, not counted;
 * every action is audited.
 */
let t: TestApp;
let partner: string; // Pieter Bakker, a contractor: may record and correct, not confirm
let admin: string; // Beheerder Woonstad, the customer's administrator: may record and confirm
let woco: string; // Sanne Visser, the housing corporation's viewer: may read the paper forms only
let jan: string; // 1234AB 10, Bloemenbuurt
let fatima: string; // 1234AB 12, Bloemenbuurt and Rivierenwijk
let B: number; // Renovatie Bloemenbuurt
let R: number; // Verduurzaming Rivierenwijk
let form: number; // Bloemenbuurt's consent form (SMS)
let riverPlain: number; // Rivierenwijk, without SMS
const urlEncoded = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await createListeningApp({ worker: false });
  [partner, admin, jan, fatima] = await Promise.all([partnerToken(t.app), adminToken(t.app), occupantToken(t.app, '10'), occupantToken(t.app, '12')]);
  // The viewer logs in with a login link; its partner-portal session is made directly.
  woco = await t.services.sessions.issue({ role: 'woco', face: 'partner', userId: t.ids.users.woco, occupantId: null, addressId: null, customerId: null });
  ({ bloemenbuurt: B, rivierenwijk: R } = t.ids.projects);
  ({ form, riverPlain } = await consentForms(t));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const paperPath = (addressId: number, projectId = B, formId = form) => `/api${supportBasePaths.paper(projectId, formId, addressId)}`;
const scan = async (kind: 'pdf' | 'png' = 'pdf') => (kind === 'pdf'
  ? { filename: 'scan.pdf', data: testPdf('Ja, ik stem in'), type: 'application/pdf' }
  : { filename: 'foto.png', data: await testPng(), type: 'image/png' });

/** POST .../paper (or .../{id}/correct) as a multipart form, as the partner portal sends it. */
async function upload(path: string, fields: Record<string, string>, token: string, file?: { filename: string; data: Buffer; type: string } | null) {
  const form = multipart({ language: 'nl', ...fields }, file ? { field: 'file', ...file } : undefined);
  return t.app.inject({ method: 'POST', url: path, payload: form.body, headers: { ...bearer(token), 'content-type': form.contentType } });
}
const history = (res: { statusCode: number; body: string; json: () => unknown }, status = 200): TConsentPaperHistory => {
  expectStatus(res, status);
  return ZConsentPaperHistory.parse(res.json());
};
async function tally(projectId = B, query = ''): Promise<TConsentTally> {
  const res = await get(`/api/partner/project/${projectId}/support-base/tally?language=nl${query}`, partner);
  expectStatus(res, 200);
  return ZConsentTally.parse(res.json());
}
/** An address's row in the tally (all pages), and the project's figures. */
async function row(addressId: number, projectId = B, query = ''): Promise<TConsentAddress & { agreed: number; disagreed: number }> {
  const first = await tally(projectId, query);
  const items = [...first.addresses.items];
  for (let page = 2; page <= first.addresses.pages; page++) items.push(...(await tally(projectId, `${query}&page=${page}`)).addresses.items);
  const found = items.find((a) => a.address_id === addressId);
  if (!found) throw new Error(`address ${addressId} is not in the tally`);
  return { ...found, agreed: first.total!.agreed, disagreed: first.total!.disagreed };
}
const recordsOf = (addressId: number) =>
  t.query<{ id: number; state: string; agreement: string; superseded_at: Date | null; corrects_id: number | null; scan_file_id: number }>(
    'SELECT id, state, agreement, superseded_at, corrects_id, scan_file_id FROM consent_paper_records WHERE address_id = $1 ORDER BY id', [addressId]);

describe('recording a paper form', () => {
  it('is refused without a scan, with a file that is no PDF or image, and without an agreement', async () => {
    const a14 = t.ids.addresses.a14;
    const before = await row(a14);
    // The old call: a JSON body with only the agreement.
    const json = await post(paperPath(a14), { agreement: 'agree' }, partner);
    expectStatus(json, 422);
    expect(json.json()).toMatchObject({ message: consentPaperMessages.scanMissing, errors: [{ field: 'file', message: consentPaperMessages.scanMissing }] });
    expect((await upload(paperPath(a14), { agreement: 'agree' }, partner)).json()).toMatchObject({ message: consentPaperMessages.scanMissing });
    // A file named .pdf that is not one: checked by content.
    const fake = await upload(paperPath(a14), { agreement: 'agree' }, partner, { filename: 'scan.pdf', data: Buffer.from('<script>alert(1)</script>'), type: 'application/pdf' });
    expectStatus(fake, 422);
    expect(fake.json()).toMatchObject({ errors: [{ field: 'file', message: consentPaperMessages.scanType }] });
    const noAgreement = await upload(paperPath(a14), {}, partner, await scan());
    expectStatus(noAgreement, 422);
    expect(noAgreement.json()).toMatchObject({ errors: [{ field: 'agreement', message: consentPaperMessages.agreementMissing }] });
    // Too large: 413 with a Dutch message.
    const large = await upload(paperPath(a14), { agreement: 'agree' }, partner, { filename: 'scan.pdf', data: Buffer.concat([testPdf(), Buffer.alloc(11 * 1024 * 1024)]), type: 'application/pdf' });
    expectStatus(large, 413);
    expect(large.json()).toMatchObject({ message: consentPaperMessages.scanTooLarge(10) });
    expect(await recordsOf(a14)).toEqual([]);
    expect(await row(a14)).toMatchObject({ status: before.status, on_paper: false, paper: null, agreed: before.agreed });
  });

  it('is for staff of the project with the permission to record, on a form and an address of that project', async () => {
    const a14 = t.ids.addresses.a14;
    // A resident's session is of another face (plugins/access.ts): 401.
    expectStatus(await upload(paperPath(a14), { agreement: 'agree' }, jan, await scan()), 401);
    expectStatus(await get(paperPath(a14), jan), 401);
    // The housing corporation's viewer reads the paper forms, but records nothing.
    const seen = history(await get(paperPath(a14), woco));
    expect(seen).toMatchObject({ can_record: false, can_decide: false, records: [] });
    const refused = await upload(paperPath(a14), { agreement: 'agree' }, woco, await scan());
    expectStatus(refused, 403);
    expect(refused.json()).toMatchObject({ message: accessMessages.forbidden });
    expect(history(await get(paperPath(a14), partner))).toMatchObject({ can_record: true, can_decide: false });
    expect(history(await get(paperPath(a14), admin))).toMatchObject({ can_record: true, can_decide: true });
    // Rivierenwijk's form under Bloemenbuurt, and an address outside Rivierenwijk.
    expectStatus(await upload(paperPath(a14, B, riverPlain), { agreement: 'agree' }, partner, await scan()), 404);
    expectStatus(await upload(paperPath(t.ids.addresses.a10, R, riverPlain), { agreement: 'agree' }, partner, await scan()), 404);
    expectStatus(await get(paperPath(a14, R, riverPlain), partner), 404);
  });
});

describe('a paper form counts only once a second staff member confirmed it', () => {
  let recordId: number;

  it('waits for confirmation and does not count meanwhile', async () => {
    const a14 = t.ids.addresses.a14;
    const before = await row(a14);
    const recorded = history(await upload(paperPath(a14), { agreement: 'agree' }, partner, await scan('png')), 201);
    expect(recorded.records).toHaveLength(1);
    const [record] = recorded.records;
    recordId = record!.id;
    expect(record).toMatchObject({
      agreement: 'agree', state: 'pending', counts: false, can_confirm: false, superseded: false, corrects_id: null,
      recorded_by: { user_id: t.ids.users.partner, name: 'Pieter Bakker (Installatiebedrijf Bakker)' }, decided_by: null,
      scan: { filename: 'foto.png', mime: 'image/png' },
    });
    const pending = await row(a14);
    expect(pending).toMatchObject({ status: 'on_paper', on_paper: true, paper: 'pending', agreement_at: null, agreed: before.agreed });
    expect((await tally()).total).toMatchObject({ paper_pending: 2 }); // the demo's one and this one
  });

  it('cannot be confirmed or rejected by staff whose role may not confirm (the partner, a contractor, who recorded it)', async () => {
    for (const action of ['confirm', 'reject']) {
      const res = await post(`${paperPath(t.ids.addresses.a14)}/${recordId}/${action}`, { reason: 'Zelf afgewezen' }, partner);
      expectStatus(res, 403);
      expect(res.json()).toMatchObject({ message: accessMessages.forbidden });
    }
    expect(history(await get(paperPath(t.ids.addresses.a14), woco)).records[0]).toMatchObject({ id: recordId, can_confirm: false });
    expect((await row(t.ids.addresses.a14)).paper).toBe('pending');
  });

  it('counts once another staff member confirmed it; the scan opens for staff only', async () => {
    const a14 = t.ids.addresses.a14;
    const before = await row(a14);
    const seen = history(await get(paperPath(a14), admin));
    expect(seen.records[0]).toMatchObject({ id: recordId, can_confirm: true });
    const scanLink = seen.records[0]!.scan.url;
    const file = await get(scanLink.split('?')[0]!, admin);
    expectStatus(file, 200);
    expect(file.headers['content-type']).toBe('image/png');
    expectStatus(await get(scanLink.split('?')[0]!, jan), 404);

    const confirmed = history(await post(`${paperPath(a14)}/${recordId}/confirm`, {}, admin));
    expect(confirmed.records[0]).toMatchObject({ state: 'confirmed', counts: true, can_confirm: false, decided_by: { user_id: t.ids.users.admin, name: 'Beheerder Woonstad' } });
    const after = await row(a14);
    expect(after).toMatchObject({ status: 'agreed', on_paper: true, paper: 'confirmed', agreed: before.agreed + 1 });
    expect(after.agreement_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const again = await post(`${paperPath(a14)}/${recordId}/confirm`, {}, admin);
    expectStatus(again, 409);
    expect(again.json()).toMatchObject({ message: consentPaperMessages.notPending });
  });
});

describe('changing a paper result', () => {
  it('needs a correction with a reason, confirmed by someone else; the old record stays', async () => {
    const a14 = t.ids.addresses.a14;
    const [first] = await recordsOf(a14);
    // Recording again over a confirmed paper form is no way to flip it.
    const over = await upload(paperPath(a14), { agreement: 'disagree' }, admin, await scan());
    expectStatus(over, 409);
    expect(over.json()).toMatchObject({ message: consentPaperMessages.alreadyRecorded });
    const noReason = await upload(`${paperPath(a14)}/${first!.id}/correct`, { agreement: 'disagree', reason: '  ' }, partner);
    expectStatus(noReason, 422);
    expect(noReason.json()).toMatchObject({ errors: [{ field: 'reason', message: consentPaperMessages.reasonMissing }] });
    expectStatus(await upload(`${paperPath(a14)}/${first!.id}/correct`, { agreement: 'disagree', reason: 'Verkeerd aangeklikt' }, woco), 403);

    const before = await row(a14);
    const corrected = history(await upload(`${paperPath(a14)}/${first!.id}/correct`, { agreement: 'disagree', reason: 'Verkeerd aangeklikt' }, partner), 201);
    expect(corrected.records.map((r) => [r.agreement, r.state, r.counts])).toEqual([['disagree', 'pending', false], ['agree', 'confirmed', true]]);
    expect(corrected.records[0]).toMatchObject({ corrects_id: first!.id, reason: 'Verkeerd aangeklikt', can_confirm: false });
    // Until it is confirmed the corrected record counts.
    expect(await row(a14)).toMatchObject({ status: 'agreed', paper: 'pending', agreed: before.agreed });
    // A second correction while one waits: 409.
    expectStatus(await upload(`${paperPath(a14)}/${first!.id}/correct`, { agreement: 'agree', reason: 'Toch niet' }, admin), 409);

    const done = history(await post(`${paperPath(a14)}/${corrected.records[0]!.id}/confirm`, {}, admin));
    expect(done.records.map((r) => [r.agreement, r.state, r.superseded, r.counts])).toEqual([['disagree', 'confirmed', false, true], ['agree', 'confirmed', true, false]]);
    // Without a new scan the correction is backed by the corrected record's scan.
    expect(done.records[0]!.scan.url.split('?')[0]).toBe(done.records[1]!.scan.url.split('?')[0]);
    expect(await row(a14)).toMatchObject({ status: 'disagreed', paper: 'confirmed', agreed: before.agreed - 1, disagreed: before.disagreed + 1 });
    // Only the record that counts can be corrected.
    const stale = await upload(`${paperPath(a14)}/${first!.id}/correct`, { agreement: 'agree', reason: 'Nog eens' }, partner);
    expectStatus(stale, 409);
    expect(stale.json()).toMatchObject({ message: consentPaperMessages.notCorrectable });
  });

  it('never changes a stored record except its state', async () => {
    const [first] = await recordsOf(t.ids.addresses.a14);
    await expect(t.query("UPDATE consent_paper_records SET agreement = 'agree' WHERE id = $1", [first!.id + 1])).rejects.toThrow(/never changed/);
    await expect(t.query("UPDATE consent_paper_records SET state = 'rejected' WHERE id = $1", [first!.id])).rejects.toThrow(/final/);
  });

  it('can be rejected with a reason; nothing is left on paper then', async () => {
    const a12 = t.ids.addresses.a12; // Fatima's form in Rivierenwijk (without SMS): answered, not signed
    const path = paperPath(a12, R, riverPlain);
    const recorded = history(await upload(path, { agreement: 'agree' }, admin, await scan()), 201);
    expect(recorded.records[0]).toMatchObject({ can_confirm: false });
    expect(ZSupportBaseForm.parse((await get(`/api${supportBasePaths.occupantBase(riverPlain)}?language=nl`, fatima)).json())).toMatchObject({ on_paper: true, editable: false });
    // Not confirmed by the staff member who recorded it, whatever their role.
    const own = await post(`${path}/${recorded.records[0]!.id}/confirm`, {}, admin);
    expectStatus(own, 409);
    expect(own.json()).toMatchObject({ message: consentPaperMessages.ownRecord });
    const noReason = await post(`${path}/${recorded.records[0]!.id}/reject`, {}, admin);
    expectStatus(noReason, 422);
    expect(noReason.json()).toMatchObject({ errors: [{ field: 'reason', message: consentPaperMessages.reasonMissing }] });
    // The one who recorded it may withdraw it.
    const rejected = history(await post(`${path}/${recorded.records[0]!.id}/reject`, { reason: 'Handtekening ontbreekt op de scan' }, admin));
    expect(rejected.records[0]).toMatchObject({ state: 'rejected', counts: false, decision_reason: 'Handtekening ontbreekt op de scan', decided_by: { name: 'Beheerder Woonstad' } });
    expect(await row(a12, R, `&form_id=${riverPlain}`)).toMatchObject({ on_paper: false, paper: null });
    expect(ZSupportBaseForm.parse((await get(`/api${supportBasePaths.occupantBase(riverPlain)}?language=nl`, fatima)).json())).toMatchObject({ on_paper: false, editable: true });
  });

  it('writes every paper action to the audit log with who did it', async () => {
    const rows = await auditOf(t, 'consent-paper');
    const actions = rows.map((r) => `${r.action} ${r.actor}`).reverse();
    expect(actions).toEqual([
      'paper-record Pieter Bakker (Installatiebedrijf Bakker)',
      'paper-confirm Beheerder Woonstad',
      'paper-correct Pieter Bakker (Installatiebedrijf Bakker)',
      'paper-confirm Beheerder Woonstad',
      'paper-record Beheerder Woonstad',
      'paper-reject Beheerder Woonstad',
    ]);
    // Done in the partner portal; the guard also logged each request ahead of it (entity: the project), its outcome with it.
    expect(new Set((await t.query<{ face: string }>("SELECT face FROM audit_log WHERE entity = 'consent-paper'")).map((r) => r.face))).toEqual(new Set(['partner']));
    const ahead = await t.query<{ action: string; outcome: number | null }>(
      "SELECT action, outcome FROM audit_log WHERE entity = 'project' AND action LIKE 'paper-%' AND entity_id = $1 ORDER BY id", [String(B)]);
    expect(ahead.filter((r) => r.action === 'paper-confirm').map((r) => r.outcome)).toEqual([200, 409, 200]);
    expect(rows.at(-1)).toMatchObject({ project_id: B, before: null, after: { address: 'Tulpstraat 14, 1234 AB Utrecht', agreement: 'agree', state: 'pending' } });
    expect(rows.find((r) => r.action === 'paper-correct')).toMatchObject({ before: { agreement: 'agree' }, after: { agreement: 'disagree', reason: 'Verkeerd aangeklikt' } });
    const [customer] = await t.query<{ customer_id: number }>("SELECT DISTINCT customer_id FROM audit_log WHERE entity = 'consent-paper'");
    expect(customer!.customer_id).toBe(t.ids.customers.woonstad);
  });
});

describe('paper and digital signing', () => {
  let fatimaBase: string;
  let janBase: string;
  beforeAll(() => {
    fatimaBase = `/api${supportBasePaths.occupantBase(riverPlain)}`;
    janBase = `/api${supportBasePaths.occupantBase(form)}`;
  });

  /** Answers both sections, opens the document and asks one signer's link. */
  async function startSigning(base: string, token: string, mobile?: string): Promise<string> {
    expectStatus(await post(`${base}/section/0`, { values: { instemming: 'agree' } }, token), 200);
    const done = await post(`${base}/section/1`, { values: { naam: 'Hoofdhuurder' } }, token);
    expectStatus(done, 200);
    expectStatus(await get(ZSupportBaseForm.parse(done.json()).document_url!), 200);
    expectStatus(await post(`${base}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Hoofdhuurder'] }, token), 200);
    if (mobile) expectStatus(await post(`${base}/mobile-number/1`, { mobile }, token), 200);
    const link = await get(`${base}/signage/url/1?language=nl`, token);
    expectStatus(link, 200);
    await runJobs(t);
    return new URL(link.json<{ url: string }>().url, 'http://localhost').pathname;
  }
  const requestsOf = (addressId: number, formId: number) => t.query<{ status: string; signed_file_id: number | null; local_status: number | null }>(
    `SELECT r.status, r.signed_file_id, l.status AS local_status FROM signing_requests r JOIN form_entries e ON e.id = r.entry_id
      LEFT JOIN signing_local_transactions l ON l.id = r.provider_transaction_id WHERE e.form_id = $1 AND e.address_id = $2 ORDER BY r.id`, [formId, addressId]);

  it("recording a paper form cancels the address's open signing requests; their sign page refuses them", async () => {
    const signPage = await startSigning(fatimaBase, fatima);
    expect((await requestsOf(t.ids.addresses.a12, riverPlain)).at(-1)).toMatchObject({ status: 'in-progress', local_status: 10 });
    expectStatus(await get(signPage), 200);

    history(await upload(paperPath(t.ids.addresses.a12, R, riverPlain), { agreement: 'disagree' }, partner, await scan()), 201);
    expect((await requestsOf(t.ids.addresses.a12, riverPlain)).at(-1)).toMatchObject({ status: 'cancelled' });
    expect(await runJobs(t)).toContain('signing-cancel');
    expect((await requestsOf(t.ids.addresses.a12, riverPlain)).at(-1)).toMatchObject({ status: 'cancelled', local_status: 60 });
    expectStatus(await get(signPage), 404);
    const signed = await t.app.inject({ method: 'POST', url: signPage, headers: urlEncoded, payload: new URLSearchParams({ signature: await drawnSignature() }).toString() });
    expect(signed.statusCode).toBe(404);
    // The wizard is closed: no new signing link either.
    expectStatus(await get(`${fatimaBase}/signage/url/1?language=nl`, fatima), 409);
    expect(ZSupportBaseForm.parse((await get(`${fatimaBase}?language=nl`, fatima)).json())).toMatchObject({ on_paper: true, editable: false, agreement: null });
  });

  it('a digital signature that finishes after the paper form is kept as evidence and flagged, never counted over it', async () => {
    const a10 = t.ids.addresses.a10;
    const signPage = await startSigning(janBase, jan, '0611111111');
    const before = await row(a10);
    expect(before.status).toBe('answering');
    // The paper form says 'disagree'; before the provider hears of the cancellation, Jan signs 'agree' on the sign page.
    history(await upload(paperPath(a10), { agreement: 'disagree' }, partner, await scan()), 201);
    await signOnLocalPage(t, signPage, '0611111111');
    const ran = await runJobs(t);
    expect(ran).toEqual(expect.arrayContaining(['signing-cancel', 'signing-local-postback', 'signing-progress', 'signing-documents']));
    // The signature is a fact at the provider: the request is signed and its documents are kept.
    expect((await requestsOf(a10, form)).at(-1)).toMatchObject({ status: 'signed', local_status: 30, signed_file_id: expect.any(Number) });

    const pending = await row(a10);
    expect(pending).toMatchObject({ status: 'on_paper', paper: 'pending', conflict: true, agreed: before.agreed });
    expect(pending.conflict_text).toContain('digitaal ondertekend (akkoord)');
    expect((await tally()).total!.conflicts).toBe(1);
    const view = ZSupportBaseForm.parse((await get(`${janBase}?language=nl`, jan)).json());
    expect(view).toMatchObject({ on_paper: true, status: 'open', agreement: null });

    const [record] = (await recordsOf(a10)).slice(-1);
    const confirmed = history(await post(`${paperPath(a10)}/${record!.id}/confirm`, {}, admin));
    expect(confirmed).toMatchObject({ conflict: true, signed_digitally: false });
    expect(confirmed.conflict_text).toContain('papieren formulier (niet akkoord) blijft tellen');
    expect(await row(a10)).toMatchObject({ status: 'disagreed', paper: 'confirmed', conflict: true, agreed: before.agreed, disagreed: before.disagreed + 1 });
    // Polling the signed state does not bring the signature in either.
    await get(`${janBase}/is-signed/1?language=nl`, jan);
    expect(await row(a10)).toMatchObject({ status: 'disagreed', agreed: before.agreed });
  });

  it('once the paper form is rejected, the digital signature that finished meanwhile counts', async () => {
    const a12 = t.ids.addresses.a12;
    const base = `/api${supportBasePaths.occupantBase(form)}`;
    const signPage = await startSigning(base, fatima, '0622222222');
    const before = await row(a12);
    const recorded = history(await upload(paperPath(a12), { agreement: 'disagree' }, partner, await scan()), 201);
    await signOnLocalPage(t, signPage, '0622222222');
    await runJobs(t);
    expect(await row(a12)).toMatchObject({ status: 'on_paper', conflict: true, agreed: before.agreed });
    history(await post(`${paperPath(a12)}/${recorded.records[0]!.id}/reject`, { reason: 'Dit is een ander formulier' }, admin));
    expect(await row(a12)).toMatchObject({ status: 'agreed', on_paper: false, paper: null, conflict: false, agreed: before.agreed + 1 });
    expect(ZSupportBaseForm.parse((await get(`${base}?language=nl`, fatima)).json())).toMatchObject({ status: 'signed', signed: true, agreement: 'agree' });
  });
});

import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, waitFor, type TestApp } from '../../../test/helpers.ts';
import { runJobs as runQueuedJobs } from '../../../test/jobs.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { jobHandlers } from '../../services.ts';
import { drawnSignature as drawn, testPdf as pdf } from '../../../test/signing.ts';
import { readAll } from '../files/index.ts';
import { postbackChecksum } from './signing.provider.ts';
import type { SigningRequest, SigningSubject } from './signing.types.ts';

const blank = async () => `data:image/png;base64,${(await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer()).toString('base64')}`;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pathOf = (url: string) => new URL(url, 'http://portal.invalid').pathname;
const subject = (entryId: number): SigningSubject => ({ kind: 'generic-form', entryId });

describe('legal signing with the local provider (jobs run by the test, postbacks over a real socket)', () => {
  let t: TestApp;
  let progress: SigningRequest[];

  /** Runs queued jobs (postbacks, progress, documents) until none is left; answers their names in order. */
  const runJobs = () => runQueuedJobs(t);

  const sign = async (signUrl: string, signature: string) =>
    t.app.inject({ method: 'POST', url: pathOf(signUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ signature }).toString() });

  const secret = async () => (await t.services.secrets.get('signing-local-postback')).toString('base64url');
  const postback = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/signing/postback/local', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const transactionOf = async (requestId: number) =>
    (await t.query<{ provider_transaction_id: string }>('SELECT provider_transaction_id FROM signing_requests WHERE id = $1', [requestId]))[0]!.provider_transaction_id;
  const signerIds = async (requestId: number) =>
    (await t.query<{ provider_signer_id: string }>('SELECT provider_signer_id FROM signing_signers WHERE request_id = $1 ORDER BY nr', [requestId])).map((r) => r.provider_signer_id);

  beforeAll(async () => {
    t = await createListeningApp({ seed: false, worker: false });
    progress = [];
    t.services.signing.onProgress('generic-form', async ({ request }) => {
      progress.push(request);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('request → sign page → confirm → postback → signed, told once; the signed document and receipt are kept', async () => {
    const { signing } = t.services;
    const document = await pdf('Akkoordverklaring renovatie');
    const request = await signing.request({
      subject: subject(1), document: { filename: 'akkoordverklaring.pdf', bytes: document }, verification: 'scribble',
      signers: [{ nr: 1, name: 'Jan de Vries', mobile: '0612345678' }], returnUrl: '/formulieren/1/ondertekenen/1',
    });
    expect(request).toMatchObject({ subject: subject(1), status: 'in-progress', signers: [{ nr: 1, name: 'Jan de Vries', signed: false }] });
    const signUrl = request.signers[0]!.signUrl;
    // a path, so that the frame opens it on the portal page's own host (a customer's host name too)
    expect(signUrl).toMatch(/^\/api\/signing\/local\/[A-Za-z0-9_-]{43}$/);
    // idempotent while open: the same request, the same link
    expect(await signing.request({ subject: subject(1), document: { filename: 'x.pdf', bytes: document }, verification: 'scribble', signers: [{ nr: 1, name: 'Jan' }] })).toEqual(request);
    expect(await signing.signUrl(subject(1), 1)).toBe(signUrl);
    expect(await signing.signUrl(subject(2), 1)).toBeNull();
    expect(await runJobs()).toEqual(['signing-local-postback']); // the start (status 10): nothing changes
    expect(progress).toEqual([]);

    // the page: the signer's name, the document, scripts only as files of the portal itself
    const page = await t.app.inject({ method: 'GET', url: pathOf(signUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('Jan de Vries');
    expect(page.body).toContain('Wijzigen');
    expect(page.body).toContain('Ondertekenen');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attributes, inline] of scripts) {
      expect(inline).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      expect(src).toMatch(/^\/api\/signing\/assets\//);
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    expect(page.body).toContain(`${pathOf(signUrl)}/document`);
    const shown = await t.app.inject({ method: 'GET', url: `${pathOf(signUrl)}/document` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.rawPayload.equals(document)).toBe(true);

    // an empty drawing is refused on the page; nothing is recorded
    const empty = await sign(signUrl, await blank());
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Zet eerst uw handtekening in het vak.');
    expect(await t.query('SELECT id FROM signing_local_signers WHERE signed_at IS NOT NULL')).toEqual([]);

    const done = await sign(signUrl, await drawn());
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Dit document is ondertekend. U kunt dit venster sluiten.');
    expect(done.body).toMatch(/href="\/formulieren\/1\/ondertekenen\/1\?sh_transactionid=[0-9a-f-]{36}&amp;sh_signerid=[0-9a-f-]{36}&amp;sh_signerstatus=signed"/);
    // the provider has it; the portal does not know until the postback arrives
    expect(await signing.isSigned(subject(1), 1)).toBe(false);

    expect(await runJobs()).toEqual(['signing-local-postback', 'signing-progress', 'signing-documents']);
    expect(await signing.isSigned(subject(1), 1)).toBe(true);
    expect((await signing.latest(subject(1)))!.status).toBe('signed');
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ id: request.id, status: 'signed', signers: [{ nr: 1, signed: true }] });
    const events = await t.query<{ status: number; checksum_valid: boolean; applied: boolean; body: string }>('SELECT status, checksum_valid, applied, body FROM signing_events ORDER BY id');
    expect(events.map((e) => [e.status, e.checksum_valid, e.applied])).toEqual([[10, true, false], [30, true, true]]);
    expect(JSON.parse(events[1]!.body)).toMatchObject({ Status: 30, Signers: [{ ScribbleName: 'Jan de Vries', Activities: expect.arrayContaining([expect.objectContaining({ Code: 203 })]) }] });

    // the signed document: the original plus a page with the signature, then (an incremental update) the evidence; and a receipt
    const proof = (await signing.proof(subject(1)))!;
    expect(proof.signed).toMatchObject({ filename: 'akkoordverklaring (ondertekend).pdf', mime: 'application/pdf', owner: 'signing' });
    expect(proof.receipt).toMatchObject({ filename: 'akkoordverklaring (ontvangstbewijs).pdf', mime: 'application/pdf' });
    const signedBytes = (await readAll(t.services.files.storage, proof.signed!.key))!;
    expect((await PDFDocument.load(signedBytes)).getPageCount()).toBe(3);
    const receiptBytes = (await readAll(t.services.files.storage, proof.receipt!.key))!;
    expect(receiptBytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Both hashes hold: before is the document sent, after is the first N bytes of the signed file (the evidence page follows them).
    const text = pdfText(signedBytes);
    const after = /de eerste (\d+) bytes/.exec(text)!;
    expect(text).toContain(sha256(document));
    expect(text).toContain(sha256(signedBytes.subarray(0, Number(after[1]))));
    for (const line of ['Jan de Vries', 'Getekende handtekening, zonder sms-code', 'Verzoek verstuurd', 'Geopend', 'Ondertekend', '127.0.0.1']) expect(text).toContain(line);
    const receipt = pdfText(receiptBytes);
    for (const line of ['Ondertekenaar 1: Jan de Vries', 'Getekende handtekening, zonder sms-code', sha256(document), sha256(signedBytes.subarray(0, Number(after[1]))), sha256(signedBytes), '127.0.0.1']) {
      expect(receipt).toContain(line);
    }

    // the link is used: its page and document are gone; a new request for a signed subject is the same one
    const used = await t.app.inject({ method: 'GET', url: pathOf(signUrl) });
    expect(used.statusCode).toBe(404);
    expect(used.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(used.body).toContain('Deze ondertekenlink is ongeldig of al gebruikt.');
    expect((await t.app.inject({ method: 'GET', url: `${pathOf(signUrl)}/document` })).statusCode).toBe(404);
    expect((await sign(signUrl, await drawn())).statusCode).toBe(404);
    expect((await signing.request({ subject: subject(1), document: { filename: 'x.pdf', bytes: document }, verification: 'scribble', signers: [{ nr: 1, name: 'Jan' }] })).id).toBe(request.id);
  });

  it('answers an unknown or malformed link with the 404 page', async () => {
    for (const token of ['A'.repeat(43), 'kort', 'a%20b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/signing/local/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Link niet geldig');
    }
  });

  it('two signers: each signs on their own link only; the request is signed after the second', async () => {
    const { signing } = t.services;
    progress.length = 0;
    const request = await signing.request({
      subject: subject(2), document: { filename: 'keuze.pdf', bytes: await pdf('Keuzeformulier') }, verification: 'scribble',
      signers: [{ nr: 1, name: 'Jan de Vries' }, { nr: 2, name: 'Anna de Vries' }],
    });
    const [jan, anna] = request.signers.map((s) => s.signUrl);
    expect(jan).not.toBe(anna);
    await runJobs();
    expect((await t.app.inject({ method: 'GET', url: pathOf(anna!) })).body).toContain('Anna de Vries');
    expect((await t.app.inject({ method: 'GET', url: pathOf(anna!) })).body).not.toContain('Jan de Vries');

    expect((await sign(jan!, await drawn())).statusCode).toBe(200);
    await runJobs();
    expect(await signing.isSigned(subject(2), 1)).toBe(true);
    expect(await signing.isSigned(subject(2), 2)).toBe(false);
    expect((await signing.latest(subject(2)))!.status).toBe('in-progress');
    // Jan's link cannot sign again, nor for Anna
    expect((await sign(jan!, await drawn())).statusCode).toBe(404);
    expect(await signing.isSigned(subject(2), 2)).toBe(false);

    expect((await sign(anna!, await drawn())).statusCode).toBe(200);
    await runJobs();
    expect(await signing.isSigned(subject(2), 2)).toBe(true);
    expect((await signing.latest(subject(2)))!.status).toBe('signed');
    expect(progress.map((p) => [p.status, p.signers.map((s) => s.signed)])).toEqual([['in-progress', [true, false]], ['signed', [true, true]]]);
    const proof = (await signing.proof(subject(2)))!;
    const signedBytes = (await readAll(t.services.files.storage, proof.signed!.key))!;
    expect((await PDFDocument.load(signedBytes)).getPageCount()).toBe(3);
    const text = pdfText(signedBytes);
    expect(text).toContain('Ondertekenaar 1: Jan de Vries');
    expect(text).toContain('Ondertekenaar 2: Anna de Vries');
  });

  it('a postback with a bad checksum, or no JSON, is recorded, answered 200 and changes nothing', async () => {
    const { signing } = t.services;
    const request = await signing.request({ subject: subject(3), document: { filename: 'a.pdf', bytes: await pdf('A') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees' }] });
    await runJobs();
    const transactionId = await transactionOf(request.id);
    const [signerId] = await signerIds(request.id);
    const forged = { Id: transactionId, Status: 30, Signers: [{ Id: signerId, SignedDateTime: new Date().toISOString() }] };
    const before = await t.query('SELECT count(*)::int AS n FROM signing_events');

    for (const checksum of ['0'.repeat(40), postbackChecksum(transactionId, 30, 'wrong secret'), undefined]) {
      const res = await postback({ ...forged, Checksum: checksum });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const garbage = await t.app.inject({ method: 'POST', url: '/api/signing/postback/local', headers: { 'content-type': 'text/plain' }, payload: 'not json' });
    expect(garbage.statusCode).toBe(200);

    expect(await signing.isSigned(subject(3), 1)).toBe(false);
    expect((await signing.latest(subject(3)))!.status).toBe('in-progress');
    expect(await runJobs()).toEqual([]);
    const events = await t.query<{ transaction_id: string | null; checksum_valid: boolean; applied: boolean; body: string }>('SELECT transaction_id, checksum_valid, applied, body FROM signing_events ORDER BY id OFFSET $1', [before[0]!.n]);
    expect(events.map((e) => [e.transaction_id, e.checksum_valid, e.applied])).toEqual([
      [transactionId, false, false], [transactionId, false, false], [transactionId, false, false], [null, false, false],
    ]);
    expect(events[3]!.body).toBe('not json');

    expect((await t.app.inject({ method: 'POST', url: '/api/signing/postback/elders', payload: {} })).statusCode).toBe(404);
  });

  it('a postback delivered three times changes the state once; an older status never moves it back', async () => {
    const { signing } = t.services;
    progress.length = 0;
    const request = await signing.request({ subject: subject(4), document: { filename: 'b.pdf', bytes: await pdf('B') }, verification: 'scribble', signers: [{ nr: 1, name: 'Fatima' }] });
    await runJobs();
    await sign(request.signers[0]!.signUrl, await drawn());
    await t.query('DELETE FROM graphile_worker._private_jobs'); // the provider's own postback is delivered by hand below
    const transactionId = await transactionOf(request.id);

    for (let i = 0; i < 3; i++) await t.services.signing.local.deliverPostback(transactionId);
    const events = await t.query<{ applied: boolean }>('SELECT applied FROM signing_events WHERE transaction_id = $1 AND status = 30 ORDER BY id', [transactionId]);
    expect(events.map((e) => e.applied)).toEqual([true, false, false]);
    expect(await runJobs()).toEqual(['signing-progress', 'signing-documents']);
    expect(progress).toHaveLength(1);

    // an earlier postback arriving late (status 10, nobody signed yet), with a valid checksum
    const [signerId] = await signerIds(request.id);
    const late = await postback({ Id: transactionId, Status: 10, Signers: [{ Id: signerId, SignedDateTime: null, Activities: [] }], Checksum: postbackChecksum(transactionId, 10, await secret()) });
    expect(late.statusCode).toBe(200);
    expect((await signing.latest(subject(4)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
    expect(await runJobs()).toEqual([]);
    expect(progress).toHaveLength(1);
    const [last] = await t.query<{ status: number; checksum_valid: boolean; applied: boolean }>('SELECT status, checksum_valid, applied FROM signing_events ORDER BY id DESC LIMIT 1');
    expect(last).toEqual({ status: 10, checksum_valid: true, applied: false });
  });

  it('the provider retries a postback that is not answered 2xx (the job throws)', async () => {
    const { signing } = t.services;
    const request = await signing.request({ subject: subject(5), document: { filename: 'c.pdf', bytes: await pdf('C') }, verification: 'scribble', signers: [{ nr: 1, name: 'Anna' }] });
    const transactionId = await transactionOf(request.id);
    const url = (await t.query<{ postback_url: string }>('SELECT postback_url FROM signing_local_transactions WHERE id = $1', [transactionId]))[0]!.postback_url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/signing\/postback\/local$/);
    await t.query('UPDATE signing_local_transactions SET postback_url = $2 WHERE id = $1', [transactionId, url.replace(/local$/, 'elders')]);
    await expect(signing.local.deliverPostback(transactionId)).rejects.toThrow('postback answered 404');
    await t.query('UPDATE signing_local_transactions SET postback_url = $2 WHERE id = $1', [transactionId, url]);
    await expect(signing.local.deliverPostback(transactionId)).resolves.toBeUndefined();
  });

  it('a genuine postback replayed with the signer dates filled in does not sign: only the provider\'s own record counts', async () => {
    const { signing } = t.services;
    progress.length = 0;
    const request = await signing.request({ subject: subject(7), document: { filename: 'e.pdf', bytes: await pdf('E') }, verification: 'scribble', signers: [{ nr: 1, name: 'Sanne Bakker' }] });
    expect(await runJobs()).toContain('signing-local-postback'); // the genuine postback of the start (status 10)
    const transactionId = await transactionOf(request.id);
    const [genuine] = await t.query<{ body: string }>('SELECT body FROM signing_events WHERE transaction_id = $1 AND checksum_valid ORDER BY id DESC LIMIT 1', [transactionId]);
    const replayed = JSON.parse(genuine!.body) as { Status: number; Signers: Array<Record<string, unknown>> };
    expect(replayed.Status).toBe(10);
    const at = new Date().toISOString();
    for (const signer of replayed.Signers) Object.assign(signer, { SignedDateTime: at, Activities: [{ Id: 'x', Code: 203, Activity: 'Signed', CreatedDateTime: at }] });
    const res = await postback(replayed); // its checksum (over Id and Status only) still holds
    expect(res.statusCode).toBe(200);
    const [event] = await t.query<{ checksum_valid: boolean; applied: boolean }>('SELECT checksum_valid, applied FROM signing_events ORDER BY id DESC LIMIT 1');
    expect(event).toEqual({ checksum_valid: true, applied: false });
    expect(await signing.isSigned(subject(7), 1)).toBe(false);
    expect((await signing.latest(subject(7)))!.status).toBe('in-progress');
    expect(await t.query('SELECT id FROM signing_signers WHERE request_id = $1 AND signed_at IS NOT NULL', [request.id])).toEqual([]);
    expect(await runJobs()).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('a postback is a trigger: the state comes from the provider\'s record, also when the postback says less', async () => {
    const { signing } = t.services;
    const request = await signing.request({ subject: subject(8), document: { filename: 'f.pdf', bytes: await pdf('F') }, verification: 'scribble', signers: [{ nr: 1, name: 'Ahmed Yilmaz' }] });
    // The start's postback (status 10) is held back; meanwhile the signer signs and that postback is lost.
    await t.query('DELETE FROM graphile_worker._private_jobs');
    expect((await sign(request.signers[0]!.signUrl, await drawn())).statusCode).toBe(200);
    await t.query('DELETE FROM graphile_worker._private_jobs');
    const transactionId = await transactionOf(request.id);
    // The late status-10 postback arrives: the portal asks the provider, whose record says signed.
    await postback({ Id: transactionId, Status: 10, Signers: [], Checksum: postbackChecksum(transactionId, 10, await secret()) });
    expect((await signing.latest(subject(8)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
    expect(await runJobs()).toEqual(['signing-progress', 'signing-documents']);
    expect((await signing.proof(subject(8)))!.signed).not.toBeNull();
  });

  it('the reconciliation job finishes a request whose postback was lost and leaves an open one open', async () => {
    const { signing } = t.services;
    const handlers = jobHandlers(t.services);
    const make = (entryId: number, name: string) =>
      signing.request({ subject: subject(entryId), document: { filename: `${name}.pdf`, bytes: documentBytes }, verification: 'scribble', signers: [{ nr: 1, name }] });
    const documentBytes = await pdf('Reconciliatie');
    const lost = await make(20, 'Lotte');
    const open = await make(21, 'Omar');
    const recent = await make(22, 'Rik');
    await runJobs();
    for (const request of [lost, recent]) expect((await sign(request.signers[0]!.signUrl, await drawn())).statusCode).toBe(200);
    await t.query('DELETE FROM graphile_worker._private_jobs'); // both postbacks are lost
    // as if made, and last asked after the start's postback, 20 minutes ago
    await t.query("UPDATE signing_requests SET created_at = now() - interval '20 minutes', checked_at = now() - interval '20 minutes' WHERE id = ANY($1)", [[lost.id, open.id]]);

    await handlers['signing-reconcile']({});
    expect((await signing.latest(subject(20)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
    expect((await signing.latest(subject(21)))!.status).toBe('in-progress'); // asked, still open at the provider
    expect((await signing.latest(subject(22)))!.status).toBe('in-progress'); // made 15 minutes ago or less: not asked yet
    const checked = await t.query<{ id: number }>("SELECT id FROM signing_requests WHERE checked_at > now() - interval '1 minute' AND id = ANY($1) ORDER BY id", [[lost.id, open.id]]);
    expect(checked.map((r) => r.id)).toEqual([lost.id, open.id]);
    expect(await runJobs()).toEqual(['signing-progress', 'signing-documents']);
    expect((await signing.proof(subject(20)))!.signed).not.toBeNull();
    // the next run right after asks nobody again (an open request is asked at most every 15 minutes)
    await handlers['signing-reconcile']({});
    expect(await runJobs()).toEqual([]);
  });

  it('one open request per subject even when two calls race; after a final failure a new one may start', async () => {
    const { signing } = t.services;
    const input = { subject: subject(6), document: { filename: 'd.pdf', bytes: await pdf('D') }, verification: 'scribble' as const, signers: [{ nr: 1, name: 'Jan' }] };
    const [a, b] = await Promise.all([signing.request(input), signing.request(input)]);
    expect(a!.id).toBe(b!.id);
    expect(a!.signers[0]!.signUrl).toBe(b!.signers[0]!.signUrl);
    expect(await t.query('SELECT id FROM signing_local_transactions WHERE reference LIKE $1', ['generic-form:6:%'])).toHaveLength(1);

    const transactionId = await transactionOf(a!.id);
    // A postback saying 60 changes nothing while the provider's record says otherwise; once the provider cancelled, it does.
    await postback({ Id: transactionId, Status: 60, Signers: [], Checksum: postbackChecksum(transactionId, 60, await secret()) });
    expect((await signing.latest(subject(6)))!.status).toBe('in-progress');
    await t.query('UPDATE signing_local_transactions SET status = 60 WHERE id = $1', [transactionId]);
    await postback({ Id: transactionId, Status: 60, Signers: [], Checksum: postbackChecksum(transactionId, 60, await secret()) });
    expect((await signing.latest(subject(6)))!.status).toBe('cancelled');
    const again = await signing.request(input);
    expect(again.id).not.toBe(a!.id);
    expect(again.status).toBe('in-progress');
  });
});

describe('legal signing with the job worker running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningApp({ seed: false, worker: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the worker delivers the postback: is-signed turns true, the handler is told, the documents are kept', async () => {
    const { signing } = t.services;
    const told: SigningRequest[] = [];
    signing.onProgress('support-base', async ({ request }) => {
      told.push(request);
    });
    const entry: SigningSubject = { kind: 'support-base', entryId: 7 };
    const request = await signing.request({ subject: entry, document: { filename: 'draagvlak.pdf', bytes: await pdf('Draagvlak') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees Jansen' }] });
    const res = await t.app.inject({
      method: 'POST', url: pathOf(request.signers[0]!.signUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ signature: await drawn() }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await waitFor(() => signing.isSigned(entry, 1), { timeoutMs: 15_000, interval: 50 })).toBe(true);
    expect(await waitFor(async () => (await signing.proof(entry))!.receipt, { timeoutMs: 15_000, interval: 50 })).not.toBeNull();
    expect(await waitFor(() => told.length > 0, { timeoutMs: 15_000, interval: 50 })).toBe(true);
    expect(told[0]).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
  });
});

import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../services.ts';
import { createListeningApp, type TestApp } from '../../../test/helpers.ts';
import { runJobs as runQueuedJobs } from '../../../test/jobs.ts';
import { testPdf as pdf } from '../../../test/signing.ts';
import { readAll } from '../files/index.ts';
import { postbackChecksum } from './signing.provider.ts';
import { createSignhostProvider } from './signing.signhost.ts';
import type { SigningSubject } from './signing.types.ts';

const APP_KEY = 'Portaal test-app-key';
const USER_TOKEN = 'test-user-token';
const SECRET = 'gedeeld-geheim';

/** Whether a JSON value holds a null anywhere (Signhost: leave optional fields out, never send null). */
const hasNull = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && Object.values(value as Record<string, unknown>).some(hasNull));

/** What the fake reads of a POST /api/transaction body. */
type CreateBody = {
  Reference?: string;
  PostbackUrl: string;
  Signers?: Array<{ Email?: string; Reference?: string; SendSignRequest?: unknown; Verifications?: Array<{ Type?: string }> }>;
};

type FakeTransaction = {
  id: string;
  status: number;
  body: CreateBody;
  signers: Array<{ Id: string; Email: string; SignUrl: string; SignedDateTime?: string }>;
  file: Buffer | null;
  signedReady: boolean;
  /** The body of DELETE /api/transaction/{id} (a cancel). */
  cancelled?: unknown;
  /** Cleaned (Signhost: a final state some time ago): GET answers 410 with the partial history. */
  cleaned?: boolean;
};

/**
 * A fake Signhost on a local port that follows INTEGRATIONS.md: both auth headers on every call, null
 * fields refused, the PDF's Digest checked, SignUrls answered, GET of a transaction answers its own state
 * (410 once cleaned), the signed file 404 + Retry-After until it is ready; every call is logged so that
 * the test can tell when the portal asked.
 */
async function startFakeSignhost() {
  const transactions = new Map<string, FakeTransaction>();
  const calls: string[] = [];
  const signedPdf = await pdf('Ondertekend door Signhost');
  const receiptPdf = await pdf('Ontvangstbewijs Signhost');
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '';
      calls.push(`${request.method} ${path}`);
      const send = (status: number, json?: unknown, extra: Record<string, string> = {}) => {
        response.writeHead(status, { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...extra });
        response.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (request.headers.application !== `APPKey ${APP_KEY}` || request.headers.authorization !== `APIKey ${USER_TOKEN}`) return send(401, { Message: 'Unauthorized' });
      let match: RegExpExecArray | null;
      if (request.method === 'POST' && path === '/api/transaction') {
        const json = JSON.parse(body.toString('utf8')) as CreateBody;
        if (hasNull(json)) return send(400, { Message: 'Invalid json structure provided.' });
        if (!Array.isArray(json.Signers) || json.Signers.some((s) => !s.Email || typeof s.SendSignRequest !== 'boolean')) {
          return send(400, { Message: 'Invalid signer structure provided.' });
        }
        const allowedLast = ['Consent', 'PhoneNumber', 'Scribble', 'CSC Qualified'];
        if (json.Signers.some((s) => !allowedLast.includes(s.Verifications?.at(-1)?.Type ?? ''))) return send(400, { Message: 'At least one verification or authentication is required' });
        const id = randomUUID();
        const signers = json.Signers.map((s) => ({ Id: randomUUID(), Email: s.Email!, Reference: s.Reference, SignUrl: `https://view.signhost.test/sign/${randomUUID()}` }));
        transactions.set(id, { id, status: 5, body: json, signers, file: null, signedReady: false });
        return send(200, { Id: id, Status: 5, Reference: json.Reference, Signers: signers });
      }
      if ((match = /^\/api\/transaction\/([^/]+)\/file\/([^/]+)$/.exec(path))) {
        const transaction = transactions.get(match[1]!);
        if (!transaction) return send(404, { Message: 'not found' });
        if (request.method === 'PUT') {
          if (request.headers['content-type'] !== 'application/pdf') return send(400, { Message: "Unexpected or missing Content-Type header, did you specify 'application/pdf'?" });
          if (request.headers.digest !== `SHA-256=${createHash('sha256').update(body).digest('base64')}`) return send(400, { Message: 'SHA-256 digest mismatch' });
          transaction.file = body;
          return send(201, { Message: `Stored file ${match[2]}` });
        }
        if (transaction.status !== 30 || !transaction.signedReady) {
          return send(404, { Message: 'Either the file or transaction does not exist or the file has not yet been processed.' }, { 'retry-after': '5' });
        }
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end(signedPdf);
      }
      if ((match = /^\/api\/transaction\/([^/]+)$/.exec(path)) && request.method === 'GET') {
        const transaction = transactions.get(match[1]!);
        if (!transaction) return send(404, { Message: 'not found' });
        const json = {
          Id: transaction.id, Status: transaction.status, Reference: transaction.body.Reference,
          Signers: transaction.signers.map((s) => ({
            Id: s.Id, Email: s.Email,
            ...(s.SignedDateTime ? { SignedDateTime: s.SignedDateTime, Activities: [{ Id: randomUUID(), Code: 203, Activity: 'Signed', CreatedDateTime: s.SignedDateTime }] } : { Activities: [] }),
          })),
        };
        return send(transaction.cleaned ? 410 : 200, json);
      }
      if ((match = /^\/api\/transaction\/([^/]+)\/start$/.exec(path)) && request.method === 'PUT') {
        const transaction = transactions.get(match[1]!);
        if (!transaction?.file) return send(400, { Message: 'The transaction could not be started.' });
        transaction.status = 10;
        return send(204);
      }
      if ((match = /^\/api\/transaction\/([^/]+)$/.exec(path)) && request.method === 'DELETE') {
        const transaction = transactions.get(match[1]!);
        if (!transaction) return send(404, { Message: 'not found' });
        const json = JSON.parse(body.toString('utf8') || '{}') as unknown;
        if (hasNull(json)) return send(400, { Message: 'Invalid json structure provided.' });
        transaction.cancelled = json;
        // Open: cancelled; in an end state the status stays (Signhost only cleans up).
        if (transaction.status < 30) transaction.status = 60;
        return send(200, { Id: transaction.id, Status: transaction.status });
      }
      if ((match = /^\/api\/file\/receipt\/([^/]+)$/.exec(path)) && request.method === 'GET') {
        if (transactions.get(match[1]!)?.status !== 30) return send(404, { Message: 'receipt not found.' });
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end(receiptPdf);
      }
      return send(404, { Message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  /** Sends a postback as Signhost does: the transaction's JSON with its checksum, to the PostbackUrl it was given. */
  async function postback(id: string, status: number, options: { signed?: boolean; checksum?: string } = {}) {
    const transaction = transactions.get(id)!;
    const at = new Date().toISOString();
    const payload = {
      Id: id, Status: status, Reference: transaction.body.Reference,
      Signers: transaction.signers.map((s) => ({
        Id: s.Id, Email: s.Email,
        ...(options.signed ? { SignedDateTime: at, Activities: [{ Id: randomUUID(), Code: 203, Activity: 'Signed', CreatedDateTime: at }] } : { Activities: [] }),
      })),
      Checksum: options.checksum ?? postbackChecksum(id, status, SECRET),
    };
    const response = await fetch(transaction.body.PostbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return response.status;
  }

  /** Every signer signs at Signhost: the transaction is signed (30). */
  function signAll(id: string) {
    const transaction = transactions.get(id)!;
    for (const signer of transaction.signers) signer.SignedDateTime = new Date().toISOString();
    transaction.status = 30;
  }

  return {
    url, transactions, calls, signedPdf, receiptPdf, postback, signAll,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('legal signing with Signhost (a fake Signhost on a local port, postbacks over a real socket)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeSignhost>>;
  let base: string;
  const subject = (entryId: number): SigningSubject => ({ kind: 'choice-form', entryId });

  const runJobs = () => runQueuedJobs(t);

  beforeAll(async () => {
    fake = await startFakeSignhost();
    const app = await createListeningApp({
      seed: false, worker: false,
      env: {
        SIGNING_PROVIDER: 'signhost', SIGNHOST_APP_KEY: APP_KEY, SIGNHOST_USER_TOKEN: USER_TOKEN,
        SIGNHOST_SHARED_SECRET: SECRET, SIGNHOST_API_URL: fake.url,
      },
    });
    t = app;
    base = app.base;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('creates the transaction as Signhost wants it: signers, verifications, no nulls, the PDF with its Digest, then start', async () => {
    const document = await pdf('Keuzeformulier keuken');
    const request = await t.services.signing.request({
      subject: subject(1), document: { filename: 'keuken.pdf', bytes: document }, verification: 'sms',
      signers: [{ nr: 1, name: 'Jan de Vries', mobile: '0612345678', email: 'jan.devries@example.nl' }, { nr: 2, name: 'Anna de Vries', mobile: '06-87654321' }],
      returnUrl: '/formulieren/9/ondertekenen',
    });
    expect(request.status).toBe('in-progress');
    const [transaction] = [...fake.transactions.values()];
    expect(transaction!.status).toBe(10);
    expect(transaction!.file!.equals(document)).toBe(true);
    expect(transaction!.body).toEqual({
      Seal: false, Reference: `choice-form:1:${request.id}`, PostbackUrl: `${base}/api/signing/postback/signhost`, DaysToExpire: 30,
      Language: 'nl-NL', SendEmailNotifications: false,
      Signers: [
        {
          Email: 'jan.devries@example.nl', Reference: 'ondertekenaar-1', Language: 'nl-NL', SendSignRequest: false, SendSignConfirmation: false,
          Verifications: [{ Type: 'PhoneNumber', Number: '+31612345678' }, { Type: 'Scribble', RequireHandsignature: true, ScribbleName: 'Jan de Vries', ScribbleNameFixed: true }], ReturnUrl: `${base}/formulieren/9/ondertekenen`,
        },
        {
          // no e-mail address: a placeholder at the portal's host (an IP here, so the reserved .invalid domain)
          Email: `ondertekenaar-choice-form-1-${request.id}-2@bewonersportaal.invalid`, Reference: 'ondertekenaar-2', Language: 'nl-NL',
          SendSignRequest: false, SendSignConfirmation: false,
          Verifications: [{ Type: 'PhoneNumber', Number: '+31687654321' }, { Type: 'Scribble', RequireHandsignature: true, ScribbleName: 'Anna de Vries', ScribbleNameFixed: true }],
          ReturnUrl: `${base}/formulieren/9/ondertekenen`,
        },
      ],
    });
    // each signer's SignUrl, for the portal's frame
    expect(request.signers.map((s) => s.signUrl)).toEqual(transaction!.signers.map((s) => s.SignUrl));
    expect(fake.calls).toEqual(['POST /api/transaction', `PUT /api/transaction/${transaction!.id}/file/document`, `PUT /api/transaction/${transaction!.id}/start`]);

    // a drawn signature: Scribble with the signer's name
    const drawn = await t.services.signing.request({ subject: subject(2), document: { filename: 'b.pdf', bytes: await pdf('B') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees Jansen' }] });
    const second = [...fake.transactions.values()].at(-1)!;
    expect(second.body.Signers![0]!.Verifications).toEqual([{ Type: 'Scribble', RequireHandsignature: true, ScribbleName: 'Kees Jansen', ScribbleNameFixed: true }]);
    expect(second.body.Signers![0]).not.toHaveProperty('ReturnUrl');
    expect(drawn.signers[0]!.signUrl).toBe(second.signers[0]!.SignUrl);
  });

  it('the fake holds the client to the rules: wrong keys are refused, a document that does not match its Digest too', async () => {
    const input = {
      reference: 'generic-form:99:99', document: { filename: 'x.pdf', bytes: await pdf('X'), fileId: 1 }, verification: 'scribble' as const,
      signers: [{ nr: 1, name: 'Jan' }], postbackUrl: `${base}/api/signing/postback/signhost`,
    };
    const wrongKey = createSignhostProvider({ appKey: APP_KEY, userToken: 'fout', sharedSecret: SECRET, apiUrl: fake.url }, { publicUrl: base });
    await expect(wrongKey.createTransaction(input)).rejects.toThrow(/answered 401/);
    // bytes changed on the way (after the Digest was computed): Signhost refuses them
    const tampering: typeof fetch = async (url, init) =>
      fetch(url, init?.method === 'PUT' && init.body instanceof Uint8Array ? { ...init, body: Buffer.concat([Buffer.from(init.body), Buffer.from('\n')]) } : init);
    const tampered = createSignhostProvider({ appKey: APP_KEY, userToken: USER_TOKEN, sharedSecret: SECRET, apiUrl: fake.url }, { publicUrl: base, fetch: tampering });
    await expect(tampered.createTransaction(input)).rejects.toThrow(/answered 400 .*digest mismatch/);
  });

  it('an SMS request without a mobile number is refused before Signhost is called', async () => {
    const before = fake.calls.length;
    await expect(t.services.signing.request({ subject: subject(3), document: { filename: 'c.pdf', bytes: await pdf('C') }, verification: 'sms', signers: [{ nr: 1, name: 'Fatima' }] }))
      .rejects.toMatchObject({ statusCode: 422 });
    expect(fake.calls.length).toBe(before);
  });

  it('postbacks: a bad checksum changes nothing, 30 signs once, duplicates and older ones change nothing; then the documents, retried while not ready', async () => {
    const { signing } = t.services;
    const request = (await signing.latest(subject(1)))!;
    const id = (await t.query<{ provider_transaction_id: string }>('SELECT provider_transaction_id FROM signing_requests WHERE id = $1', [request.id]))[0]!.provider_transaction_id;
    const events = async () => (await t.query<{ status: number; checksum_valid: boolean; applied: boolean }>(
      "SELECT status, checksum_valid, applied FROM signing_events WHERE provider = 'signhost' AND transaction_id = $1 ORDER BY id", [id],
    )).map((e) => [e.status, e.checksum_valid, e.applied]);

    const asked = () => fake.calls.filter((c) => c === `GET /api/transaction/${id}`).length;

    expect(await fake.postback(id, 10)).toBe(200);
    expect(asked()).toBe(1); // a postback whose checksum holds makes the portal read the transaction once
    // forged: a checksum under another secret, and the double pipe left out; never a reason to ask
    expect(await fake.postback(id, 30, { signed: true, checksum: postbackChecksum(id, 30, 'fout') })).toBe(200);
    expect(await fake.postback(id, 30, { signed: true, checksum: createHash('sha1').update(`${id}|30|${SECRET}`).digest('hex') })).toBe(200);
    expect(asked()).toBe(1);
    // a genuine status-10 postback replayed with the signer dates filled in: its checksum holds, Signhost says nobody signed
    expect(await fake.postback(id, 10, { signed: true })).toBe(200);
    expect(asked()).toBe(2);
    expect((await signing.latest(subject(1)))!.status).toBe('in-progress');
    expect(await signing.isSigned(subject(1), 1)).toBe(false);
    expect(await runJobs()).toEqual([]);

    fake.signAll(id);
    expect(await fake.postback(id, 30, { signed: true })).toBe(200);
    expect(await fake.postback(id, 30, { signed: true })).toBe(200); // at least once: a duplicate
    expect(await fake.postback(id, 20)).toBe(200); // out of order: an older status arrives late
    expect(asked()).toBe(3); // once signed (final) a postback has nothing left to ask
    expect(await events()).toEqual([[10, true, false], [30, false, false], [30, false, false], [10, true, false], [30, true, true], [30, true, false], [20, true, false]]);
    expect((await signing.latest(subject(1)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }, { signed: true }] });

    // The signed document is not ready yet (404 + Retry-After): the job throws, to be retried with back-off.
    const handlers = jobHandlers(t.services);
    const jobs = await t.query<{ identifier: string; payload: Record<string, unknown> }>(`SELECT t.identifier, j.payload FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id ORDER BY j.id`);
    expect(jobs.map((j) => j.identifier)).toEqual(['signing-progress', 'signing-documents']);
    await expect(handlers['signing-documents'](jobs[1]!.payload)).rejects.toThrow(/answered 404/);
    expect((await signing.proof(subject(1)))!.signed).toBeNull();

    fake.transactions.get(id)!.signedReady = true;
    await handlers['signing-documents'](jobs[1]!.payload);
    await handlers['signing-documents'](jobs[1]!.payload); // once more (a retry after success): nothing new
    const proof = (await signing.proof(subject(1)))!;
    expect(proof.signed).toMatchObject({ filename: 'keuken (ondertekend).pdf', mime: 'application/pdf', owner: 'signing' });
    expect(proof.receipt).toMatchObject({ filename: 'keuken (ontvangstbewijs).pdf' });
    expect((await readAll(t.services.files.storage, proof.signed!.key))!.equals(fake.signedPdf)).toBe(true);
    expect((await readAll(t.services.files.storage, proof.receipt!.key))!.equals(fake.receiptPdf)).toBe(true);
    expect(await t.query('SELECT id FROM files WHERE owner = $1 AND filename LIKE $2', ['signing', 'keuken (%'])).toHaveLength(2);
    expect(asked()).toBe(3); // never polled: the transaction was read only after postbacks
  });

  it('a lost postback: the reconciliation job reads the transaction (410 once Signhost cleaned it) and finishes it', async () => {
    const { signing } = t.services;
    await t.query('DELETE FROM graphile_worker._private_jobs'); // the jobs the test before ran by hand
    const request = await signing.request({ subject: subject(4), document: { filename: 'd.pdf', bytes: await pdf('D') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees Jansen' }] });
    const id = (await t.query<{ provider_transaction_id: string }>('SELECT provider_transaction_id FROM signing_requests WHERE id = $1', [request.id]))[0]!.provider_transaction_id;
    fake.signAll(id);
    fake.transactions.get(id)!.cleaned = true;
    fake.transactions.get(id)!.signedReady = true;
    // no postback arrives; the request was made 20 minutes ago
    await t.query("UPDATE signing_requests SET created_at = now() - interval '20 minutes' WHERE id = $1", [request.id]);
    await jobHandlers(t.services)['signing-reconcile']({});
    expect((await signing.latest(subject(4)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
    expect(fake.calls.filter((c) => c === `GET /api/transaction/${id}`)).toHaveLength(1);
    expect(await runJobs()).toEqual(['signing-progress', 'signing-documents']);
    expect((await signing.proof(subject(4)))!.signed).not.toBeNull();
  });

  it('a postback while Signhost cannot be asked is still answered 200; a job asks later', async () => {
    const { signing } = t.services;
    const request = await signing.request({ subject: subject(5), document: { filename: 'e.pdf', bytes: await pdf('E') }, verification: 'scribble', signers: [{ nr: 1, name: 'Fatima' }] });
    const id = (await t.query<{ provider_transaction_id: string }>('SELECT provider_transaction_id FROM signing_requests WHERE id = $1', [request.id]))[0]!.provider_transaction_id;
    fake.signAll(id);
    const transaction = fake.transactions.get(id)!;
    transaction.signedReady = true;
    fake.transactions.delete(id); // Signhost answers 404 for a moment
    const body = JSON.stringify({ Id: id, Status: 30, Checksum: postbackChecksum(id, 30, SECRET) });
    const res = await fetch(`${base}/api/signing/postback/signhost`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect((await signing.latest(subject(5)))!.status).toBe('in-progress');
    fake.transactions.set(id, transaction);
    expect(await runJobs()).toEqual(['signing-check', 'signing-progress', 'signing-documents']);
    expect((await signing.latest(subject(5)))!.status).toBe('signed');
  });

  it('cancelling: the request is cancelled at once, Signhost through a job that then reads it; a signature Signhost took before is kept as evidence; reconciliation never opens it again', async () => {
    const { signing } = t.services;
    await runJobs(); // what the tests before left queued
    const transactionOf = async (requestId: number) =>
      (await t.query<{ provider_transaction_id: string }>('SELECT provider_transaction_id FROM signing_requests WHERE id = $1', [requestId]))[0]!.provider_transaction_id;
    const open = (await signing.latest(subject(2)))!;
    const id = await transactionOf(open.id);
    const cancelled = await t.db.transaction((tx) => signing.cancelOpen(subject(2), 'Het formulier is op papier ingeleverd.', tx));
    expect(cancelled).toEqual([open.id]);
    expect((await signing.latest(subject(2)))!.status).toBe('cancelled');
    expect(await t.db.transaction((tx) => signing.cancelOpen(subject(2), 'nogmaals', tx))).toEqual([]); // nothing open any more
    expect(await runJobs()).toEqual(['signing-cancel']);
    expect(fake.calls.slice(-2)).toEqual([`DELETE /api/transaction/${id}`, `GET /api/transaction/${id}`]);
    expect(fake.transactions.get(id)).toMatchObject({ status: 60, cancelled: { SendNotifications: false, Reason: 'Het formulier is op papier ingeleverd.' } });
    expect(await fake.postback(id, 60)).toBe(200); // Signhost tells of the cancel: nothing changes
    expect(await runJobs()).toEqual([]);
    expect((await signing.latest(subject(2)))!.status).toBe('cancelled');

    // Reconciliation asks only about open requests: an old cancelled one is left as it is.
    await t.query("UPDATE signing_requests SET created_at = now() - interval '1 day' WHERE id = $1", [open.id]);
    const before = fake.calls.length;
    await signing.reconcile();
    expect(fake.calls.slice(before).filter((c) => c.includes(id))).toEqual([]);
    expect((await signing.latest(subject(2)))!.status).toBe('cancelled');

    // Signed at Signhost before the cancel arrived, its postback coming after the cancel: signed after all (evidence).
    const late = await signing.request({ subject: subject(6), document: { filename: 'f.pdf', bytes: await pdf('F') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees' }] });
    const lateId = await transactionOf(late.id);
    await t.db.transaction((tx) => signing.cancelOpen(subject(6), 'Op papier', tx));
    fake.signAll(lateId);
    expect(await fake.postback(lateId, 30, { signed: true })).toBe(200);
    expect((await signing.latest(subject(6)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
    fake.transactions.get(lateId)!.signedReady = true;
    expect(await runJobs()).toEqual(['signing-cancel', 'signing-progress', 'signing-documents']);
    expect(fake.transactions.get(lateId)!.status).toBe(30); // the cancel changed nothing there
    expect((await signing.proof(subject(6)))!.signed).not.toBeNull();

    // Signed at Signhost before the cancel, and that postback lost: the cancel job's read finds the signature.
    const lost = await signing.request({ subject: subject(7), document: { filename: 'g.pdf', bytes: await pdf('G') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees' }] });
    const lostId = await transactionOf(lost.id);
    fake.signAll(lostId);
    fake.transactions.get(lostId)!.signedReady = true;
    await t.db.transaction((tx) => signing.cancelOpen(subject(7), 'Op papier', tx));
    expect((await signing.latest(subject(7)))!.status).toBe('cancelled');
    expect(await runJobs()).toEqual(['signing-cancel', 'signing-progress', 'signing-documents']);
    expect((await signing.latest(subject(7)))!).toMatchObject({ status: 'signed', signers: [{ signed: true }] });
  });
});

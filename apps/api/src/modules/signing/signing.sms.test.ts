import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { runJobs as runQueuedJobs } from '../../../test/jobs.ts';
import { drawnSignature as drawn, smsCodes, testPdf as pdf } from '../../../test/signing.ts';
import type { SigningSubject } from './signing.types.ts';

const subject = (entryId: number): SigningSubject => ({ kind: 'support-base', entryId });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A code that is certainly not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS verification on the local sign page (real database, postbacks over a real socket)', () => {
  let t: TestApp;

  const runJobs = () => runQueuedJobs(t);

  /** The codes sent to a number, newest first, read from the SMS outbox as an operator (or an e2e test) would. */
  const codesTo = (mobile: string) => smsCodes(t, mobile);
  /** The local provider's row of the signer with this mobile number. */
  const signer = async (mobile: string) =>
    (await t.query<{ sms_attempts: number; sms_verified_at: Date | null; sms_code_hash: string | null; signed_at: Date | null }>(
      'SELECT sms_attempts, sms_verified_at, sms_code_hash, signed_at FROM signing_local_signers WHERE mobile = $1', [mobile],
    ))[0];
  const sendCode = (url: string) => t.app.inject({ method: 'POST', url: `${url}/sms`, headers: form, payload: '' });
  const typeCode = (url: string, code: string) => t.app.inject({ method: 'POST', url: `${url}/code`, headers: form, payload: new URLSearchParams({ code }).toString() });
  const sign = async (url: string) => t.app.inject({ method: 'POST', url, headers: form, payload: new URLSearchParams({ signature: await drawn() }).toString() });

  beforeAll(async () => {
    t = await createListeningApp({ seed: false, worker: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an SMS request when a signer has no mobile number of 06 and 8 digits', async () => {
    const { signing } = t.services;
    for (const mobile of [undefined, null, '', '0512345678', '061234567', '+31612345678']) {
      await expect(signing.request({
        subject: subject(1), document: { filename: 'a.pdf', bytes: await pdf('A') }, verification: 'sms',
        signers: [{ nr: 1, name: 'Jan', mobile: '0611111111' }, { nr: 2, name: 'Anna', mobile }],
      })).rejects.toMatchObject({ statusCode: 422, message: expect.stringContaining('mobiel nummer') });
    }
    expect(await t.query('SELECT id FROM signing_requests')).toEqual([]);
  });

  it('code by SMS (outbox) → wrong codes counted → limits → right code → sign → postback → signed', async () => {
    const { signing } = t.services;
    const request = await signing.request({
      subject: subject(2), document: { filename: 'draagvlak.pdf', bytes: await pdf('Draagvlak') }, verification: 'sms',
      signers: [{ nr: 1, name: 'Jan de Vries', mobile: '06 1234 5678' }],
    });
    const url = request.signers[0]!.signUrl;
    await runJobs();

    // The page asks for the code first: the number masked, 'Stuur code', no drawing pad nor scripts yet.
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('06****5678');
    expect(first.body).not.toContain('0612345678');
    expect(first.body).toContain('>Stuur code<');
    expect(first.body).not.toContain('id="sign-form"');
    expect(first.body).not.toContain('<script');

    // Signing before the code is refused, as is trying a code before one was sent.
    expect((await sign(url)).statusCode).toBe(403);
    const early = await typeCode(url, '123456');
    expect(early.statusCode).toBe(422);
    expect(early.body).toContain('Vraag eerst een code aan met de knop Stuur code.');
    expect((await signer('0612345678'))!.signed_at).toBeNull();

    const sent = await sendCode(url);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(url);
    const [code] = await codesTo('0612345678');
    expect(code).toMatch(/^\d{6}$/);
    expect((await signer('0612345678'))!.sms_code_hash).not.toContain(code);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('<label for="sms-code">Vul de code in die u per sms heeft ontvangen</label>');
    expect(page.body).toContain('aria-describedby="sms-code-help sms-code-error"');
    expect(page.body).toContain('>Stuur een nieuwe code<');

    // Once per minute only.
    const again = await sendCode(url);
    expect(again.statusCode).toBe(429);
    expect(again.body).toContain('U kunt één keer per minuut een nieuwe code aanvragen.');
    expect(await codesTo('0612345678')).toHaveLength(1);

    // A code that is not six digits is not counted; a wrong one is.
    const malformed = await typeCode(url, '12ab');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.body).toContain('De code bestaat uit 6 cijfers.');
    expect(malformed.body).toContain('aria-invalid="true"');
    expect((await signer('0612345678'))!.sms_attempts).toBe(0);
    const wrong = await typeCode(url, other(code!));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Deze code klopt niet. U kunt het nog 4 keer proberen.');
    expect((await signer('0612345678'))!.sms_attempts).toBe(1);

    // Five wrong tries use the code up: even the right one is refused after that.
    for (let i = 0; i < 3; i++) await typeCode(url, other(code!));
    const fifth = await typeCode(url, other(code!));
    expect(fifth.body).toContain('U heeft te vaak een verkeerde code ingevuld. Vraag een nieuwe code aan.');
    const blocked = await typeCode(url, code!);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.body).toContain('U heeft te vaak een verkeerde code ingevuld.');
    expect((await signer('0612345678'))!.sms_verified_at).toBeNull();

    // A new code (a minute later) starts the count again; after 10 minutes it has expired.
    await t.query("UPDATE signing_local_signers SET sms_sent_at = now() - interval '61 seconds' WHERE mobile = '0612345678'");
    expect((await sendCode(url)).statusCode).toBe(303);
    const [second] = await codesTo('0612345678');
    expect((await signer('0612345678'))!.sms_attempts).toBe(0);
    await t.query("UPDATE signing_local_signers SET sms_sent_at = now() - interval '10 minutes 1 second' WHERE mobile = '0612345678'");
    const expired = await typeCode(url, second!);
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain('Deze code is verlopen. Vraag een nieuwe code aan.');
    expect((await signer('0612345678'))!.sms_verified_at).toBeNull();

    // The right code in time: verified; the pad appears; the code cannot be used again.
    expect((await sendCode(url)).statusCode).toBe(303);
    const [third] = await codesTo('0612345678');
    const right = await typeCode(url, `${third!.slice(0, 3)} ${third!.slice(3)}`);
    expect(right.statusCode).toBe(303);
    const row = (await signer('0612345678'))!;
    expect(row.sms_verified_at).not.toBeNull();
    expect(row.sms_code_hash).toBeNull();
    const ready = await t.app.inject({ method: 'GET', url });
    expect(ready.body).toContain('Uw mobiele nummer is bevestigd. U kunt nu ondertekenen.');
    expect(ready.body).toContain('id="sign-form"');
    expect(ready.body).not.toContain('id="sms-code"');

    expect(await signing.isSigned(subject(2), 1)).toBe(false);
    const done = await sign(url);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Dit document is ondertekend.');
    expect(await runJobs()).toEqual(['signing-local-postback', 'signing-progress', 'signing-documents']);
    expect(await signing.isSigned(subject(2), 1)).toBe(true);
    expect((await signing.latest(subject(2)))!.status).toBe('signed');
    expect((await sendCode(url)).statusCode).toBe(404);
  });

  it('a drawn-signature request keeps no mobile number at the local provider and asks no code', async () => {
    const { signing } = t.services;
    const request = await signing.request({
      subject: subject(3), document: { filename: 'b.pdf', bytes: await pdf('B') }, verification: 'scribble', signers: [{ nr: 1, name: 'Kees', mobile: '0687654321' }],
    });
    const page = await t.app.inject({ method: 'GET', url: request.signers[0]!.signUrl });
    expect(page.body).toContain('id="sign-form"');
    expect(page.body).not.toContain('Stuur code');
    expect((await sendCode(request.signers[0]!.signUrl)).statusCode).toBe(303);
    expect(await codesTo('0687654321')).toEqual([]);
  });
});

describe('the sign page is rate-limited per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, worker: false, env: { RATE_LIMIT_CLIENT_MAX: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('past the limit every POST (a right code too) is answered 429 with a Dutch page', async () => {
    const request = await t.services.signing.request({
      subject: subject(9), document: { filename: 'c.pdf', bytes: await pdf('C') }, verification: 'sms', signers: [{ nr: 1, name: 'Fatima', mobile: '0622223333' }],
    });
    const url = request.signers[0]!.signUrl;
    expect((await t.app.inject({ method: 'POST', url: `${url}/sms`, headers: form, payload: '' })).statusCode).toBe(303);
    const [row] = await t.query<{ text: string }>('SELECT text FROM sms_outbox WHERE "to" = $1', ['0622223333']);
    const code = /\b(\d{6})\b/.exec(row!.text)![1]!;
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'POST', url: `${url}/code`, headers: form, payload: `code=${other(code)}` })).statusCode).toBe(422);
    }
    const limited = await t.app.inject({ method: 'POST', url: `${url}/code`, headers: form, payload: `code=${code}` });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Te veel pogingen');
    expect((await t.query<{ sms_verified_at: Date | null }>('SELECT sms_verified_at FROM signing_local_signers'))[0]!.sms_verified_at).toBeNull();
    // reading the page has its own, larger allowance
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

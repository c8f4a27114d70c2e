import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages, ZSupportBaseForm } from '@portal/contract';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { testPdf as pdf } from '../../../test/signing.ts';
import type { SigningSubject } from './signing.types.ts';

/**
 * SMS pumping: a resident or a letter's holder set 20 arbitrary numbers and made the portal send a code to
 * each every minute (57 SMS in 123 s). Now: at most max_signers signers per form (4), the address's known
 * number where it has one, codes per number and per entry per hour and per day, and an hourly budget per
 * customer that stops sending and tells the customer's administrators.
 */
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('SMS codes of the sign page are bounded', () => {
  let t: TestApp;
  let entryOf: () => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      env: { SMS_CODE_MAX_PER_NUMBER_HOUR: '2', SMS_CODE_MAX_PER_ENTRY_HOUR: '3', SMS_BUDGET_PER_CUSTOMER_HOUR: '6' },
    });
    const [sb] = await t.query<{ id: number }>("SELECT id FROM forms WHERE kind = 'support-base' AND project_id = $1 ORDER BY id LIMIT 1", [t.ids.projects.bloemenbuurt]);
    // Entries of Woonstad's consent form (the budget is the customer's); each an address of its own in this test.
    let n = 0;
    entryOf = async () => {
      const [address] = await t.query<{ id: number }>(
        "INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '9999ZZ', $2, 'Teststraat', 'Utrecht') RETURNING id", [t.ids.customers.woonstad, String(++n)]);
      const [entry] = await t.query<{ id: number }>('INSERT INTO form_entries (form_id, project_id, address_id) VALUES ($1, $2, $3) RETURNING id', [sb!.id, t.ids.projects.bloemenbuurt, address!.id]);
      return entry!.id;
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const subject = (entryId: number): SigningSubject => ({ kind: 'support-base', entryId });
  const request = async (entryId: number, mobiles: string[]) => (await t.services.signing.request({
    subject: subject(entryId), document: { filename: 'draagvlak.pdf', bytes: await pdf('Draagvlak') }, verification: 'sms',
    signers: mobiles.map((mobile, i) => ({ nr: i + 1, name: `Ondertekenaar ${i + 1}`, mobile, phoneSource: 'typed' as const })),
  })).signers.map((s) => s.signUrl);
  const sendCode = (url: string) => t.app.inject({ method: 'POST', url: `${url}/sms`, headers: form, payload: '', remoteAddress: '192.0.2.10' });
  /** A minute later: the once-a-minute rule of one signer does not hide the limits under test. */
  const aMinuteLater = () => t.query("UPDATE signing_local_signers SET sms_sent_at = sms_sent_at - interval '61 seconds' WHERE sms_sent_at IS NOT NULL");
  const sent = async (mobile: string) => (await t.query('SELECT id FROM sms_outbox WHERE "to" = $1', [mobile])).length;

  it('codes per mobile number per hour: over it a Dutch 429 with the wait, and no SMS', async () => {
    const [url] = await request(await entryOf(), ['0630000001']);
    expect((await sendCode(url!)).statusCode).toBe(303);
    await aMinuteLater();
    expect((await sendCode(url!)).statusCode).toBe(303);
    await aMinuteLater();
    const third = await sendCode(url!);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(60);
    expect(third.body).toContain('Er zijn te veel codes aangevraagd voor dit nummer of dit formulier. Probeer het over');
    expect(await sent('0630000001')).toBe(2);
    // The same number on another form entry counts on: it is the number that is limited.
    const [other] = await request(await entryOf(), ['0630000001']);
    expect((await sendCode(other!)).statusCode).toBe(429);
    expect(await sent('0630000001')).toBe(2);
  });

  it('codes per form entry per hour, whichever numbers its signers have', async () => {
    const entryId = await entryOf();
    const urls = await request(entryId, ['0630000011', '0630000012', '0630000013', '0630000014']);
    const statuses = [];
    for (const url of urls) statuses.push((await sendCode(url)).statusCode);
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect(await sent('0630000014')).toBe(0);
  });

  it("the customer's hourly budget: when spent no code goes out, its administrators are mailed once and it is logged", async () => {
    const used = (await t.query<{ count: number }>("SELECT count FROM rate_limits WHERE key = $1", [`sms-budget:customer:${t.ids.customers.woonstad}`]))[0]?.count ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 8 - used; i++) {
      const [url] = await request(await entryOf(), [`06400000${String(i).padStart(2, '0')}`]);
      const res = await sendCode(url!);
      statuses.push(res.statusCode);
      if (res.statusCode === 503) expect(res.body).toContain('Er kunnen op dit moment geen sms-codes worden verstuurd. Probeer het later opnieuw.');
    }
    expect(statuses.filter((s) => s === 303)).toHaveLength(6 - used);
    expect(statuses.slice(-2)).toEqual([503, 503]);
    expect(t.logs.some((line) => line.includes('the hourly SMS budget is spent'))).toBe(true);

    await runJobs(t, { prefix: 'sms-budget-alert' });
    const mails = await t.query<{ to: string; text: string }>("SELECT \"to\", text FROM mail_outbox WHERE subject = 'Het maximum aantal sms-codes per uur is bereikt'");
    expect(mails.map((m) => m.to)).toEqual(['beheer@example.nl']);
    expect(mails[0]!.text).toContain('6 sms-codes');
    // another customer's signers are not stopped by it (a subject without an entry of ours has no customer budget)
    const [loose] = await t.services.signing.request({
      subject: subject(987_654), document: { filename: 'x.pdf', bytes: await pdf('X') }, verification: 'sms', signers: [{ nr: 1, name: 'Kees', mobile: '0650000000' }],
    }).then((r) => r.signers.map((s) => s.signUrl));
    expect((await sendCode(loose!)).statusCode).toBe(303);
  });
});

describe('signers of a consent form: at most max_signers, and the known number of the address', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = `/api/occupant/support-base/form/${(await t.services.supportBase.formIds(t.ids.projects.bloemenbuurt))[0]!}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  /** The form answered and its document opened: the signers' steps are next. */
  async function atSigners(token: string) {
    expect((await call('POST', `${base}/section/0`, token, { values: { instemming: 'agree' }, version: 0 })).statusCode).toBe(200);
    const f = ZSupportBaseForm.parse((await call('POST', `${base}/section/1`, token, { values: { naam: 'Bewoner', bewoners: 2 } })).json());
    expect((await t.app.inject({ method: 'GET', url: f.document_url! })).statusCode).toBe(200);
  }
  const signerRows = () => t.query<{ nr: number; mobile: string; phone_source: string }>(
    "SELECT s.nr, s.mobile, s.phone_source FROM signing_signers s JOIN signing_requests r ON r.id = s.request_id WHERE r.subject_kind = 'support-base' AND r.id = (SELECT max(id) FROM signing_requests) ORDER BY s.nr");

  it('refuses more signers than the form allows (4), and sends codes for an address with a known number to that number only', async () => {
    const jan = await occupantToken(t.app, '10'); // the household of 1234AB 10 knows Jan's mobile, 0612345678
    await atSigners(jan);
    const twenty = await call('POST', `${base}/nr-of-signatures`, jan, { nr_of_signatures: 20, names: Array.from({ length: 20 }, (_, i) => `Bewoner ${i + 1}`) });
    expect(twenty.statusCode).toBe(422);
    expect(twenty.json()).toMatchObject({ message: formMessages.maxSigners(4), errors: [{ field: 'nr_of_signatures', message: formMessages.maxSigners(4) }] });
    expect((await call('POST', `${base}/nr-of-signatures`, jan, { nr_of_signatures: 2, names: ['Jan de Vries', 'Anna de Vries'] })).statusCode).toBe(200);
    const typed = await call('POST', `${base}/mobile-number/2`, jan, { mobile: '0687654321' });
    expect(typed.statusCode).toBe(422);
    expect(typed.json()).toMatchObject({ message: formMessages.mobileNotKnown(['06****5678']) });
    for (const nr of [1, 2]) expect((await call('POST', `${base}/mobile-number/${nr}`, jan, { mobile: '0612345678' })).statusCode).toBe(200);
    // A number stored before the household knew one is refused when signing starts (the rule is checked again there).
    await t.query("UPDATE form_entries SET signatures = jsonb_set(signatures, '{2,mobile}', '\"0687654321\"') WHERE address_id = $1 AND form_id = (SELECT id FROM forms WHERE kind = 'support-base' ORDER BY id LIMIT 1)", [t.ids.addresses.a10]);
    const refused = await call('GET', `${base}/signage/url/1?language=nl`, jan);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: formMessages.mobileNotKnown(['06****5678']) });
    expect((await call('POST', `${base}/mobile-number/2`, jan, { mobile: '0612345678' })).statusCode).toBe(200);
    expect((await call('GET', `${base}/signage/url/1?language=nl`, jan)).statusCode).toBe(200);
    expect(await signerRows()).toEqual([{ nr: 1, mobile: '0612345678', phone_source: 'known' }, { nr: 2, mobile: '0612345678', phone_source: 'known' }]);
  });

  it('takes a number typed by the signer where the address knows none, and the evidence says it was typed', async () => {
    const fatima = await occupantToken(t.app, '12'); // 1234AB 12: no mobile number in the household's data
    await atSigners(fatima);
    expect((await call('POST', `${base}/nr-of-signatures`, fatima, { nr_of_signatures: 1, names: ['Fatima El Amrani'] })).statusCode).toBe(200);
    expect((await call('POST', `${base}/mobile-number/1`, fatima, { mobile: '0687654321' })).statusCode).toBe(200);
    expect((await call('GET', `${base}/signage/url/1?language=nl`, fatima)).statusCode).toBe(200);
    expect(await signerRows()).toEqual([{ nr: 1, mobile: '0687654321', phone_source: 'typed' }]);
  });
});

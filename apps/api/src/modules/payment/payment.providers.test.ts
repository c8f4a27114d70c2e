import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceMessages, ZChoiceForm, ZGenericEntry } from '@portal/contract';
import { bearer, createTestApp, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { loadEnv } from '../../plugins/env.ts';

const scribble = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 90 20, 140 70 S 250 30, 290 60" fill="none" stroke="#000" stroke-width="4"/></svg>';
const SIGNATURE = `data:image/png;base64,${(await sharp(Buffer.from(scribble)).png().toBuffer()).toString('base64')}`;

describe('which payment and signing providers a start uses', () => {
  it('the local ones only when chosen or with the demo data; otherwise off', () => {
    const base = { DATA_DIR: '/tmp/x' };
    expect(loadEnv({ ...base })).toMatchObject({ SEED_DEMO: true, PAYMENT_PROVIDER: 'local', SIGNING_PROVIDER: 'local' });
    expect(loadEnv({ ...base, SEED_DEMO: 'false' })).toMatchObject({ PAYMENT_PROVIDER: 'off', SIGNING_PROVIDER: 'off' });
    expect(loadEnv({ ...base, SEED_DEMO: 'false', PAYMENT_PROVIDER: '', SIGNING_PROVIDER: '' })).toMatchObject({ PAYMENT_PROVIDER: 'off', SIGNING_PROVIDER: 'off' });
    expect(loadEnv({ ...base, SEED_DEMO: 'false', PAYMENT_PROVIDER: 'local', SIGNING_PROVIDER: 'local' })).toMatchObject({ PAYMENT_PROVIDER: 'local', SIGNING_PROVIDER: 'local' });
    expect(loadEnv({ ...base, PAYMENT_PROVIDER: 'off', SIGNING_PROVIDER: 'off' })).toMatchObject({ PAYMENT_PROVIDER: 'off', SIGNING_PROVIDER: 'off' });
  });
});

/** A production start without payment or signing configuration and without the demo (SEED_DEMO false). */
describe('online payment and legal signing off', () => {
  let t: TestApp;
  let jan: string;
  let kitchen: number;
  let planning: number;

  beforeAll(async () => {
    // The test seeds the demo's data itself; the app starts as production would without the demo: no provider chosen.
    t = await createTestApp({ env: { PAYMENT_PROVIDER: '', SIGNING_PROVIDER: '' } });
    jan = await occupantToken(t.app, '10');
    const byName = Object.fromEntries((await t.query<{ name: string; id: number }>('SELECT name, id FROM forms')).map((r) => [r.name, r.id]));
    kitchen = byName['Keuzes voor uw keuken']!;
    planning = byName['Akkoord met de uitvoeringsplanning']!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(jan) });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(jan) });
  const occ = (rest = '') => `/api/occupant/choice/form/${kitchen}${rest}`;

  it('the choice form tells the resident that paying online is not possible; paying answers a Dutch 503', async () => {
    expect((await post(occ('/section/0'), { values: { fronten: 'Antraciet', 'extra-value-0': true }, version: 0 })).statusCode).toBe(200);
    expect((await post(occ('/section/1'), { values: { blad: 2.25, vaatwasser: 2 } })).statusCode).toBe(200);
    expect((await post(occ('/section/summary'), {})).statusCode).toBe(200);
    expect((await post(occ('/nr-of-signatures'), { nr_of_signatures: '1', names: ['Jan de Vries'] })).statusCode).toBe(200);
    const signed = ZChoiceForm.parse((await post(occ('/signature/1'), { signature: SIGNATURE, who: 'Jan de Vries' })).json());
    expect(signed).toMatchObject({ all_signed: true, c_enable_mollie: true, mollie_enabled: false, paid: false });
    expect(signed.total_not_paid_cents).toBeGreaterThan(0);

    const pay = await post(occ('/mollie'), {});
    expect(pay.statusCode).toBe(503);
    expect(pay.json()).toEqual({ message: choiceMessages.paymentUnavailable });
    expect(await t.query('SELECT id FROM payments')).toEqual([]);
    expect(await t.query('SELECT id FROM payment_local_payments')).toEqual([]);
  });

  it('serves no local test checkout and takes no webhook of the local provider', async () => {
    // A checkout of the local provider (made while it was on) is gone now.
    await t.query("INSERT INTO payment_local_payments (id, amount_cents, description, redirect_url) VALUES ('tr_AAAAAAAAAAAAAAAAAAAAAA', 1250, 'x', 'http://localhost:3000/')");
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/local/checkout/tr_AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    const chosen = await t.app.inject({
      method: 'POST', url: '/api/payment/local/checkout/tr_AAAAAAAAAAAAAAAAAAAAAA', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid',
    });
    expect(chosen.statusCode).toBe(404);
    expect((await t.query<{ status: string }>('SELECT status FROM payment_local_payments'))[0]!.status).toBe('open');
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payment/webhook/local', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=tr_AAAAAAAAAAAAAAAAAAAAAA' });
    expect(webhook.statusCode).toBe(404);
  });

  it('legal signing answers a Dutch 503 instead of opening the local sign page', async () => {
    const b = `/api/occupant/form/${planning}`;
    const opened = ZGenericEntry.parse((await get(`${b}/new`)).json());
    expect((await post(`${b}/filled-in-form/${opened.id}/section/0`, { values: { akkoord: 'Ja, ik ga akkoord' } })).statusCode).toBe(200);
    const summary = ZGenericEntry.parse((await get(`${b}/filled-in-form/${opened.id}`)).json()).summary_pdf;
    expect((await t.app.inject({ method: 'GET', url: summary })).statusCode).toBe(200);
    expect((await post(`${b}/filled-in-form/${opened.id}/lock`, {})).statusCode).toBe(200);
    expect((await post(`${b}/filled-in-form/${opened.id}/nr-of-signatures`, { nr_of_signatures: 1, names: ['Jan de Vries'] })).statusCode).toBe(200);
    const link = await get(`${b}/filled-in-form/${opened.id}/signage/url/1`);
    expect(link.statusCode).toBe(503);
    expect(link.json()).toEqual({ message: 'Digitaal ondertekenen is op dit moment niet mogelijk. Neem contact op met het projectteam.' });
    expect(await t.query("SELECT id FROM signing_requests WHERE subject_kind = 'generic-form' AND entry_id = $1", [opened.id])).toEqual([]);
  });
});

import type http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../plugins/env.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMollieProvider, fromMollieValue, reachableFromInternet, toMollieValue } from './payment.mollie-provider.ts';
import type { PaymentSubject } from './payment.types.ts';

const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

/*
 * The fake Mollie's TLS identity: a throw-away self-signed certificate for 127.0.0.1, made for this test only
 * (openssl req -x509 -newkey ec -days 36500). @mollie/api-client speaks https only and checks the server against
 * its own bundle of CAs, which no option extends; so this test file (its own worker process) accepts the fake's
 * certificate by NODE_TLS_REJECT_UNAUTHORIZED=0 while it runs.
 */
const FAKE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZXu/7Hsl9morXs4z
C3UgyazcR57Hk0WwUpfklYSsueehRANCAAQruwdGHfkygYiO1n8y02PqlccjiZR0
QQajAO4uLz8xZ2HHpPtZpu5/W0iNn9FvYuYFKMSfgcLyeFu0/eaSYCfz
-----END PRIVATE KEY-----`;
const FAKE_CERT = `-----BEGIN CERTIFICATE-----
MIIBnTCCAUSgAwIBAgIUK2/Ph8TEs99RTSm0LqoHfgDivckwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQZmFrZS1tb2xsaWUudGVzdDAgFw0yNjExMjMyMjA4NDVaGA8y
MTI2MTAzMDIyMDg0NVowGzEZMBcGA1UEAwwQZmFrZS1tb2xsaWUudGVzdDBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABCu7B0Yd+TKBiI7WfzLTY+qVxyOJlHRBBqMA
7i4vPzFnYcek+1mm7n9bSI2f0W9i5gUoxJ+BwvJ4W7T95pJgJ/OjZDBiMB0GA1Ud
DgQWBBSboH5fT7qsXS5Jo0NY06+xQOTKmzAfBgNVHSMEGDAWgBSboH5fT7qsXS5J
o0NY06+xQOTKmzAPBgNVHRMBAf8EBTADAQH/MA8GA1UdEQQIMAaHBH8AAAEwCgYI
KoZIzj0EAwIDRwAwRAIgTGsKADIjifIye9QuOvhIFlMSFwicwSLwY7k7zF99Pm8C
IFiEYE3WaabfTt1w+GGJwltseisAVW1vtyadbHpu6WTP
-----END CERTIFICATE-----`;
const previousTlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
beforeAll(() => {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
});
afterAll(() => {
  if (previousTlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTlsSetting;
});

type FakePayment = {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: unknown;
  idempotencyKey: string;
  refunds?: FakeRefund[];
  chargebacks?: FakeChargeback[];
};
type FakeRefund = { id: string; amount: { currency: string; value: string }; status: string; description: string; metadata: unknown; createdAt: string; idempotencyKey: string };
type FakeChargeback = { id: string; amount: { currency: string; value: string }; createdAt: string; reversedAt?: string };

/**
 * A small Mollie on 127.0.0.1, as INTEGRATIONS.md describes it: POST /v2/payments (API key as bearer, an
 * Idempotency-Key header that answers the same payment again, the amount as a two-decimal string) and
 * GET /v2/payments/{id}; each payment links to its checkout.
 */
async function startFakeMollie() {
  const payments = new Map<string, FakePayment>();
  const requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }> = [];
  let failNext = 0;
  let counter = 0;
  let refundCounter = 0;
  const cents = (a: { value: string }) => Math.round(Number(a.value) * 100);
  const refundJson = (p: FakePayment, r: FakeRefund) => ({
    resource: 'refund', id: r.id, amount: r.amount, status: r.status, description: r.description, metadata: r.metadata, paymentId: p.id, createdAt: r.createdAt,
    _links: { self: { href: `https://api.mollie.com/v2/payments/${p.id}/refunds/${r.id}`, type: 'application/hal+json' } },
  });
  const chargebackJson = (p: FakePayment, c: FakeChargeback) => ({
    resource: 'chargeback', id: c.id, amount: c.amount, paymentId: p.id, createdAt: c.createdAt, ...(c.reversedAt ? { reversedAt: c.reversedAt } : {}),
    _links: { self: { href: `https://api.mollie.com/v2/payments/${p.id}/chargebacks/${c.id}`, type: 'application/hal+json' } },
  });
  /** As Mollie: what was refunded (not failed or canceled), what remains, what was charged back; embedded lists when asked. */
  const ledgerJson = (p: FakePayment, embed: string[]): { amountRemaining?: { currency: string; value: string }; [key: string]: unknown } => {
    const refunded = (p.refunds ?? []).filter((r) => !['failed', 'canceled'].includes(r.status)).reduce((n, r) => n + cents(r.amount), 0);
    const chargedBack = (p.chargebacks ?? []).filter((c) => !c.reversedAt).reduce((n, c) => n + cents(c.amount), 0);
    const value = (n: number) => ({ currency: 'EUR', value: (n / 100).toFixed(2) });
    if (p.status !== 'paid') return {};
    return {
      amountRefunded: value(refunded), amountRemaining: value(Math.max(0, cents(p.amount) - refunded - chargedBack)),
      ...(chargedBack ? { amountChargedBack: value(chargedBack) } : {}),
      _embedded: {
        ...(embed.includes('refunds') ? { refunds: (p.refunds ?? []).map((r) => refundJson(p, r)) } : {}),
        ...(embed.includes('chargebacks') ? { chargebacks: (p.chargebacks ?? []).map((c) => chargebackJson(p, c)) } : {}),
      },
    };
  };
  const toJson = (p: FakePayment, base: string, embed: string[] = []) => ({
    ...ledgerJson(p, embed),
    resource: 'payment', id: p.id, mode: 'test', status: p.status, amount: p.amount, description: p.description, method: null,
    metadata: p.metadata, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    isCancelable: false, profileId: 'pfl_QkEhN94Ba', sequenceType: 'oneoff', redirectUrl: p.redirectUrl, webhookUrl: p.webhookUrl,
    _links: {
      self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
      checkout: { href: `https://www.mollie.com/checkout/select-method/${p.id.slice(3)}`, type: 'text/html' },
      dashboard: { href: `https://www.mollie.com/dashboard/org_1/payments/${p.id}`, type: 'text/html' },
    },
  });
  const server = https.createServer({ key: FAKE_KEY, cert: FAKE_CERT }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text ? JSON.parse(text) : null;
      const url = new URL(request.url ?? '/', 'http://mollie.invalid');
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
      const base = `https://${request.headers.host}`;
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/hal+json', ...headers }).end(JSON.stringify(json));
      if (request.headers.authorization !== `Bearer ${API_KEY}`) {
        send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication, or failed to authenticate' });
        return;
      }
      if (failNext > 0) {
        failNext -= 1;
        send(503, { status: 503, title: 'Service Unavailable', detail: 'Down for a moment' }, { 'retry-after': '0' });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v2/payments') {
        const key = request.headers['idempotency-key'];
        const input = body as Omit<FakePayment, 'id' | 'status' | 'idempotencyKey'>;
        if (typeof key !== 'string' || !key) {
          send(400, { status: 400, title: 'Bad Request', detail: 'test: an Idempotency-Key header is required' });
          return;
        }
        if (!/^\d+\.\d{2}$/.test(input.amount?.value ?? '') || input.amount.currency !== 'EUR') {
          send(422, { status: 422, title: 'Unprocessable Entity', detail: 'The amount contains an invalid value', field: 'amount.value' });
          return;
        }
        const known = [...payments.values()].find((p) => p.idempotencyKey === key);
        if (known) {
          send(201, toJson(known, base));
          return;
        }
        counter += 1;
        const created: FakePayment = { ...input, id: `tr_Fake${String(counter).padStart(6, '0')}`, status: 'open', idempotencyKey: key };
        payments.set(created.id, created);
        send(201, toJson(created, base));
        return;
      }
      const refundsOf = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
      if (request.method === 'POST' && refundsOf) {
        const payment = payments.get(refundsOf[1]!);
        const key = request.headers['idempotency-key'];
        const input = body as { amount?: { currency: string; value: string }; description?: string; metadata?: unknown };
        if (!payment) {
          send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token' });
          return;
        }
        const known = (payment.refunds ?? []).find((r) => r.idempotencyKey === key);
        if (known) {
          send(201, refundJson(payment, known));
          return;
        }
        const remaining = ledgerJson(payment, []).amountRemaining;
        if (payment.status !== 'paid' || !input.amount || !remaining || cents(input.amount) > cents(remaining)) {
          send(422, { status: 422, title: 'Unprocessable Entity', detail: 'The amount is higher than the amount remaining', field: 'amount' });
          return;
        }
        refundCounter += 1;
        const refund: FakeRefund = {
          id: `re_Fake${String(refundCounter).padStart(6, '0')}`, amount: input.amount, status: 'pending', description: input.description ?? '',
          metadata: input.metadata ?? null, createdAt: new Date().toISOString(), idempotencyKey: String(key ?? ''),
        };
        payment.refunds = [...(payment.refunds ?? []), refund];
        send(201, refundJson(payment, refund));
        return;
      }
      const match = /^\/v2\/payments\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        const found = payments.get(match[1]!);
        if (!found) send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token' });
        else send(200, toJson(found, base, (url.searchParams.get('embed') ?? '').split(',')));
        return;
      }
      send(404, { status: 404, title: 'Not Found', detail: 'Unknown route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `https://127.0.0.1:${port}/v2/`,
    payments,
    requests,
    failNext: (n: number) => {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type FakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;

describe('Mollie amounts', () => {
  it('writes cents as a string with two decimals and reads it back', () => {
    expect(toMollieValue(1250)).toBe('12.50');
    expect(toMollieValue(5)).toBe('0.05');
    expect(toMollieValue(100)).toBe('1.00');
    expect(toMollieValue(123456)).toBe('1234.56');
    expect(fromMollieValue('12.50')).toBe(1250);
    expect(fromMollieValue('12.5')).toBe(1250);
    expect(fromMollieValue('12')).toBe(1200);
    expect(fromMollieValue('1,50')).toBeNaN();
  });
});

describe('the configuration', () => {
  it('refuses Mollie without a test_ or live_ key', () => {
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'mollie' })).toThrow(/MOLLIE_API_KEY: required with PAYMENT_PROVIDER=mollie/);
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'sk_abc123' })).toThrow(/MOLLIE_API_KEY: a Mollie API key starts with test_ or live_/);
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadEnv({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: API_KEY })).toMatchObject({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: API_KEY });
    expect(loadEnv({}).PAYMENT_PROVIDER).toBe('local');
  });
});

describe('the Mollie adapter against a fake Mollie', () => {
  let mollie: FakeMollie;
  beforeAll(async () => {
    mollie = await startFakeMollie();
  });
  afterAll(async () => {
    await mollie?.close();
  });

  it('creates a payment as Mollie wants it, with an idempotency key, and reads its status', async () => {
    const provider = createMollieProvider({ apiKey: API_KEY, apiEndpoint: mollie.endpoint });
    const input = {
      amountCents: 1250, description: 'Meerwerk keuken', redirectUrl: 'https://portaal.example.nl/keuzes/1', webhookUrl: 'https://portaal.example.nl/api/payment/webhook/mollie',
      metadata: { subject_kind: 'choice-form', entry_id: 1, payment: 'portal-abc' }, idempotencyKey: 'portal-abc',
    };
    const created = await provider.createPayment(input);
    expect(created).toEqual({ id: 'tr_Fake000001', status: 'open', checkoutUrl: 'https://www.mollie.com/checkout/select-method/Fake000001' });
    const [post] = mollie.requests.filter((r) => r.method === 'POST');
    expect(post!.path).toBe('/v2/payments');
    expect(post!.headers['idempotency-key']).toBe('portal-abc');
    expect(post!.body).toMatchObject({
      amount: { currency: 'EUR', value: '12.50' }, description: 'Meerwerk keuken', redirectUrl: input.redirectUrl, webhookUrl: input.webhookUrl,
      metadata: input.metadata,
    });
    // the same key again: Mollie answers the same payment
    expect((await provider.createPayment(input)).id).toBe(created.id);
    expect(mollie.payments.size).toBe(1);

    expect(await provider.getPayment(created.id)).toEqual({ id: created.id, status: 'open', amountCents: 1250, refunds: [], chargebacks: [] });
    mollie.payments.get(created.id)!.status = 'paid';
    expect(await provider.getPayment(created.id)).toEqual({ id: created.id, status: 'paid', amountCents: 1250, refunds: [], chargebacks: [] });
    await expect(provider.getPayment('tr_unknown')).rejects.toThrow();

    // a portal on this machine: Mollie would refuse the webhook URL, so none is sent
    const local = await provider.createPayment({ ...input, webhookUrl: 'http://localhost:3000/api/payment/webhook/mollie', idempotencyKey: 'portal-def' });
    expect(mollie.payments.get(local.id)).not.toHaveProperty('webhookUrl');
    expect(reachableFromInternet('http://127.0.0.1:8080/x')).toBe(false);
    expect(reachableFromInternet('http://192.168.1.20/x')).toBe(false);
    expect(reachableFromInternet('http://[::1]:3000/x')).toBe(false);
    expect(reachableFromInternet('https://portaal.woonstad.nl/api/payment/webhook/mollie')).toBe(true);
    expect(reachableFromInternet('https://172.32.0.1/x')).toBe(true);
    await expect(createMollieProvider({ apiKey: 'test_wrongwrongwrongwrongwrongwr', apiEndpoint: mollie.endpoint }).getPayment(created.id)).rejects.toThrow();
  });
});

describe('online payment through Mollie (the app configured for a fake Mollie)', () => {
  let mollie: FakeMollie;
  let t: TestApp;
  const subject: PaymentSubject = { kind: 'choice-form', entryId: 77 };
  const webhook = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment/webhook/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
  const statusOf = async (id: number) => (await t.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id]))[0]!.status;

  beforeAll(async () => {
    mollie = await startFakeMollie();
    t = await createTestApp({
      seed: false, worker: false,
      env: { PUBLIC_URL: 'https://portaal.example.nl', PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: API_KEY, MOLLIE_API_ENDPOINT: mollie.endpoint },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mollie?.close();
  });

  it('stores the Mollie payment, sends the payer to its checkout, and applies the webhook by asking Mollie', async () => {
    const payment = await t.services.payments.create({ subject, amountCents: 2000, description: 'Meerwerk badkamer', returnPath: '/keuzes/77' });
    expect(payment).toMatchObject({ provider: 'mollie', providerPaymentId: 'tr_Fake000001', status: 'open', amountCents: 2000 });
    expect(payment.checkoutUrl).toBe('https://www.mollie.com/checkout/select-method/Fake000001');
    const sent = mollie.payments.get('tr_Fake000001')!;
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: '20.00' }, description: 'Meerwerk badkamer', redirectUrl: 'https://portaal.example.nl/keuzes/77',
      webhookUrl: 'https://portaal.example.nl/api/payment/webhook/mollie', metadata: { subject_kind: 'choice-form', entry_id: 77 },
    });
    const [stored] = await t.query<{ idempotency_key: string }>('SELECT idempotency_key FROM payments WHERE id = $1', [payment.id]);
    expect(sent.idempotencyKey).toBe(stored!.idempotency_key);

    // Mollie says paid: the webhook holds only the id, the portal asks
    sent.status = 'paid';
    const gets = mollie.requests.filter((r) => r.method === 'GET').length;
    expect((await webhook('id=tr_Fake000001')).statusCode).toBe(200);
    expect(mollie.requests.filter((r) => r.method === 'GET').length).toBe(gets + 1);
    expect(await statusOf(payment.id)).toBe('paid');

    // an unknown id: 200, and Mollie is not asked
    expect((await webhook('id=tr_NotOurs1')).statusCode).toBe(200);
    expect(mollie.requests.filter((r) => r.method === 'GET').length).toBe(gets + 1);
  });

  it('answers 503 (so that Mollie sends it again) while Mollie cannot be asked, and a paid amount that is not ours is not accepted', async () => {
    const other: PaymentSubject = { kind: 'choice-form', entryId: 78 };
    const payment = await t.services.payments.create({ subject: other, amountCents: 1000, description: 'Meerwerk', returnPath: '/keuzes/78' });
    mollie.payments.get(payment.providerPaymentId)!.status = 'paid';
    mollie.failNext(3); // the client tries three times
    const down = await webhook(`id=${payment.providerPaymentId}`);
    expect(down.statusCode).toBe(503);
    expect(await statusOf(payment.id)).toBe('open');

    mollie.payments.get(payment.providerPaymentId)!.amount.value = '0.01';
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('open');
    mollie.payments.get(payment.providerPaymentId)!.amount.value = '10.00';
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    expect(await statusOf(payment.id)).toBe('paid');
    const events = await t.query<{ source: string; status: string; applied: boolean }>('SELECT source, status, applied FROM payment_events WHERE payment_id = $1 ORDER BY id', [payment.id]);
    expect(events.map((e) => [e.source, e.status, e.applied])).toEqual([['created', 'open', true], ['webhook', 'paid', false], ['webhook', 'paid', true]]);
  });

  it('refunds through Mollie once per key, records what its webhook reports (refunds, dashboard refunds, chargebacks), and a forged webhook changes nothing', async () => {
    const payment = await t.services.payments.create({ subject: { kind: 'choice-form', entryId: 80 }, amountCents: 2000, description: 'Meerwerk', returnPath: '/keuzes/80' });
    const atMollie = mollie.payments.get(payment.providerPaymentId)!;
    atMollie.status = 'paid';
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    const refund = (amountCents: number | null, idempotencyKey: string) => t.services.payments.refund({
      paymentId: payment.id, amountCents, reason: 'Keuze vervallen', idempotencyKey, actor: { userId: 1, name: 'Test Medewerker' }, audit: async () => {},
    });
    const ledger = async () => (await t.query<{ status: string; refunded_cents: number; charged_back_cents: number }>(
      'SELECT status, refunded_cents, charged_back_cents FROM payments WHERE id = $1', [payment.id]))[0]!;
    const eventCount = async () => (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1', [payment.id]))[0]!.n;

    const first = await refund(500, 'key-first-0001');
    expect(first).toMatchObject({ repeated: false, refund: { amountCents: 500, status: 'pending', providerRefundId: 're_Fake000001' } });
    const posted = mollie.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refunds'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers['idempotency-key']).toBe(`portal-refund-${first.refund.id}`);
    expect(posted[0]!.body).toMatchObject({ amount: { currency: 'EUR', value: '5.00' }, description: 'Keuze vervallen', metadata: { refund: first.refund.id } });
    // the same request again: the same refund, Mollie not asked again
    expect(await refund(500, 'key-first-0001')).toMatchObject({ repeated: true, refund: { id: first.refund.id } });
    expect(mollie.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refunds'))).toHaveLength(1);
    // more than remains: refused in Dutch, nothing asked
    await expect(refund(1501, 'key-second-001')).rejects.toMatchObject({ statusCode: 422, message: 'Het bedrag is hoger dan wat nog terugbetaald kan worden (€ 15,00).' });
    expect(await ledger()).toEqual({ status: 'paid', refunded_cents: 500, charged_back_cents: 0 });

    // A forged webhook (whatever it claims) only makes the portal ask Mollie, which says nothing new.
    const before = await eventCount();
    const forged = await t.app.inject({
      method: 'POST', url: '/api/payment/webhook/mollie', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${payment.providerPaymentId}&status=refunded&amountRefunded=20.00&amountChargedBack=20.00`,
    });
    expect(forged.statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(await ledger()).toEqual({ status: 'paid', refunded_cents: 500, charged_back_cents: 0 });

    // At Mollie: our refund is paid out, someone refunds € 3 in the dashboard, the payer's bank charges back € 2. The payment stays paid.
    atMollie.refunds![0]!.status = 'refunded';
    atMollie.refunds!.push({ id: 're_Dashboard01', amount: { currency: 'EUR', value: '3.00' }, status: 'refunded', description: 'Handmatig', metadata: null, createdAt: new Date().toISOString(), idempotencyKey: '' });
    atMollie.chargebacks = [{ id: 'chb_Fake01', amount: { currency: 'EUR', value: '2.00' }, createdAt: new Date().toISOString() }];
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    expect(await ledger()).toEqual({ status: 'paid', refunded_cents: 800, charged_back_cents: 200 });
    const refunds = await t.query<{ provider_refund_id: string; amount_cents: number; status: string; origin: string; reason: string }>(
      'SELECT provider_refund_id, amount_cents, status, origin, reason FROM payment_refunds WHERE payment_id = $1 ORDER BY id', [payment.id]);
    expect(refunds).toEqual([
      { provider_refund_id: 're_Fake000001', amount_cents: 500, status: 'refunded', origin: 'console', reason: 'Keuze vervallen' },
      { provider_refund_id: 're_Dashboard01', amount_cents: 300, status: 'refunded', origin: 'provider', reason: 'Handmatig' },
    ]);
    const history = await t.query<{ source: string; status: string; amount_cents: number | null }>(
      'SELECT source, status, amount_cents FROM payment_events WHERE payment_id = $1 ORDER BY id', [payment.id]);
    expect(history.map((e) => [e.source, e.status, e.amount_cents])).toEqual([
      ['created', 'open', null], ['webhook', 'paid', null], ['console', 'queued', 500], ['console', 'pending', 500],
      ['webhook', 'refunded', 500], ['webhook', 'refunded', 300], ['webhook', 'charged-back', 200],
    ]);
    // the same webhook again: nothing new
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    expect(await eventCount()).toBe(history.length);
    // what remains is the amount less refunds and chargebacks: € 20 - 8 - 2
    await expect(refund(1001, 'key-third-0001')).rejects.toMatchObject({ statusCode: 422, message: 'Het bedrag is hoger dan wat nog terugbetaald kan worden (€ 10,00).' });

    // The chargeback is reversed; a new refund finishes without a webhook: the reconciliation job picks it up.
    atMollie.chargebacks[0]!.reversedAt = new Date().toISOString();
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    expect(await ledger()).toEqual({ status: 'paid', refunded_cents: 800, charged_back_cents: 0 });
    const last = await refund(null, 'key-full-00001');
    expect(last.refund.amountCents).toBe(1200);
    atMollie.refunds!.at(-1)!.status = 'refunded';
    await t.services.payments.reconcile({ olderThanMinutes: 0, now: new Date(Date.now() + 60_000) });
    expect(await ledger()).toEqual({ status: 'paid', refunded_cents: 2000, charged_back_cents: 0 });
    const [settled] = await t.query<{ status: string }>('SELECT status FROM payment_refunds WHERE id = $1', [last.refund.id]);
    expect(settled!.status).toBe('refunded');
    await expect(refund(1, 'key-after-0001')).rejects.toMatchObject({ statusCode: 422, message: 'Van deze betaling is niets meer terug te betalen.' });
  });

  it('keeps a refund Mollie did not answer and asks again with the same key; a refund Mollie refuses is failed and refunds nothing', async () => {
    const payment = await t.services.payments.create({ subject: { kind: 'choice-form', entryId: 81 }, amountCents: 1000, description: 'Meerwerk', returnPath: '/keuzes/81' });
    const atMollie = mollie.payments.get(payment.providerPaymentId)!;
    atMollie.status = 'paid';
    expect((await webhook(`id=${payment.providerPaymentId}`)).statusCode).toBe(200);
    const refund = (amountCents: number, idempotencyKey: string) => t.services.payments.refund({
      paymentId: payment.id, amountCents, reason: 'Korting', idempotencyKey, actor: { userId: 1, name: 'Test Medewerker' }, audit: async () => {},
    });
    const stored = () => t.query<{ status: string; provider_refund_id: string | null }>('SELECT status, provider_refund_id FROM payment_refunds WHERE payment_id = $1 ORDER BY id', [payment.id]);

    mollie.failNext(3); // the client tries three times
    await expect(refund(400, 'key-down-00001')).rejects.toMatchObject({ statusCode: 503, message: 'De terugbetaling kon nu niet worden aangevraagd. Probeer het over enkele minuten opnieuw.' });
    expect(await stored()).toEqual([{ status: 'queued', provider_refund_id: null }]);
    // the same request again: asked with the refund's own key, made once
    const again = await refund(400, 'key-down-00001');
    expect(again).toMatchObject({ repeated: true, refund: { status: 'pending' } });
    expect(atMollie.refunds).toHaveLength(1);
    expect(await stored()).toEqual([{ status: 'pending', provider_refund_id: atMollie.refunds![0]!.id }]);

    // Mollie knows of a refund we have not heard of yet, and refuses ours: failed, nothing counted for it
    atMollie.refunds!.push({ id: 're_Unheard01', amount: { currency: 'EUR', value: '6.00' }, status: 'pending', description: 'Dashboard', metadata: null, createdAt: new Date().toISOString(), idempotencyKey: '' });
    await expect(refund(600, 'key-refused-01')).rejects.toMatchObject({ statusCode: 422, message: 'De betaalprovider heeft de terugbetaling geweigerd. Er is niets terugbetaald.' });
    expect((await stored()).map((r) => r.status)).toEqual(['pending', 'failed']);
    const [row] = await t.query<{ refunded_cents: number }>('SELECT refunded_cents FROM payments WHERE id = $1', [payment.id]);
    expect(row!.refunded_cents).toBe(400);
  });

  it('refuses to start the payment (503 in Dutch) when Mollie refuses it', async () => {
    mollie.failNext(3);
    await expect(t.services.payments.create({ subject: { kind: 'choice-form', entryId: 79 }, amountCents: 500, description: 'Meerwerk', returnPath: '/keuzes/79' }))
      .rejects.toMatchObject({ statusCode: 503, message: 'De betaling kan nu niet worden gestart. Probeer het over enkele minuten opnieuw.' });
    expect(await t.query('SELECT id FROM payments WHERE entry_id = 79')).toEqual([]);
  });
});

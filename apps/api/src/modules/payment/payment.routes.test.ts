import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_MORE_HEADER, type TStaffPayment } from '@portal/contract';
import { jobHandlers } from '../../services.ts';
import { adminToken, bearer, createListeningApp, freePort, occupantToken, partnerToken, waitFor, type TestApp } from '../../../test/helpers.ts';
import { runJobs as runQueuedJobs } from '../../../test/jobs.ts';
import { choiceEntry } from '../../../test/payments.ts';
import { movesTo } from './payment.service.ts';
import type { Payment, PaymentStatus, PaymentSubject } from './payment.types.ts';

const pathOf = (url: string) => new URL(url, 'http://portal.invalid').pathname;
const form = { 'content-type': 'application/x-www-form-urlencoded' };


describe('payment status rules', () => {
  it('moves forward only: a later paid is honoured, nothing leaves paid, other final statuses stay', () => {
    expect(movesTo('open', 'pending')).toBe(true);
    expect(movesTo('pending', 'open')).toBe(false);
    expect(movesTo('authorized', 'pending')).toBe(false);
    expect(movesTo('open', 'failed')).toBe(true);
    expect(movesTo('failed', 'paid')).toBe(true);
    expect(movesTo('expired', 'paid')).toBe(true);
    expect(movesTo('canceled', 'paid')).toBe(true);
    expect(movesTo('paid', 'failed')).toBe(false);
    expect(movesTo('paid', 'paid')).toBe(false);
    expect(movesTo('failed', 'expired')).toBe(false);
    expect(movesTo('failed', 'open')).toBe(false);
  });
});

describe('online payment with the local test checkout (jobs run by the test, webhooks over a real socket)', () => {
  let t: TestApp;
  let base: string;
  let told: Array<{ subject: PaymentSubject; payment: Payment }>;

  /** Runs queued jobs (webhooks, announcements) until none is left; answers their names in order. */
  // The notifications the payments send (issue 19) run too; the payment's own jobs are what these tests follow.
  const runJobs = async () => (await runQueuedJobs(t)).filter((name) => !name.startsWith('notif'));

  const create = (subject: PaymentSubject, amountCents = 1250) =>
    t.services.payments.create({ subject, amountCents, description: 'Meerwerk keuken Tulpstraat 10', returnPath: `/keuzes/${subject.entryId}` });
  const choose = (checkoutUrl: string, status: string) =>
    t.app.inject({ method: 'POST', url: pathOf(checkoutUrl), headers: form, payload: new URLSearchParams({ status }).toString() });
  const webhook = (payload: string, headers: Record<string, string> = form, provider = 'local') =>
    t.app.inject({ method: 'POST', url: `/api/payment/webhook/${provider}`, headers, payload });
  const eventsOf = async (paymentId: number) =>
    t.query<{ source: string; status: string; applied: boolean }>('SELECT source, status, applied FROM payment_events WHERE payment_id = $1 ORDER BY id', [paymentId]);
  const statusOf = async (paymentId: number) => (await t.query<{ status: PaymentStatus }>('SELECT status FROM payments WHERE id = $1', [paymentId]))[0]!.status;

  beforeAll(async () => {
    const app = await createListeningApp({ worker: false });
    t = app;
    base = app.base;
    told = [];
    t.services.payments.onStatus('choice-form', async (event) => {
      told.push(event);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the payment (and the checkout its own) before returning; the open one is reused for the same amount', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    expect(payment).toMatchObject({ subject, provider: 'local', amountCents: 1250, status: 'open', paidAt: null });
    expect(payment.providerPaymentId).toMatch(/^tr_[A-Za-z0-9]{16,}$/);
    expect(payment.checkoutUrl).toBe(`/api/payment/local/checkout/${payment.providerPaymentId}`);
    const [row] = await t.query<{ provider_payment_id: string; status: string; amount_cents: number }>('SELECT * FROM payments WHERE id = $1', [payment.id]);
    expect(row).toMatchObject({ provider_payment_id: payment.providerPaymentId, status: 'open', amount_cents: 1250 });
    const [local] = await t.query<{ amount_cents: number; redirect_url: string; webhook_url: string; metadata: Record<string, unknown> }>(
      'SELECT * FROM payment_local_payments WHERE id = $1', [payment.providerPaymentId]);
    expect(local).toMatchObject({
      amount_cents: 1250, redirect_url: `${base}/keuzes/${subject.entryId}`, webhook_url: `${base}/api/payment/webhook/local`,
      metadata: { subject_kind: 'choice-form', entry_id: subject.entryId },
    });
    expect(await eventsOf(payment.id)).toEqual([{ source: 'created', status: 'open', applied: true }]);

    expect((await create(subject)).id).toBe(payment.id);
    const other = await create(subject, 1500);
    expect(other.id).not.toBe(payment.id);
    expect((await t.services.payments.latest(subject))?.id).toBe(other.id);
    await expect(create(subject, 0)).rejects.toThrow();
  });

  it('shows the checkout in Dutch; choosing paid reaches the portal through the real webhook and tells the form once', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    const page = await t.app.inject({ method: 'GET', url: payment.checkoutUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('€ 12,50');
    expect(page.body).toContain('Meerwerk keuken Tulpstraat 10');
    expect(page.body).toContain('name="viewport"');
    for (const [value, label] of [['paid', 'Betaald'], ['failed', 'Mislukt'], ['canceled', 'Geannuleerd'], ['expired', 'Verlopen']]) {
      expect(page.body).toContain(`<label class="choice"><input type="radio" name="status" value="${value}" required> ${label}</label>`);
    }
    expect(page.body).not.toMatch(/<script/);
    // the form may send the payer back to the portal's address (which may be another host than the page's)
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${base};`);

    // no choice: the page again with its error
    const none = await choose(payment.checkoutUrl!, '');
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Kies een uitkomst.');

    const paid = await choose(payment.checkoutUrl!, 'paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${base}/keuzes/${subject.entryId}`);
    // The payer's browser changed nothing at the portal: only the webhook does.
    expect(await statusOf(payment.id)).toBe('open');

    told.length = 0;
    expect(await runJobs()).toEqual(['payment-local-webhook', 'payment-status']);
    const now = await t.services.payments.latest(subject);
    expect(now).toMatchObject({ id: payment.id, status: 'paid' });
    expect(now?.paidAt).toBeInstanceOf(Date);
    expect(told.map((e) => [e.subject.entryId, e.payment.status])).toEqual([[subject.entryId, 'paid']]);
    expect(await eventsOf(payment.id)).toEqual([
      { source: 'created', status: 'open', applied: true },
      { source: 'webhook', status: 'paid', applied: true },
    ]);

    // A final checkout refuses a second choice.
    const again = await choose(payment.checkoutUrl!, 'failed');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Deze betaling is al afgerond (Betaald) en kan niet meer worden gewijzigd.');
    expect((await t.query<{ status: string }>('SELECT status FROM payment_local_payments WHERE id = $1', [payment.providerPaymentId]))[0]!.status).toBe('paid');
    expect(await runJobs()).toEqual([]);
    // A paid payment is not made again: create answers it.
    expect(await create(subject)).toMatchObject({ id: payment.id, status: 'paid' });
  });

  it('applies a webhook replayed three times once', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    await t.query("UPDATE payment_local_payments SET status = 'paid' WHERE id = $1", [payment.providerPaymentId]);
    for (let i = 0; i < 3; i++) {
      const res = await webhook(`id=${payment.providerPaymentId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await statusOf(payment.id)).toBe('paid');
    // The history keeps what the provider said once: a repeated status is no news.
    const events = (await eventsOf(payment.id)).filter((e) => e.source === 'webhook');
    expect(events).toEqual([{ source: 'webhook', status: 'paid', applied: true }]);
    told.length = 0;
    expect(await runJobs()).toEqual(['payment-status']);
    expect(told).toHaveLength(1);
  });

  it('honours paid after failed, and never moves a paid payment to failed', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    expect((await choose(payment.checkoutUrl!, 'failed')).statusCode).toBe(303);
    told.length = 0;
    await runJobs();
    expect(await statusOf(payment.id)).toBe('failed');

    // the bank confirms later: the provider changes the status and sends its webhook
    await t.services.payments.local.change(payment.providerPaymentId, 'paid');
    await runJobs();
    expect(await statusOf(payment.id)).toBe('paid');
    expect(told.map((e) => e.payment.status)).toEqual(['failed', 'paid']);

    await t.services.payments.local.change(payment.providerPaymentId, 'failed');
    await runJobs();
    expect(await statusOf(payment.id)).toBe('paid');
    expect(told.map((e) => e.payment.status)).toEqual(['failed', 'paid']);
    expect((await eventsOf(payment.id)).slice(1)).toEqual([
      { source: 'webhook', status: 'failed', applied: true },
      { source: 'webhook', status: 'paid', applied: true },
      { source: 'webhook', status: 'failed', applied: false },
    ]);
  });

  it('answers 200 for an unknown payment id and never 500 for a bad body', async () => {
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events');
    expect((await webhook('id=tr_doesnotexist123456')).statusCode).toBe(200);
    expect((await webhook('id=tr_x')).statusCode).toBe(200);
    expect((await webhook(JSON.stringify({ id: 'tr_doesnotexist123456' }), { 'content-type': 'application/json' })).statusCode).toBe(200);

    const missing = await webhook('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Geen betaling opgegeven.' });
    expect((await webhook('foo=bar')).statusCode).toBe(400);
    expect((await webhook('{not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await webhook('id=tr_abc', { 'content-type': 'text/plain' })).statusCode).toBe(200);
    expect((await webhook('<id>tr_abc</id>', { 'content-type': 'application/xml' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/webhook/local' })).statusCode).toBe(400);
    expect((await webhook(`id=${'x'.repeat(5000)}`)).statusCode).toBe(200);
    const huge = await webhook(`id=${'x'.repeat(200_000)}`);
    expect(huge.statusCode).toBe(413);
    expect((await webhook('id=tr_abc', form, 'paypal')).statusCode).toBe(404);
    expect(await t.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_events')).toEqual(before);
    expect(await runJobs()).toEqual([]);

    // the checkout page: unknown ids and odd bodies
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/local/checkout/tr_doesnotexist123456' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/local/checkout/nonsense', headers: form, payload: 'status=paid' })).statusCode).toBe(404);
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    const odd = await t.app.inject({ method: 'POST', url: payment.checkoutUrl!, headers: form, payload: 'status=refunded' });
    expect(odd.statusCode).toBe(422);
    const json = await t.app.inject({ method: 'POST', url: payment.checkoutUrl!, headers: { 'content-type': 'application/json' }, payload: '{"status":"paid"' });
    expect(json.statusCode).toBeLessThan(500);
    expect(await statusOf(payment.id)).toBe('open');
  });

  it('asks again on the return page (refresh)', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    expect((await t.services.payments.refresh(subject))?.status).toBe('open');
    // the webhook has not come yet; the payer is back
    await t.query("UPDATE payment_local_payments SET status = 'paid' WHERE id = $1", [payment.providerPaymentId]);
    expect((await t.services.payments.refresh(subject))?.status).toBe('paid');
    expect((await eventsOf(payment.id)).map((e) => [e.source, e.status, e.applied])).toEqual([
      ['created', 'open', true], ['return', 'paid', true],
    ]);
    expect(await t.services.payments.refresh({ kind: 'choice-form', entryId: 999_999 })).toBeNull();
    await runJobs();
  });

  it('repairs a payment whose webhook was lost, through the reconciliation job, after 15 minutes', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    // the payer paid, the webhook never arrived
    await t.query("UPDATE payment_local_payments SET status = 'paid' WHERE id = $1", [payment.providerPaymentId]);
    const reconcile = jobHandlers(t.services)['payment-reconcile'];
    await reconcile({});
    expect(await statusOf(payment.id)).toBe('open'); // too young: the webhook may still come

    await t.query("UPDATE payments SET created_at = now() - interval '16 minutes' WHERE id = $1", [payment.id]);
    told.length = 0;
    await reconcile({});
    expect(await statusOf(payment.id)).toBe('paid');
    expect((await eventsOf(payment.id)).at(-1)).toEqual({ source: 'reconcile', status: 'paid', applied: true });
    expect(await runJobs()).toEqual(['payment-status']);
    expect(told.map((e) => [e.payment.id, e.payment.status])).toEqual([[payment.id, 'paid']]);
    // paid is not asked about again
    const count = (await eventsOf(payment.id)).length;
    expect(await t.services.payments.reconcile({ olderThanMinutes: 0 })).toBe(0);
    expect(await eventsOf(payment.id)).toHaveLength(count);
  });

  it('keeps the webhook job failing (to be retried) while the portal does not answer 200', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject);
    // a portal that is down: nothing listens at the webhook's address
    const closed = await freePort();
    await t.query('UPDATE payment_local_payments SET webhook_url = $2 WHERE id = $1', [payment.providerPaymentId, `http://127.0.0.1:${closed}/api/payment/webhook/local`]);
    expect((await choose(payment.checkoutUrl!, 'paid')).statusCode).toBe(303);
    const [job] = await t.query<{ id: string; max_attempts: number }>(`SELECT j.id, j.max_attempts FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'payment-local-webhook'`);
    expect(job!.max_attempts).toBeGreaterThanOrEqual(20);
    const deliver = jobHandlers(t.services)['payment-local-webhook'];
    await expect(deliver({ id: payment.providerPaymentId })).rejects.toThrow();

    // a portal that answers, but not 200 (an unknown provider name: 404)
    await t.query('UPDATE payment_local_payments SET webhook_url = $2 WHERE id = $1', [payment.providerPaymentId, `${base}/api/payment/webhook/elsewhere`]);
    await expect(deliver({ id: payment.providerPaymentId })).rejects.toThrow('webhook answered 404');
    expect(await statusOf(payment.id)).toBe('open');

    // back up: the same job succeeds
    await t.query('UPDATE payment_local_payments SET webhook_url = $2 WHERE id = $1', [payment.providerPaymentId, `${base}/api/payment/webhook/local`]);
    await deliver({ id: payment.providerPaymentId });
    expect(await statusOf(payment.id)).toBe('paid');
    await t.query('DELETE FROM graphile_worker._private_jobs');
  });

  it('lists the payments of a project for its staff, with their history; paged; refused for another customer', async () => {
    const subject = await choiceEntry(t);
    const payment = await create(subject, 4321);
    const token = await partnerToken(t.app);
    const url = `/api/partner/project/${t.ids.projects.bloemenbuurt}/payments`;
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const list = res.json<TStaffPayment[]>();
    expect(list[0]).toMatchObject({
      id: payment.id, amount_cents: 4321, currency: 'EUR', status: 'open', provider: 'local', provider_payment_id: payment.providerPaymentId,
      full_address: 'Tulpstraat 10, 1234 AB Utrecht', entry_id: subject.entryId, paid_at: null,
      events: [{ source: 'created', status: 'open', applied: true }],
    });
    expect(list[0]!.form.name).toBeTruthy();
    expect(list.some((p) => p.status === 'paid' && p.paid_at !== null && p.events.some((e) => e.source === 'webhook' && e.applied))).toBe(true);
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => b - a));

    const first = await t.app.inject({ method: 'GET', url: `${url}?limit=2`, headers: bearer(token) });
    expect(first.headers[HAS_MORE_HEADER]).toBe('true');
    const firstIds = first.json<TStaffPayment[]>().map((p) => p.id);
    const next = await t.app.inject({ method: 'GET', url: `${url}?limit=2&before=${firstIds[1]}`, headers: bearer(token) });
    expect(next.json<TStaffPayment[]>().map((p) => p.id)).toEqual(list.slice(2, 4).map((p) => p.id));

    // the administrator of Woonstad sees Bloemenbuurt, not De Vries' project
    const admin = await adminToken(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/partner/project/${t.ids.projects.havenkwartier}/payments`, headers: bearer(admin) });
    expect(other.statusCode).toBe(404);
    // De Vries' project holds none of these payments
    const partnerOther = await t.app.inject({ method: 'GET', url: `/api/partner/project/${t.ids.projects.havenkwartier}/payments`, headers: bearer(token) });
    expect(partnerOther.json()).toEqual([]);
    // a resident is not staff
    const resident = await occupantToken(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(resident) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const history = await t.services.payments.history(subject);
    expect(history.map((p) => p.id)).toEqual([payment.id]);
    expect(history[0]!.events).toMatchObject([{ source: 'created', status: 'open', applied: true }]);
  });
});

describe('the local checkout with the job worker running (graphile-worker retries a webhook that did not get 200)', () => {
  let t: TestApp;
  let base: string;
  let gate: http.Server;
  const seen: Array<{ contentType: string | undefined; body: string; answered: number }> = [];

  beforeAll(async () => {
    const app = await createListeningApp({ worker: true });
    t = app;
    base = app.base;
    // In front of the portal: answers 503 to the first webhook (the portal was restarting), then passes them on.
    gate = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        void (async () => {
          let answered = 503;
          if (seen.length > 0) {
            const passed = await fetch(`${base}/api/payment/webhook/local`, { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body });
            answered = passed.status;
          }
          seen.push({ contentType: request.headers['content-type'], body, answered });
          response.writeHead(answered).end();
        })();
      });
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => gate?.close(() => resolve()));
  });

  it('sends id=tr_... form-encoded as Mollie does, is retried after a 503, and the form hears of it', async () => {
    const told: number[] = [];
    t.services.payments.onStatus('choice-form', async ({ payment }) => {
      told.push(payment.id);
    });
    const subject = await choiceEntry(t);
    const payment = await t.services.payments.create({ subject, amountCents: 995, description: 'Meerwerk', returnPath: '/keuzes' });
    const { port } = gate.address() as net.AddressInfo;
    await t.query('UPDATE payment_local_payments SET webhook_url = $2 WHERE id = $1', [payment.providerPaymentId, `http://127.0.0.1:${port}/webhook`]);
    const res = await t.app.inject({ method: 'POST', url: payment.checkoutUrl!, headers: form, payload: 'status=paid' });
    expect(res.statusCode).toBe(303);

    const crontab = await t.query<{ identifier: string }>('SELECT identifier FROM graphile_worker._private_known_crontabs');
    expect(crontab.map((c) => c.identifier)).toContain('payment-reconcile');

    await waitFor(() => told.length > 0 || null, { timeoutMs: 30_000, interval: 100 });
    expect(seen.map((s) => s.answered)).toEqual([503, 200]);
    expect(seen[0]).toMatchObject({ contentType: 'application/x-www-form-urlencoded', body: `id=${payment.providerPaymentId}` });
    expect(told).toEqual([payment.id]);
    expect((await t.services.payments.latest(subject))?.status).toBe('paid');
  }, 40_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStaffPayment, type TStaffPayment } from '@portal/contract';
import { bearer, createListeningApp, partnerToken, type TestApp } from '../../../test/helpers.ts';
import { runJobs as runQueuedJobs } from '../../../test/jobs.ts';
import { choiceEntry } from '../../../test/payments.ts';
import type { PaymentSubject } from './payment.types.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };


describe('payments under abuse', () => {
  let t: TestApp;

  const runJobs = () => runQueuedJobs(t);
  const create = (subject: PaymentSubject) =>
    t.services.payments.create({ subject, amountCents: 1250, description: 'Meerwerk keuken Tulpstraat 10', returnPath: `/keuzes/${subject.entryId}` });
  const webhook = (id: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment/webhook/local', headers: form, payload: `id=${id}`, remoteAddress });
  const eventsOf = async (paymentId: number) =>
    t.query<{ source: string; status: string; applied: boolean }>('SELECT source, status, applied FROM payment_events WHERE payment_id = $1 ORDER BY id', [paymentId]);

  beforeAll(async () => {
    t = await createListeningApp({ worker: false, env: { WEBHOOK_RATE_LIMIT_MAX: '60' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a webhook called again and again for a known payment adds no history rows while its status stays', async () => {
    const payment = await create(await choiceEntry(t));
    for (let i = 0; i < 50; i++) expect((await webhook(payment.providerPaymentId, '203.0.113.1')).statusCode).toBe(200);
    expect(await eventsOf(payment.id)).toEqual([{ source: 'created', status: 'open', applied: true }]);

    // what the provider says anew is kept, once
    await t.services.payments.local.change(payment.providerPaymentId, 'failed');
    await runJobs();
    for (let i = 0; i < 5; i++) expect((await webhook(payment.providerPaymentId, '203.0.113.1')).statusCode).toBe(200);
    expect(await eventsOf(payment.id)).toEqual([
      { source: 'created', status: 'open', applied: true },
      { source: 'webhook', status: 'failed', applied: true },
    ]);
  });

  it('limits webhook calls per client: past WEBHOOK_RATE_LIMIT_MAX in 15 minutes a Dutch 429, other clients go on', async () => {
    const payment = await create(await choiceEntry(t));
    for (let i = 0; i < 60; i++) expect((await webhook(payment.providerPaymentId, '198.51.100.7')).statusCode).toBe(200);
    const over = await webhook(payment.providerPaymentId, '198.51.100.7');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json<{ message: string }>().message).toMatch(/^[A-Z].*(pogingen|probeer)/i);
    expect((await webhook(payment.providerPaymentId, '198.51.100.8')).statusCode).toBe(200);
    // the signing postbacks share the limit per client
    const postback = await t.app.inject({ method: 'POST', url: '/api/signing/postback/local', payload: '{}', headers: { 'content-type': 'application/json' }, remoteAddress: '198.51.100.7' });
    expect(postback.statusCode).toBe(429);
  });

  it('flags to staff a form paid twice (a late paid after a failed attempt that was paid again)', async () => {
    const subject = await choiceEntry(t);
    const first = await create(subject);
    await t.services.payments.local.change(first.providerPaymentId, 'failed');
    await runJobs();
    // the payer tries again and pays; then the bank confirms the first attempt after all
    const second = await create(subject);
    expect(second.id).not.toBe(first.id);
    await t.services.payments.local.change(second.providerPaymentId, 'paid');
    await runJobs();
    await t.services.payments.local.change(first.providerPaymentId, 'paid');
    await runJobs();
    const single = await create(await choiceEntry(t));
    await t.services.payments.local.change(single.providerPaymentId, 'paid');
    await runJobs();

    const partner = await partnerToken(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/partner/project/${t.ids.projects.bloemenbuurt}/payments`, headers: bearer(partner) });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TStaffPayment[]>().map((p) => ZStaffPayment.parse(p));
    const byId = new Map(list.map((p) => [p.id, p]));
    expect(byId.get(first.id)).toMatchObject({ status: 'paid', double_paid: true });
    expect(byId.get(second.id)).toMatchObject({ status: 'paid', double_paid: true });
    expect(byId.get(single.id)).toMatchObject({ status: 'paid', double_paid: false });
    expect(list.filter((p) => p.status !== 'paid').every((p) => !p.double_paid)).toBe(true);
  });
});

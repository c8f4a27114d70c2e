import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_MORE_HEADER, type TConsolePayment, type TConsolePaymentDetail, type TRefundResult, type TStaffPaymentTotals } from '@portal/contract';
import { bearer, consoleToken, createListeningApp, type TestApp } from '../../../test/helpers.ts';
import { runJobs } from '../../../test/jobs.ts';
import { choiceEntry } from '../../../test/payments.ts';
import type { PaymentSubject } from './payment.types.ts';

let t: TestApp;
let admin: string;
let editor: string;
let viewer: string;
let project: number;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const pathOf = (url: string) => new URL(url, 'http://portal.invalid').pathname;
const base = (projectId = project) => `/api/staff/projects/${projectId}/payments`;
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const refund = (paymentId: number, body: Record<string, unknown>, token = admin, projectId = project) =>
  t.app.inject({ method: 'POST', url: `${base(projectId)}/${paymentId}/refunds`, headers: bearer(token), payload: body });

/** A payment of `subject`, paid by the payer on the local checkout; the webhook (a job) tells the portal. */
async function paid(subject: PaymentSubject, amountCents = 1250): Promise<number> {
  const payment = await t.services.payments.create({ subject, amountCents, description: 'Meerwerk keuken', returnPath: `/keuzes/${subject.entryId}` });
  const chosen = await t.app.inject({ method: 'POST', url: pathOf(payment.checkoutUrl!), headers: form, payload: 'status=paid' });
  expect(chosen.statusCode).toBe(303);
  await runJobs(t);
  return payment.id;
}

async function staffUser(role: string, name: string): Promise<string> {
  const [user] = await t.query<{ id: number }>('INSERT INTO users (username, email, name) VALUES ($1, $1, $2) RETURNING id', [`${role}@betalingen.nl`, name]);
  await t.query('INSERT INTO user_customers (user_id, customer_id, role) VALUES ($1, $2, $3)', [user!.id, t.ids.customers.woonstad, role]);
  await t.query('INSERT INTO staff_projects (user_id, project_id) VALUES ($1, $2)', [user!.id, project]);
  return consoleToken(t, user!.id);
}

beforeAll(async () => {
  t = await createListeningApp({ worker: false });
  project = t.ids.projects.bloemenbuurt;
  admin = await consoleToken(t, t.ids.users.admin);
  editor = await staffUser('project-editor', 'Redacteur Betalingen');
  viewer = await staffUser('woco-viewer', 'Kijker Betalingen');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('payments in the console', () => {
  let first: number;
  let entry: PaymentSubject;

  it('lists a project\'s payments with address, form and amounts; paged by id; read by an editor, not by a role without payments.read', async () => {
    entry = await choiceEntry(t);
    first = await paid(entry);
    const open = await t.services.payments.create({ subject: await choiceEntry(t), amountCents: 1500, description: 'Meerwerk badkamer', returnPath: '/keuzes/1' });

    const res = await get(`${base()}?limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers[HAS_MORE_HEADER.toLowerCase()]).toBe('true');
    const [newest] = res.json<TConsolePayment[]>();
    expect(newest).toMatchObject({ id: open.id, status: 'open', amount_cents: 1500, remaining_cents: 0, refunded_cents: 0, full_address: 'Tulpstraat 10, 1234 AB Utrecht' });
    const next = await get(`${base()}?limit=1&before=${open.id}`);
    expect(next.json<TConsolePayment[]>()[0]).toMatchObject({ id: first, status: 'paid', amount_cents: 1250, remaining_cents: 1250, double_paid: false });
    expect(next.json<TConsolePayment[]>()[0]!.form.name).toBeTruthy();

    expect((await get(base(), editor)).statusCode).toBe(200);
    expect((await get(base(), viewer)).statusCode).toBe(403);
    expect((await get(`${base()}/${first}`, viewer)).statusCode).toBe(403);
  });

  it('answers 404 for another customer\'s project and for a payment of another project', async () => {
    const foreignProject = t.ids.projects.havenkwartier;
    expect((await get(base(foreignProject))).statusCode).toBe(404);
    expect((await get(`${base(foreignProject)}/${first}`)).statusCode).toBe(404);
    expect((await refund(first, { reason: 'x', idempotency_key: 'foreign-key-01' }, admin, foreignProject)).statusCode).toBe(404);
    // a payment of the customer's other project, asked for under this one
    expect((await get(`${base(t.ids.projects.rivierenwijk)}/${first}`)).statusCode).toBe(404);
    expect((await get(`${base()}/999999`)).statusCode).toBe(404);
  });

  it('refunds part of a payment once per key, sums partial refunds, refuses more than remains, and audits each refund', async () => {
    expect((await refund(first, { amount_cents: 300, reason: 'Tegel vervalt', idempotency_key: 'key-part-0001' }, editor)).statusCode).toBe(403);
    const one = await refund(first, { amount_cents: 300, reason: 'Tegel vervalt', idempotency_key: 'key-part-0001' });
    expect(one.statusCode).toBe(200);
    expect(one.json<TRefundResult>()).toMatchObject({ repeated: false, refund: { amount_cents: 300, status: 'pending', reason: 'Tegel vervalt', origin: 'console' } });
    expect(one.json<TRefundResult>().payment).toMatchObject({ refunded_cents: 300, remaining_cents: 950, status: 'paid' });
    // the same request again (a retry after a lost answer): the same refund
    const again = await refund(first, { amount_cents: 300, reason: 'Tegel vervalt', idempotency_key: 'key-part-0001' });
    expect(again.json<TRefundResult>()).toMatchObject({ repeated: true, refund: { id: one.json<TRefundResult>().refund.id }, payment: { refunded_cents: 300 } });
    const two = await refund(first, { amount_cents: 200, reason: 'Kraan goedkoper', idempotency_key: 'key-part-0002' });
    expect(two.json<TRefundResult>().payment).toMatchObject({ refunded_cents: 500, remaining_cents: 750 });

    const above = await refund(first, { amount_cents: 751, reason: 'Te veel', idempotency_key: 'key-part-0003' });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      message: 'Het bedrag is hoger dan wat nog terugbetaald kan worden (€ 7,50).',
      errors: [{ field: 'amount_cents', message: 'Het bedrag is hoger dan wat nog terugbetaald kan worden (€ 7,50).' }],
    });
    const noReason = await refund(first, { amount_cents: 100, reason: '   ', idempotency_key: 'key-part-0004' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toContain('reason');

    // the local provider settles its refunds later and tells the portal through the payment's webhook, as Mollie does
    const ran = (await runJobs(t)).filter((name) => !name.startsWith('notif')); // the refund notices run too
    expect(ran).toEqual(['payment-local-refund', 'payment-local-refund', 'payment-local-webhook', 'payment-local-webhook']);
    const detail = (await get(`${base()}/${first}`)).json<TConsolePaymentDetail>();
    expect(detail.refunds.map((r) => [r.amount_cents, r.status, r.requested_by])).toEqual([[300, 'refunded', 'Beheerder Woonstad'], [200, 'refunded', 'Beheerder Woonstad']]);
    expect(detail.history.filter((h) => h.kind === 'refund').map((h) => [h.source, h.status, h.amount_cents])).toEqual([
      ['console', 'queued', 300], ['console', 'pending', 300], ['console', 'queued', 200], ['console', 'pending', 200], ['webhook', 'refunded', 300], ['webhook', 'refunded', 200],
    ]);
    expect(detail.history.filter((h) => h.kind === 'status').map((h) => h.status)).toEqual(['open', 'paid']);

    const audits = await t.query<{ action: string; entity_id: string; after: { amount_cents: number; reason: string } }>(
      "SELECT action, entity_id, after FROM audit_log WHERE action = 'refund' ORDER BY id");
    expect(audits.map((a) => [a.entity_id, a.after.amount_cents, a.after.reason])).toEqual([[String(first), 300, 'Tegel vervalt'], [String(first), 200, 'Kraan goedkoper']]);

    // the entry's payments as the console's entry detail reads them
    expect(await t.services.payments.ofEntry(entry.entryId)).toMatchObject([{ id: first, amountCents: 1250, refundedCents: 500, remainingCents: 750, refunds: [{ amountCents: 300 }, { amountCents: 200 }] }]);
  });

  it('flags an entry paid twice and refunds the extra payment in full', async () => {
    const twice = await choiceEntry(t);
    const earlier = await paid(twice, 1250);
    const later = await paid(twice, 1300);
    const flagged = (await get(`${base()}?double=true`)).json<TConsolePayment[]>();
    expect(flagged.map((p) => [p.id, p.double_paid, p.extra_payment])).toEqual([[later, true, true], [earlier, true, false]]);
    const res = await refund(later, { reason: 'Dubbele betaling', idempotency_key: 'key-double-001' });
    expect(res.statusCode).toBe(200);
    expect(res.json<TRefundResult>()).toMatchObject({ refund: { amount_cents: 1300 }, payment: { refunded_cents: 1300, remaining_cents: 0 } });
    const nothing = await refund(later, { reason: 'Nog eens', idempotency_key: 'key-double-002' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json<{ message: string }>().message).toBe('Van deze betaling is niets meer terug te betalen.');
    const notPaid = await t.query<{ id: number }>("SELECT id FROM payments WHERE status = 'open' LIMIT 1");
    expect((await refund(notPaid[0]!.id, { reason: 'Open', idempotency_key: 'key-open-00001' })).json<{ message: string }>().message)
      .toBe('Alleen een betaalde betaling kan worden terugbetaald.');
  });

  it('filters by status, refunds, address, form and dates; totals per status and per form follow the filters', async () => {
    const ids = async (query: string) => (await get(`${base()}?${query}`)).json<TConsolePayment[]>().map((p) => p.id);
    const all = await ids('');
    expect(all).toHaveLength(4);
    expect(await ids('status=open')).toHaveLength(1);
    expect(await ids('refunded=yes')).toHaveLength(2);
    expect(await ids('refunded=no')).toHaveLength(2);
    expect(await ids('q=tulpstraat%2010')).toHaveLength(4);
    expect(await ids('q=Rozenlaan')).toHaveLength(0);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(4);
    expect(await ids('to=2020-01-01')).toHaveLength(0);
    const bad = await get(`${base()}?from=2026-02-01&to=2026-01-01`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe('De einddatum ligt voor de begindatum.');
    const formId = (await get(base())).json<TConsolePayment[]>()[0]!.form.id;
    expect(await ids(`form_id=${formId}`)).toHaveLength(4);

    const totals = (await get(`${base()}/totals`)).json<TStaffPaymentTotals>();
    expect(totals).toMatchObject({ count: 4, double_paid: 1, paid: { count: 3, amount_cents: 3800, refunded_cents: 1800, charged_back_cents: 0, net_cents: 2000 } });
    expect(totals.by_status).toEqual([
      { status: 'paid', count: 3, amount_cents: 3800, refunded_cents: 1800, charged_back_cents: 0 },
      { status: 'open', count: 1, amount_cents: 1500, refunded_cents: 0, charged_back_cents: 0 },
    ]);
    expect(totals.by_form).toEqual([expect.objectContaining({ count: 4, paid_count: 3, paid_cents: 3800, amount_cents: 5300, refunded_cents: 1800 })]);
    expect((await get(`${base()}/totals?status=open`)).json<TStaffPaymentTotals>()).toMatchObject({ count: 1, paid: { count: 0 } });
  });

  it('exports the filtered payments as CSV and XLSX with formula-like text kept as text, audited', async () => {
    // an address whose street looks like a formula
    const [address] = await t.query<{ id: number }>(
      "INSERT INTO addresses (customer_id, zipcode, house_number, street, city) VALUES ($1, '1234AB', '99', '=HYPERLINK(\"http://x\")', 'Bloemendaal') RETURNING id", [t.ids.customers.woonstad]);
    await t.query('INSERT INTO address_projects (address_id, project_id) VALUES ($1, $2)', [address!.id, project]);
    const subject = await choiceEntry(t);
    await t.query('UPDATE form_entries SET address_id = $1 WHERE id = $2', [address!.id, subject.entryId]);
    await paid(subject, 999);

    const csv = await get(`${base()}/export?format=csv&q=99`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Betaling;Adres;Formulier;Omschrijving;Status;Bedrag;Terugbetaald;Teruggeboekt;Resterend;Dubbel betaald;Aangemaakt;Betaald op;Provider;Kenmerk provider');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") 99, 1234 AB Bloemendaal"`);
    expect(lines[1]).toContain(';Betaald;9,99;0,00;0,00;9,99;nee;');

    const xlsx = await get(`${base()}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    const cell = sheet.getRow(2).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://x") 99, 1234 AB Bloemendaal');
    expect(sheet.getRow(2).getCell(6).value).toBe(9.99);

    const audited = await t.query<{ action: string; project_id: number }>("SELECT action, project_id FROM audit_log WHERE action = 'payments-export' ORDER BY id");
    expect(audited).toHaveLength(2);
    expect((await get(`${base()}/export?format=pdf`)).statusCode).toBe(422);
  });
});

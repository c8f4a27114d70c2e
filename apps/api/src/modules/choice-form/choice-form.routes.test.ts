import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choiceMessages, formMessages, numberHint, ZChoiceForm, ZChoiceTotal, type TChoiceForm } from '@portal/contract';
import { adminToken, bearer, createListeningApp, occupantToken, partnerToken, waitFor, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import type { Payment } from '../payment/payment.types.ts';

let t: TestApp;
let jan: string; // 1234AB 10, Bloemenbuurt
let fatima: string; // 1234AB 12, Bloemenbuurt and Rivierenwijk
let partner: string;
let admin: string;
let kitchen: number; // priced, drawn signatures, online payment (Bloemenbuurt)
let bathroom: number; // no prices, legal signing (Rivierenwijk)

beforeAll(async () => {
  // The local checkout's webhook reaches this app over HTTP (PUBLIC_URL names its port), as Mollie's would.
  t = await createListeningApp({ mail: true });
  [jan, fatima, partner, admin] = await Promise.all([occupantToken(t.app, '10'), occupantToken(t.app, '12'), partnerToken(t.app), adminToken(t.app)]);
  const byName = Object.fromEntries((await t.query<{ name: string; id: number }>("SELECT name, id FROM forms WHERE kind = 'choice'")).map((r) => [r.name, r.id]));
  kitchen = byName['Keuzes voor uw keuken']!;
  bathroom = byName['Keuzes voor uw badkamer']!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token?: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const occ = (formId: number, rest = '') => `/api/occupant/choice/form/${formId}${rest}`;
const par = (formId: number, addressId: number, rest = '') => `/api/partner/choice/form/${formId}${rest}/address/${addressId}`;
const choiceForm = (res: { statusCode: number; body: string; json: () => unknown }): TChoiceForm => {
  expect(res.statusCode, res.body).toBe(200);
  return ZChoiceForm.parse(res.json());
};
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors?: Array<{ field: string; message: string }> }).errors ?? [];
const scribble = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 90 20, 140 70 S 250 30, 290 60" fill="none" stroke="#000" stroke-width="4"/></svg>';
const SIGNATURE = `data:image/png;base64,${(await sharp(Buffer.from(scribble)).png().toBuffer()).toString('base64')}`;

// Antraciet 1.250,50 + close-in boiler 495,00 + stopcontacten 12,50 + 2,25 m x 85,50 (192,375 -> 192,38)
const SECTION0 = { fronten: 'Antraciet', 'extra-value-0': true, 'extra-value-1': true };
const SECTION1 = { blad: 2.25, vaatwasser: 2 };
const TOTAL = 125050 + 49500 + 1250 + 19238;

describe('choice form: a resident fills it in, signs and pays', () => {
  it('answers the empty form with its sections and settings', async () => {
    const form = choiceForm(await get(`${occ(kitchen)}?language=nl`, jan));
    expect(form).toMatchObject({
      id: kitchen, entry_id: null, status: '', locked: false, completed: false, require_to_sign_form: true, require_to_sign_form_legally: false,
      c_enable_mollie: true, mollie_enabled: true, mollie_url: null, disable_prices: false, additional_costs_cents: 0, additional_costs: '0,00', is_admin: false,
      signature_not_required: false, deadline_reached: false, download_url: '', filename: 'Keuzes voor uw keuken.pdf',
    });
    expect(form.form.map((s) => [s.label, s.nr_of_required_fields, s.saved, s.completed, s.read])).toEqual([
      ['Vragen', 1, false, false, false], ['Aanrecht en aansluitingen', 1, false, false, false],
    ]);
    expect(form.form[0]!.elements.find((e) => e.id === 'fronten')!.data.options!.map((o) => o.price)).toEqual(['0,00', '350,00', '1.250,50']);
  });

  it('previews the total from the stored prices; prices and amounts sent by the browser count for nothing', async () => {
    const first = await post(occ(kitchen, '/section/0/calculate-total-price'), { values: { ...SECTION0, price: '0,00', 'fronten-price': 1 } }, jan);
    expect(ZChoiceTotal.parse(first.json())).toEqual({ additional_costs_cents: 125050 + 49500 + 1250, additional_costs: '1.758,00' });
    const calc = await post(occ(kitchen, '/section/1/calculate-total-price'), { values: { blad: 2.25, price_per_unit: '0,01' } }, jan);
    expect(calc.json()).toEqual({ additional_costs_cents: 19238, additional_costs: '192,38' });
    // a value out of bounds costs nothing (and would not be saved)
    expect((await post(occ(kitchen, '/section/1/calculate-total-price'), { values: { blad: 99 } }, jan)).json()).toMatchObject({ additional_costs_cents: 0 });
    expect(choiceForm(await get(occ(kitchen), jan)).entry_id).toBeNull(); // a preview stores nothing
  });

  it('refuses invalid sections with Dutch messages per field, and keys of no element', async () => {
    const tampered = await post(occ(kitchen, '/section/0'), { values: { ...SECTION0, 'fronten-price': '0,00' } }, jan);
    expect(tampered.statusCode).toBe(422);
    expect(errorsOf(tampered)).toEqual([{ field: 'values.fronten-price', message: formMessages.unknownElement }]);
    const digits = await post(occ(kitchen, '/section/1'), { values: { blad: 1.005, vaatwasser: 123 } }, jan);
    expect(digits.statusCode).toBe(422);
    expect(digits.json()).toMatchObject({ message: formMessages.invalid });
    expect(errorsOf(digits)).toEqual([
      { field: 'values.blad', message: numberHint('choice', 0, 5) },
      { field: 'values.vaatwasser', message: 'De min. waarde is: 0 en de max. waarde is: 10' },
    ]);
    expect((await post(occ(kitchen, '/section/7'), { values: {} }, jan)).statusCode).toBe(404);
    expect((await post(occ(kitchen, '/section/abc'), { values: {} }, jan)).statusCode).toBe(422);
  });

  it('saves the sections, then completing the summary locks the form and fixes the costs computed on the server', async () => {
    const early = await post(occ(kitchen, '/section/summary'), {}, jan);
    expect(early.statusCode).toBe(422);
    // the portal sends the version it started from: 0 before the first save
    const one = choiceForm(await post(occ(kitchen, '/section/0'), { values: SECTION0, version: 0 }, jan));
    const stale = await post(occ(kitchen, '/section/0'), { values: SECTION0, version: 0 }, jan);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: formMessages.changed });
    expect(one).toMatchObject({ status: 'answering', completed: false, additional_costs_cents: 125050 + 49500 + 1250 });
    expect(one.form[0]).toMatchObject({ saved: true, completed: true });
    const two = choiceForm(await post(occ(kitchen, '/section/1'), { values: SECTION1 }, jan));
    expect(two.completed).toBe(true);
    // whatever the summary call carries, the amount comes from the stored definition and answers
    const locked = choiceForm(await post(occ(kitchen, '/section/summary'), { values: { blad: 0, fronten: 'Wit (standaard)' } }, jan));
    expect(locked).toMatchObject({ locked: true, status: 'summary', additional_costs_cents: TOTAL, additional_costs: '1.950,38', has_additional_work: true, total_not_paid_cents: TOTAL, paid: false });
    expect(locked.form.every((s) => s.read)).toBe(true);
    expect(locked.download_url).toMatch(/^\/api\/files\/\d+\//);
    const [row] = await t.query<{ amount_cents: number; locked: boolean }>('SELECT amount_cents, locked FROM form_entries WHERE id = $1', [locked.entry_id]);
    expect(row).toEqual({ amount_cents: TOTAL, locked: true });
  });

  it('refuses changes to a locked form', async () => {
    const again = await post(occ(kitchen, '/section/0'), { values: { fronten: 'Wit (standaard)' } }, jan);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: formMessages.locked });
    expect(choiceForm(await get(occ(kitchen), jan)).additional_costs_cents).toBe(TOTAL);
  });

  it('asks for at least one signature, then a drawing and who signed', async () => {
    const none = await post(occ(kitchen, '/nr-of-signatures'), { nr_of_signatures: 0 }, jan);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'Minimaal 1 handtekening is verplicht' });
    const set = choiceForm(await post(occ(kitchen, '/nr-of-signatures'), { nr_of_signatures: '1', names: ['Jan de Vries'] }, jan));
    expect(set).toMatchObject({ nr_of_signatures: 1, names: ['Jan de Vries'], all_signed: false });
    const empty = await post(occ(kitchen, '/signature/1'), { signature: '', who: ' ' }, jan);
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual([{ field: 'signature', message: 'Geef een handtekening op' }, { field: 'who', message: 'Geef op door wie de handtekening is gezet' }]);
    expect((await post(occ(kitchen, '/signature/2'), { signature: SIGNATURE, who: 'Jan' }, jan)).statusCode).toBe(404);
    const signed = choiceForm(await post(occ(kitchen, '/signature/1'), { signature: SIGNATURE, who: 'Jan de Vries' }, jan));
    expect(signed).toMatchObject({ all_signed: true, signature: { 1: { signed: true, who: 'Jan de Vries' } } });
    expect((await get(occ(kitchen, '/is-signed/1'), jan)).json()).toBe(true);
    // drawn signatures have no signing link
    expect((await get(occ(kitchen, '/signage/url/1'), jan)).statusCode).toBe(409);
  });

  it('does not send before the extra costs are paid, and checks the e-mail address', async () => {
    const bad = await post(occ(kitchen), { email_address: 'jan@voorbeeld', comment: 'x' }, jan);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'Ongeldig e-mailadres' });
    const unpaid = await post(occ(kitchen), { email_address: 'jan@example.nl' }, jan);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ message: choiceMessages.notPaid });
  });

  it('creates the payment with the amount fixed on the server; paid only through the payment service', async () => {
    const started = await post(occ(kitchen, '/mollie'), {}, jan);
    expect(started.statusCode, started.body).toBe(200);
    const url = started.json<{ mollie_url: string }>().mollie_url;
    expect(url).toMatch(/^\/api\/payment\/local\/checkout\/tr_/);
    const form = choiceForm(await get(occ(kitchen), jan));
    expect(form).toMatchObject({ mollie_url: url, paid: false, payment_status: 'open' });
    const [payment] = await t.query<{ amount_cents: number; entry_id: number; subject_kind: string }>('SELECT amount_cents, entry_id, subject_kind FROM payments WHERE entry_id = $1', [form.entry_id]);
    expect(payment).toEqual({ amount_cents: TOTAL, entry_id: form.entry_id, subject_kind: 'choice-form' });
    // asking again reuses the open payment
    expect((await post(occ(kitchen, '/mollie'), {}, jan)).json()).toEqual({ mollie_url: url });
    // with a payment link the signing steps are read-only
    expect((await post(occ(kitchen, '/nr-of-signatures'), { nr_of_signatures: 2 }, jan)).statusCode).toBe(409);

    // the payer chooses 'Betaald' on the local checkout; the webhook (a job) tells the payment service
    const checkout = await t.app.inject({ method: 'POST', url, payload: 'status=paid', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(checkout.statusCode).toBe(303);
    expect(checkout.headers.location).toContain(`/formulier/keuze/${kitchen}/betalen`);
    await waitFor(async () => (await t.query<{ paid: boolean }>('SELECT paid_at IS NOT NULL AS paid FROM form_entries WHERE id = $1', [form.entry_id]))[0]!.paid, { timeoutMs: 20_000, interval: 100 });
    expect(choiceForm(await get(occ(kitchen), jan))).toMatchObject({ paid: true, status: 'paid', total_not_paid_cents: 0, mollie_url: null, payment_status: 'paid' });
    expect(choiceForm(await get(occ(kitchen), jan)).paid_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect((await post(occ(kitchen, '/mollie'), {}, jan)).statusCode).toBe(409); // nothing left to pay
  });

  it('sends the finished form', async () => {
    const sent = await post(occ(kitchen), { email_address: 'Jan@Example.nl', comment: 'Graag in de ochtend plaatsen.' }, jan);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'Formulier verzonden' });
    expect(choiceForm(await get(occ(kitchen), jan))).toMatchObject({ status: 'send', email_address: 'jan@example.nl', comment: 'Graag in de ochtend plaatsen.', paid: true });
    // a copy of the form goes to the address given, with the PDF
    const mail = await t.mail!.waitForMail((m) => m.to.includes('jan@example.nl') && m.subject === 'Formulier: Keuzes voor uw keuken', 15_000);
    const part = mail.raw.split(/\r?\n--/).find((p) => /content-type:\s*application\/pdf/i.test(p))!;
    const text = pdfText(Buffer.from(part.slice(part.search(/\r?\n\r?\n/)).trim().replace(/\s+/g, ''), 'base64'));
    expect(text).toContain('Antraciet (+ € 1.250,50)');
    expect(text).toContain('Close-in boiler (+ € 495,00)');
    expect(text).toContain('Totaal extra kosten: € 1.950,38');
    expect(text).toMatch(/Betaling: Betaald op \d{2}-\d{2}-\d{4}/);
    // sent once: a second send is refused and queues no second mail
    const form = choiceForm(await get(occ(kitchen), jan));
    expect(form.sent_at).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const again = await post(occ(kitchen), { email_address: 'jan@example.nl', comment: 'Nog een keer' }, jan);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: choiceMessages.alreadySent });
    expect(choiceForm(await get(occ(kitchen), jan))).toMatchObject({ comment: 'Graag in de ochtend plaatsen.', sent_at: form.sent_at });
    expect(await t.query("SELECT 1 FROM form_entry_events WHERE entry_id = $1 AND action = 'sent'", [form.entry_id])).toHaveLength(1);
  });

  it('gives the resident who paid the PDF of the choices: sections by name, units, and when it was paid', async () => {
    const form = choiceForm(await get(occ(kitchen), jan));
    expect(form.download_url).toMatch(/^\/api\/files\/\d+\/.+\?token=/);
    const res = await get(form.download_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/); // the portal's link says 'downloaden'
    const text = pdfText(res.rawPayload).split('\n');
    // 'Vragen' is named as the sidebar names it (spec 2.5), not as a generic 'Vragen'
    expect(text).not.toContain('Vragen');
    expect(text).toContain('Keuze');
    expect(text).toContain('Aanrecht en aansluitingen');
    // a priced amount with its unit and price per unit
    expect(text).toContain('2,25 meter à € 85,50 per meter: + € 192,38');
    expect(text.join('\n')).toMatch(/Betaling: Betaald op \d{2}-\d{2}-\d{4}/);
    // the sidebar's Bevestiging is done only now (sent), see the contract's choiceStepDone
    expect(form.sent_at).not.toBeNull();
  });
});

describe('choice form: the payment callback', () => {
  it('marks an entry paid only for a paid payment, once', async () => {
    // 1234AB 12 completes the kitchen form (no signing step needed for the callback itself)
    choiceForm(await post(occ(kitchen, '/section/0'), { values: { fronten: 'Eiken' } }, fatima));
    choiceForm(await post(occ(kitchen, '/section/1'), { values: { blad: 0 } }, fatima));
    const locked = choiceForm(await post(occ(kitchen, '/section/summary'), {}, fatima));
    expect(locked.additional_costs_cents).toBe(35000);
    const entryId = locked.entry_id!;
    const payment = (status: Payment['status']): Payment => ({
      id: 0, subject: { kind: 'choice-form', entryId }, provider: 'local', providerPaymentId: 'tr_test', amountCents: 35000, description: 'x', status,
      checkoutUrl: null, paidAt: status === 'paid' ? new Date() : null, createdAt: new Date(),
    });
    for (const status of ['open', 'failed', 'canceled', 'expired'] as const) await t.services.choiceForms.onPayment({ subject: { kind: 'choice-form', entryId }, payment: payment(status) });
    expect(choiceForm(await get(occ(kitchen), fatima)).paid).toBe(false);
    await t.services.choiceForms.onPayment({ subject: { kind: 'choice-form', entryId }, payment: payment('paid') });
    await t.services.choiceForms.onPayment({ subject: { kind: 'choice-form', entryId }, payment: payment('paid') });
    expect(choiceForm(await get(occ(kitchen), fatima))).toMatchObject({ paid: true, status: 'paid' });
    const events = await t.query<{ action: string }>("SELECT action FROM form_entry_events WHERE entry_id = $1 AND action = 'paid'", [entryId]);
    expect(events).toHaveLength(1);
    // nothing the browser sends makes an entry paid
    await t.query('UPDATE form_entries SET paid_at = NULL, status = $2 WHERE id = $1', [entryId, 'summary']);
    expect((await post(occ(kitchen, '/section/summary'), { values: { paid: true }, paid_at: '01-01-2026' }, fatima)).statusCode).toBe(200);
    expect(choiceForm(await get(occ(kitchen), fatima)).paid).toBe(false);
  });
});

describe('choice form: deadline, administrators and other addresses', () => {
  it('blocks residents after the deadline but not an administrator acting for the address', async () => {
    await t.query("UPDATE forms SET deadline = now() - interval '1 day' WHERE id = $1", [kitchen]);
    try {
      // 1234AB 14 has no resident session: the kitchen form for it through the partner call
      const a14 = t.ids.addresses.a14;
      const before = choiceForm(await get(par(kitchen, a14), partner));
      expect(before).toMatchObject({ deadline_reached: true, is_admin: true, entry_id: null, address: { id: a14 } });
      expect(before.form.every((s) => !s.read)).toBe(true);
      const saved = choiceForm(await post(par(kitchen, a14, '/section/0'), { values: { fronten: 'Wit (standaard)' } }, partner));
      expect(saved.form[0]!.saved).toBe(true);

      await t.query('UPDATE form_entries SET paid_at = NULL WHERE form_id = $1', [kitchen]);
      const blocked = await post(occ(bathroom, '/section/0'), { values: { tegels: 'Wit', douche: 'Inloopdouche' } }, fatima);
      expect(blocked.statusCode).toBe(200); // the bathroom form has no deadline
      await t.query("UPDATE forms SET deadline = now() - interval '1 day' WHERE id = $1", [bathroom]);
      const late = await post(occ(bathroom, '/section/0'), { values: { tegels: 'Zand', douche: 'Inloopdouche' } }, fatima);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: choiceMessages.deadlineReached });
      expect(choiceForm(await get(occ(bathroom), fatima))).toMatchObject({ deadline_reached: true, form: [{ read: true }] });
    } finally {
      await t.query('UPDATE forms SET deadline = NULL WHERE id IN ($1, $2)', [kitchen, bathroom]);
    }
  });

  it('lets an administrator complete, sign and send without the payment step', async () => {
    const a14 = t.ids.addresses.a14;
    choiceForm(await post(par(kitchen, a14, '/section/0'), { values: { fronten: 'Eiken', 'extra-value-2': true } }, admin));
    choiceForm(await post(par(kitchen, a14, '/section/1'), { values: { blad: 1 } }, admin));
    const locked = choiceForm(await post(par(kitchen, a14, '/section/summary'), {}, admin));
    expect(locked).toMatchObject({ locked: true, additional_costs_cents: 35000 + 8550, is_admin: true });
    choiceForm(await post(par(kitchen, a14, '/nr-of-signatures'), { nr_of_signatures: 1 }, partner));
    choiceForm(await post(par(kitchen, a14, '/signature/1'), { signature: SIGNATURE, who: 'Kees Jansen' }, partner));
    const sent = await post(par(kitchen, a14), { email_address: '', comment: 'Ingevuld tijdens huisbezoek' }, partner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/partner/choice/form/${kitchen}/mollie/address/${a14}`, headers: bearer(partner) })).statusCode).toBe(404);
    expect((await get(par(kitchen, a14, '/project'), partner)).json()).toEqual({ id: t.ids.projects.bloemenbuurt, name: 'Renovatie Bloemenbuurt' });
    expect((await get(par(kitchen, a14, '/occupants'), partner)).statusCode).toBe(200);
    expect((await get(occ(kitchen, '/occupants'), jan)).json()).toEqual(expect.arrayContaining([{ id: t.ids.occupants.jan, full_name: 'Jan de Vries' }]));
  });

  it('leaves the payment open when staff finish for the address: the resident is told and pays', async () => {
    const a12 = t.ids.addresses.a12;
    await t.query('DELETE FROM form_entries WHERE form_id = $1 AND address_id = $2', [kitchen, a12]);
    choiceForm(await post(par(kitchen, a12, '/section/0'), { values: { fronten: 'Antraciet' } }, partner));
    choiceForm(await post(par(kitchen, a12, '/section/1'), { values: { blad: 0 } }, partner));
    choiceForm(await post(par(kitchen, a12, '/section/summary'), {}, partner));
    const kitchenItem = async (token: string) => (await get('/api/occupant/forms/?language=nl', token)).json<Array<{ form_id: number; total_not_paid: string | null }>>()
      .find((i) => i.form_id === kitchen)!;
    // Not signed yet: nothing to pay now.
    expect((await kitchenItem(fatima)).total_not_paid).toBeNull();
    choiceForm(await post(par(kitchen, a12, '/nr-of-signatures'), { nr_of_signatures: 1 }, partner));
    choiceForm(await post(par(kitchen, a12, '/signature/1'), { signature: SIGNATURE, who: 'Fatima El Amrani' }, partner));
    // Staff send without the payment (spec 6); two sends at once: one goes, the other is refused.
    const sends = await Promise.all([1, 2].map(() => post(par(kitchen, a12), { email_address: '', comment: 'Ingevuld tijdens huisbezoek' }, partner)));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const staffView = choiceForm(await get(par(kitchen, a12), partner));
    expect(staffView).toMatchObject({ status: 'send', paid: false, total_not_paid_cents: 125050, total_not_paid: '1.250,50', is_admin: true });
    expect(staffView.sent_at).not.toBeNull();
    // The resident sees the payment waiting, on the forms list and on the form, and can pay.
    expect((await kitchenItem(fatima)).total_not_paid).toBe('1.250,50');
    expect(choiceForm(await get(occ(kitchen), fatima))).toMatchObject({ is_admin: false, locked: true, all_signed: true, paid: false, total_not_paid_cents: 125050 });
    const started = await post(occ(kitchen, '/mollie'), {}, fatima);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ mollie_url: string }>().mollie_url).toMatch(/^\/api\/payment\/local\/checkout\/tr_/);
    expect((await post(occ(kitchen), { email_address: 'fatima@example.nl' }, fatima)).statusCode).toBe(409);
    // Once paid, nothing waits.
    await t.query('UPDATE form_entries SET paid_at = now() WHERE id = $1', [staffView.entry_id]);
    expect((await kitchenItem(fatima)).total_not_paid).toBeNull();
  });

  it("refuses another address's form and callers without the right role", async () => {
    // Jan's address is not in Rivierenwijk
    expect((await get(occ(bathroom), jan)).statusCode).toBe(404);
    // an address outside the project, and one that does not exist
    const [outside] = await t.query<{ id: number }>('SELECT a.id FROM addresses a WHERE NOT EXISTS (SELECT 1 FROM address_projects ap WHERE ap.address_id = a.id AND ap.project_id = $1) LIMIT 1', [t.ids.projects.bloemenbuurt]);
    if (outside) expect((await get(par(kitchen, outside.id), partner)).statusCode).toBe(404);
    expect((await get(par(kitchen, 2_000_000_000), partner)).statusCode).toBe(404);
    expect((await post(par(kitchen, 2_000_000_000, '/section/0'), { values: { fronten: 'Eiken' } }, partner)).statusCode).toBe(404);
    expect((await get(occ(kitchen))).statusCode).toBe(401);
    expect((await get(occ(kitchen), partner)).statusCode).toBe(401);
    expect((await get(par(kitchen, t.ids.addresses.a10), jan)).statusCode).toBe(401);
    expect((await get(occ(999_999), jan)).statusCode).toBe(404);
    expect((await post(occ(kitchen, '/nr-of-signatures'), { nr_of_signatures: [1] }, jan)).statusCode).toBe(422);
  });
});

describe('choice form: without prices, signed through the signing service', () => {
  it('computes no costs, asks a name per signer and gives a signing link', async () => {
    const form = choiceForm(await get(occ(bathroom), fatima));
    expect(form).toMatchObject({ disable_prices: true, require_to_sign_form_legally: true, c_enable_mollie: false });
    expect((await post(occ(bathroom, '/section/0/calculate-total-price'), { values: { tegels: 'Wit' } }, fatima)).json()).toEqual({ additional_costs_cents: 0, additional_costs: '0,00' });
    // a photo goes only to a photo element (multipart, field image)
    const boundary = '----choice';
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2e7d32' } }).png().toBuffer();
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const photo = await t.app.inject({ method: 'POST', url: occ(bathroom, '/section/0/element/tegels'), payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(fatima) } });
    expect(photo.statusCode).toBe(422);
    expect(photo.json()).toMatchObject({ message: formMessages.photoNotAPhotoField });
    const locked = choiceForm(await post(occ(bathroom, '/section/summary'), {}, fatima));
    expect(locked).toMatchObject({ locked: true, additional_costs_cents: 0, has_additional_work: false });
    const nameless = await post(occ(bathroom, '/nr-of-signatures'), { nr_of_signatures: 2, names: ['Fatima El Amrani'] }, fatima);
    expect(nameless.statusCode).toBe(422);
    expect(errorsOf(nameless)).toEqual([{ field: 'names.1', message: choiceMessages.nameRequired(2) }]);
    choiceForm(await post(occ(bathroom, '/nr-of-signatures'), { nr_of_signatures: 1, names: ['Fatima El Amrani'] }, fatima));
    expect((await post(occ(bathroom, '/signature/1'), { signature: SIGNATURE, who: 'Fatima' }, fatima)).statusCode).toBe(409);
    const link = await get(occ(bathroom, '/signage/url/1'), fatima);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<{ url: string }>().url).toMatch(/\/api\/signing\/local\//);
    expect((await get(occ(bathroom, '/is-signed/1'), fatima)).json()).toBe(false);
    expect(choiceForm(await get(occ(bathroom), fatima)).sign_requested).toBe(true);
    expect((await post(occ(bathroom), { comment: 'x' }, fatima)).statusCode).toBe(409); // not signed yet
    // The local provider tells of the started request in a postback over HTTP from a job: let it land before the app closes.
    const postbackQueued = async () => (await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'signing-local-postback'`))[0]!.n > 0;
    expect(await waitFor(async () => !(await postbackQueued()), { timeoutMs: 15_000, interval: 100 })).toBe(true);
  });
});

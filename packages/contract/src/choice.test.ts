import { describe, expect, it } from 'vitest';
import {
  ZChoiceSignersBody, choiceCostCents, choiceNamedStepReadOnly, choiceNextStep, choicePaymentDue, choiceSectionsReadOnly, choiceSignersErrors, choiceStepDone, choiceStepLabel, choiceStepList,
  choiceStepReachable, parseChoiceStep, type ChoiceStepState,
} from './choice.ts';
import { calculatorCents, formatCents, formatEuro, priceCents } from './choice-rules.ts';
import type { TFormElementRule } from './form-rules.ts';

const elements: TFormElementRule[] = [
  { id: 'front', type: 'c_choice', data: { type: 'radio', options: [{ label: 'Wit', price: '0,00' }, { label: 'Eiken', price: '1.250,50' }] } },
  { id: 'extra', type: 'c_choice', data: { type: 'check', options: [{ label: 'A', price: '12,50' }, { label: 'B', price: '0,99' }] } },
  { id: 'blad', type: 'c_calculatorinput', data: { price_per_unit: '85,50', minValue: 0, maxValue: 5 } },
];

const state = (over: Partial<ChoiceStepState> = {}): ChoiceStepState => ({
  form: [{ nr_of_required_fields: 1, nr_of_required_fields_filled_in: 1 }, { nr_of_required_fields: 1, nr_of_required_fields_filled_in: 0 }],
  status: 'answering', completed: false, locked: false, deadline_reached: false, require_to_sign_form: true, nr_of_signatures: null, all_signed: false,
  has_additional_work: true, c_enable_mollie: true, mollie_url: null, paid: false, total_not_paid_cents: 1000, is_admin: false, sent_at: null, ...over,
});

describe('choice form money', () => {
  it('reads Dutch prices into cents and writes them back', () => {
    expect([priceCents('1.250,50'), priceCents('12,50'), priceCents('0,00'), priceCents('12.50'), priceCents('7'), priceCents('abc'), priceCents(null)])
      .toEqual([125050, 1250, 0, 1250, 700, null, null]);
    expect([formatCents(125050), formatCents(5), formatCents(123456789)]).toEqual(['1.250,50', '0,05', '1.234.567,89']);
    expect(formatEuro(1250)).toBe('€ 12,50');
  });

  it('multiplies the calculator in whole cents, rounding half up', () => {
    expect(calculatorCents(8550, 2.25)).toBe(19238); // 192,375
    expect(calculatorCents(1, 0.5)).toBe(1);
    expect(calculatorCents(999_999_99, 99_999_999.99)).toBe(Number((99_999_999n * 9_999_999_999n + 50n) / 100n));
  });

  it('adds the chosen options and valid calculator amounts of the stored definition', () => {
    const sections = [{ elements }];
    expect(choiceCostCents(sections, { front: 'Eiken', 'extra-value-0': true, 'extra-value-1': true, blad: 1 })).toBe(125050 + 1250 + 99 + 8550);
    expect(choiceCostCents(sections, { front: 'Goud', blad: 6 })).toBe(0); // not an option, out of bounds
    expect(choiceCostCents(sections, { front: 'Wit', 'extra-value-0': false, blad: 1.005 })).toBe(0);
  });
});

describe('choice form steps', () => {
  it('lists the steps of spec 2.5 with their labels', () => {
    const steps = choiceStepList(state({ nr_of_signatures: 2 }));
    const sections = [{ label: 'Vragen' }, { label: 'Aanrecht' }];
    expect(steps.map((s) => choiceStepLabel(sections, s))).toEqual(['Keuze', 'Aanrecht', 'Samenvatting', 'Aantal handtekeningen', 'Handtekening 1', 'Handtekening 2', 'Betalen', 'Bevestiging']);
    expect(choiceStepList(state({ require_to_sign_form: false, has_additional_work: false })).map((s) => s.kind)).toEqual(['section', 'section', 'summary', 'status']);
  });

  it('parses the URL segments', () => {
    expect(parseChoiceStep('2', undefined)).toEqual({ kind: 'section', index: 2 });
    expect(parseChoiceStep('zet-handtekening', '3')).toEqual({ kind: 'signature', nr: 3 });
    expect(parseChoiceStep('zet-handtekening', undefined)).toBeNull();
    expect(parseChoiceStep('betalen', undefined)).toEqual({ kind: 'pay' });
    expect(parseChoiceStep('iets', undefined)).toBeNull();
  });

  it('opens steps once reachable; administrators reach payment and confirmation regardless', () => {
    expect(choiceStepReachable(state(), { kind: 'summary' })).toBe(false);
    const locked = state({ completed: true, locked: true, status: 'summary', nr_of_signatures: 1 });
    expect(choiceStepReachable(locked, { kind: 'signature', nr: 1 })).toBe(true);
    expect(choiceStepReachable(locked, { kind: 'pay' })).toBe(false);
    expect(choiceStepReachable(locked, { kind: 'status' })).toBe(false);
    expect(choiceStepReachable({ ...locked, is_admin: true }, { kind: 'status' })).toBe(true);
    expect(choiceStepReachable({ ...locked, all_signed: true }, { kind: 'pay' })).toBe(true);
  });

  it("leaves Betalen and Bevestiging open while extra costs are unpaid, also when staff went past them (spec 4.3, 6)", () => {
    const signed = state({ completed: true, locked: true, status: 'summary', nr_of_signatures: 1, all_signed: true });
    const noSign = (nr: number) => nr === 1;
    // A resident still has to pay: neither step is done.
    expect(choiceStepDone(signed, { kind: 'pay' }, noSign)).toBe(false);
    expect(choiceStepDone(signed, { kind: 'status' }, noSign)).toBe(false);
    // An administrator may go on to the confirmation and send, but that pays nothing: both stay open.
    const admin = { ...signed, is_admin: true };
    expect(choiceStepReachable(admin, { kind: 'status' })).toBe(true);
    expect(choiceStepDone(admin, { kind: 'pay' }, noSign)).toBe(false);
    expect(choiceStepDone(admin, { kind: 'status' }, noSign)).toBe(false);
    expect(choiceStepDone({ ...admin, status: 'send' }, { kind: 'pay' }, noSign)).toBe(false);
    // Paid, or nothing left to pay, ticks Betalen for anyone.
    expect(choiceStepDone({ ...admin, paid: true, total_not_paid_cents: 0 }, { kind: 'pay' }, noSign)).toBe(true);
    expect(choiceStepDone({ ...signed, total_not_paid_cents: 0 }, { kind: 'pay' }, noSign)).toBe(true);
    // Bevestiging is done once sent, not when it can be sent (the sidebar said 7 of 7 before the send).
    expect(choiceStepDone({ ...signed, total_not_paid_cents: 0 }, { kind: 'status' }, noSign)).toBe(false);
    expect(choiceStepDone({ ...signed, total_not_paid_cents: 0, status: 'send', sent_at: '28-11-2026' }, { kind: 'status' }, noSign)).toBe(true);
    // Not before the form is locked and signed.
    expect(choiceStepDone({ ...signed, total_not_paid_cents: 0, locked: false }, { kind: 'pay' }, noSign)).toBe(false);
    expect(choiceStepDone({ ...signed, total_not_paid_cents: 0, all_signed: false }, { kind: 'status' }, noSign)).toBe(false);
  });

  it('knows when a payment waits for the resident: locked, signed where asked, online payment, unpaid extra costs', () => {
    const signed = state({ locked: true, status: 'send', nr_of_signatures: 1, all_signed: true });
    expect(choicePaymentDue(signed)).toBe(true);
    expect(choicePaymentDue({ ...signed, is_admin: true })).toBe(true); // what waits does not depend on who looks
    expect(choicePaymentDue({ ...signed, all_signed: false })).toBe(false);
    expect(choicePaymentDue({ ...signed, all_signed: false, require_to_sign_form: false })).toBe(true);
    expect(choicePaymentDue({ ...signed, locked: false })).toBe(false);
    expect(choicePaymentDue({ ...signed, paid: true, total_not_paid_cents: 0 })).toBe(false);
    expect(choicePaymentDue({ ...signed, c_enable_mollie: false })).toBe(false);
    expect(choicePaymentDue({ ...signed, has_additional_work: false, total_not_paid_cents: 0 })).toBe(false);
  });

  it('moves on as spec 4.3 says', () => {
    expect(choiceNextStep(state(), { kind: 'section', index: 0 })).toEqual({ kind: 'section', index: 1 });
    expect(choiceNextStep(state(), { kind: 'section', index: 1 })).toEqual({ kind: 'summary' });
    const locked = state({ locked: true, nr_of_signatures: 2 });
    expect(choiceNextStep(locked, { kind: 'summary' })).toEqual({ kind: 'nr-of-signatures' });
    expect(choiceNextStep(locked, { kind: 'signature', nr: 1 })).toEqual({ kind: 'signature', nr: 2 });
    expect(choiceNextStep({ ...locked, all_signed: true }, { kind: 'signature', nr: 2 })).toEqual({ kind: 'pay' });
    expect(choiceNextStep({ ...locked, all_signed: true, is_admin: true }, { kind: 'signature', nr: 2 })).toEqual({ kind: 'status' });
    expect(choiceNextStep({ ...locked, all_signed: true, paid: true, total_not_paid_cents: 0 }, { kind: 'signature', nr: 2 })).toEqual({ kind: 'status' });
  });

  it('makes sections and named steps read-only (spec 4.3); the deadline blocks residents only', () => {
    expect(choiceSectionsReadOnly(state())).toBe(false);
    expect(choiceSectionsReadOnly(state({ status: 'summary' }))).toBe(true);
    expect(choiceSectionsReadOnly(state({ deadline_reached: true }))).toBe(true);
    expect(choiceSectionsReadOnly(state({ deadline_reached: true, is_admin: true }))).toBe(false);
    expect(choiceNamedStepReadOnly(state({ mollie_url: '/x' }), 'signature')).toBe(true);
    expect(choiceNamedStepReadOnly(state({ mollie_url: '/x' }), 'status')).toBe(false);
    expect(choiceNamedStepReadOnly(state({ c_enable_mollie: false, all_signed: true }), 'nr-of-signatures')).toBe(true);
  });

  it('checks the signers: at least one, names with legal signing, 06 numbers with SMS', () => {
    expect(choiceSignersErrors({ nr_of_signatures: '0' }, { legal: false, sms: false })).toEqual([{ field: 'nr_of_signatures', message: 'Minimaal 1 handtekening is verplicht' }]);
    expect(choiceSignersErrors({ nr_of_signatures: 1 }, { legal: false, sms: false })).toEqual([]);
    expect(choiceSignersErrors({ nr_of_signatures: 2, names: ['A', ''], mobile_numbers: ['0612345678', '0712345678'] }, { legal: true, sms: true }).map((e) => e.field))
      .toEqual(['names.1', 'mobile_numbers.1']);
    // numbers as people write them pass; the server receives them in the 10-digit form
    expect(choiceSignersErrors({ nr_of_signatures: 2, names: ['A', 'B'], mobile_numbers: ['06 1234 5678', '+31 6-8765-4321'] }, { legal: true, sms: true })).toEqual([]);
    expect(ZChoiceSignersBody.parse({ language: 'nl', nr_of_signatures: 2, mobile_numbers: ['06 1234 5678', '0031687654321'] }).mobile_numbers).toEqual(['0612345678', '0687654321']);
  });
});

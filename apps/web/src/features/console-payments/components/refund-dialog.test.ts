import { describe, expect, it } from 'vitest';
import { historyLine } from '../texts';
import { checkRefundAmount } from './refund-dialog';

describe('the refund dialog\'s amount', () => {
  it('takes everything that remains, or a part in euros with a Dutch comma up to what remains', () => {
    expect(checkRefundAmount('full', '', 35000)).toEqual({ cents: null });
    expect(checkRefundAmount('partial', '100,50', 35000)).toEqual({ cents: 10050 });
    expect(checkRefundAmount('partial', '€ 350,00', 35000)).toEqual({ cents: 35000 });
  });
  it('says in Dutch what is wrong', () => {
    expect(checkRefundAmount('partial', ' ', 35000).error).toBe('Vul het bedrag in.');
    expect(checkRefundAmount('partial', '100.50', 35000).error).toBe('Vul een bedrag in euro in, zoals 12,50.');
    expect(checkRefundAmount('partial', '0,00', 35000).error).toBe('Vul een bedrag van minstens € 0,01 in.');
    expect(checkRefundAmount('partial', '350,01', 35000).error).toBe('Het bedrag is hoger dan wat nog terugbetaald kan worden (€\u00a0350,00).');
  });
});

describe('a payment\'s history in Dutch', () => {
  it('names statuses, refunds and chargebacks with the path they came through', () => {
    expect(historyLine({ kind: 'status', source: 'webhook', status: 'paid', amount_cents: null, actor: null })).toBe('Betaald (gemeld door de betaalprovider)');
    expect(historyLine({ kind: 'refund', source: 'console', status: 'queued', amount_cents: 10050, actor: 'Beheerder Woonstad' }))
      .toBe('Terugbetaling €\u00a0100,50: aangevraagd (in het beheer, Beheerder Woonstad)');
    expect(historyLine({ kind: 'chargeback', source: 'webhook', status: 'charged-back', amount_cents: 200, actor: null }))
      .toBe('Terugboeking €\u00a02,00 door de bank van de betaler (gemeld door de betaalprovider)');
    expect(historyLine({ kind: 'chargeback', source: 'reconcile', status: 'reversed', amount_cents: 200, actor: null })).toBe('Terugboeking €\u00a02,00 teruggedraaid (bij controle)');
  });
});

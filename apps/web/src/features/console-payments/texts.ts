import { type TPaymentStatus, type TRefundStatus } from '@portal/contract';
import { euro } from '../../lib/money';

/** The console's payment screens in Dutch (issue 16, "Payments"). */
export const paymentTexts = {
  crumbs: { projects: 'Projecten', payments: 'Betalingen' },
  title: 'Betalingen',
  intro: 'Alle online betalingen van dit project, met terugbetalingen en terugboekingen. De nieuwste staan bovenaan.',
  search: 'Zoek op adres',
  none: 'Er zijn nog geen betalingen.',
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',
  filters: {
    legend: 'Filters',
    form: 'Formulier',
    allForms: 'Alle formulieren',
    status: 'Status',
    allStatuses: 'Alle statussen',
    refunded: 'Terugbetaald',
    refundedAny: 'Alle betalingen',
    refundedYes: 'Met terugbetaling',
    refundedNo: 'Zonder terugbetaling',
    double: 'Alleen dubbele betalingen',
    from: 'Aangemaakt vanaf',
    to: 'Aangemaakt tot en met',
    reset: 'Filters wissen',
  },
  totals: {
    heading: 'Totalen',
    received: 'Ontvangen',
    refunded: 'Terugbetaald',
    chargedBack: 'Teruggeboekt',
    net: 'Netto ontvangen',
    paidCount: (n: number) => (n === 1 ? '1 betaalde betaling' : `${n} betaalde betalingen`),
    count: (n: number) => (n === 1 ? '1 betaling' : `${n} betalingen`),
    perStatus: 'Per status',
    perForm: 'Per formulier',
    statusColumn: 'Status',
    formColumn: 'Formulier',
    countColumn: 'Aantal',
    amountColumn: 'Bedrag',
    paidColumn: 'Betaald',
    refundedColumn: 'Terugbetaald',
    double: (n: number) => (n === 1 ? 'Let op: 1 formulier is meer dan één keer betaald.' : `Let op: ${n} formulieren zijn meer dan één keer betaald.`),
    showDouble: 'Toon dubbele betalingen',
  },

  card: {
    noAddress: 'Geen adres',
    refunded: (amount: string) => `Terugbetaald ${amount}`,
    chargedBack: (amount: string) => `Teruggeboekt ${amount}`,
    remaining: (amount: string) => `Resterend ${amount}`,
    created: (date: string) => `Aangemaakt ${date}`,
    open: 'Bekijken',
  },
  doublePaid: 'Dubbel betaald',
  detail: {
    title: (id: number) => `Betaling ${id}`,
    notFound: 'Deze betaling bestaat niet (meer).',
    address: 'Adres',
    form: 'Formulier',
    description: 'Omschrijving',
    status: 'Status',
    amount: 'Bedrag',
    refunded: 'Terugbetaald',
    chargedBack: 'Teruggeboekt',
    remaining: 'Nog terug te betalen',
    created: 'Aangemaakt',
    paid: 'Betaald op',
    notPaid: 'Nog niet betaald',
    provider: 'Betaalprovider',
    reference: 'Kenmerk',
    refundButton: 'Terugbetalen',
    refunds: 'Terugbetalingen',
    noRefunds: 'Er is nog niets terugbetaald.',
    refundBy: (name: string | null, origin: 'console' | 'provider') => (origin === 'provider' ? 'bij de betaalprovider' : `door ${name ?? 'onbekend'}`),
    chargebacks: 'Terugboekingen',
    chargebackReversed: 'teruggedraaid',
    history: 'Geschiedenis',
    noHistory: 'Nog geen gebeurtenissen.',
    siblings: 'Andere betalingen van dit formulier',
    doubleTitle: 'Dit formulier is meer dan één keer betaald',
    doubleExtra: 'Dit is de extra betaling: betaal hem volledig terug.',
    doubleEarlier: 'Een latere betaling van dit formulier is de extra betaling; betaal die terug.',
    doubleButton: (amount: string) => `Extra betaling terugbetalen (${amount})`,
    doubleConfirmTitle: 'Extra betaling terugbetalen?',
    doubleConfirm: 'Volledig terugbetalen',
    doubleConfirmBody: (amount: string, address: string) => `${amount} gaat terug naar de betaler van ${address}, met als reden ‘Dubbele betaling’. Dit kan niet ongedaan worden gemaakt.`,
    refundedToast: (amount: string) => `${amount} wordt terugbetaald.`,
  },
  refund: {
    title: 'Terugbetalen',
    intro: (remaining: string) => `Nog terug te betalen: ${remaining}. Het geld gaat via de betaalprovider terug naar de betaler.`,
    kind: 'Hoeveel?',
    full: (amount: string) => `Alles (${amount})`,
    partial: 'Een deel',
    amount: 'Bedrag in euro',
    amountHint: 'Bijvoorbeeld 12,50',
    amountRequired: 'Vul het bedrag in.',
    amountInvalid: 'Vul een bedrag in euro in, zoals 12,50.',
    amountTooHigh: (remaining: string) => `Het bedrag is hoger dan wat nog terugbetaald kan worden (${remaining}).`,
    amountTooLow: 'Vul een bedrag van minstens € 0,01 in.',
    reason: 'Reden',
    reasonHint: 'De reden staat in de geschiedenis en het auditlog; de betaler kan hem zien in zijn bankafschrift.',
    reasonRequired: 'Geef een reden voor de terugbetaling.',
    submit: 'Terugbetalen',
    cancel: 'Annuleren',
  },
} as const;

export const paymentStatusLabels: Record<TPaymentStatus, string> = {
  open: 'Open', pending: 'In behandeling', authorized: 'Geautoriseerd', paid: 'Betaald', canceled: 'Geannuleerd', expired: 'Verlopen', failed: 'Mislukt',
};

export const refundStatusLabels: Record<TRefundStatus, string> = {
  queued: 'Aangevraagd', pending: 'Wordt verwerkt', processing: 'Wordt uitbetaald', refunded: 'Terugbetaald', failed: 'Mislukt', canceled: 'Geannuleerd',
};

const sourceLabels: Record<string, string> = {
  created: 'aangemaakt', webhook: 'gemeld door de betaalprovider', return: 'bij terugkeer van de betaler', reconcile: 'bij controle', console: 'in het beheer',
};

/** One line of a payment's history in Dutch. */
export function historyLine(item: { kind: 'status' | 'refund' | 'chargeback'; source: string; status: string; amount_cents: number | null; actor: string | null }): string {
  const via = sourceLabels[item.source] ?? item.source;
  const amount = item.amount_cents !== null ? euro(item.amount_cents) : '';
  if (item.kind === 'refund') {
    const label = refundStatusLabels[item.status as TRefundStatus] ?? item.status;
    return `Terugbetaling ${amount}: ${label.toLowerCase()} (${via}${item.actor ? `, ${item.actor}` : ''})`;
  }
  if (item.kind === 'chargeback') return item.status === 'reversed' ? `Terugboeking ${amount} teruggedraaid (${via})` : `Terugboeking ${amount} door de bank van de betaler (${via})`;
  return `${paymentStatusLabels[item.status as TPaymentStatus] ?? item.status} (${via})`;
}

import { format } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import type { TPaymentEvent, TPaymentStatus } from '@portal/contract';

/** The staff payments page's Dutch texts (issue 9: staff see every payment with its history). */
export const paymentTexts = {
  title: 'Betalingen',
  intro: 'Alle online betalingen van dit project, de nieuwste eerst.',
  empty: 'Er zijn nog geen betalingen.',
  loading: 'Betalingen laden…',
  more: 'Meer laden',
  listLabel: 'Betalingen van dit project',
  address: 'Adres',
  form: 'Formulier',
  amount: 'Bedrag',
  status: 'Status',
  createdAt: 'Aangemaakt',
  paidAt: 'Betaald op',
  history: 'Geschiedenis',
  noAddress: 'Geen adres',
  notPaid: 'Nog niet betaald',
  provider: 'Betaalprovider',
  reference: 'Kenmerk',
  description: 'Omschrijving',
  noEvents: 'Nog geen gebeurtenissen.',
  applied: 'Betaling bijgewerkt',
  notApplied: 'Geen wijziging',
  /** The disclosure's accessible name: the visible 'Geschiedenis' plus which payment it is of. */
  historyOf: (address: string, amount: string, createdAt: string) => `van de betaling van ${address}, ${amount}, ${createdAt}`,
  historyCount: (n: number) => (n === 1 ? '1 gebeurtenis' : `${n} gebeurtenissen`),
  /** A payment of a form that is paid more than once (double_paid). */
  doublePaid: 'Dubbel betaald',
  doublePaidHint: 'Dit formulier is meer dan één keer betaald. Eén van de betalingen moet worden terugbetaald.',
  doublePaidTitle: (forms: number) => (forms === 1 ? 'Let op: 1 formulier is meer dan één keer betaald' : `Let op: ${forms} formulieren zijn meer dan één keer betaald`),
  doublePaidNotice: "Deze betalingen staan hieronder gemarkeerd met 'Dubbel betaald'. Eén betaling per formulier moet worden terugbetaald.",
} as const;

/** Mollie's statuses in Dutch. */
export const paymentStatusLabels: Record<TPaymentStatus, string> = {
  open: 'Open',
  pending: 'In behandeling',
  authorized: 'Geautoriseerd',
  paid: 'Betaald',
  canceled: 'Geannuleerd',
  expired: 'Verlopen',
  failed: 'Mislukt',
};

/** The badge colour per status (always next to the status text, never on its own); dark text on a light fill (AA contrast). */
export const paymentStatusTones: Record<TPaymentStatus, string> = {
  open: 'bg-sky-100 text-sky-900 ring-sky-300',
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  authorized: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  paid: 'bg-green-100 text-green-900 ring-green-300',
  canceled: 'bg-slate-100 text-slate-800 ring-slate-300',
  expired: 'bg-orange-100 text-orange-900 ring-orange-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
};

/** Through which path the provider's word came, in Dutch. */
export const paymentEventSourceLabels: Record<TPaymentEvent['source'], string> = {
  created: 'Aangemaakt',
  webhook: 'Melding van de betaalprovider',
  return: 'Teruggekeerd van de betaalpagina',
  reconcile: 'Nagevraagd bij de betaalprovider',
};

/** The provider's name as staff know it. */
export function paymentProviderLabel(provider: string): string {
  if (provider === 'mollie') return 'Mollie';
  if (provider === 'local') return 'Testbetaling';
  return provider;
}

/** An ISO 8601 moment as DD-MM-YYYY HH:mm in the browser's time zone; '' for a value that is no date. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd-MM-yyyy HH:mm', { locale: nl });
}

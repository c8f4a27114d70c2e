import { formMessages } from './form-rules.ts';

/**
 * The choice form's messages, words and money (spec 2.5, 3.6, 4.3, 7.3) without zod: the resident's form
 * steps use them, and zod stays out of their scripts (the schemas are in choice.ts).
 */

export const choiceMessages = {
  minSignatures: 'Minimaal 1 handtekening is verplicht',
  signatureRequired: formMessages.signatureRequired,
  signatureWho: formMessages.signatureWho,
  emailInvalid: 'Ongeldig e-mailadres',
  saved: formMessages.savedShort,
  sent: formMessages.sent,
  stepNotDone: formMessages.stepNotDone,
  deadlineReached: 'De uiterste datum van dit formulier is verstreken; het kan niet meer worden aangepast.',
  readOnly: 'Deze stap kan niet meer worden aangepast.',
  notLocked: 'Rond eerst de samenvatting af.',
  notSigned: 'Het formulier is nog niet ondertekend.',
  notPaid: 'De extra kosten zijn nog niet betaald.',
  alreadySent: formMessages.alreadySent,
  noPayment: 'Voor dit formulier hoeft niet online te worden betaald.',
  paymentUnavailable: 'Online betalen is op dit moment niet mogelijk. Probeer het later opnieuw.',
  nameRequired: formMessages.signerNameRequired,
  addressUnknown: 'Adres niet gevonden',
  sectionUnknown: 'Onderdeel niet gevonden',
  noSurcharge: 'Geen meerprijs',
} as const;

/** The UI words of the choice form (spec 2.5, 6). */
export const choiceTexts = {
  questions: 'Vragen',
  choice: 'Keuze',
  summary: 'Samenvatting',
  nrOfSignatures: 'Aantal handtekeningen',
  signature: (nr: number) => `Handtekening ${nr}`,
  pay: 'Betalen',
  confirmation: 'Bevestiging',
  clear: 'Wijzigen',
  complete: 'Afronden',
  /** A resident's summary button: it locks the form; sending comes at Bevestiging (spec 5's confirmation title). */
  finish: 'Formulier afronden',
  sign: 'Zet handtekening',
  send: 'Formulier verzenden',
  toPayment: 'Naar betaling',
  viewStatus: 'Bekijk status',
} as const;

// ---- money ---------------------------------------------------------------------------------------

const DUTCH_PRICE = /^(\d{1,3}(?:\.?\d{3})*),(\d{2})$/;
const PLAIN_PRICE = /^(\d+)(?:[.,](\d{1,2}))?$/;

/** '1.250,50' (or '12,50', '12.50', '12') in cents; null when it is no price. '0,00' is 0: no surcharge. */
export function priceCents(price: string | null | undefined): number | null {
  if (typeof price !== 'string') return null;
  const text = price.trim();
  const dutch = DUTCH_PRICE.exec(text);
  if (dutch) return Number(dutch[1]!.replace(/\./g, '')) * 100 + Number(dutch[2]);
  const plain = PLAIN_PRICE.exec(text);
  if (plain) return Number(plain[1]) * 100 + Number((plain[2] ?? '0').padEnd(2, '0'));
  return null;
}

/** Cents as Dutch money without the sign: 125050 -> '1.250,50'. */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${euros},${String(abs % 100).padStart(2, '0')}`;
}
/** '€ 1.250,50'. */
export const formatEuro = (cents: number) => `€ ${formatCents(cents)}`;

/** price per unit (cents) x amount (two decimals), rounded half up to cents, in integer arithmetic. */
export function calculatorCents(pricePerUnitCents: number, amount: number): number {
  const hundredths = BigInt(Math.round(amount * 100));
  const product = BigInt(pricePerUnitCents) * hundredths; // cents x 1/100
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  return Number(sign * ((abs + 50n) / 100n));
}

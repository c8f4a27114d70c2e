/**
 * Appointments (afspraken): texts and rules shared by the server's schemas and the web's form, with
 * the spec's Dutch texts. Plain values, no zod, so that the web can import them anywhere.
 */
import { EMAIL_MAX_LENGTH } from './validation.ts';

export const appointmentMessages = {
  slotRequired: 'Selecteer datum en tijd',
  emailRequired: 'Vul een e-mailadres in',
  emailInvalid: 'Vul een geldig e-mailadres in',
  mobileRequired: 'Vul een telefoonnummer in',
  mobileTooShort: 'Vul minimaal 10 cijfers in',
  mobileFormat: 'Vul een telefoonnummer van 10 cijfers in, bijvoorbeeld 0612345678',
  changed: 'Uw afspraak is succesvol aangepast.',
  confirmed: 'Uw afspraak is bevestigd.',
  cancelled: 'Uw afspraak is geannuleerd.',
  noSlots: 'Geen beschikbare data/tijden meer',
  /** A change made on an older version of the appointment than the one stored (HTTP 409). */
  stale: 'Deze afspraak is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.',
  /** The chosen slot filled up (or closed) before this change got it (HTTP 409). */
  slotTaken: 'Dit tijdstip is intussen vol of niet meer beschikbaar. Kies een ander tijdstip.',
  slotUnknown: 'Dit tijdstip hoort niet bij deze afspraak. Kies een ander tijdstip.',
  cannotChange: 'Deze afspraak kan niet (meer) worden gewijzigd.',
  cannotCancel: 'Deze afspraak kan niet (meer) worden geannuleerd.',
  cannotConfirm: 'Deze afspraak kan niet (meer) worden bevestigd.',
  notFound: 'Afspraak niet gevonden',
  /** The same slot chosen again: nothing changes and nothing is sent. */
  unchanged: 'Uw afspraak staat al op dit tijdstip; er is niets gewijzigd.',
  /** The booking is stored, but the confirmation was held back by the limits per address and per recipient. */
  confirmationLimited: 'De bevestiging is niet verstuurd: er zijn te veel bevestigingen verstuurd. Probeer het later opnieuw.',
} as const;

/** Dayparts of a slot (daypart_id). */
export const APPOINTMENT_DAYPARTS: Record<number, string> = { 1: 'ochtend', 2: 'middag', 3: 'avond' };

/** The longest phone number the server takes, as typed (spaces, dashes, +31). */
export const PHONE_MAX_LENGTH = 40;

/** A general e-mail pattern: something@domain.tld, no spaces. */
export const PORTAL_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/**
 * A phone number without spaces, dashes, dots and brackets, with +31 / 0031 (and '+31 (0)') written
 * as a leading 0: '+31 (0)6 1234 5678' -> '0612345678'.
 */
export function normalizeDutchPhone(value: string): string {
  return value.trim().replace(/^(\+|00)31\s*\(0\)/, '0').replace(/[\s\-().]/g, '').replace(/^(\+|00)31/, '0');
}

/** The digits of a phone number, national form ('+31 6 1234 5678' -> '0612345678'). */
export function phoneNumberDigits(value: string): string {
  return normalizeDutchPhone(value).replace(/\D/g, '');
}

/**
 * The mobile number for an SMS confirmation: required, at least 10 digits, and a Dutch 10-digit
 * number (spaces, dashes and a +31 prefix allowed). Returns the problem or null.
 */
export function appointmentMobileProblem(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return appointmentMessages.mobileRequired;
  const compact = normalizeDutchPhone(raw);
  if (!/^\d+$/.test(compact)) return appointmentMessages.mobileFormat;
  if (compact.length < 10) return appointmentMessages.mobileTooShort;
  if (compact.length !== 10) return appointmentMessages.mobileFormat;
  return null;
}

/** The e-mail address for an e-mail confirmation: required and valid. Returns the problem or null. */
export function appointmentEmailProblem(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return appointmentMessages.emailRequired;
  if (raw.length > EMAIL_MAX_LENGTH || !PORTAL_EMAIL_PATTERN.test(raw)) return appointmentMessages.emailInvalid;
  return null;
}

/** 'Gepland op 14-04-2026 - 09:00 uur' */
export function plannedText(date: string, time: string): string {
  return `Gepland op ${date} - ${time} uur`;
}

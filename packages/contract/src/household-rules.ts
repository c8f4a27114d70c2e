/**
 * Household accounts (profiel): texts and rules shared by the server's schemas and the web's forms,
 * with the spec's Dutch texts. Plain values, no zod, so that the web can import them anywhere.
 */
import { PHONE_MAX_LENGTH, PORTAL_EMAIL_PATTERN, phoneNumberDigits } from './appointment-rules.ts';
import { EMAIL_MAX_LENGTH } from './validation.ts';

export const householdMessages = {
  firstNameRequired: 'Vul een voornaam in',
  lastNameRequired: 'Vul een achternaam in',
  genderRequired: 'Kies een aanhef',
  emailInvalid: 'Vul een geldig e-mailadres in.',
  phoneTooShort: 'Vul minimaal 10 cijfers in',
  phoneInvalid: 'Vul een geldig telefoonnummer in',
  passwordRequired: 'Vul een wachtwoord in',
  passwordsDiffer: 'Wachtwoorden komen niet overeen',
  currentPasswordWrong: 'Het huidige wachtwoord is onjuist.',
  created: 'Succesvol opgeslagen',
  saved: 'De gegevens zijn succesvol opgeslagen.',
  deleted: 'Gebruiker verwijderd.',
  passwordChanged: 'Uw wachtwoord is succesvol aangepast.',
  /** Why the activation asks for an e-mail address (optional). */
  emailReason: 'Niet verplicht. Alleen met een e-mailadres kunnen wij u een nieuw wachtwoord sturen als u het vergeet, en u berichten over uw project mailen.',
  cannotDeleteSelf: 'U kunt uw eigen account hier niet verwijderen.',
  cannotDeleteLinked: 'Deze gebruiker kan niet worden verwijderd omdat er nog gegevens aan gekoppeld zijn.',
  householdFull: 'Er kunnen maximaal 10 gebruikers aan een adres worden gekoppeld.',
  notFound: 'Gebruiker niet gevonden',
  holder: 'Hoofdbewoner',
  member: 'Gezinslid',
  holderEmailForbidden: 'Het e-mailadres van de hoofdbewoner kan alleen de hoofdbewoner zelf wijzigen.',
  memberEmailForbidden: 'Het e-mailadres van een gezinslid met een account kan alleen dat gezinslid zelf of de hoofdbewoner wijzigen.',
  holderDeleteForbidden: 'De hoofdbewoner kan niet worden verwijderd.',
  emailChanged: 'Uw e-mailadres is gewijzigd.',
  emailConfirmInvalid: 'Deze bevestigingslink is ongeldig. Controleer of u de volledige link uit de e-mail heeft gebruikt.',
  emailConfirmUsed: 'Deze bevestigingslink is al gebruikt.',
  emailConfirmExpired: 'Deze bevestigingslink is verlopen. Wijzig het e-mailadres opnieuw via het profiel; u ontvangt dan een nieuwe link.',
  /** The answer to a saved e-mail change that waits for the new address: 'Wij hebben een bevestigingslink gestuurd naar ...'. */
  emailConfirmationSent: (email: string) =>
    `Wij hebben een bevestigingslink gestuurd naar ${email}. Het e-mailadres wordt gewijzigd zodra die link is geopend.`,
} as const;

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CHANGE_HOURS = 24;

/**
 * The aanhef of an occupant: M and F (the spec's Man and Vrouw) or U, 'Geen aanhef' (as the spec's third
 * option for contact persons). Nothing assumes one: a person without one is addressed by name alone.
 */
export const OCCUPANT_GENDERS = [
  { value: 'M', label: 'Man' },
  { value: 'F', label: 'Vrouw' },
  { value: 'U', label: 'Geen aanhef' },
] as const;
export type TOccupantGenderValue = (typeof OCCUPANT_GENDERS)[number]['value'];

export const HOUSEHOLD_MAX_MEMBERS = 10;

/** The longest value of each text field of an occupant (the server's limit and the inputs' maxLength). */
export const OCCUPANT_MAX_LENGTH = {
  first_name: 100,
  affix: 30,
  last_name: 100,
  email_address: EMAIL_MAX_LENGTH,
  telephone: PHONE_MAX_LENGTH,
  mobile: PHONE_MAX_LENGTH,
} as const;

/** An optional e-mail address: empty is fine, otherwise it must look like one. */
export function occupantEmailProblem(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return null;
  return raw.length > EMAIL_MAX_LENGTH || !PORTAL_EMAIL_PATTERN.test(raw) ? householdMessages.emailInvalid : null;
}

/**
 * An optional phone number: empty is fine, otherwise at least 10 digits (spaces, dashes, +31 allowed).
 * Fewer than 10 digits is always the spec's 'Vul minimaal 10 cijfers in', also with other characters.
 */
export function occupantPhoneProblem(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return null;
  const digits = phoneNumberDigits(raw);
  if (digits.length < 10) return householdMessages.phoneTooShort;
  if (!/^[+\d\s\-().]+$/.test(raw)) return householdMessages.phoneInvalid;
  return digits.length > 15 ? householdMessages.phoneInvalid : null;
}

/**
 * The greeting of a letter or mail to a person: by name whatever the aanhef ('Beste Jan de Vries,'), and
 * 'Beste bewoner,' only when no name is known.
 */
export function personGreeting(person: { first_name?: string | null; affix?: string | null; last_name?: string | null } | null | undefined): string {
  const name = person ? [person.first_name, person.affix, person.last_name].map((s) => s?.trim()).filter(Boolean).join(' ') : '';
  return `Beste ${name || 'bewoner'},`;
}

/** 'Jan de Vries' */
export function occupantFullName(person: { first_name: string; affix?: string | null; last_name: string }): string {
  return [person.first_name, person.affix, person.last_name].map((s) => s?.trim()).filter(Boolean).join(' ');
}

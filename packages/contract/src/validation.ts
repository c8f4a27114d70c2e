/** Rules shared by the portal's forms and the server's validation, with the spec's Dutch texts. */

export const messages = {
  postcodeRequired: 'Vul een postcode in',
  postcodeTooLong: 'Een postcode heeft maximaal 6 tekens',
  houseNumberRequired: 'Vul een huisnummer + toevoeging in',
  passwordOrCodeRequired: 'Vul een wachtwoord of activatiecode in',
  usernameRequired: 'Vul een gebruikersnaam in',
  passwordRequired: 'Vul een wachtwoord in',
  passwordsDiffer: 'Wachtwoorden komen niet overeen',
  termsRequired: 'U moet akkoord gaan met de voorwaarden',
  loginFailedTitle: 'Inloggen mislukt',
  loginFailed: 'Gebruikersnaam en/of wachtwoord onjuist',
  forgotSentTitle: 'Wachtwoord verzonden',
  forgotSent: 'Als er een account bestaat, wordt een e-mail verzonden met verdere instructies.',
  passwordChanged: 'Uw wachtwoord is succesvol aangepast.',
  tooManyAttempts: 'Te veel pogingen. Probeer het over enkele minuten opnieuw.',
  invalidInput: 'Formulier niet goed ingevuld',
  unauthorized: 'U bent niet ingelogd of uw sessie is verlopen.',
  forbidden: 'U heeft geen toegang tot deze gegevens.',
  notFound: 'Niet gevonden',
  serverError: 'Er is iets misgegaan. Probeer het later opnieuw.',
  serviceUnavailable: 'Het portaal is tijdelijk niet beschikbaar. Probeer het over enkele ogenblikken opnieuw.',
  storageUnavailable: 'Bestanden kunnen nu niet worden opgeslagen. Probeer het later opnieuw.',
  activationInvalid: 'De activatiecode is ongeldig of verlopen.',
  resetInvalid: 'De link om uw wachtwoord in te stellen is ongeldig of verlopen.',
  accountActivated: 'Uw account is geactiveerd.',
} as const;

/** Upper-case and strip everything that is not a letter or digit ('1234 ab' -> '1234AB'). */
export function normalizeAlnum(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export const POSTCODE_MAX_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;

/*
 * Longest values the server takes; the web puts them on its inputs as maxLength, so that a too long
 * value cannot be typed instead of being refused after sending.
 */
export const PASSWORD_MAX_LENGTH = 200;
/** An e-mail address (RFC 5321), also a partner's username. */
export const EMAIL_MAX_LENGTH = 254;
/** A username: an e-mail address, or a postcode with a house number. */
export const USERNAME_MAX_LENGTH = 254;
/** The login's postcode and house number as typed, before spaces and dashes are removed. */
export const LOGIN_FIELD_MAX_LENGTH = 40;
/** A value longer than a field takes (the server's answer; the web's inputs stop at the limit). */
export const tooLongMessage = (max: number) => `Gebruik maximaal ${max} tekens`;

/** Lists the unmet password rules, in the spec's words; empty when the password is strong enough. */
export function unmetPasswordRules(password: string): string[] {
  const unmet: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) unmet.push(`minimaal ${PASSWORD_MIN_LENGTH} tekens`);
  if (!/\d/.test(password)) unmet.push('minimaal 1 cijfer');
  if (!/[a-z]/.test(password)) unmet.push('minimaal 1 kleine letter');
  if (!/[A-Z]/.test(password)) unmet.push('minimaal 1 hoofdletter');
  return unmet;
}

/** 'Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer' or null when strong enough. */
export function passwordStrengthMessage(password: string): string | null {
  const unmet = unmetPasswordRules(password);
  return unmet.length ? `Het wachtwoord moet bevatten: ${unmet.join(', ')}` : null;
}

import type { TEmailMode } from '@portal/contract';

/** Every text of the notification preferences and the unsubscribe page, in one place (the categories' own are in the contract). */
export const texts = {
  title: 'Meldingen',
  link: 'Meldingen',
  intro: 'Kies per onderwerp hoe u op de hoogte wilt blijven. U kunt dit altijd weer wijzigen.',
  email: 'E-mail',
  emailModes: { off: 'Uit', direct: 'Direct', digest: 'Dagelijks overzicht' } satisfies Record<TEmailMode, string>,
  push: 'Pushbericht',
  sms: 'SMS',
  noEmail: 'Er is geen e-mailadres bekend: e-mail kan niet worden gekozen.',
  emailTo: (address: string) => `E-mail gaat naar ${address}.`,
  noMobile: 'Er is geen mobiel nummer bekend: SMS kan niet worden gekozen.',
  smsTo: (mobile: string) => `SMS gaat naar ${mobile}.`,
  smsOnly: 'SMS is er alleen voor afspraken en formulieren.',
  pushDevices: (n: number) => (n === 0 ? 'Pushberichten komen nog op geen enkel apparaat binnen.' : n === 1 ? 'Pushberichten komen op 1 apparaat binnen.' : `Pushberichten komen op ${n} apparaten binnen.`),
  save: 'Opslaan',
  saved: 'Uw keuzes voor meldingen zijn opgeslagen.',
  saveFailed: 'Uw keuzes zijn niet opgeslagen. Probeer het later opnieuw.',

  device: {
    title: 'Pushberichten op dit apparaat',
    intro: 'Met pushberichten ziet u een melding op dit apparaat, ook als het portaal niet open is. Uw browser vraagt eerst om toestemming.',
    on: 'Pushberichten staan aan op dit apparaat.',
    off: 'Pushberichten staan uit op dit apparaat.',
    turnOn: 'Pushberichten aanzetten',
    turnOff: 'Pushberichten uitzetten',
    turnedOn: 'Pushberichten staan nu aan op dit apparaat.',
    turnedOff: 'Pushberichten staan nu uit op dit apparaat.',
    failed: 'Pushberichten aanzetten is niet gelukt. Probeer het later opnieuw.',
    offFailed: 'Pushberichten uitzetten is niet gelukt. Probeer het later opnieuw.',
    ios: 'Op een iPhone of iPad werken pushberichten pas als u het portaal op uw beginscherm hebt gezet: tik op Delen en dan op Zet op beginscherm.',
    unsupported: 'Deze browser kan geen pushberichten ontvangen. Gebruik een recente versie van Chrome, Edge, Firefox of Safari, of zet het portaal op uw beginscherm.',
    denied: 'U hebt meldingen van dit portaal geblokkeerd in uw browser. Sta meldingen toe in de instellingen van uw browser om pushberichten te ontvangen.',
    deniedNow: 'U hebt geen toestemming gegeven voor meldingen. Pushberichten staan uit op dit apparaat.',
  },

  unsubscribe: {
    title: 'Afmelden',
    busy: 'Bezig met laden…',
    what: (label: string, email: string | null) => `U ontvangt e-mail van het bewonersportaal over: ${label}${email ? ` op ${email}` : ''}.`,
    question: 'Wilt u deze e-mail niet meer ontvangen? Andere meldingen blijven zoals ze zijn.',
    button: 'Afmelden',
    failed: 'Afmelden is niet gelukt. Probeer het later opnieuw.',
    toPortal: 'Naar het portaal',
    missing: 'Er ontbreekt een deel van de afmeldlink. Open de link uit de e-mail opnieuw, of meld u af via uw profiel in het portaal.',
  },
} as const;

import { supportBaseStatusLabels, type TConsentLetterAddress, type TConsentLetterForm, type TConsentLetterStatus } from '@portal/contract';
import { formatConsoleDate as formatDate } from '../../lib/console-format';
const plural = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;

/** Every text of the console's consent letters page, in one place. */
export const consentLetterTexts = {
  title: 'Draagvlakbrieven',
  crumbs: { projects: 'Projecten' },
  intro: 'Print per adres een brief met een persoonlijke link naar het draagvlakformulier, met een QR-code en de uiterste datum. '
    + 'De links staan alleen in de brieven: het portaal toont ze nergens, ook niet aan medewerkers.',
  form: 'Formulier',
  noForms: 'Dit project heeft geen actief draagvlakformulier.',
  summary: (f: TConsentLetterForm) =>
    `${plural(f.addresses, 'adres', 'adressen')} (${f.addresses - f.occupied} leegstaand), ${plural(f.live_letters, 'adres', 'adressen')} met een geldige brief`
    + (f.last_printed_at ? `. Laatst geprint op ${formatDate(f.last_printed_at)}.` : '. Er zijn nog geen brieven geprint.'),
  closeDate: (date: string) => `Het formulier sluit op ${date}: daarna werkt geen enkele link meer.`,
  search: 'Zoek op postcode, huisnummer, straat of plaats',
  none: 'Dit project heeft nog geen adressen.',
  list: 'Adressen en hun brief',
  select: (address: string) => `${address} selecteren voor een brief`,
  fields: { consent: 'Draagvlak', letter: 'Brief' },
  consent: supportBaseStatusLabels,
  status: {
    none: 'Geen brief',
    live: 'Brief geldig',
    revoked: 'Ingetrokken',
    expired: 'Verlopen',
  } satisfies Record<TConsentLetterStatus, string>,
  letterDetail: (letter: TConsentLetterAddress['letter']) => {
    if (letter.status === 'none' || !letter.printed_at) return null;
    const printed = `Geprint op ${formatDate(letter.printed_at)}${letter.printed_by ? ` door ${letter.printed_by}` : ''}`;
    if (letter.status === 'revoked' && letter.revoked_at) return `${printed}, ingetrokken op ${formatDate(letter.revoked_at)}`;
    if (letter.status === 'expired' && letter.expires_at) return `${printed}, verlopen`;
    return letter.expires_at ? `${printed}, werkt tot en met ${formatDate(letter.expires_at)}` : printed;
  },

  print: {
    button: 'Brieven printen (PDF)',
    selected: (n: number) => `${plural(n, 'adres', 'adressen')} gekozen: "Brieven printen (PDF)" maakt alleen voor ${n === 1 ? 'dit adres een brief' : 'deze adressen brieven'}.`,
    all: (n: number) => `"Brieven printen (PDF)" maakt brieven voor alle ${plural(n, 'bewoond adres', 'bewoonde adressen')}. Kies adressen met de vakjes om alleen voor die adressen brieven te maken.`,
    clear: 'Selectie wissen',
    dialogTitle: 'Draagvlakbrieven printen',
    intro: (n: number, form: string) => `Voor ${plural(n, 'adres', 'adressen')} wordt een brief gemaakt met een nieuwe persoonlijke link naar ‘${form}’, in één PDF om te printen.`,
    deadline: 'Reageren kan tot en met',
    deadlineHint: 'Deze datum staat in de brief; de links werken tot en met deze dag.',
    deadlineInvalid: 'Vul een datum in als DD-MM-JJJJ',
    warning: 'Printen maakt eerder geprinte brieven van deze adressen ongeldig: alleen de link in de nieuwe brief opent het formulier nog. '
      + 'De links staan alleen in deze PDF: bewaar of print hem meteen.',
    make: 'Brieven maken',
    busy: 'Bezig met maken…',
    ready: (n: number) => `${plural(n, 'brief is', 'brieven zijn')} klaar.`,
    download: 'Draagvlakbrieven (PDF) downloaden',
    failed: 'De brieven konden niet worden gemaakt.',
  },
  revoke: {
    one: 'Brief intrekken',
    all: 'Alle brieven intrekken',
    oneTitle: 'Brief intrekken',
    oneBody: (address: string) => `De link in de brief van ${address} werkt daarna niet meer. Print een nieuwe brief als het adres toch nog moet kunnen reageren.`,
    allTitle: 'Alle brieven intrekken',
    allBody: (n: number, form: string) => `De links in alle ${plural(n, 'geldige brief', 'geldige brieven')} van ‘${form}’ werken daarna niet meer. Dit kan niet ongedaan worden gemaakt: alleen nieuwe brieven openen het formulier dan nog.`,
    confirm: 'Intrekken',
    doneOne: (address: string) => `De brief van ${address} is ingetrokken.`,
    doneAll: (n: number) => `${plural(n, 'brief is', 'brieven zijn')} ingetrokken.`,
  },
  cancel: 'Annuleren',
  close: 'Sluiten',
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',
} as const;

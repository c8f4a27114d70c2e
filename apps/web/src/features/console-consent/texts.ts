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

/** Every text of the consent campaign page (/beheer/projecten/:projectId/draagvlak/campagne). */
export const campaignTexts = {
  title: 'Draagvlakcampagne',
  tabs: { label: 'Draagvlak', campaign: 'Campagne', letters: 'Brieven' },
  intro: 'Volg per bouwkundige eenheid hoeveel huurders instemmen (de 70%-regel, artikel 7:220 lid 3 BW), herinner wie nog niet reageerde, '
    + 'maak de kennisgevingen zodra een eenheid 70% haalt en download het bewijsdossier van een adres.',
  form: 'Formulier',
  rule: {
    title: 'Telregel van dit project',
    countsVacant: 'Leegstaande woningen tellen mee in het totaal (als niet akkoord)',
    household: 'Woningen met meer huishoudens',
    home: 'Eén stem per woning',
    perHousehold: 'Eén stem per huishouden',
    save: 'Telregel opslaan',
    saved: 'De telregel is opgeslagen.',
  },
  units: {
    title: 'Stand per bouwkundige eenheid',
    votes: (agreed: number, votes: number) => `${agreed} van ${plural(votes, 'stem', 'stemmen')} akkoord`,
    homes: (total: number, vacant: number) => `${plural(total, 'woning', 'woningen')}, waarvan ${vacant} leegstaand`,
    both: (withVacant: number, without: number) => `Met leegstand ${pct(withVacant)}, zonder leegstand ${pct(without)}`,
    reached: 'Bereikt',
    notReached: 'Nog niet bereikt',
    reachedOn: (date: string) => `70% bereikt op ${date}`,
    droppedOn: (date: string) => `Daarna onder 70% gezakt op ${date}`,
    reachedAgain: (dropped: string, again: string) => `Op ${dropped} onder 70% gezakt, op ${again} opnieuw bereikt`,
    history: 'Verloop',
    milestone: (kind: 'reached' | 'dropped', date: string, percentage: number) => `${date}: ${kind === 'reached' ? '70% bereikt' : 'onder 70% gezakt'} (${pct(percentage)})`,
    notices: (drafted: number, sent: number) => `Kennisgevingen: ${drafted} gemaakt, ${sent} verstuurd`,
    makeNotices: 'Kennisgevingen maken (PDF)',
    markSent: 'Kennisgevingen als verstuurd markeren',
    none: 'Er zijn nog geen adressen.',
  },
  notice: {
    title: (unit: string) => `Kennisgevingen ${unit}`,
    intro: (n: number, unit: string) => `Voor ${plural(n, 'adres', 'adressen')} in ${unit} ${n === 1 ? 'dat niet instemde' : 'die niet instemden'} wordt een brief gemaakt: de schriftelijke kennisgeving dat 70% instemde, met de termijn van acht weken om naar de rechter te gaan.`,
    warning: 'Controleer de brieven voordat u ze verstuurt. Markeer ze daarna als verstuurd met de verzenddatum: vanaf die datum lopen de acht weken.',
    make: 'Brieven maken',
    busy: 'Bezig met maken…',
    ready: (n: number) => `${plural(n, 'brief is', 'brieven zijn')} klaar.`,
    download: 'Kennisgevingen (PDF) downloaden',
    failed: 'De kennisgevingen konden niet worden gemaakt.',
    sentTitle: (unit: string) => `Kennisgevingen ${unit} verstuurd`,
    sentOn: 'Verzonden op',
    sentHint: 'De datum waarop de brieven zijn verstuurd (dd-mm-jjjj). De huurder kan tot acht weken daarna naar de rechter.',
    sentDone: (n: number, deadline: string) => `${plural(n, 'kennisgeving', 'kennisgevingen')} gemarkeerd als verstuurd. De termijn voor de rechter loopt tot en met ${deadline}.`,
    save: 'Markeren als verstuurd',
  },
  reminders: {
    title: 'Herinneringen',
    intro: 'Adressen die nog niet reageerden krijgen een herinnering per e-mail en sms, op het schema hieronder. Zodra een adres reageert, stoppen de herinneringen. '
      + 'Adressen zonder e-mailadres of mobiel nummer krijgen geen herinnering: zij staan op de bezoeklijst.',
    enabled: 'Herinneringen versturen',
    startsOn: 'Voorstel verstuurd op',
    startsHint: 'Vanaf deze datum telt het schema.',
    firstAfter: 'Eerste herinnering na (dagen)',
    interval: 'Daarna elke (dagen)',
    maxCount: 'Maximaal aantal herinneringen',
    byEmail: 'Per e-mail',
    bySms: 'Per sms',
    save: 'Schema opslaan',
    saved: 'Het schema is opgeslagen.',
    run: 'Herinneringen nu versturen',
    ran: (n: number) => (n ? `${plural(n, 'adres kreeg', 'adressen kregen')} een herinnering.` : 'Er waren geen herinneringen te versturen.'),
    sent: 'Verstuurde herinneringen',
    none: 'Er zijn nog geen herinneringen verstuurd.',
    row: (r: { nr: number; emails: number; sms: number; sms_skipped: number }) =>
      `Herinnering ${r.nr}: ${plural(r.emails, 'e-mail', 'e-mails')}, ${r.sms} sms${r.sms_skipped ? ` (${r.sms_skipped} niet verstuurd door de sms-limiet)` : ''}`,
  },
  addresses: {
    title: 'Adressen',
    unit: 'Bouwkundige eenheid',
    allUnits: 'Alle eenheden',
    status: 'Status',
    allStatuses: 'Alle statussen',
    search: 'Zoek op adres',
    visitList: 'Bezoeklijst printen (PDF)',
    count: (n: number) => plural(n, 'adres', 'adressen'),
    none: 'Geen adressen gevonden met deze filters.',
    vacant: 'Leegstaand',
    households: (n: number) => plural(n, 'huishouden', 'huishoudens'),
    reminders: (n: number, last: string | null) => (n ? `${plural(n, 'herinnering', 'herinneringen')}, laatste ${last}` : 'Geen herinneringen'),
    noticeSent: (sent: string, deadline: string) => `Kennisgeving verstuurd op ${sent}; naar de rechter tot en met ${deadline}`,
    noticeDrafted: (date: string) => `Kennisgeving gemaakt op ${date}, nog niet verstuurd`,
    agreementAt: (date: string) => `Sinds ${date}`,
    evidence: 'Bewijsdossier (ZIP)',
    householdsLabel: 'Huishoudens',
    householdsSave: 'Opslaan',
    householdsSaved: (address: string) => `Het aantal huishoudens van ${address} is opgeslagen.`,
    previous: 'Vorige',
    next: 'Volgende',
    page: (page: number, pages: number) => `Pagina ${page} van ${pages}`,
  },
  downloadFailed: 'Het downloaden is niet gelukt. Probeer het opnieuw.',
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',
  cancel: 'Annuleren',
  close: 'Sluiten',
} as const;

function pct(value: number): string {
  return `${value.toLocaleString('nl-NL', { maximumFractionDigits: 1 })}%`;
}

import { ADDRESS_IMPORT_MAX_ROWS, ADDRESS_STATUS_LABELS } from '@portal/contract';
import { formatAddressLine, formatConsoleDate, formatConsoleDateTime } from '../../lib/console-format';

/** Every text of the console's addresses pages, in one place. */
export const addressTexts = {
  title: 'Adressen en bewoners',
  crumbs: { projects: 'Projecten', addresses: 'Adressen' },
  search: 'Zoek op postcode, huisnummer, straat of plaats',
  statusFilter: 'Status',
  allStatuses: 'Alle statussen',
  notActivated: 'Nog niet geactiveerd (alle zonder account)',
  loadMore: 'Meer adressen laden',
  none: 'Dit project heeft nog geen adressen. Importeer ze uit een CSV-bestand.',
  noMatch: 'Geen adressen gevonden.',
  found: (n: number, more: boolean) => `${n}${more ? '+' : ''} ${n === 1 ? 'adres' : 'adressen'} gevonden`,
  summary: (s: { total: number; activated: number; code: number; without_account: number }) =>
    `${s.total} ${s.total === 1 ? 'adres' : 'adressen'}: ${s.activated} geactiveerd, ${s.code} met een geldige code, ${s.without_account} zonder account`,
  importLink: 'Adressen importeren',
  status: ADDRESS_STATUS_LABELS,
  fields: {
    status: 'Status',
    lastLogin: 'Laatst ingelogd',
    household: 'Huishouden',
    never: 'Nog nooit',
  },
  activatedOn: (date: string) => `sinds ${date}`,
  codeUntil: (date: string) => `geldig tot en met ${date}`,
  codeExpiredOn: (date: string) => `verlopen op ${date}`,
  members: (n: number, accounts: number) => (n ? `${n} ${n === 1 ? 'persoon' : 'personen'}, ${accounts} met account` : 'Geen bewoners bekend'),
  select: (address: string) => `${address} selecteren voor een activatiebrief`,
  edit: 'Bewerken',
  letter: 'Code/brief maken',
  reset: 'Account resetten',
  openAsResident: 'Open als bewoner',
  /** The address's privacy screen: exports of personal data and erasure (console-privacy). */
  privacy: 'Privacy',
  openedAsResident: 'Het portaal is in een nieuw tabblad geopend als bewoner van dit adres.',
  popupBlocked: 'Het nieuwe tabblad werd tegengehouden. Sta pop-ups toe voor deze site en probeer het opnieuw.',

  letters: {
    button: 'Activatiebrieven (PDF)',
    selected: (n: number) => `${n} ${n === 1 ? 'adres' : 'adressen'} gekozen: "Activatiebrieven (PDF)" maakt alleen voor ${n === 1 ? 'dit adres een brief' : 'deze adressen brieven'}.`,
    allWithout: (n: number) =>
      `"Activatiebrieven (PDF)" maakt brieven voor alle ${n} ${n === 1 ? 'adres' : 'adressen'} zonder account. Kies adressen met de vakjes om alleen voor die adressen brieven te maken.`,
    dialogTitle: 'Activatiebrieven maken',
    intro: (n: number | null) =>
      `${n === null ? 'Voor de gekozen adressen' : `Voor ${n} ${n === 1 ? 'adres' : 'adressen'}`} wordt een nieuwe activatiecode gemaakt, met een brief per adres in één PDF om te printen.`,
    revokes: 'Eerder verstuurde codes van deze adressen werken daarna niet meer. De codes staan alleen in deze PDF: bewaar of print hem meteen.',
    make: 'Codes en brieven maken',
    busy: 'Bezig met maken…',
    ready: (n: number) => `${n} ${n === 1 ? 'brief is' : 'brieven zijn'} klaar.`,
    download: 'Activatiebrieven (PDF) downloaden',
    failed: 'De brieven konden niet worden gemaakt.',
    none: 'Alle adressen hebben al een account.',
  },
  resetDialog: {
    title: 'Account resetten',
    body: (address: string) =>
      `Alle bewoners van ${address} verliezen hun wachtwoord en worden uitgelogd. Het adres kan daarna opnieuw worden geactiveerd met een nieuwe activatiebrief. De gegevens van het huishouden blijven bewaard.`,
    confirm: 'Account resetten',
    done: (address: string) => `Het account van ${address} is gereset. Maak een nieuwe activatiebrief om het opnieuw te activeren.`,
  },
  editDialog: {
    title: (address: string) => `${address} bewerken`,
    loginHint: 'Postcode en huisnummer zijn de inlognaam van de bewoners en veranderen hier niet.',
    street: 'Straat',
    city: 'Plaats',
    lat: 'Breedtegraad (lat)',
    lng: 'Lengtegraad (lng)',
    coordinatesHint: 'Bijvoorbeeld 52,0907 en 5,1214. Laat beide leeg als ze niet bekend zijn.',
    unit: 'Bouwkundige eenheid',
    unitHint: 'In dit project; telt mee voor de 70%-regel per eenheid.',
    vacant: 'Deze woning staat leeg (in dit project)',
    save: 'Opslaan',
    saved: 'Het adres is opgeslagen.',
  },
  cancel: 'Annuleren',
  close: 'Sluiten',
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',

  import: {
    title: 'Adressen importeren',
    intro: `Importeer tot ${ADDRESS_IMPORT_MAX_ROWS} adressen uit een CSV-bestand (hoogstens 2 MB). De eerste regel bevat de kolomnamen: postcode, huisnummer, toevoeging, straat, plaats, bouwkundige_eenheid, lat en lng. Gescheiden door puntkomma's of komma's. Er wordt niets opgeslagen voordat u op Importeren klikt.`,
    template: 'Voorbeeldbestand downloaden',
    file: 'CSV-bestand',
    fileHint: 'Bijvoorbeeld een export uit Excel ("CSV UTF-8") of uit de BAG.',
    reading: 'Bezig met controleren…',
    unreadable: 'Dit bestand is niet te lezen als CSV-bestand.',
    tooLarge: 'Dit bestand is groter dan 2 MB. Splits het bestand en importeer de delen na elkaar.',
    read: (name: string, rows: number) => `${name}: ${rows} ${rows === 1 ? 'regel' : 'regels'} gelezen. De server controleert de adressen…`,
    counts: (c: { rows: number; invalid: number; new: number; existing: number }) =>
      `${c.rows} ${c.rows === 1 ? 'adres' : 'adressen'}: ${c.new} nieuw, ${c.existing} bestaand (wordt bijgewerkt en gekoppeld), ${c.invalid} met fouten`,
    ignored: (columns: string[]) => `Niet gebruikte kolommen: ${columns.join(', ')}.`,
    errorsTitle: (n: number) => `${n} ${n === 1 ? 'regel heeft' : 'regels hebben'} fouten`,
    errorsHelp: 'Verbeter de velden in de tabel of verwijder de regel, en controleer opnieuw. Importeren kan pas als er geen fouten meer zijn.',
    stale: 'U heeft regels aangepast. Controleer opnieuw voordat u importeert.',
    showErrors: 'Alleen regels met fouten',
    showAll: 'Alle regels',
    showMore: 'Meer regels tonen',
    table: 'Voorbeeld van de import',
    line: 'Regel',
    result: 'Resultaat',
    new: 'Nieuw',
    existing: 'Bestaand',
    existingInProject: 'Bestaand, al in project',
    error: 'Fout',
    removeRow: (line: number) => `Regel ${line} verwijderen`,
    cell: (label: string, line: number) => `${label}, regel ${line}`,
    recheck: 'Opnieuw controleren',
    confirm: 'Importeren',
    confirming: 'Bezig met importeren…',
    done: (r: { rows: number; created: number; updated: number; linked: number }) =>
      `${r.rows} ${r.rows === 1 ? 'adres' : 'adressen'} geïmporteerd: ${r.created} nieuw, ${r.updated} bijgewerkt.`
      + (r.linked ? ` ${r.linked} bestaande ${r.linked === 1 ? 'adres is' : 'adressen zijn'} aan dit project toegevoegd.` : ''),
    toList: 'Naar de adressen',
    another: 'Nog een bestand importeren',
  },
} as const;

/** 'Tulpstraat 14, 1234 AB Utrecht'. */
export const addressLabel = formatAddressLine;
/** DD-MM-YYYY in Europe/Amsterdam. */
export const formatDate = formatConsoleDate;
/** DD-MM-YYYY HH:mm in Europe/Amsterdam. */
export const formatDateTime = formatConsoleDateTime;

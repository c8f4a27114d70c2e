import type { TErasureLine, TPersonalDataExport } from '@portal/contract';

/** The console's privacy screen of an address (issue 20): exports and erasure. */
export const privacyTexts = {
  title: 'Privacy: gegevens van bewoners',
  crumb: 'Privacy',
  intro: 'Maak een export van alle gegevens die het portaal over een bewoner of het hele adres bewaart (AVG artikel 15 en 20), '
    + 'of wis een bewoner. Elke export en elke wissing staat in het auditlog.',
  household: 'Bewoners',
  noOccupants: 'Op dit adres staan geen bewoners meer.',
  holder: 'Hoofdbewoner',
  account: 'Heeft een account',
  exportPerson: 'Gegevens exporteren',
  exportAddress: 'Alle gegevens van dit adres exporteren',
  erase: 'Wissen',
  exportsTitle: 'Exports',
  noExports: 'Nog geen exports.',
  exportStarted: 'De export wordt gemaakt. Hij staat zo in de lijst hieronder.',
  download: 'Downloaden',
  status: { queued: 'In de wachtrij', running: 'Wordt gemaakt', done: 'Klaar', failed: 'Mislukt' } satisfies Record<TPersonalDataExport['status'], string>,
  expired: 'Verlopen',
  exportLine: (e: TPersonalDataExport, made: string, until: string) =>
    `${e.scope === 'person' ? 'Bewoner' : 'Adres'}: ${e.subject}, ${e.requested_by === 'resident' ? 'aangevraagd door de bewoner' : `door ${e.created_by ?? 'een medewerker'}`} op ${made}; te downloaden tot ${until}`,
  failed: 'Dat is niet gelukt. Probeer het opnieuw.',
  dialog: {
    title: (name: string) => `${name} wissen`,
    loading: 'Bezig met nagaan wat er gewist wordt…',
    whole: 'Dit is de laatste bewoner van het adres: ook de gegevens van het huishouden (formulieren, afspraken, chat, dossier) worden gewist.',
    member: 'De andere bewoners blijven: wat het huishouden deelt blijft bij het adres, zonder de naam van deze bewoner.',
    removed: 'Wordt gewist',
    anonymised: 'Blijft, zonder deze persoon',
    kept: 'Blijft bewaard',
    line: (l: TErasureLine) => `${l.label}: ${l.count}`,
    reason: 'Reden van het wissen',
    reasonHint: 'Bijvoorbeeld: verzoek van de bewoner, de huur is beëindigd. De reden komt in het auditlog.',
    confirm: 'Definitief wissen',
    cancel: 'Annuleren',
    cannotUndo: 'Wissen kan niet ongedaan worden gemaakt.',
  },
  erased: (name: string) => `${name} is gewist.`,
  addressLink: 'Privacy',
} as const;

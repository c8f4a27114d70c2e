import type { TRetentionAction, TRetentionBasis } from '@portal/contract';

/** Every text of the console's retention screens. */
export const retentionTexts = {
  policyTitle: 'Bewaarbeleid',
  crumbCustomer: 'Klant',
  policyIntro: 'Hoe lang het portaal persoonsgegevens bewaart, per soort gegevens, en wat er daarna gebeurt. Dit geldt voor elk project, tenzij een project een eigen regel heeft. '
    + 'Een project telt vanaf het moment dat het wordt gearchiveerd (het einde van het project). Voordat er in een project voor het eerst iets wordt verwijderd, bevestigt een medewerker wat er weggaat.',
  months: 'Maanden',
  basis: 'Tellen vanaf',
  action: 'Daarna',
  bases: {
    project_end: 'Einde van het project',
    created: 'Aanmaken',
    court_period_end: 'Einde van de termijn om naar de rechter te gaan',
  } satisfies Record<TRetentionBasis, string>,
  actions: { delete: 'Verwijderen', anonymise: 'Anonimiseren (aantallen blijven)' } satisfies Record<TRetentionAction, string>,
  isDefault: 'Standaard van het portaal',
  customerWide: 'Geldt voor de hele klant',
  contactTitle: 'Privacypagina',
  contact: 'Bij wie kunnen bewoners terecht met vragen over hun gegevens?',
  contactHint: 'Bijvoorbeeld de naam van de functionaris gegevensbescherming, een e-mailadres en een telefoonnummer. Dit staat op de privacypagina.',
  pageLinked: (path: string) => `De link 'Privacyverklaring' in het portaal opent de privacypagina van het portaal (${path}), die uit dit beleid wordt geschreven.`,
  pageNotLinked: (path: string) => `De link 'Privacyverklaring' gaat naar een eigen adres (Klant › Voorwaarden en privacy). De privacypagina van het portaal staat op ${path}.`,
  openPage: 'Privacypagina bekijken',
  save: 'Opslaan',
  saved: 'Het bewaarbeleid is opgeslagen.',
  saveFailed: 'Het opslaan is niet gelukt. Probeer het opnieuw.',
  exportCsv: 'Exporteren als CSV',
  updatedAt: (when: string) => `Laatst gewijzigd: ${when}`,

  projectTitle: 'Bewaren en verwijderen',
  notEnded: 'Dit project loopt nog. De termijnen die tellen vanaf het einde beginnen pas als het project wordt gearchiveerd (Instellingen › Archiveren).',
  endedAt: (when: string) => `Project beëindigd op ${when}.`,
  courtEnds: (when: string) => `De termijn om naar de rechter te gaan (acht weken na de laatste kennisgeving van 70%) loopt tot ${when}.`,
  confirmedAt: (when: string, who: string) => `Bevestigd op ${when} door ${who}. De dagelijkse taak past het bewaarbeleid vanaf nu toe op dit project.`,
  lastRun: (when: string) => `Laatst toegepast: ${when}.`,
  notConfirmed: 'Er is nog niets bevestigd: de dagelijkse taak verwijdert in dit project niets tot u bevestigt wat er weggaat.',
  previewTitle: 'Wat er nu weggaat',
  previewIntro: 'Aantallen per soort gegevens die de dagelijkse taak nu zou verwijderen of anonimiseren, met de bestanden die daarbij horen. De inhoud zelf wordt niet getoond.',
  show: 'Toon',
  showAll: 'Alle soorten gegevens',
  showDue: [['due', 'Alleen wat nu weggaat']] as ReadonlyArray<readonly ['due', string]>,
  category: 'Soort gegevens',
  rule: 'Regel',
  dueNow: 'Nu te verwerken',
  files: 'Bestanden',
  filesCount: (n: number) => `${n} ${n === 1 ? 'bestand' : 'bestanden'}`,
  dueFrom: 'vanaf',
  notYet: 'Nog niet',
  nothingDue: 'Er gaat nu niets weg.',
  ownRule: 'Eigen regel',
  customerRule: 'Regel van de klant',
  confirm: 'Bevestigen en toepassen',
  confirmTitle: 'Verwijderen bevestigen',
  confirmText: (total: number) => `Er ${total === 1 ? 'wordt' : 'worden'} nu ${total} ${total === 1 ? 'onderdeel' : 'onderdelen'} verwijderd of geanonimiseerd. Dit kan niet ongedaan worden gemaakt. Daarna past de dagelijkse taak het bewaarbeleid steeds toe op dit project.`,
  confirmed: 'Bevestigd. Het bewaarbeleid wordt nu toegepast.',
  confirmFailed: 'Het bevestigen is niet gelukt. Probeer het opnieuw.',
  overridesTitle: 'Eigen regels voor dit project',
  overridesIntro: 'Zonder eigen regel volgt een soort gegevens het bewaarbeleid van de klant.',
  useOwn: (label: string) => `Eigen regel voor ${label.toLowerCase()}`,
  saveOverrides: 'Eigen regels opslaan',
  overridesSaved: 'De regels van dit project zijn opgeslagen.',
  ruleText: (months: number, basis: TRetentionBasis, action: TRetentionAction) =>
    `${months} mnd. na ${{ project_end: 'einde project', created: 'aanmaken', court_period_end: 'termijn rechter' }[basis]}, ${action === 'delete' ? 'verwijderen' : 'anonimiseren'}`,
} as const;

/** A list as CSV (semicolons, as Dutch spreadsheets read it) for the console's export button. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): Blob {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return new Blob([`\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

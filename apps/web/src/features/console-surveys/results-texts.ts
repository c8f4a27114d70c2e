import type { TSurveyResultKind } from '@portal/contract';

/** Every Dutch text of the survey results page (/beheer/projecten/:projectId/enquetes/:surveyId/resultaten). */
export const resultsTexts = {
  title: (name?: string) => (name ? `Resultaten: ${name}` : 'Resultaten'),
  crumbs: { projects: 'Projecten', surveys: 'Enquêtes', results: 'Resultaten' },
  loading: 'Resultaten laden…',
  filters: {
    legend: 'Filters',
    unit: 'Bouwdeel',
    allUnits: 'Alle bouwdelen',
    from: 'Ingevuld vanaf',
    to: 'Ingevuld tot en met',
    reset: 'Filters wissen',
  },
  totals: {
    heading: 'Respons',
    responses: 'Antwoorden',
    residents: 'Van bewoners',
    visitors: 'Van bezoekers (openbaar)',
    rate: 'Responspercentage',
    rateOf: (answered: number, addresses: number) => `${answered} van ${addresses} adressen`,
    period: (first: string, last: string) => `Ingevuld van ${first} tot en met ${last}`,
  },
  perUnit: {
    heading: 'Respons per bouwdeel',
    region: 'Tabel met de respons per bouwdeel, horizontaal te scrollen',
    unit: 'Bouwdeel',
    addresses: 'Adressen',
    answered: 'Ingevuld',
    rate: 'Percentage',
    noUnit: 'Zonder bouwdeel',
    none: 'Dit project heeft nog geen adressen.',
  },
  empty: 'Er zijn nog geen antwoorden op deze enquête.',
  emptyFiltered: 'Er zijn geen antwoorden die bij deze filters passen.',
  questionsHeading: 'Per vraag',
  kind: { choice: 'Keuzevraag', rating: 'Cijfer (0-10)', scale: 'Schaal', text: 'Open vraag', photo: 'Foto' } satisfies Record<TSurveyResultKind, string>,
  variant: { dropdown: 'keuzelijst', radio: 'één keuze', check: 'meerdere keuzes', smiley: 'smileys', star: 'sterren' } as Record<string, string>,
  answered: (n: number) => `${n} ${n === 1 ? 'antwoord' : 'antwoorden'}`,
  average: (value: number) => `Gemiddeld ${value.toLocaleString('nl-NL', { maximumFractionDigits: 1 })}`,
  table: { caption: (label: string) => `Verdeling van de antwoorden op ‘${label}’`, option: 'Antwoord', count: 'Aantal', share: 'Aandeel' },
  chartLoading: 'Grafiek laden…',
  openAnswers: { none: 'Nog geen antwoorden op deze vraag.', more: 'Meer antwoorden laden', visitor: 'Bezoeker' },
  photos: { heading: "Foto's", none: "Er zijn nog geen foto's.", more: "Meer foto's laden", alt: (label: string, who: string) => `Foto bij ‘${label}’ van ${who}`, seeGallery: "Zie de foto's hieronder." },
  responses: {
    heading: 'Alle antwoorden',
    region: 'Tabel met alle antwoorden, horizontaal te scrollen',
    submitted: 'Ingevuld op',
    who: 'Door',
    address: 'Adres',
    unit: 'Bouwdeel',
    occupant: 'Bewoner',
    resident: 'Bewoner',
    visitor: 'Bezoeker',
    more: 'Meer antwoorden laden',
  },
  badFilter: 'Dit filter kan niet worden gebruikt.',
} as const;

/** A share 0..1 as a Dutch percentage ('66,7%'). */
export const percent = (share: number) => `${(share * 100).toLocaleString('nl-NL', { maximumFractionDigits: 1 })}%`;

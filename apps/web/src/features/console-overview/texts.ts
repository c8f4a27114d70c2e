import { euro } from '../../lib/money';


const plural = (n: number, one: string, many: string) => `${n.toLocaleString('nl-NL')} ${n === 1 ? one : many}`;

/** How long someone has waited, in words: '12 minuten', '3 uur', '2 dagen en 4 uur'. */
export function waitedFor(minutes: number): string {
  if (minutes < 60) return plural(minutes, 'minuut', 'minuten');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} uur`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${plural(days, 'dag', 'dagen')} en ${rest} uur` : plural(days, 'dag', 'dagen');
}

/** The project's overview in Dutch (issue 17, "The project's overview"). */
export const overviewTexts = {
  title: 'Overzicht',
  crumbs: { projects: 'Projecten' },
  intro: 'Wat vandaag aandacht vraagt. Elk getal leidt naar de lijst erachter.',
  archived: 'Dit project is gearchiveerd.',
  nothing: 'U heeft geen rechten om onderdelen van dit project te volgen.',
  count: (n: number) => n.toLocaleString('nl-NL'),
  conversations: {
    heading: 'Gesprekken',
    open: 'Wachten op antwoord',
    waiting: 'Wachten op bewoner',
    closed: 'Gesloten',
    unassigned: (n: number) => `${plural(n, 'open gesprek', 'open gesprekken')} zonder behandelaar`,
    longest: 'Het langst wachtend',
    none: 'Geen gesprekken wachten op antwoord.',
    visitor: (name: string | null) => (name ? `Bezoeker ${name}` : 'Bezoeker'),
    waited: (minutes: number) => `wacht ${waitedFor(minutes)}`,
    notAssigned: 'nog niet toegewezen',
    all: 'Alle open gesprekken',
  },
  consent: {
    heading: 'Draagvlak',
    none: 'Dit project heeft geen draagvlakformulier.',
    total: (percentage: number, threshold: number) => `${percentage.toLocaleString('nl-NL')}% akkoord (nodig: ${threshold}%)`,
    units: (reached: number, total: number) => `${reached} van ${plural(total, 'bouwdeel', 'bouwdelen')} boven 70%`,
    lowest: 'Bouwdelen met het laagste percentage',
    unit: (unit: string, percentage: number) => `${unit}: ${percentage.toLocaleString('nl-NL')}%`,
    votes: (agreed: number, votes: number) => `${agreed} van ${votes} stemmen`,
    reached: 'gehaald',
    notReached: 'nog niet gehaald',
    fewHomes: 'te weinig woningen voor de 70%-regel',
    campaign: 'Naar de draagvlakcampagne',
  },
  forms: {
    heading: 'Formulieren met een deadline',
    hint: 'Formulieren die binnen 7 dagen sluiten.',
    none: 'Geen formulieren sluiten binnen 7 dagen.',
    closes: (when: string) => `Sluit ${when}`,
    notAnswered: (n: number) => `${n === 1 ? 'adres heeft' : 'adressen hebben'} nog niet gereageerd`,
    of: (total: number) => `van ${plural(total, 'adres', 'adressen')}`,
  },
  payments: {
    heading: 'Betalingen',
    open: 'Open betalingen',
    double: 'Dubbel betaald',
    amount: (cents: number) => euro(cents),
    none: 'Geen open of dubbele betalingen.',
  },
  appointments: {
    heading: 'Afspraken',
    today: 'Vandaag',
    week: 'Deze week',
    first: 'De eerste afspraken van vandaag',
    noneToday: 'Vandaag staan er geen afspraken gepland.',
  },
  activation: {
    heading: 'Bewoners',
    notActivated: 'Nog niet geactiveerd',
    of: (total: number) => `van ${plural(total, 'adres', 'adressen')}`,
    allActivated: 'Alle adressen hebben een geactiveerd account.',
  },
  more: (label: string) => `${label}: bekijk de lijst`,
} as const;

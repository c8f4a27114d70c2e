export const scheduleTexts = {
  title: 'Planning',
  noInformation: 'Geen informatie beschikbaar',
  noSchedule: 'Geen planning beschikbaar',
  important: 'Belangrijk: ',
  new: 'Nieuw',
  today: 'vandaag',
  previousMonth: 'Vorige maand',
  nextMonth: 'Volgende maand',
  noEarlierMonth: 'Vorige maand: geen eerdere planning',
  noLaterMonth: 'Volgende maand: geen latere planning',
  calendar: 'Kalender',
  legendPlanned: 'Dag met planning',
  legendImportant: 'Dag met een belangrijk onderdeel',
  nothingThatDay: 'Er is op deze dag niets gepland.',
  dayHeading: (day: string) => `Planning voor ${day}`,
  dayLabel: (day: string, count: number, important: boolean) =>
    `${day}: ${count} ${count === 1 ? 'onderdeel' : 'onderdelen'}${important ? ', waarvan belangrijk' : ''}`,
} as const;

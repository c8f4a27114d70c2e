import { surveyMessages } from '@portal/contract';

/** The survey screens' Dutch texts in one place (the spec's own texts come from the contract). */
export const surveyTexts = {
  ...surveyMessages,
  title: 'Enquêtes',
  list: 'Enquêtes',
  choose: 'Kies een enquête',
  empty: 'Er zijn op dit moment geen enquêtes.',
  notFound: 'Deze enquête is niet gevonden.',
  done: 'ingevuld',
  open: 'nog niet ingevuld',
  submit: 'Verzenden',
  yes: 'Ja',
  no: 'Nee',
  yourAnswers: 'Uw antwoorden',
  filledInOn: (date: string) => `Ingevuld op ${date}.`,
  ratingHint: `Kies een cijfer van 0 (zeer slecht) tot en met 10 (uitstekend).`,
  noAnswer: 'Niet ingevuld',
  choosePlaceholder: 'Maak een keuze',
  photoAlt: (label: string) => `Foto bij: ${label}`,
  requiredHint: 'Velden met een * zijn verplicht.',
  visitorCodeMissing: 'Laad de pagina opnieuw en probeer het nog eens.',
} as const;

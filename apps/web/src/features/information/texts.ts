export const informationTexts = {
  information: {
    title: 'Informatie',
    list: 'Onderwerpen',
    choose: 'Kies een onderwerp',
    chooseHint: 'Kies een onderwerp uit de lijst.',
    empty: 'Er is nog geen informatie beschikbaar.',
    notFound: 'Dit onderwerp is niet gevonden.',
  },
  faq: {
    title: 'Veelgestelde vragen',
    list: 'Vragen',
    choose: 'Kies een vraag',
    chooseHint: 'Kies een vraag uit de lijst.',
    empty: 'Er zijn nog geen veelgestelde vragen.',
    notFound: 'Deze vraag is niet gevonden.',
  },
} as const;

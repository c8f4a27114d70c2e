export const complaintTexts = {
  title: 'Klachten',
  list: 'Onderwerpen',
  choose: 'Kies een onderwerp',
  chooseHint: 'Kies een onderwerp uit de lijst.',
  empty: 'Er zijn nog geen berichten.',
  notFound: 'Dit onderwerp is niet gevonden.',
} as const;

export const newsTexts = {
  title: 'Nieuws',
  list: 'Nieuwsberichten',
  choose: 'Kies een nieuwsbericht',
  empty: 'Er zijn nog geen nieuwsberichten.',
  notFound: 'Dit nieuwsbericht is niet gevonden.',
  loadMore: 'Meer nieuwsberichten laden',
} as const;

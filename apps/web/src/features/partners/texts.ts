export const partnerTexts = {
  title: 'Partners',
  empty: 'Er zijn nog geen partners bekend.',
  map: 'Kaart met de vestigingen van de partners',
  website: 'Website',
  items: 'Werkzaamheden',
} as const;

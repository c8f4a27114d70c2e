export const workOrderTexts = {
  title: 'Werkvolgorde',
  list: 'Volgorde van de adressen',
  map: 'Kaart met de volgorde van de adressen',
  image: 'Tekening van de werkvolgorde',
  tilesFailed: 'De kaart kan niet worden geladen; hieronder staat de lijst.',
  empty: 'De werkvolgorde is nog niet bekend.',
  ownAddress: 'Uw adres',
  ownPosition: (label: string) => `Uw adres heeft nummer ${label} in de werkvolgorde.`,
  status: 'Status',
  addresses: (count: number) => `${count} adressen`,
  loadMore: 'Meer laden',
} as const;

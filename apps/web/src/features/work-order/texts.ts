export const workOrderTexts = {
  title: 'Werkvolgorde',
  list: 'Volgorde van de adressen',
  map: 'Kaart met de volgorde van de adressen',
  empty: 'De werkvolgorde is nog niet bekend.',
  ownAddress: 'Uw adres',
  status: 'Status',
} as const;

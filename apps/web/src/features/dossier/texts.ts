import { DOSSIER_SENT } from '@portal/contract';

export const dossierTexts = {
  title: 'Dossier',
  empty: 'Uw dossier is nog leeg.',
  download: 'Download',
  downloadOf: (name: string) => `Download ${name}`,
  downloadDossier: 'Download dossier',
  dialogTitle: 'Dossier per e-mail ontvangen',
  dialogIntro: 'Wij sturen het hele dossier naar het e-mailadres dat u hieronder invult.',
  email: 'E-mailadres',
  send: 'Versturen',
  cancel: 'Annuleren',
  close: 'Sluiten',
  sent: DOSSIER_SENT,
  failed: 'Het verzoek kon niet worden verstuurd. Probeer het later opnieuw.',
  fetched: 'Gedownload',
  notFetched: 'Nieuw',
  date: 'Datum',
  type: 'Soort',
} as const;

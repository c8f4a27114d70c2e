import { appointmentMessages } from '@portal/contract';

/** Every text of the appointments screens, in one place. */
export const text = {
  title: 'Afspraken',
  empty: 'Er zijn nog geen afspraken voor uw adres.',
  cancelled: 'Geannuleerd',
  notPlanned: 'Nog niet gepland',
  confirmedBadge: 'Bevestigd door u',
  toConfirm: 'Wilt u deze afspraak bevestigen?',
  confirm: 'Bevestigen',
  reschedule: 'Wijzigen',
  cancel: 'Annuleren',
  plan: 'Afspraak plannen',
  modalTitle: 'Afspraak plannen',
  slotsLegend: 'Kies een datum en tijd',
  timeLabel: (time: string) => `${time} uur`,
  emailCheckbox: 'Bevestiging per e-mail',
  emailLabel: 'E-mailadres',
  smsCheckbox: 'Bevestiging per sms',
  mobileLabel: 'Mobiel nummer',
  mobileHint: '10 cijfers, bijvoorbeeld 0612345678',
  save: 'Afspraak opslaan',
  close: 'Sluiten',
  noSlots: appointmentMessages.noSlots,
  noSlotsDetail: 'Neem contact op met het projectteam om een afspraak te maken.',
  contactChat: 'Stuur het projectteam een bericht',
  contactPersons: 'Bekijk de contactpersonen',
  cancelTitle: 'Afspraak annuleren',
  cancelQuestion: (subject: string, when: string) => `Weet u zeker dat u de afspraak "${subject}" ${when} wilt annuleren?`,
  cancelYes: 'Ja, annuleren',
  cancelNo: 'Nee',
  failed: 'Er is iets misgegaan. Probeer het later opnieuw.',
  current: (date: string, time: string) => `Huidige afspraak: ${date} om ${time} uur`,
};

const WEEKDAYS = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'];

/** 'dinsdag 14-04-2026' for '14-04-2026'. */
export function dateWithWeekday(date: string): string {
  const [d, m, y] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()];
  return weekday ? `${weekday} ${date}` : date;
}

/** Dates and times of appointments as the spec shows them, in Europe/Amsterdam. */
const TIME_ZONE = 'Europe/Amsterdam';

const parts = (date: Date, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(new Intl.DateTimeFormat('nl-NL', { timeZone: TIME_ZONE, ...options }).formatToParts(date).map((p) => [p.type, p.value]));

/** DD-MM-YYYY */
export function dutchDate(date: Date): string {
  const p = parts(date, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return `${p.day}-${p.month}-${p.year}`;
}

/** HH:mm */
export function dutchTime(date: Date): string {
  const p = parts(date, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${p.hour}:${p.minute}`;
}

/** 'dinsdag 14 april 2026' */
export function dutchLongDate(date: Date): string {
  return new Intl.DateTimeFormat('nl-NL', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

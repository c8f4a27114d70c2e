/** Dates and times of appointments as the spec shows them, in Europe/Amsterdam. */
const TIME_ZONE = 'Europe/Amsterdam';

/*
 * Made once, and each moment formatted once: constructing an Intl.DateTimeFormat costs far more than
 * formatting with it, and formatToParts still costs some 7 µs, while an appointment list formats up to
 * 200 slots per planning, the same slots answer after answer (with a formatter made per date and per
 * time, two plannings took 80 ms; formatted once per answer, 3 ms).
 */
const dateTimeFormat = new Intl.DateTimeFormat('nl-NL', {
  timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
const longDateFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

type DateTime = Readonly<{ date: string; time: string }>;
/** Formatted moments by epoch milliseconds; emptied when full (slots are few, and change slowly). */
const formatted = new Map<number, DateTime>();
const FORMATTED_MAX = 10_000;

/** DD-MM-YYYY and HH:mm of one moment. */
export function dutchDateTime(moment: Date): DateTime {
  const key = moment.getTime();
  let found = formatted.get(key);
  if (!found) {
    const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of dateTimeFormat.formatToParts(moment)) p[part.type] = part.value;
    found = Object.freeze({ date: `${p.day}-${p.month}-${p.year}`, time: `${p.hour}:${p.minute}` });
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(key, found);
  }
  return found;
}

/** DD-MM-YYYY */
export function dutchDate(moment: Date): string {
  return dutchDateTime(moment).date;
}

/** HH:mm */
export function dutchTime(moment: Date): string {
  return dutchDateTime(moment).time;
}

/** 'dinsdag 14 april 2026' */
export function dutchLongDate(moment: Date): string {
  return longDateFormat.format(moment);
}

/** Dates on the wire: DD-MM-YYYY in Europe/Amsterdam (ARCHITECTURE.md, "Data"). */
const TIME_ZONE = 'Europe/Amsterdam';

const dayParts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', hourCycle: 'h23' });

const HOUR_MS = 3_600_000;
type DayParts = { day: string; month: string; year: string; hour: string };
/**
 * The Amsterdam calendar day and hour per UTC hour: the clock changes on a whole UTC hour by a whole hour, so an
 * hour of time falls on one local day and hour, and its minutes are the local minutes.
 */
const dayOfHour = new Map<number, DayParts>();

/** The calendar day a moment falls on in Amsterdam; Intl is asked once per hour of time, not per call (lists of thousands). */
function parts(date: Date): DayParts {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  const hour = Math.floor(ms / HOUR_MS);
  let known = dayOfHour.get(hour);
  if (!known) {
    const found: Record<string, string> = {};
    for (const part of dayParts.formatToParts(date)) found[part.type] = part.value;
    known = Object.freeze({ day: found.day!, month: found.month!, year: found.year!, hour: found.hour! });
    if (dayOfHour.size >= 10_000) dayOfHour.clear();
    dayOfHour.set(hour, known);
  }
  return known;
}

/** A moment as the Dutch calendar date it falls on in Amsterdam: '04-03-2026'. */
export function toDutchDate(moment: Date): string {
  const { day, month, year } = parts(moment);
  return `${day}-${month}-${year}`;
}

/** A calendar date (PostgreSQL `date`, 'YYYY-MM-DD') in Dutch notation: '2026-03-04' -> '04-03-2026'. */
export function isoDateToDutch(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}-${month}-${year}`;
}

/** The Amsterdam calendar date of a moment as 'YYYY-MM-DD'. */
export function amsterdamIsoDate(moment: Date): string {
  const { day, month, year } = parts(moment);
  return `${year}-${month}-${day}`;
}

/** The Amsterdam clock time of a moment, 'HH:MM' (24 hours). */
export function amsterdamTime(moment: Date): string {
  const minutes = moment.getUTCMinutes();
  return `${parts(moment).hour}:${minutes < 10 ? '0' : ''}${minutes}`;
}

/** 'YYYY-MM-DD' plus a number of days (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const next = new Date(Date.UTC(year!, month! - 1, day! + days));
  return next.toISOString().slice(0, 10);
}

/** The last second of an Amsterdam calendar day ('YYYY-MM-DD'): what 'valid until and including' that date ends at. */
export function endOfAmsterdamDay(isoDate: string): Date {
  const utc = new Date(`${isoDate}T23:59:59Z`);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'shortOffset' }).formatToParts(utc)
    .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const hours = Number(/GMT([+-]\d+)/.exec(zone)?.[1] ?? 0);
  return new Date(utc.getTime() - hours * 3_600_000);
}

const offsetParts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'shortOffset' });
/** Amsterdam's offset from UTC at a moment, in minutes (60 in winter, 120 in summer). */
function amsterdamOffsetMinutes(moment: Date): number {
  const zone = offsetParts.formatToParts(moment).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const [, sign = '+', hours = '1', minutes = '0'] = /GMT([+-])(\d+)(?::(\d+))?/.exec(zone) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0));
}

/**
 * The moment of a local Amsterdam date and time ('2026-03-04', minutes after midnight). Exact except in
 * the hour around a clock change (02:00-03:00 at night), where it may be an hour off.
 */
export function amsterdamMoment(isoDate: string, minutesOfDay: number): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  const asUtc = Date.UTC(year!, month! - 1, day!, 0, minutesOfDay);
  const first = asUtc - amsterdamOffsetMinutes(new Date(asUtc)) * 60_000;
  const second = asUtc - amsterdamOffsetMinutes(new Date(first)) * 60_000;
  return new Date(second);
}

/** The ISO weekday of a calendar date ('YYYY-MM-DD'): 1 Monday .. 7 Sunday. */
export function isoWeekday(isoDate: string): number {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

import { addDays, amsterdamIsoDate, amsterdamMoment } from '../../lib/dates.ts';

/** No SMS or push between these hours (Europe/Amsterdam) unless urgent; what waits goes out at QUIET_END. */
export const QUIET_START_MINUTES = 21 * 60;
export const QUIET_END_MINUTES = 8 * 60;
/** The daily digest of e-mail goes out at this time (Europe/Amsterdam). */
export const DIGEST_MINUTES = 8 * 60;

const clockParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Minutes after midnight in Amsterdam at a moment. */
export function amsterdamMinutes(moment: Date): number {
  const found: Record<string, string> = {};
  for (const part of clockParts.formatToParts(moment)) found[part.type] = part.value;
  return Number(found.hour) * 60 + Number(found.minute);
}

/** The first moment at `minutes` (Amsterdam) at or after `moment`. */
function nextAt(moment: Date, minutes: number): Date {
  const today = amsterdamIsoDate(moment);
  const at = amsterdamMoment(today, minutes);
  return at.getTime() >= moment.getTime() ? at : amsterdamMoment(addDays(today, 1), minutes);
}

/** During quiet hours: when they end (08:00); otherwise `moment` itself. */
export function afterQuietHours(moment: Date): Date {
  const minutes = amsterdamMinutes(moment);
  const quiet = minutes >= QUIET_START_MINUTES || minutes < QUIET_END_MINUTES;
  return quiet ? nextAt(moment, QUIET_END_MINUTES) : moment;
}

/** The next daily digest at or after `moment`. */
export function nextDigest(moment: Date): Date {
  return nextAt(moment, DIGEST_MINUTES);
}

/** The end of the batching window `moment` falls in (windows of `seconds` from the epoch): items in one window go as one message. */
export function batchWindowEnd(moment: Date, seconds: number): Date {
  if (seconds <= 0) return moment;
  const ms = seconds * 1000;
  return new Date(Math.ceil(moment.getTime() / ms) * ms);
}

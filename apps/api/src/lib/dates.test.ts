import { describe, expect, it } from 'vitest';
import { amsterdamIsoDate, amsterdamTime, toDutchDate } from './dates.ts';

describe('the Amsterdam calendar day of a moment', () => {
  it('turns at midnight Amsterdam time, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(toDutchDate(new Date('2026-01-14T22:59:59.999Z'))).toBe('14-01-2026');
    expect(toDutchDate(new Date('2026-01-14T23:00:00Z'))).toBe('15-01-2026');
    expect(toDutchDate(new Date('2026-07-14T21:59:59Z'))).toBe('14-07-2026');
    expect(toDutchDate(new Date('2026-07-14T22:00:00Z'))).toBe('15-07-2026');
  });

  it('is right on both sides of a clock change and across a year end', () => {
    // Summer time starts 29 March 2026 at 01:00 UTC; winter time on 25 October 2026 at 01:00 UTC.
    expect(amsterdamIsoDate(new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(amsterdamIsoDate(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(amsterdamIsoDate(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(amsterdamIsoDate(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(amsterdamIsoDate(new Date('2026-10-24T21:59:00Z'))).toBe('2026-10-24');
    expect(amsterdamIsoDate(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(amsterdamIsoDate(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(amsterdamIsoDate(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(toDutchDate(new Date('2026-12-31T22:59:59Z'))).toBe('31-12-2026');
    expect(toDutchDate(new Date('2026-12-31T23:00:00Z'))).toBe('01-01-2027');
  });

  it('gives the same answer when asked again within the hour (from its memory) as the first time', () => {
    const first = toDutchDate(new Date('2027-05-01T21:30:00Z'));
    expect(toDutchDate(new Date('2027-05-01T21:59:59Z'))).toBe(first);
    expect(toDutchDate(new Date('2027-05-01T22:00:00Z'))).toBe('02-05-2027');
  });

  it('refuses an invalid moment as Intl did', () => {
    expect(() => toDutchDate(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('the Amsterdam clock time of a moment', () => {
  it('is the local hour and minute, in winter and summer and on both sides of each clock change', () => {
    expect(amsterdamTime(new Date('2026-01-14T08:05:00Z'))).toBe('09:05');
    expect(amsterdamTime(new Date('2026-07-14T08:05:00Z'))).toBe('10:05');
    expect(amsterdamTime(new Date('2026-01-14T23:00:00Z'))).toBe('00:00');
    // 29 March 2026: 02:00 becomes 03:00 (01:00 UTC); 25 October 2026: 03:00 becomes 02:00 again (01:00 UTC).
    expect(amsterdamTime(new Date('2026-03-29T00:59:00Z'))).toBe('01:59');
    expect(amsterdamTime(new Date('2026-03-29T01:00:00Z'))).toBe('03:00');
    expect(amsterdamTime(new Date('2026-10-25T00:30:00Z'))).toBe('02:30');
    expect(amsterdamTime(new Date('2026-10-25T01:30:00Z'))).toBe('02:30');
    expect(amsterdamTime(new Date('2026-10-25T02:45:00Z'))).toBe('03:45');
  });

  it('agrees with Intl for every quarter of an hour of a year', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 15 * 60_000) {
      const moment = new Date(ms + 7 * 60_000);
      if (amsterdamTime(moment) !== intl.format(moment)) expect(amsterdamTime(moment)).toBe(intl.format(moment));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { dutchDate, dutchDateTime, dutchLongDate, dutchTime } from './appointment.format.ts';

describe('appointment dates and times in Europe/Amsterdam', () => {
  it('formats a moment as DD-MM-YYYY and HH:mm on both sides of the switch to summer time', () => {
    expect(dutchDateTime(new Date('2026-03-29T00:30:00Z'))).toEqual({ date: '29-03-2026', time: '01:30' }); // CET, UTC+1
    expect(dutchDateTime(new Date('2026-03-29T01:30:00Z'))).toEqual({ date: '29-03-2026', time: '03:30' }); // CEST, UTC+2
  });

  it('takes the Amsterdam calendar day, not the UTC one', () => {
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(dutchDate(newYear)).toBe('01-01-2027');
    expect(dutchTime(newYear)).toBe('00:30');
    expect(dutchLongDate(newYear)).toBe('vrijdag 1 januari 2027');
  });

  it('answers a moment formatted before the same way, and throws on an invalid date (never cached)', () => {
    const moment = new Date('2026-06-01T07:15:00Z');
    expect(dutchDateTime(moment)).toEqual({ date: '01-06-2026', time: '09:15' });
    expect(dutchDateTime(new Date(moment.getTime()))).toEqual({ date: '01-06-2026', time: '09:15' });
    expect(() => dutchDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

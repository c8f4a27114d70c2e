import { describe, expect, it } from 'vitest';
import { amsterdamClock, isNotificationVisible, isOutOfHours, isValidEmail, type ChatNotificationHours } from './chat-rules.ts';

/** Bloemenbuurt's demo setting: weekdays 08:00-17:00. */
const weekdays: ChatNotificationHours = {
  show: 'between', from_hour: '08:00', till_hour: '17:00',
  sunday: false, monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false,
};
const at = (iso: string) => new Date(iso);

describe('amsterdamClock', () => {
  it.each([
    // winter (CET, UTC+1)
    ['2026-03-02T06:59:00Z', 'monday', 7 * 60 + 59],
    // summer (CEST, UTC+2)
    ['2026-07-01T06:00:00Z', 'wednesday', 8 * 60],
    // the weekday is Amsterdam's, not UTC's: Friday 23:30 UTC is Saturday 00:30 in winter
    ['2026-03-27T23:30:00Z', 'saturday', 30],
    // DST starts Sunday 29 March 2026 at 02:00 CET: 01:00 UTC is 03:00 CEST
    ['2026-03-29T00:59:00Z', 'sunday', 60 + 59],
    ['2026-03-29T01:00:00Z', 'sunday', 3 * 60],
    // DST ends Sunday 25 October 2026 at 03:00 CEST: 01:00 UTC is 02:00 CET again
    ['2026-10-25T00:30:00Z', 'sunday', 2 * 60 + 30],
    ['2026-10-25T01:30:00Z', 'sunday', 2 * 60 + 30],
  ])('%s is %s, minute %i', (iso, weekday, minutes) => {
    expect(amsterdamClock(at(iso))).toEqual({ weekday, minutes });
  });
});

describe('isOutOfHours (weekdays 08:00-17:00, Europe/Amsterdam)', () => {
  it.each([
    // a winter Monday: 08:00 CET is 07:00 UTC
    ['2026-03-02T06:59:00Z', true, 'Monday 07:59, before opening'],
    ['2026-03-02T07:00:00Z', false, 'Monday 08:00, opening minute'],
    ['2026-03-02T15:59:00Z', false, 'Monday 16:59'],
    ['2026-03-02T16:00:00Z', true, 'Monday 17:00, closing minute'],
    // a summer Wednesday: 08:00 CEST is 06:00 UTC
    ['2026-07-01T05:59:00Z', true, 'Wednesday 07:59 CEST'],
    ['2026-07-01T06:30:00Z', false, 'Wednesday 08:30 CEST (06:30 UTC would be closed)'],
    ['2026-07-01T14:59:00Z', false, 'Wednesday 16:59 CEST'],
    ['2026-07-01T15:00:00Z', true, 'Wednesday 17:00 CEST (15:00 UTC would be open)'],
    // the weekend is not flagged
    ['2026-03-28T10:00:00Z', true, 'Saturday 11:00'],
    ['2026-03-29T10:00:00Z', true, 'Sunday 12:00, the day DST starts'],
    // the Monday after DST starts: CEST
    ['2026-03-30T06:30:00Z', false, 'Monday 08:30 CEST'],
    ['2026-03-30T05:30:00Z', true, 'Monday 07:30 CEST'],
    // the Monday after DST ends: CET again
    ['2026-10-26T06:30:00Z', true, 'Monday 07:30 CET'],
    ['2026-10-26T07:00:00Z', false, 'Monday 08:00 CET'],
    // Friday evening in UTC, but already Saturday in Amsterdam
    ['2026-03-27T23:30:00Z', true, 'Saturday 00:30 CET'],
    ['2026-03-27T15:30:00Z', false, 'Friday 16:30 CET'],
  ])('%s -> %s (%s)', (iso, expected) => {
    expect(isOutOfHours(weekdays, at(iso))).toBe(expected);
  });

  it('reads a till before from as a window across midnight', () => {
    const night = { ...weekdays, from_hour: '22:00', till_hour: '06:00' };
    expect(isOutOfHours(night, at('2026-03-02T21:30:00Z'))).toBe(false); // Monday 22:30
    expect(isOutOfHours(night, at('2026-03-02T04:30:00Z'))).toBe(false); // Monday 05:30
    expect(isOutOfHours(night, at('2026-03-02T11:00:00Z'))).toBe(true); // Monday 12:00
  });

  it('reads equal hours as the whole flagged day, and till 24:00 as midnight', () => {
    const allDay = { ...weekdays, from_hour: '00:00', till_hour: '00:00' };
    expect(isOutOfHours(allDay, at('2026-03-02T23:30:00Z'))).toBe(false); // Tuesday 00:30, flagged
    expect(isOutOfHours({ ...allDay, tuesday: false }, at('2026-03-02T23:30:00Z'))).toBe(true);
    expect(isOutOfHours(allDay, at('2026-03-02T12:00:00Z'))).toBe(false);
    const tillMidnight = { ...weekdays, from_hour: '08:00', till_hour: '24:00' };
    expect(isOutOfHours(tillMidnight, at('2026-03-02T22:59:00Z'))).toBe(false); // Monday 23:59
  });
});

describe('isNotificationVisible', () => {
  it("shows 'on' always and 'off' never, whatever the time", () => {
    for (const iso of ['2026-03-02T07:30:00Z', '2026-03-29T10:00:00Z', '2026-07-01T22:00:00Z']) {
      expect(isNotificationVisible({ ...weekdays, show: 'on' }, at(iso))).toBe(true);
      expect(isNotificationVisible({ ...weekdays, show: 'off' }, at(iso))).toBe(false);
    }
  });

  it("shows 'between' outside the opening hours only", () => {
    expect(isNotificationVisible(weekdays, at('2026-03-02T10:00:00Z'))).toBe(false);
    expect(isNotificationVisible(weekdays, at('2026-03-02T18:00:00Z'))).toBe(true);
    expect(isNotificationVisible(weekdays, at('2026-03-29T10:00:00Z'))).toBe(true);
  });
});

describe('isValidEmail', () => {
  it.each([
    ['anna@example.nl', true],
    ['a.b-c+d@sub.example.co.uk', true],
    ['anna@example', false],
    ['anna example@example.nl', false],
    ['@example.nl', false],
    ['anna@', false],
  ])('%s -> %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });
});

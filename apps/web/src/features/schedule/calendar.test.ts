import { describe, expect, it } from 'vitest';
import type { TScheduleEntry } from '@portal/contract';
import {
  dayKey, defaultDay, formatDay, formatMonth, highlightedDays, monthGrid, monthKey, neighbourMonths, parseDayKey, parseMonthKey, plannedDays, weekdayNames,
} from './calendar';

const entry = (highlight: boolean): TScheduleEntry => ({
  item: { id: 1, title: 't', content: '', image_url: null, highlight, access_to_home_required: false, icon_urls: [], indicators: [] },
  description: null,
  title: 't',
  partners: [],
  is_new: false,
});

describe('monthGrid', () => {
  it('lays out March 2026 in Monday-first weeks, with the neighbouring days marked', () => {
    const weeks = monthGrid(new Date(2026, 2, 15));
    expect(weeks).toHaveLength(6); // 1 March 2026 is a Sunday
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]!.key).toBe('2026-02-23');
    expect(weeks[0]![6]).toMatchObject({ key: '2026-03-01', inMonth: true });
    expect(weeks[0]![5]!.inMonth).toBe(false);
    expect(weeks[5]![1]).toMatchObject({ key: '2026-03-31', inMonth: true });
    expect(weeks[5]![6]).toMatchObject({ key: '2026-04-05', inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it('needs only four weeks for February 2027 (starts on a Monday)', () => {
    const weeks = monthGrid(new Date(2027, 1, 1));
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]!.key).toBe('2027-02-01');
    expect(weeks[3]![6]!.key).toBe('2027-02-28');
  });

  it('handles a leap February and the clock change in the last week of October', () => {
    expect(monthGrid(new Date(2028, 1, 10)).flat().filter((d) => d.inMonth).at(-1)!.key).toBe('2028-02-29');
    const october = monthGrid(new Date(2026, 9, 1)).flat().map((d) => d.key);
    expect(new Set(october).size).toBe(october.length);
    expect(october).toContain('2026-10-25');
    expect(october).toContain('2026-10-26');
  });
});

describe('day keys', () => {
  it('round-trips YYYY-MM-DD and refuses days that do not exist', () => {
    expect(dayKey(parseDayKey('2026-03-04')!)).toBe('2026-03-04');
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('04-03-2026')).toBeNull();
    expect(parseDayKey('2026-3-4')).toBeNull();
    expect(parseDayKey(undefined)).toBeNull();
  });
});

describe('months', () => {
  it('round-trips YYYY-MM and refuses what is not a month', () => {
    expect(monthKey(parseMonthKey('2026-03')!)).toBe('2026-03');
    expect(monthKey(new Date(2026, 11, 31, 23, 30))).toBe('2026-12');
    expect(parseMonthKey('2026-13')).toBeNull();
    expect(parseMonthKey('2026-3')).toBeNull();
  });

  it('leads back and forward to the nearest months with items, skipping empty ones', () => {
    const months = ['2026-01', '2026-03', '2026-07'];
    expect(neighbourMonths(months, '2026-03')).toEqual({ previous: '2026-01', next: '2026-07' });
    expect(neighbourMonths(months, '2026-05')).toEqual({ previous: '2026-03', next: '2026-07' });
    expect(neighbourMonths(months, '2026-01')).toEqual({ previous: null, next: '2026-03' });
    expect(neighbourMonths(months, '2027-01')).toEqual({ previous: '2026-07', next: null });
    expect(neighbourMonths([], '2026-01')).toEqual({ previous: null, next: null });
  });
});

describe('Dutch names', () => {
  it('names weekdays from Monday and formats months and days in Dutch', () => {
    expect(weekdayNames().map(([short]) => short)).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    expect(weekdayNames()[0]![1]).toBe('maandag');
    expect(formatMonth(new Date(2026, 2, 4))).toBe('maart 2026');
    expect(formatDay(new Date(2026, 2, 4))).toBe('woensdag 4 maart 2026');
  });
});

describe('planned and highlighted days', () => {
  const items = {
    '2026-03-10': [entry(false)],
    '2026-03-04': [entry(false), entry(true)],
    '2026-04-01': [],
    'not-a-day': [entry(true)],
  };
  it('lists the days with items in order, and the important ones', () => {
    expect(plannedDays(items)).toEqual(['2026-03-04', '2026-03-10']);
    expect([...highlightedDays(items)].filter((k) => parseDayKey(k))).toEqual(['2026-03-04']);
  });
  it('opens the first planned day from today on, else the last one', () => {
    const days = ['2026-03-04', '2026-03-10'];
    expect(defaultDay(days, new Date(2026, 2, 1))).toBe('2026-03-04');
    expect(defaultDay(days, new Date(2026, 2, 10, 18))).toBe('2026-03-10');
    expect(defaultDay(days, new Date(2026, 5, 1))).toBe('2026-03-10');
    expect(defaultDay([], new Date())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dateWithWeekday } from './text';

describe('dateWithWeekday', () => {
  it('names the Dutch weekday of a DD-MM-YYYY date', () => {
    expect(dateWithWeekday('14-04-2026')).toBe('dinsdag 14-04-2026');
    expect(dateWithWeekday('29-03-2026')).toBe('zondag 29-03-2026');
  });
});

import { describe, expect, it } from 'vitest';
import { addDaysIso, dutchToIso, isoToDutch } from './planner-api';

describe('the planner’s days', () => {
  it('reads a Dutch date and refuses what is not a day', () => {
    expect(dutchToIso('30-11-2026')).toBe('2026-11-30');
    expect(dutchToIso('1-3-2026')).toBe('2026-03-01');
    expect(dutchToIso('31-02-2026')).toBeNull();
    expect(dutchToIso('2026-11-30')).toBeNull();
    expect(isoToDutch('2026-03-01')).toBe('01-03-2026');
  });

  it('steps days across months and the change to summer time', () => {
    expect(addDaysIso('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDaysIso('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDaysIso('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDaysIso('2026-03-02', -7)).toBe('2026-02-23');
  });
});

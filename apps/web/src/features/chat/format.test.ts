import { describe, expect, it } from 'vitest';
import { formatChatTime } from './format';

describe('formatChatTime', () => {
  it.each([
    ['2026-03-02T07:05:00Z', '02-03-2026 08:05'], // CET
    ['2026-07-01T22:30:00Z', '02-07-2026 00:30'], // CEST, the next day in Amsterdam
    ['2026-03-29T01:00:00Z', '29-03-2026 03:00'], // the hour DST starts
  ])('%s -> %s', (iso, expected) => {
    expect(formatChatTime(iso)).toBe(expected);
  });

  it('answers an empty string for a bad time', () => {
    expect(formatChatTime('gisteren')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { isHexColor, readableTextOn } from './colors';

describe('readableTextOn', () => {
  it('puts white text on dark brand colours and dark text on light ones', () => {
    expect(readableTextOn('#0b5394')).toBe('#ffffff');
    expect(readableTextOn('#ffeb3b')).toBe('#111827');
  });
  it('accepts only six-digit hex colours', () => {
    expect(isHexColor('#2e7d32')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('url(x)')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseEuroInput } from './staff-payments.ts';

describe('parseEuroInput', () => {
  it('reads euros with a Dutch comma and thousands dots as cents', () => {
    expect(parseEuroInput('12,50')).toBe(1250);
    expect(parseEuroInput('€ 1.234,56')).toBe(123456);
    expect(parseEuroInput('7')).toBe(700);
    expect(parseEuroInput('0,5')).toBe(50);
    expect(parseEuroInput(' 3,00 ')).toBe(300);
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', '12.50', '1,234', 'abc', '-5', '1.23,00', '12,', ',50']) expect(parseEuroInput(text), text).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { compareVersions, normalizeAlnum, passwordStrengthMessage, unmetPasswordRules } from './index.ts';

describe('normalizeAlnum', () => {
  it.each([
    ['1234 ab', '1234AB'],
    [' 1234-AB ', '1234AB'],
    ['12a', '12A'],
    ['12 - bis', '12BIS'],
    ['activeer14', 'ACTIVEER14'],
    ['', ''],
    ['  ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeAlnum(input)).toBe(expected);
  });

  it('drops letters outside A-Z, such as accented ones', () => {
    expect(normalizeAlnum('1234 éb')).toBe('1234B');
  });
});

describe('unmetPasswordRules', () => {
  it('lists every unmet rule in the spec\'s words and order', () => {
    expect(unmetPasswordRules('')).toEqual(['minimaal 8 tekens', 'minimaal 1 cijfer', 'minimaal 1 kleine letter', 'minimaal 1 hoofdletter']);
    expect(unmetPasswordRules('kort')).toEqual(['minimaal 8 tekens', 'minimaal 1 cijfer', 'minimaal 1 hoofdletter']);
    expect(unmetPasswordRules('zonnebloem')).toEqual(['minimaal 1 cijfer', 'minimaal 1 hoofdletter']);
    expect(unmetPasswordRules('ZONNEBLOEM1')).toEqual(['minimaal 1 kleine letter']);
    expect(unmetPasswordRules('Zonneb1')).toEqual(['minimaal 8 tekens']);
  });

  it('is empty for a strong enough password, at exactly 8 characters too', () => {
    expect(unmetPasswordRules('Zonneb12')).toEqual([]);
    expect(unmetPasswordRules('Bewoner2026!')).toEqual([]);
  });

  it('makes the message the forms show', () => {
    expect(passwordStrengthMessage('kort')).toBe('Het wachtwoord moet bevatten: minimaal 8 tekens, minimaal 1 cijfer, minimaal 1 hoofdletter');
    expect(passwordStrengthMessage('Zonneb12')).toBeNull();
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('7.10.0', '7.9.1')).toBeGreaterThan(0);
    expect(compareVersions('7.9.1', '7.10.0')).toBeLessThan(0);
    expect(compareVersions('8.0.0', '7.99.99')).toBeGreaterThan(0);
    expect(compareVersions('7.0.1', '7.0.0')).toBeGreaterThan(0);
  });

  it('treats missing parts as 0', () => {
    expect(compareVersions('7.0', '7.0.0')).toBe(0);
    expect(compareVersions('7', '7.0.1')).toBeLessThan(0);
  });

  it('is 0 for equal versions and treats non-numeric parts as 0', () => {
    expect(compareVersions('7.0.0', '7.0.0')).toBe(0);
    expect(compareVersions('7.x.0', '7.0.0')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { findInvalidInput, hasInvalidText, isValidText, MAX_INPUT_DEPTH, toValidText, ZText } from './index.ts';

describe('hasInvalidText', () => {
  it.each([
    ['a NUL byte', 'ab\u0000c'],
    ['only a NUL byte', '\u0000'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone high surrogate at the end', 'abc\uD800'],
    ['a lone low surrogate', 'a\uDE00b'],
    ['a lone low surrogate at the start', '\uDFFFabc'],
    ['two high surrogates', '\uD83D\uD83D'],
    ['a pair the wrong way round', '\uDE00\uD83D'],
  ])('refuses %s', (_name, value) => {
    expect(hasInvalidText(value)).toBe(true);
    expect(isValidText(value)).toBe(false);
  });

  it.each([
    ['an empty text', ''],
    ['Dutch with diacritics', 'Ééntje café, naïef, coördinatie, ’s-Hertogenbosch, € 1.234,56'],
    ['emoji (surrogate pairs)', 'Top 👍🏽 🏠 👨‍👩‍👧'],
    ['other scripts', 'Привет, مرحبا, 你好'],
    ['control characters other than NUL', 'regel 1\nregel 2\ttab\u0001'],
    ['U+FFFD itself', 'a\uFFFDb'],
  ])('accepts %s', (_name, value) => {
    expect(hasInvalidText(value)).toBe(false);
    expect(isValidText(value)).toBe(true);
  });

  it('replaces invalid characters with U+FFFD for display', () => {
    expect(toValidText('a\u0000b\uD800c👍')).toBe('a\uFFFDb\uFFFDc👍');
  });
});

describe('findInvalidInput', () => {
  it('finds invalid text in values and keys at any place, by its path', () => {
    expect(findInvalidInput({ username: 'jan', password: 'x\u0000' })).toEqual({ reason: 'text', path: ['password'] });
    expect(findInvalidInput({ answers: [{ question_id: 1, answer: 'ok' }, { question_id: 2, answer: '\uDC00' }] }))
      .toEqual({ reason: 'text', path: ['answers', 1, 'answer'] });
    expect(findInvalidInput({ values: { 'k\u0000': 'x' } })).toEqual({ reason: 'text', path: ['values', 'k\u0000'] });
    expect(findInvalidInput(['a', ['b', ['\uD800']]])).toEqual({ reason: 'text', path: [1, 1, 0] });
  });

  it('passes valid input of every JSON type', () => {
    expect(findInvalidInput({ a: 'Café 👍', b: 1, c: null, d: true, e: [1, 'x', { f: 'g' }] })).toBeNull();
    expect(findInvalidInput(undefined)).toBeNull();
    expect(findInvalidInput('tekst')).toBeNull();
  });

  it('refuses nesting deeper than the limit without using the call stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInvalidInput(deep)?.reason).toBe('depth');
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    expect(findInvalidInput(ok)).toBeNull();
    expect(findInvalidInput({ a: ok })?.reason).toBe('depth');
  });
});

describe('ZText', () => {
  it('is a string schema with the rule and its Dutch message', () => {
    expect(ZText.safeParse('Fijne dag 🌷').success).toBe(true);
    const result = ZText.safeParse('a\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Dit veld bevat ongeldige tekens.');
  });
});

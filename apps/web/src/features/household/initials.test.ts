import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and the last name', () => {
    expect(initialsOf('Jan de Vries')).toBe('JV');
    expect(initialsOf('anna')).toBe('A');
    expect(initialsOf('  Özlem  Yılmaz-Şahin ')).toBe('ÖY');
    expect(initialsOf("'t Hart")).toBe('TH');
    expect(initialsOf('')).toBe('?');
  });
});

import { describe, expect, it } from 'vitest';
import { formatConsoleDateTime as formatDateTime } from '../../lib/console-format';
import { returnPath } from './session';
import { auditChanges } from './audit-diff';

describe('formatDateTime', () => {
  it('shows a moment in Amsterdam time as DD-MM-YYYY HH:mm', () => {
    expect(formatDateTime('2026-02-28T23:30:00Z')).toBe('01-03-2026 00:30');
    expect(formatDateTime('2026-07-01T10:05:00Z')).toBe('01-07-2026 12:05');
  });
});

describe('returnPath', () => {
  it('returns to a console page only, never to the login or another site', () => {
    expect(returnPath('/beheer/medewerkers?q=x')).toBe('~/beheer/medewerkers?q=x');
    expect(returnPath('/beheer/inloggen')).toBe('/projecten');
    expect(returnPath('/beheer/wachtwoord/abc')).toBe('/projecten');
    expect(returnPath('//evil.example/beheer/x')).toBe('/projecten');
    expect(returnPath('/dashboard')).toBe('/projecten');
    expect(returnPath(null)).toBe('/projecten');
  });
});

describe('auditChanges', () => {
  it('lists the changed fields with their values before and after', () => {
    expect(auditChanges({ name: 'A', role: 'x', project_ids: [1] }, { name: 'B', role: 'x', project_ids: [1, 2] })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'project_ids', before: '[1]', after: '[1,2]' },
    ]);
    expect(auditChanges(null, { title: 'Nieuw' })).toEqual([{ field: 'title', before: null, after: 'Nieuw' }]);
    expect(auditChanges({ a: 1 }, null)).toEqual([{ field: 'a', before: '1', after: null }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges('x', 'y')).toEqual([{ field: '', before: 'x', after: 'y' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { fillSavedReply } from '@portal/contract';
import { filterFromSearch, searchFromFilter } from './filters';

describe('the inbox filters in the URL', () => {
  it('reads the Dutch words as the API filter and writes them back', () => {
    const filter = filterFromSearch('?project=7&status=waiting&toegewezen=ik&q=steiger');
    expect(filter).toEqual({ project_id: 7, status: 'waiting', assigned: 'me', q: 'steiger' });
    expect(searchFromFilter(filter)).toBe('?project=7&status=waiting&toegewezen=ik&q=steiger');
    expect(filterFromSearch('?toegewezen=niemand').assigned).toBe('none');
    expect(filterFromSearch('?toegewezen=12').assigned).toBe('12');
  });

  it('drops what is not a filter', () => {
    expect(filterFromSearch('?project=abc&status=later&toegewezen=iedereen&q=%20')).toEqual({});
    expect(searchFromFilter({})).toBe('');
  });
});

describe('saved replies', () => {
  it('fills the placeholders, leaving out unknown values', () => {
    expect(fillSavedReply('Beste {voornaam}, groet van {medewerker}.', { voornaam: 'Jan', medewerker: 'Eva' })).toBe('Beste Jan, groet van Eva.');
    expect(fillSavedReply('Beste {voornaam}, dank.', { voornaam: null })).toBe('Beste, dank.');
  });
});

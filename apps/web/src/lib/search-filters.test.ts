import { describe, expect, it } from 'vitest';
import { ZStaffEntryFilter, ZStaffPaymentFilter } from '@portal/contract';
import { filtersFromSearch } from './search-filters';

describe('filtersFromSearch', () => {
  it("takes the named filters the contract allows, parsed, and leaves out the rest", () => {
    expect(filtersFromSearch(ZStaffPaymentFilter, new URLSearchParams('status=open&double=true&form_id=12&q=x'), ['status', 'double', 'form_id']))
      .toEqual({ status: 'open', double: 'true', form_id: 12 });
    expect(filtersFromSearch(ZStaffEntryFilter, new URLSearchParams('answered=no&status=bogus&paid=maybe'), ['answered', 'status', 'paid']))
      .toEqual({ answered: 'no' });
    expect(filtersFromSearch(ZStaffEntryFilter, new URLSearchParams(''), ['answered'])).toEqual({});
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_CACHE, PAGES_CACHE } from '../sw/names';
import { storage } from './storage';

/** Never one person's data to another: the service worker's personal caches go at logout and on a token change. */
describe('personal caches', () => {
  const deleted: string[] = [];
  beforeEach(() => {
    deleted.length = 0;
    vi.stubGlobal('caches', { delete: async (name: string) => { deleted.push(name); return true; } });
    storage.clearAll();
    deleted.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are emptied when another token is stored, not when the same one is stored again', () => {
    storage.saveSession({ token: 'token-a', role: 'occupant' });
    expect(deleted.sort()).toEqual([DATA_CACHE, PAGES_CACHE].sort());
    deleted.length = 0;
    storage.saveSession({ token: 'token-a', role: 'occupant', addressId: 3 });
    expect(deleted).toEqual([]);
    storage.saveSession({ token: 'token-b', role: 'occupant' });
    expect(deleted.sort()).toEqual([DATA_CACHE, PAGES_CACHE].sort());
  });

  it('are emptied at logout and when the session is cleared', () => {
    storage.saveSession({ token: 'token-a', role: 'occupant' });
    deleted.length = 0;
    storage.clearAll();
    expect(deleted.sort()).toEqual([DATA_CACHE, PAGES_CACHE].sort());
    deleted.length = 0;
    storage.clearSession();
    expect(deleted.sort()).toEqual([DATA_CACHE, PAGES_CACHE].sort());
  });
});

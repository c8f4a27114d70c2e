import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '@portal/contract';
import { carryOver, type OlderMessages } from './history';

const message = (id: number): TChatMessage => ({
  id, message: `Bericht ${id}`, from_user_name: null, from_address_name: 'Jan', created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(), type: 'chat',
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const ids = (older: OlderMessages | null) => older?.items.map((m) => m.id) ?? null;

describe('carryOver: the polled newest page moves on while older messages are loaded', () => {
  // pages of 5: the reader loaded 1-5 before the newest page 6-10
  const older: OlderMessages = { items: range(1, 5), hasMore: false };

  it('keeps the messages that dropped out of the newest page, so that nothing disappears between the two', () => {
    const next = carryOver(older, range(6, 10), { data: range(8, 12), hasMore: true });
    expect(ids(next)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(next!.hasMore).toBe(false);
  });

  it('changes nothing when the newest page did not move', () => {
    expect(carryOver(older, range(6, 10), { data: range(6, 10), hasMore: true })).toBe(older);
  });

  it('drops the older messages when more than a page arrived at once (they could not be joined without a gap)', () => {
    expect(carryOver(older, range(6, 10), { data: range(20, 24), hasMore: true })).toBeNull();
  });

  it('keeps them when the newest page is the whole conversation', () => {
    expect(ids(carryOver(older, range(6, 10), { data: range(6, 11), hasMore: false }))).toEqual([1, 2, 3, 4, 5]);
  });
});

import { useCallback, useState } from 'react';
import type { TChatMessage } from '@portal/contract';
import type { ApiPage } from '../../lib/api';
import type { LoadOlder } from './api';

/** Older messages loaded on demand, older than the polled newest page; `hasMore`: still older ones on the server. */
export type OlderMessages = { items: TChatMessage[]; hasMore: boolean };

/**
 * The polled newest page moved on (new messages arrived): messages that dropped out of it are kept
 * with the older ones, so that nothing between the two disappears. When the new page does not reach
 * back to the previous one (more new messages than a page), the two cannot be joined without a gap:
 * the older messages are dropped and load again on demand.
 */
export function carryOver(older: OlderMessages, previous: TChatMessage[], latest: ApiPage<TChatMessage[]>): OlderMessages | null {
  const inLatest = new Set(latest.data.map((m) => m.id));
  const overlaps = previous.some((m) => inLatest.has(m.id)) || !latest.hasMore;
  if (!overlaps && previous.length > 0) return null;
  const dropped = previous.filter((m) => !inLatest.has(m.id));
  if (!dropped.length) return older;
  const known = new Set(older.items.map((m) => m.id));
  return { ...older, items: [...older.items, ...dropped.filter((m) => !known.has(m.id))] };
}

/**
 * One conversation's history: the polled newest page (`latest`) after the older messages the reader
 * asked for ('Oudere berichten laden'), oldest first, without gaps or repeats.
 */
export function useChatHistory(latest: ApiPage<TChatMessage[]> | undefined, loadOlder: LoadOlder) {
  const [older, setOlder] = useState<OlderMessages | null>(null);
  const [previous, setPrevious] = useState(latest);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  // Adjusting state to a new poll during render (React's pattern for "information from previous renders").
  if (latest !== previous) {
    setPrevious(latest);
    if (older && previous && latest) setOlder(carryOver(older, previous.data, latest));
  }

  const newest = latest?.data ?? [];
  const inNewest = new Set(newest.map((m) => m.id));
  const messages = older ? [...older.items.filter((m) => !inNewest.has(m.id)), ...newest] : newest;
  const hasOlder = older ? older.hasMore : !!latest?.hasMore;
  const oldestId = messages[0]?.id;

  const load = useCallback(async () => {
    if (oldestId === undefined) return;
    setBusy(true);
    setFailed(false);
    try {
      const page = await loadOlder(oldestId);
      setOlder((current) => {
        const items = current?.items ?? [];
        const known = new Set(items.map((m) => m.id));
        return { items: [...page.data.filter((m) => !known.has(m.id)), ...items], hasMore: page.hasMore };
      });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [oldestId, loadOlder]);

  return { messages, older: hasOlder ? { busy, failed, onLoad: () => void load() } : null };
}

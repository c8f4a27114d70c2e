import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ApiPage } from './api';

/** The server notes the download while it sends the file; the list is asked again a moment later. */
const REFETCH_AFTER_DOWNLOAD_MS = 1500;

/**
 * A resident's download marks the item fetched on the server. The returned handler marks it fetched in
 * the cached list (`queryKey`: one array, or the pages of a paged read) at once; a moment later the list
 * is refetched and `onRead` runs (the dashboard's counts). Items already fetched are left alone, and so is every item unless `isTracked`
 * (only a resident's downloads are noted).
 */
export function useMarkDownloaded<T extends { id: number; fetched: boolean }>(
  queryKey: QueryKey,
  { onRead, isTracked = true }: { onRead?: () => void; isTracked?: boolean } = {},
): (item: T) => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (item) => {
    if (!isTracked || item.fetched) return;
    const mark = (items: T[]) => items.map((d) => (d.id === item.id ? { ...d, fetched: true } : d));
    queryClient.setQueryData<T[] | InfiniteData<ApiPage<T[]>>>(queryKey, (old) => {
      if (!old) return old;
      return Array.isArray(old) ? mark(old) : { ...old, pages: old.pages.map((page) => ({ ...page, data: mark(page.data) })) };
    });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey });
      onRead?.();
    }, REFETCH_AFTER_DOWNLOAD_MS);
  };
}

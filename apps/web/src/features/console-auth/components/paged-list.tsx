import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMoreButton } from '../../../ui/load-more';
import { ErrorState, Loading } from '../../../ui/states';
import { t } from '../texts';

/** A console list paged by id (newest first, `hasMore`): its query and the items loaded so far. */
export function usePagedList<T extends { id: number }>(queryKey: QueryKey, load: (before?: number) => Promise<{ data: T[]; hasMore: boolean }>) {
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data[last.data.length - 1]?.id : undefined),
  });
  return { list, items: list.data?.pages.flatMap((p) => p.data) ?? [] };
}

type Props<T extends { id: number }> = {
  paged: ReturnType<typeof usePagedList<T>>;
  /** The list's name (aria-label). */
  label: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
};

/** The list's states: loading, failed (try again), empty, or its rows with a button for the next page. */
export function PagedList<T extends { id: number }>({ paged: { list, items }, label, emptyText, children }: Props<T>) {
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />;
  return (
    <>
      {items.length === 0 ? <p className="text-slate-700">{emptyText}</p> : <ul aria-label={label} className="divide-y divide-slate-200">{children(items)}</ul>}
      {list.hasNextPage && (
        <LoadMoreButton className="mt-4" label={t.loadMore} busy={list.isFetchingNextPage} failed={list.isFetchNextPageError} onLoad={() => void list.fetchNextPage()} />
      )}
    </>
  );
}

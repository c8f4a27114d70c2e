import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { TStaffListItem } from '@portal/contract';
import type { ApiPage } from '../lib/api';
import { Button } from './button';
import { PublicBadge, StatusBadge } from './console-status';
import { LoadMoreButton } from './load-more';
import { EmptyState, ErrorState, Loading } from './states';

export const consoleListTexts = {
  search: 'Zoeken',
  searchButton: 'Zoeken',
  clear: 'Wissen',
  loadMore: 'Meer laden',
  none: 'Er zijn nog geen items.',
  noMatch: (q: string) => `Niets gevonden voor ‘${q}’.`,
  found: (n: number, more: boolean) => `${n}${more ? '+' : ''} ${n === 1 ? 'item' : 'items'}`,
} as const;

type Props<T extends { id: number }> = {
  /** The list's query key; the search text is added to it. */
  queryKey: QueryKey;
  /** One page: `before` the id of the last item held (paging.ts), `q` the search text. */
  load: (page: { before?: number; q?: string }) => Promise<ApiPage<T[]>>;
  /** The label of the search field ('Zoek in nieuws'). */
  searchLabel: string;
  /** What the list shows with no items at all. */
  emptyText?: ReactNode;
  /** Renders the items of the pages loaded so far (a <ul>, a table, groups by day). */
  children: (items: T[]) => ReactNode;
  /** Controls beside the search that act on the list as searched (the export buttons): `q` the search text. */
  tools?: (q: string | undefined) => ReactNode;
  /** Told the search text whenever it changes (a panel elsewhere on the page that acts on the list as searched). */
  onSearch?: (q: string | undefined) => void;
};

/**
 * Every list of the console: a search field (submitted with Enter or the button), the first page, and
 * "Meer laden" for the next one while X-Has-More says more follow. The number found is announced.
 */
export function ConsoleList<T extends { id: number }>({ queryKey, load, searchLabel, emptyText = consoleListTexts.none, children, tools, onSearch }: Props<T>) {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const query = useInfiniteQuery({
    queryKey: [...queryKey, { q }],
    queryFn: ({ pageParam }) => load({ before: pageParam, q: q || undefined }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  useEffect(() => onSearch?.(q || undefined), [q, onSearch]);
  // Clearing the field by hand shows the whole list again.
  useEffect(() => {
    if (typed === '' && q !== '') setQ('');
  }, [typed, q]);

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-md">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">{searchLabel}</label>
          <input id={searchId} type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm" />
        </div>
        <Button type="submit" variant="secondary">{consoleListTexts.searchButton}</Button>
        {tools && <div className="sm:ml-auto">{tools(q || undefined)}</div>}
      </form>
      <p role="status" className="sr-only">{query.isSuccess ? consoleListTexts.found(items.length, query.hasNextPage) : ''}</p>
      {query.isPending ? <Loading /> : query.isError ? <ErrorState error={query.error} retry={() => void query.refetch()} /> : items.length === 0 ? (
        <EmptyState>{q ? consoleListTexts.noMatch(q) : emptyText}</EmptyState>
      ) : (
        <>
          {children(items)}
          {query.hasNextPage && (
            <LoadMoreButton label={consoleListTexts.loadMore} busy={query.isFetchingNextPage} failed={query.isFetchNextPageError} onLoad={() => void query.fetchNextPage()} />
          )}
        </>
      )}
    </div>
  );
}

/** The rows of a content list (news, FAQ, ...): title as a link to the item, its date or group, status and visibility. */
export function ContentListRows({ items, hrefOf }: { items: TStaffListItem[]; hrefOf: (item: TStaffListItem) => string }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => <ContentListRow key={item.id} item={item} href={hrefOf(item)} />)}
    </ul>
  );
}

export function ContentListRow({ item, href }: { item: TStaffListItem; href: string }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <div className="flex min-w-0 flex-1 basis-56 flex-col">
        <Link href={href} className="font-semibold text-blue-800 underline-offset-2 hover:underline">{item.title}</Link>
        {(item.date || item.group) && <span className="text-sm text-slate-700">{[item.date, item.group].filter(Boolean).join(' · ')}</span>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <PublicBadge isPublic={item.is_public} />
        <StatusBadge status={item.status} />
      </div>
    </li>
  );
}

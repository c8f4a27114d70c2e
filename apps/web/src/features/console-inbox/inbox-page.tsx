import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { INBOX_STATUSES, type TInboxStatus } from '@portal/contract';
import { filterFromSearch, searchFromFilter } from './filters';
import { Button } from '../../ui/button';
import { ExportButtons } from '../../ui/export-buttons';
import { LoadMoreButton } from '../../ui/load-more';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { inboxApi, inboxKeys, inboxQueries, type InboxFilter } from './api';
import { ConversationRow } from './components/conversation-row';
import { durationLabel, inboxTexts as texts, statusLabels } from './texts';

function AnswerTimes({ projectId }: { projectId: number }) {
  const times = useQuery(inboxQueries.answerTimes(projectId));
  if (times.isPending) return <Loading />;
  if (times.isError) return <ErrorState error={times.error} retry={() => void times.refetch()} />;
  const t = times.data;
  return (
    <section aria-labelledby="answer-times" className="mb-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="answer-times" className="font-semibold">{texts.answerTimes.heading}</h2>
      {t.average_seconds === null ? <p className="text-slate-800">{texts.answerTimes.none}</p> : (
        <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          <div className="flex gap-2"><dt className="text-slate-700">{texts.answerTimes.average}</dt><dd className="font-semibold">{durationLabel(t.average_seconds)}</dd></div>
          <div className="flex gap-2"><dt className="text-slate-700">{texts.answerTimes.median}</dt><dd className="font-semibold">{durationLabel(t.median_seconds)}</dd></div>
        </dl>
      )}
      <p className="mt-1 text-sm text-slate-700">
        {[texts.answerTimes.answered(t.answered), texts.answerTimes.unanswered(t.unanswered),
          ...INBOX_STATUSES.map((s) => `${statusLabels[s]}: ${t.by_status[s]}`)].join(' · ')}
      </p>
    </section>
  );
}

/**
 * /beheer/inbox: every conversation of the staff member's projects (residents and visitors), newest first, filtered by
 * project, state and assignee and searched by address, name or message text (the filters live in the URL); the time
 * to first answer of the chosen project; CSV/XLSX export of what is shown.
 */
export default function InboxPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = filterFromSearch(search);
  const [typed, setTyped] = useState(filter.q ?? '');
  useEffect(() => setTyped(filter.q ?? ''), [filter.q]);
  const projects = useQuery(inboxQueries.projects());
  const me = useQuery(inboxQueries.me());
  const set = (change: Partial<InboxFilter>) => {
    const next = { ...filter, ...change };
    for (const key of Object.keys(next) as Array<keyof InboxFilter>) if (next[key] === undefined || next[key] === '') delete next[key];
    navigate(`/inbox${searchFromFilter(next)}`, { replace: true });
  };
  const list = useInfiniteQuery({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ pageParam }) => inboxApi.page(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: typed.trim() || undefined });
  };
  const filtered = Object.keys(filter).length > 0;

  return (
    <Page
      title={texts.title}
      actions={(
        <div className="flex flex-wrap items-center gap-2">
          {me.data?.permissions.includes('chat.answer') && <Link href="/inbox/instellingen" className="text-blue-800 underline underline-offset-2">{texts.settingsLink}</Link>}
          <ExportButtons download={(format) => inboxApi.export(filter, format)} />
        </div>
      )}
    >
      <p className="mb-4 text-slate-800">{texts.intro}</p>
      <fieldset className="mb-4 grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">{texts.filters.legend}</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="inbox-project" className="text-sm font-medium text-slate-800">{texts.filters.project}</label>
          <Select id="inbox-project" value={filter.project_id ?? ''} onChange={(e) => set({ project_id: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{texts.filters.allProjects}</option>
            {projects.data?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="inbox-status" className="text-sm font-medium text-slate-800">{texts.filters.status}</label>
          <Select id="inbox-status" value={filter.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as TInboxStatus | undefined })}>
            <option value="">{texts.filters.allStatuses}</option>
            {INBOX_STATUSES.map((s) => <option key={s} value={s}>{statusLabels[s]}</option>)}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="inbox-assigned" className="text-sm font-medium text-slate-800">{texts.filters.assigned}</label>
          <Select id="inbox-assigned" value={filter.assigned ?? ''} onChange={(e) => set({ assigned: e.target.value || undefined })}>
            <option value="">{texts.filters.anyone}</option>
            <option value="me">{texts.filters.me}</option>
            <option value="none">{texts.filters.nobody}</option>
            {filter.assigned && !['me', 'none'].includes(filter.assigned) && <option value={filter.assigned}>{items.find((c) => String(c.assignee?.id) === filter.assigned)?.assignee?.name ?? filter.assigned}</option>}
          </Select>
        </div>
        <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2 sm:col-span-3">
          <div className="flex min-w-0 flex-1 basis-full flex-col gap-1 sm:basis-auto sm:max-w-md">
            <label htmlFor="inbox-search" className="text-sm font-medium text-slate-800">{texts.filters.search}</label>
            <input id="inbox-search" type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)}
              className="min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm" />
          </div>
          <Button type="submit" variant="secondary">{texts.filters.searchButton}</Button>
          {filtered && <button type="button" className="min-h-11 text-blue-800 underline" onClick={() => navigate('/inbox', { replace: true })}>{texts.filters.reset}</button>}
        </form>
      </fieldset>

      {filter.project_id ? <AnswerTimes projectId={filter.project_id} /> : <p className="mb-4 text-sm text-slate-700">{texts.answerTimes.chooseProject}</p>}

      <p role="status" className="sr-only">{list.isSuccess ? texts.found(items.length, list.hasNextPage) : ''}</p>
      {list.isPending ? <Loading /> : list.isError ? <ErrorState error={list.error} retry={() => void list.refetch()} /> : items.length === 0 ? (
        <EmptyState>{filtered ? texts.noMatch : texts.none}</EmptyState>
      ) : (
        <>
          <ul aria-label={texts.title} className="divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {items.map((c) => <ConversationRow key={c.id} conversation={c} showProject={!filter.project_id} />)}
          </ul>
          {list.hasNextPage && (
            <div className="mt-4">
              <LoadMoreButton label={texts.loadMore} busy={list.isFetchingNextPage} failed={list.isFetchNextPageError} onLoad={() => void list.fetchNextPage()} />
            </div>
          )}
        </>
      )}
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { ApiPage } from '../../lib/api';
import { ConsoleList } from '../../ui/console-list';
import { ExportButtons } from '../../ui/export-buttons';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { plannerQueries, todayIso } from './planner-api';
import { PlannerCrumbs } from './planner-page';
import { plannerTexts } from './planner-texts';

type Texts = { title: string; intro: string; type: string; chooseType: string; search: string; none: string; back: string };

/**
 * The planner's lists of one appointment type (?type=ID): the addresses without an appointment, the waiting list.
 * The type is chosen in the page (kept in the URL), the list is searchable, paged and exportable.
 */
export function PlannerTypeList<T extends { id: number }>({ texts, crumb, listKey, load, download, children }: {
  texts: Texts;
  crumb: string;
  listKey: (projectId: number, type: number) => readonly unknown[];
  load: (projectId: number, type: number, q: string | undefined, before?: number) => Promise<ApiPage<T[]>>;
  download: (projectId: number, type: number, q: string | undefined, format: 'csv' | 'xlsx') => Promise<{ blob: Blob; filename: string }>;
  children: (items: T[], projectId: number, type: number) => ReactNode;
}) {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const type = Number(new URLSearchParams(useSearch()).get('type')) || undefined;
  const [, navigate] = useLocation();
  const selectId = useId();
  const project = useQuery(plannerQueries.project(projectId));
  const types = useQuery(plannerQueries.view(projectId, todayIso(), 'day'));
  const [q, setQ] = useState<string | undefined>();

  return (
    <Page title={texts.title} actions={type ? <ExportButtons download={(format) => download(projectId, type, q, format)} /> : undefined}>
      <PlannerCrumbs projectId={projectId} projectName={project.data?.name} current={crumb} />
      <p className="mb-4 text-slate-800">{texts.intro}</p>
      <div className="mb-4 flex max-w-md flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-800">{texts.type}</label>
        {types.isPending ? <Loading /> : types.isError ? <ErrorState error={types.error} retry={() => void types.refetch()} /> : (
          <Select id={selectId} value={type ?? ''} onChange={(e) => navigate(`?type=${e.target.value}`, { replace: true })}>
            <option value="">{texts.chooseType}</option>
            {types.data.types.map((t) => <option key={t.id} value={t.id}>{t.subject}</option>)}
          </Select>
        )}
      </div>
      {!type ? <EmptyState>{types.data && !types.data.types.length ? plannerTexts.noTypes : texts.chooseType}</EmptyState> : (
        <ConsoleList<T>
          queryKey={[...listKey(projectId, type)]}
          load={({ before, q: search }) => load(projectId, type, search, before)}
          searchLabel={texts.search}
          emptyText={texts.none}
          onSearch={setQ}
        >
          {(items) => children(items, projectId, type)}
        </ConsoleList>
      )}
      <p className="mt-6"><Link className="text-blue-800 underline" href={`/projecten/${projectId}/afspraken/planning${type ? `?type=${type}` : ''}`}>{texts.back}</Link></p>
    </Page>
  );
}

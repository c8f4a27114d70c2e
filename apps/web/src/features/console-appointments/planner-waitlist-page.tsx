import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { TWaiter } from '@portal/contract';
import { formatConsoleDateTime } from '../../lib/console-format';
import { Button } from '../../ui/button';
import { ConsoleList } from '../../ui/console-list';
import { ExportButtons } from '../../ui/export-buttons';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { plannerApi, plannerKeys, plannerQueries, todayIso } from './planner-api';
import { meQuery, PlannerCrumbs } from './planner-page';
import { plannerTexts } from './planner-texts';

const texts = plannerTexts.waitlist;

/**
 * /beheer/projecten/:projectId/afspraken/wachtlijst?type=ID: a type's waiting list in queue order, searchable, paged
 * and exportable; staff with appointments.manage take an address off it.
 */
export default function PlannerWaitlistPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const type = Number(new URLSearchParams(useSearch()).get('type')) || undefined;
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const project = useQuery(plannerQueries.project(projectId));
  const me = useQuery(meQuery);
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  const types = useQuery(plannerQueries.view(projectId, todayIso(), 'day'));
  const [q, setQ] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: (waiter: TWaiter) => plannerApi.removeWaiter(projectId, waiter.id),
    onSuccess: async () => {
      toast(texts.removed, 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
    },
    onError: (error) => toastError(error, plannerTexts.failed),
  });

  return (
    <Page
      title={texts.title}
      actions={type ? <ExportButtons download={(format) => plannerApi.exportWaitlist(projectId, type, q, format)} /> : undefined}
    >
      <PlannerCrumbs projectId={projectId} projectName={project.data?.name} current={plannerTexts.crumbs.waitlist} />
      <p className="mb-4 text-slate-800">{texts.intro}</p>
      <div className="mb-4 flex max-w-md flex-col gap-1">
        <label htmlFor="waitlist-type" className="text-sm font-medium text-slate-800">{texts.type}</label>
        {types.isPending ? <Loading /> : types.isError ? <ErrorState error={types.error} retry={() => void types.refetch()} /> : (
          <Select id="waitlist-type" value={type ?? ''} onChange={(e) => navigate(`?type=${e.target.value}`, { replace: true })}>
            <option value="">{texts.chooseType}</option>
            {types.data.types.map((t) => <option key={t.id} value={t.id}>{t.subject}</option>)}
          </Select>
        )}
      </div>
      {!type ? <EmptyState>{types.data && !types.data.types.length ? plannerTexts.noTypes : texts.chooseType}</EmptyState> : (
        <ConsoleList<TWaiter>
          queryKey={[...plannerKeys.waitlist(projectId, type)]}
          load={({ before, q: search }) => plannerApi.waitlist(projectId, type, search, before)}
          searchLabel={texts.search}
          emptyText={texts.none}
          onSearch={setQ}
        >
          {(items) => (
            <ol className="flex flex-col gap-2" aria-label={texts.title}>
              {items.map((waiter) => (
                <li key={waiter.id} className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      <span className="mr-2 rounded bg-slate-100 px-1.5 text-sm font-semibold text-slate-900">{texts.position(waiter.position)}</span>
                      {waiter.address}
                    </p>
                    <p className="text-sm text-slate-700">{texts.joined(formatConsoleDateTime(waiter.joined_at), waiter.joined_by)}</p>
                  </div>
                  {canManage && (
                    <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.removeLabel(waiter.address)}
                      busy={remove.isPending && remove.variables?.id === waiter.id} onClick={() => remove.mutate(waiter)}>{texts.remove}</Button>
                  )}
                </li>
              ))}
            </ol>
          )}
        </ConsoleList>
      )}
      <p className="mt-6"><Link className="text-blue-800 underline" href={`/projecten/${projectId}/afspraken/planning${type ? `?type=${type}` : ''}`}>{texts.back}</Link></p>
    </Page>
  );
}

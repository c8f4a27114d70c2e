import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ConsoleList } from '../../ui/console-list';
import { Button } from '../../ui/button';
import { ExportButtons } from '../../ui/export-buttons';
import { Page } from '../../ui/page';
import { Select } from '../../ui/select';
import { EmptyState, ErrorState, Loading } from '../../ui/states';
import { toast, toastError } from '../../ui/toaster';
import { plannerApi, plannerKeys, plannerQueries, todayIso, type WithoutItem } from './planner-api';
import { BookDialog } from './planner-dialogs';
import { meQuery, PlannerCrumbs } from './planner-page';
import { plannerTexts } from './planner-texts';

const texts = plannerTexts.without;

/**
 * /beheer/projecten/:projectId/afspraken/zonder-afspraak?type=ID: the project's addresses without an appointment of a
 * type, searchable, paged and exportable; plan one for an address or put it on the waiting list.
 */
export default function PlannerWithoutPage() {
  const projectId = Number(useParams<{ projectId: string }>().projectId);
  const type = Number(new URLSearchParams(useSearch()).get('type')) || undefined;
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const project = useQuery(plannerQueries.project(projectId));
  const me = useQuery(meQuery);
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  const types = useQuery(plannerQueries.view(projectId, todayIso(), 'day'));
  const [q, setQ] = useState<string | undefined>();
  const [booking, setBooking] = useState<WithoutItem | null>(null);
  const wait = useMutation({
    mutationFn: (row: WithoutItem) => plannerApi.addWaiter(projectId, { type_id: type!, address_id: row.address_id }),
    onSuccess: async () => {
      toast(texts.addedToWaitlist, 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
    },
    onError: (error) => toastError(error, plannerTexts.failed),
  });

  return (
    <Page
      title={texts.title}
      actions={type ? <ExportButtons download={(format) => plannerApi.exportWithout(projectId, type, q, format)} /> : undefined}
    >
      <PlannerCrumbs projectId={projectId} projectName={project.data?.name} current={plannerTexts.crumbs.without} />
      <p className="mb-4 text-slate-800">{texts.intro}</p>
      <div className="mb-4 flex max-w-md flex-col gap-1">
        <label htmlFor="without-type" className="text-sm font-medium text-slate-800">{texts.type}</label>
        {types.isPending ? <Loading /> : types.isError ? <ErrorState error={types.error} retry={() => void types.refetch()} /> : (
          <Select id="without-type" value={type ?? ''} onChange={(e) => navigate(`?type=${e.target.value}`, { replace: true })}>
            <option value="">{texts.chooseType}</option>
            {types.data.types.map((t) => <option key={t.id} value={t.id}>{t.subject}</option>)}
          </Select>
        )}
      </div>
      {!type ? <EmptyState>{types.data && !types.data.types.length ? plannerTexts.noTypes : texts.chooseType}</EmptyState> : (
        <ConsoleList<WithoutItem>
          queryKey={[...plannerKeys.without(projectId, type)]}
          load={({ before, q: search }) => plannerApi.without(projectId, type, search, before)}
          searchLabel={texts.search}
          emptyText={texts.none}
          onSearch={setQ}
        >
          {(items) => (
            <ul className="flex flex-col gap-2" aria-label={texts.title}>
              {items.map((row) => (
                <li key={row.id} className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{row.address}</p>
                    <p className="text-sm text-slate-700 break-words">
                      {texts.household(row.household)}{row.building_unit ? ` · ${row.building_unit}` : ''}
                    </p>
                    <p className="flex flex-wrap gap-2 text-xs">
                      {row.cancelled && <span className="rounded bg-red-100 px-1.5 font-medium text-red-900">{texts.cancelled}</span>}
                      {row.waiting && <span className="rounded bg-slate-100 px-1.5 font-medium text-slate-900">{texts.waiting}</span>}
                    </p>
                  </div>
                  {canManage && (
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.planLabel(row.address)} onClick={() => setBooking(row)}>{texts.plan}</Button>
                      {!row.waiting && (
                        <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.toWaitlistLabel(row.address)}
                          busy={wait.isPending && wait.variables?.id === row.id} onClick={() => wait.mutate(row)}>{texts.toWaitlist}</Button>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </ConsoleList>
      )}
      <p className="mt-6"><Link className="text-blue-800 underline" href={`/projecten/${projectId}/afspraken/planning${type ? `?type=${type}` : ''}`}>{texts.back}</Link></p>
      {booking && type && (
        <BookDialog projectId={projectId} typeId={type} addressId={booking.address_id} address={booking.address} day={todayIso()} onClose={() => setBooking(null)} />
      )}
    </Page>
  );
}

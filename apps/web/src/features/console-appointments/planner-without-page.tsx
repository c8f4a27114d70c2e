import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { toast, toastError } from '../../ui/toaster';
import { plannerApi, plannerKeys, todayIso, type WithoutItem } from './planner-api';
import { BookDialog } from './planner-dialogs';
import { meQuery } from './planner-page';
import { plannerTexts } from './planner-texts';
import { PlannerTypeList } from './planner-type-list';

const texts = plannerTexts.without;

/**
 * /beheer/projecten/:projectId/afspraken/zonder-afspraak?type=ID: the project's addresses without an appointment of a
 * type, searchable, paged and exportable; plan one for an address or put it on the waiting list.
 */
export default function PlannerWithoutPage() {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  const [booking, setBooking] = useState<{ row: WithoutItem; projectId: number; type: number } | null>(null);
  const wait = useMutation({
    mutationFn: ({ row, projectId, type }: { row: WithoutItem; projectId: number; type: number }) =>
      plannerApi.addWaiter(projectId, { type_id: type, address_id: row.address_id }),
    onSuccess: async (_, { projectId }) => {
      toast(texts.addedToWaitlist, 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
    },
    onError: (error) => toastError(error, plannerTexts.failed),
  });

  return (
    <>
      <PlannerTypeList<WithoutItem> texts={texts} crumb={plannerTexts.crumbs.without} listKey={plannerKeys.without} load={plannerApi.without} download={plannerApi.exportWithout}>
        {(items, projectId, type) => (
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
                    <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.planLabel(row.address)} onClick={() => setBooking({ row, projectId, type })}>{texts.plan}</Button>
                    {!row.waiting && (
                      <Button variant="secondary" className="px-2 py-1 text-sm" aria-label={texts.toWaitlistLabel(row.address)}
                        busy={wait.isPending && wait.variables?.row.id === row.id} onClick={() => wait.mutate({ row, projectId, type })}>{texts.toWaitlist}</Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </PlannerTypeList>
      {booking && (
        <BookDialog projectId={booking.projectId} typeId={booking.type} addressId={booking.row.address_id} address={booking.row.address} day={todayIso()} onClose={() => setBooking(null)} />
      )}
    </>
  );
}

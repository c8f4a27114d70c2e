import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWaiter } from '@portal/contract';
import { formatConsoleDateTime } from '../../lib/console-format';
import { Button } from '../../ui/button';
import { toast, toastError } from '../../ui/toaster';
import { plannerApi, plannerKeys } from './planner-api';
import { meQuery } from './planner-page';
import { plannerTexts } from './planner-texts';
import { PlannerTypeList } from './planner-type-list';

const texts = plannerTexts.waitlist;

/**
 * /beheer/projecten/:projectId/afspraken/wachtlijst?type=ID: a type's waiting list in queue order, searchable, paged
 * and exportable; staff with appointments.manage take an address off it.
 */
export default function PlannerWaitlistPage() {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const canManage = me.data?.permissions.includes('appointments.manage') ?? false;
  const remove = useMutation({
    mutationFn: ({ projectId, waiter }: { projectId: number; waiter: TWaiter }) => plannerApi.removeWaiter(projectId, waiter.id),
    onSuccess: async (_, { projectId }) => {
      toast(texts.removed, 'success');
      await queryClient.invalidateQueries({ queryKey: plannerKeys.project(projectId) });
    },
    onError: (error) => toastError(error, plannerTexts.failed),
  });

  return (
    <PlannerTypeList<TWaiter> texts={texts} crumb={plannerTexts.crumbs.waitlist} listKey={plannerKeys.waitlist} load={plannerApi.waitlist} download={plannerApi.exportWaitlist}>
      {(items, projectId) => (
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
                  busy={remove.isPending && remove.variables?.waiter.id === waiter.id} onClick={() => remove.mutate({ projectId, waiter })}>{texts.remove}</Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </PlannerTypeList>
  );
}

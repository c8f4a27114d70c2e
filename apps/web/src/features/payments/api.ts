import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TStaffPayment } from '@portal/contract';
import { apiPage } from '../../lib/api';

/** GET /partner/project/{project_id}/payments: a project's online payments, newest first, paged (X-Has-More). */
const partnerPaymentsPath = (projectId: number) => `/partner/project/${projectId}/payments`;

const paymentKeys = {
  all: ['payments'] as const,
  partner: (projectId: number) => [...paymentKeys.all, 'partner', projectId] as const,
};

export const paymentQueries = {
  /** Staff's list of a project's payments, a page (50) at a time; the next page starts after the last payment held. */
  partner: (projectId: number) =>
    infiniteQueryOptions({
      queryKey: paymentKeys.partner(projectId),
      queryFn: ({ signal, pageParam }) => apiPage<TStaffPayment[]>(partnerPaymentsPath(projectId), { before: pageParam }, { signal }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    }),
};

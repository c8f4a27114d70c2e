import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TWorkOrder } from '@portal/contract';
import { audienceKey, getModulePage, type Audience } from '../../lib/audience';

export const workOrderKeys = {
  all: ['work-order'] as const,
  list: (audience: Audience) => [...workOrderKeys.all, ...audienceKey(audience)] as const,
};

export const workOrderQueries = {
  /** The work order a page at a time: the next page continues after the last work-order number held. */
  list: (audience: Audience) =>
    infiniteQueryOptions({
      queryKey: workOrderKeys.list(audience),
      queryFn: ({ signal, pageParam }) => getModulePage<TWorkOrder>(audience, 'workorder', { before: pageParam }, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.hasMore ? last.data.entries.at(-1)?.last_id : undefined),
    }),
};

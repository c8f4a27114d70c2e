import { queryOptions } from '@tanstack/react-query';
import type { TWorkOrder } from '@portal/contract';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const workOrderKeys = {
  all: ['work-order'] as const,
  detail: (audience: Audience) => [...workOrderKeys.all, ...audienceKey(audience)] as const,
};

export const workOrderQueries = {
  detail: (audience: Audience) =>
    queryOptions({ queryKey: workOrderKeys.detail(audience), queryFn: ({ signal }) => getModule<TWorkOrder>(audience, 'workorder', signal) }),
};

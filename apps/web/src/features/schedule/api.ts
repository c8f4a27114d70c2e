import { queryOptions } from '@tanstack/react-query';
import type { TSchedule } from '@portal/contract';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const scheduleKeys = {
  all: ['schedule'] as const,
  detail: (audience: Audience) => [...scheduleKeys.all, ...audienceKey(audience)] as const,
};

export const scheduleQueries = {
  detail: (audience: Audience) =>
    queryOptions({ queryKey: scheduleKeys.detail(audience), queryFn: ({ signal }) => getModule<TSchedule>(audience, 'schedule', signal) }),
};

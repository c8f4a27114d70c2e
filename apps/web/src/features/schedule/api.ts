import { queryOptions } from '@tanstack/react-query';
import type { TSchedule } from '@portal/contract';
import { audienceKey, getModule, type Audience } from '../../lib/audience';

export const scheduleKeys = {
  all: ['schedule'] as const,
  /** One month (YYYY-MM), or null: the month the server opens the planning with. */
  month: (audience: Audience, month: string | null) => [...scheduleKeys.all, ...audienceKey(audience), month ?? 'first'] as const,
};

export const scheduleQueries = {
  /**
   * The planning of one month (YYYY-MM); with null the month the server chooses (the first planned day
   * from today), whose answer is kept under its own month as well, so that opening a day of it loads nothing.
   */
  month: (audience: Audience, month: string | null) =>
    queryOptions({
      queryKey: scheduleKeys.month(audience, month),
      queryFn: async ({ signal, client }) => {
        const schedule = await getModule<TSchedule>(audience, 'schedule', signal, month ? { month } : undefined);
        if (!month) client.setQueryData(scheduleKeys.month(audience, schedule.month), schedule);
        return schedule;
      },
    }),
};

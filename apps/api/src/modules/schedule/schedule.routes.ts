import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schedulePaths, ZSchedule, ZScheduleQuery } from '@portal/contract';
import { registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const scheduleRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerModuleReads(app, services, {
    tag: 'schedule',
    module: 'scheduling',
    summary: 'The planning of one month: comment, image, show_date, the months with entries and the month\'s entries keyed by day (YYYY-MM-DD)',
    description: [
      '`month` (YYYY-MM) picks the month; without it the month of the first planned day from today, else the last month with entries.',
      'The answer names its `month` and every month with entries (`months_with_items`), for the calendar\'s navigation.',
      'Public visitors get the entries marked public; comment and image are the same for all. At most 500 entries.',
      'There is no detail read: a resident\'s read marks every entry of the planning read (all months), and is_new tells which were new before it.',
    ].join(' '),
    paths: { public: schedulePaths.publicSchedule, occupant: schedulePaths.occupantSchedule, partner: schedulePaths.partnerSchedule },
    query: ZScheduleQuery,
    response: ZSchedule,
    read: (reader, query) => services.schedule.read(reader, query),
  });
};

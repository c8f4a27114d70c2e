import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schedulePaths, ZSchedule } from '@portal/contract';
import { registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const scheduleRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerModuleReads(app, services, {
    tag: 'schedule',
    summary: 'The planning: comment, image, show_date and the entries keyed by day (YYYY-MM-DD)',
    description: [
      'At most the latest 500 items. Public visitors get the entries marked public; comment and image are the same for all.',
      'There is no detail read: a resident\'s read marks every entry in the answer read, and is_new tells which were new before it.',
    ].join(' '),
    paths: { public: schedulePaths.publicSchedule, occupant: schedulePaths.occupantSchedule, partner: schedulePaths.partnerSchedule },
    response: ZSchedule,
    read: (reader) => services.schedule.read(reader),
  });
};

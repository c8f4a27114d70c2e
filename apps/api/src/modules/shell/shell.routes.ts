import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FRONTEND_VERSION_HEADER, ZLanguageQuery, ZPollingResponse } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { createDatabaseHealth } from '../../db/health.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { access } from '../../plugins/access.ts';

/**
 * GET /polling, the connectivity check every open portal makes every 5 s. It tells the truth about the
 * server: when the database cannot be reached it answers 503 (Dutch message, retry-after), and the
 * web shows that the connection is lost until an answer is 200 again. The database is asked at most
 * once per second, however many portals poll.
 */
export const shellRoutes = (frontendVersion: string, db: Db): FastifyPluginAsyncZod => async (app) => {
  const health = createDatabaseHealth(db.$client);
  app.get('/polling', {
    config: { access: access.public },
    schema: {
      tags: ['shell'], summary: 'Connectivity check',
      description: `The ${FRONTEND_VERSION_HEADER} header carries the newest frontend version. 503 when the server cannot reach its database.`,
      querystring: ZLanguageQuery, response: { 200: ZPollingResponse },
    },
  }, async (_request, reply) => {
    reply.header(FRONTEND_VERSION_HEADER, frontendVersion).header('cache-control', 'no-store');
    if (!(await health.isUp())) throw new ServiceUnavailableError();
    return { success: true as const, time: new Date().toISOString() };
  });
};

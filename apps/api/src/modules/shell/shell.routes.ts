import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FRONTEND_VERSION_HEADER, ZLanguageQuery, ZPollingResponse } from '@portal/contract';

export const shellRoutes = (frontendVersion: string): FastifyPluginAsyncZod => async (app) => {
  app.get('/polling', {
    schema: {
      tags: ['shell'], summary: 'Connectivity check', description: `The ${FRONTEND_VERSION_HEADER} header carries the newest frontend version.`,
      querystring: ZLanguageQuery, response: { 200: ZPollingResponse },
    },
  }, async (_request, reply) => {
    reply.header(FRONTEND_VERSION_HEADER, frontendVersion).header('cache-control', 'no-store');
    return { success: true as const, time: new Date().toISOString() };
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsPaths, ZIdParams, ZLanguageQuery, ZNewsArticle, ZNewsList, ZOccupantQuery, ZProjectItemParams } from '@portal/contract';
import { readErrors, registerModuleReads } from '../../lib/module-reads.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';

export const newsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { news, readers, guard } = services;

  registerModuleReads(app, services, {
    tag: 'news',
    summary: 'News articles, newest first',
    description: 'Whole articles (content included), at most 200. Dates DD-MM-YYYY. is_new only for a resident: not opened yet.',
    paths: { public: newsPaths.publicList, occupant: newsPaths.occupantList, partner: newsPaths.partnerList },
    response: ZNewsList,
    read: (reader) => news.list(reader),
  });

  app.get(newsPaths.publicArticle, {
    schema: {
      tags: ['news'], summary: 'One public article of a public project',
      params: ZProjectItemParams, querystring: ZLanguageQuery, response: { 200: ZNewsArticle, ...readErrors },
    },
  }, async (request) => news.article(await readers.forPublic(request.params.project_id), request.params.id));

  app.get(newsPaths.occupantArticle, {
    preHandler: guard.occupant,
    schema: {
      tags: ['news'], summary: "One article of the resident's project; marks it read",
      params: ZIdParams, querystring: ZOccupantQuery, security: [{ bearer: [] }],
      response: { 200: ZNewsArticle, ...readErrors },
    },
  }, async (request) => news.article(await readers.forOccupant(sessionOf(request), request.query.project_id), request.params.id));
};

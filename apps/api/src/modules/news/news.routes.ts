import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsPaths, ZNewsArticle, ZNewsList } from '@portal/contract';
import { registerItemReads, registerPagedModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const newsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { news } = services;

  registerPagedModuleReads(app, services, {
    tag: 'news',
    module: 'news',
    summary: 'News articles, newest first',
    description: 'Whole articles (content included), paged: the newest 50 (`limit`, at most 100) and, with `before` (the last article held), '
      + 'the older ones; X-Has-More tells whether more follow. Dates DD-MM-YYYY. is_new only for a resident: not opened yet.',
    paths: { public: newsPaths.publicList, occupant: newsPaths.occupantList, partner: newsPaths.partnerList },
    response: ZNewsList,
    read: (reader, page) => news.list(reader, page),
  });

  registerItemReads(app, services, {
    tag: 'news',
    module: 'news',
    public: { path: newsPaths.publicArticle, summary: 'One public article of a public project' },
    occupant: { path: newsPaths.occupantArticle, summary: "One article of the resident's project; marks it read" },
    response: ZNewsArticle,
    read: (reader, id) => news.article(reader, id),
  });
};

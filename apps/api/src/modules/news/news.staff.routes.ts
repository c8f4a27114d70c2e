import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffContentPaths, ZStaffNews, ZStaffNewsInput } from '@portal/contract';
import { registerStaffCrud } from '../../lib/staff-routes.ts';
import type { Services } from '../../services.ts';
import { createNewsStaffService } from './news.staff.service.ts';

/** The console's news editing: /api/staff/projects/{projectId}/news[/{id}]. */
export const newsStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerStaffCrud(app, services, {
    name: 'news article',
    paths: { list: staffContentPaths.newsList, item: staffContentPaths.newsItem },
    input: ZStaffNewsInput,
    output: ZStaffNews,
    rules: 'image_id: an image uploaded with purpose `news` for this project (or the one the article has). date: DD-MM-YYYY, shown with the article.',
    service: createNewsStaffService(services),
  });
};

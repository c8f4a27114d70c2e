import multipart from '@fastify/multipart';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STAFF_IMAGE_MAX_BYTES, staffContentMessages, staffContentPaths, ZApiError, ZStaffContentOverview, ZStaffContentParams, ZStaffImage, ZStaffImageParams,
  type TStaffContentOverview,
} from '@portal/contract';
import { contentAccess } from '../../lib/staff-routes.ts';
import type { Services } from '../../services.ts';
import { readImageUpload } from '../files/index.ts';
import { informationItems } from '../information/information.table.ts';
import { complaintItems } from '../complaints/complaints.table.ts';
import { newsArticles } from '../news/news.table.ts';
import { newsStaffRoutes } from '../news/index.ts';
import { complaintsStaffRoutes } from '../complaints/index.ts';
import { informationStaffRoutes } from '../information/index.ts';
import { scheduleStaffRoutes } from '../schedule/index.ts';
import { partners } from '../partners/partners.table.ts';
import { scheduleItems } from '../schedule/schedule.table.ts';
import { staffOf } from '../staff/staff-access.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };

/**
 * The console's content overview of a project, the image upload every content form uses, and each content
 * module's own staff routes (kept in the module's folder).
 */
export const staffContentRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { staffAccess, staffContent, db } = services;
  await app.register(multipart, { limits: { fileSize: STAFF_IMAGE_MAX_BYTES, files: 1 } });
  for (const routes of [newsStaffRoutes, complaintsStaffRoutes, informationStaffRoutes, scheduleStaffRoutes]) await app.register(routes(services));

  app.post(staffContentPaths.images, {
    config: contentAccess,
    schema: {
      tags, security, summary: 'Upload an image for a project\'s content',
      description: `multipart/form-data with the image in field \`image\`: png or jpeg by content, at most ${STAFF_IMAGE_MAX_BYTES / 1024 / 1024} MB; `
        + 'stored upright, scaled down and without metadata (EXIF, GPS) in the portal\'s file storage. `purpose` names the module that will use '
        + 'it: an item accepts only an image uploaded for its own module and project (image_id). Purpose `content` is for images inside rich text: '
        + 'those load without a session (an <img> in HTML carries no token) under a link with a random part.',
      params: ZStaffImageParams, consumes: ['multipart/form-data'], response: { 201: ZStaffImage, ...errors, 413: ZApiError },
    },
  }, async (request, reply) => {
    await staffAccess.project(staffOf(request), request.params.projectId);
    const data = await readImageUpload(request, STAFF_IMAGE_MAX_BYTES, {
      type: staffContentMessages.imageType, missing: staffContentMessages.imageMissing, tooLarge: staffContentMessages.imageTooLarge,
    });
    return reply.code(201).send(await staffContent.images.store(request.params.projectId, request.params.purpose, data));
  });

  app.get(staffContentPaths.overview, {
    config: contentAccess,
    schema: {
      tags, security, summary: "A project's content overview: modules, item counts (drafts included) and the partners items can name",
      params: ZStaffContentParams, response: { 200: ZStaffContentOverview, ...errors },
    },
  }, async (request): Promise<TStaffContentOverview> => {
    const project = await staffAccess.project(staffOf(request), request.params.projectId);
    const id = project.id;
    const countOf = (table: typeof newsArticles | typeof complaintItems | typeof scheduleItems) =>
      db.select({ n: count() }).from(table).where(eq(table.projectId, id)).then(([row]) => row?.n ?? 0);
    const [news, complaints, information, faq, schedule, partnerRows] = await Promise.all([
      countOf(newsArticles), countOf(complaintItems),
      db.select({ n: count() }).from(informationItems).where(and(eq(informationItems.projectId, id), eq(informationItems.kind, 'information'))).then(([r]) => r?.n ?? 0),
      db.select({ n: count() }).from(informationItems).where(and(eq(informationItems.projectId, id), eq(informationItems.kind, 'faq'))).then(([r]) => r?.n ?? 0),
      countOf(scheduleItems),
      db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.projectId, id)).orderBy(partners.position, partners.id).limit(500),
    ]);
    return {
      project: { id, name: project.name, module_18_name: project.module18Name, is_public: project.isPublic },
      modules: project.modules.map((m) => m.name),
      counts: { news, complaints, information, faq, schedule },
      partners: partnerRows,
    };
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffContentPaths, ZApiError, ZStaffContentParams, ZStaffScheduleItem, ZStaffScheduleItemInput, ZStaffScheduleSettings, ZStaffScheduleSettingsInput,
} from '@portal/contract';
import { contentAccess, registerStaffCrud } from '../../lib/staff-routes.ts';
import type { Services } from '../../services.ts';
import { staffOf } from '../staff/staff-access.ts';
import { createScheduleSettingsStaffService, createScheduleStaffService } from './schedule.staff.service.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError, 422: ZApiError };

/** The console's planning: items per day (/api/staff/projects/{projectId}/schedule[/{id}]) and the page's settings. */
export const scheduleStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerStaffCrud(app, services, {
    name: 'planning item',
    paths: { list: staffContentPaths.scheduleList, item: staffContentPaths.scheduleItem },
    input: ZStaffScheduleItemInput,
    output: ZStaffScheduleItem,
    rules: 'date: the day (DD-MM-YYYY); the list runs from the latest day back, within a day by position. highlight shows it as important; '
      + 'icons, indicators (0-100) and partner_ids (partners of this project) as for information items; image_id: purpose `schedule`.',
    service: createScheduleStaffService(services),
  });

  const settings = createScheduleSettingsStaffService(services);
  const { staffAccess } = services;
  app.get(staffContentPaths.scheduleSettings, {
    config: contentAccess,
    schema: { tags, security, summary: "The planning page's settings: comment, image, show_date", params: ZStaffContentParams, response: { 200: ZStaffScheduleSettings, ...errors } },
  }, async (request) => {
    await staffAccess.project(staffOf(request), request.params.projectId);
    return settings.get(request.params.projectId);
  });
  app.put(staffContentPaths.scheduleSettings, {
    config: contentAccess,
    schema: {
      tags, security, summary: "Change the planning page's settings",
      description: 'comment: staff HTML above the calendar (sanitised when stored; empty is none); image_id: an image uploaded with purpose `schedule`; '
        + 'show_date: whether the planning shows its dates. A planning with only a comment or only an image is allowed. Written to the audit log.',
      params: ZStaffContentParams, body: ZStaffScheduleSettingsInput, response: { 200: ZStaffScheduleSettings, ...errors },
    },
  }, async (request) => {
    const ctx = staffOf(request);
    await staffAccess.project(ctx, request.params.projectId);
    return settings.update(ctx, request.params.projectId, request.body);
  });
};

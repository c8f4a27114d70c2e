import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZStaffOverviewParams, ZStaffOverviewQuery, ZStaffProjectOverview } from '@portal/contract';
import { access } from '../../plugins/access.ts';
import { staffOf } from '../staff/staff-access.ts';
import type { ProjectOverview } from './staff-projects.overview.service.ts';

/** The project's overview in the console (issue 17): what needs attention, each part by its own permission. */
export const projectOverviewRoutes = ({ projectOverview }: { projectOverview: ProjectOverview }): FastifyPluginAsyncZod => async (app) => {
  app.get('/staff/projects/:projectId/overview', {
    // It names addresses (the conversations waiting longest, today's appointments): a read of personal data, audited.
    config: { access: access.console('project.read', access.project('projectId'), { personalData: true, action: 'project-overview-read' }) },
    schema: {
      tags: ['staff'],
      summary: "The project's overview: what needs attention",
      description: 'Each part only for a role with its permission (an absent key: not allowed): `conversations` (chat.read: counts per state, '
        + 'the open ones waiting longest), `consent` (consent.tally.read: per consent form the percentage per building unit against 70%), '
        + '`forms` (forms.read: forms closing within 7 days and how many addresses have not answered), `payments` (payments.read: open '
        + 'payments and extra payments of entries paid twice), `appointments` (appointments.read: today and this week, Monday to Sunday, '
        + 'in Europe/Amsterdam), `activation` (addresses.read: addresses without an activated account).',
      params: ZStaffOverviewParams, querystring: ZStaffOverviewQuery, security: [{ bearer: [] }],
      response: { 200: ZStaffProjectOverview, 401: ZApiError, 403: ZApiError, 404: ZApiError },
    },
  }, async (request) => projectOverview.overview(staffOf(request), request.params.projectId));
};

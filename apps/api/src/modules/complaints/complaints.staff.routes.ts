import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffContentPaths, ZStaffComplaint, ZStaffComplaintInput } from '@portal/contract';
import { registerStaffCrud } from '../../lib/staff-routes.ts';
import type { Services } from '../../services.ts';
import { createComplaintsStaffService } from './complaints.staff.service.ts';

/** The console's complaints items (titled by the project's module_18_name): /api/staff/projects/{projectId}/complaints[/{id}]. */
export const complaintsStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerStaffCrud(app, services, {
    name: 'complaints item',
    paths: { list: staffContentPaths.complaintsList, item: staffContentPaths.complaintsItem },
    input: ZStaffComplaintInput,
    output: ZStaffComplaint,
    rules: 'image_id: an image uploaded with purpose `complaints` for this project. position orders the items (lowest first).',
    service: createComplaintsStaffService(services),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffContentPaths, ZStaffFaq, ZStaffFaqInput, ZStaffInformation, ZStaffInformationInput } from '@portal/contract';
import { registerStaffCrud } from '../../lib/staff-routes.ts';
import type { Services } from '../../services.ts';
import { createFaqStaffService, createInformationStaffService } from './information.staff.service.ts';

/** The console's information and FAQ items: /api/staff/projects/{projectId}/information[/{id}] and .../faq[/{id}]. */
export const informationStaffRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerStaffCrud(app, services, {
    name: 'information item',
    paths: { list: staffContentPaths.informationList, item: staffContentPaths.informationItem },
    input: ZStaffInformationInput,
    output: ZStaffInformation,
    rules: 'menuitem_id: 1 work inside, 2 work outside, 3 other. icons: names of the icon set (icons.ts). indicators: 0-100. '
      + 'partner_ids: partners of this project, in the order given. image_id: an image uploaded with purpose `information` for this project.',
    service: createInformationStaffService(services),
  });
  registerStaffCrud(app, services, {
    name: 'FAQ item',
    paths: { list: staffContentPaths.faqList, item: staffContentPaths.faqItem },
    input: ZStaffFaqInput,
    output: ZStaffFaq,
    rules: 'title is the question, content the answer; position orders the questions (lowest first).',
    service: createFaqStaffService(services),
  });
};

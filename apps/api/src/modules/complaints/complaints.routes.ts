import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintPaths, ZComplaintItem, ZComplaintList, ZIdParams, ZLanguageQuery, ZOccupantQuery, ZProjectItemParams } from '@portal/contract';
import { readErrors, registerModuleReads } from '../../lib/module-reads.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';

export const complaintsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { complaints, readers, guard } = services;

  registerModuleReads(app, services, {
    tag: 'complaints',
    summary: 'Complaint items with the page title (the project\'s module_18_name)',
    description: 'Whole items (content included) in the order staff set, at most 200. is_new only for a resident: not opened yet.',
    paths: { public: complaintPaths.publicList, occupant: complaintPaths.occupantList, partner: complaintPaths.partnerList },
    response: ZComplaintList,
    read: (reader) => complaints.list(reader),
  });

  app.get(complaintPaths.publicItem, {
    schema: {
      tags: ['complaints'], summary: 'One public complaint item of a public project',
      params: ZProjectItemParams, querystring: ZLanguageQuery, response: { 200: ZComplaintItem, ...readErrors },
    },
  }, async (request) => complaints.item(await readers.forPublic(request.params.project_id), request.params.id));

  app.get(complaintPaths.occupantItem, {
    preHandler: guard.occupant,
    schema: {
      tags: ['complaints'], summary: "One complaint item of the resident's project; marks it read",
      params: ZIdParams, querystring: ZOccupantQuery, security: [{ bearer: [] }], response: { 200: ZComplaintItem, ...readErrors },
    },
  }, async (request) => complaints.item(await readers.forOccupant(sessionOf(request), request.query.project_id), request.params.id));
};

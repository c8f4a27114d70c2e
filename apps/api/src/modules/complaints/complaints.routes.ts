import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintPaths, ZComplaintItem, ZComplaintList } from '@portal/contract';
import { registerItemReads, registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const complaintsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { complaints } = services;

  registerModuleReads(app, services, {
    tag: 'complaints',
    module: 'complaints',
    summary: 'Complaint items with the page title (the project\'s module_18_name)',
    description: 'Whole items (content included) in the order staff set, at most 200. is_new only for a resident: not opened yet.',
    paths: { public: complaintPaths.publicList, occupant: complaintPaths.occupantList, partner: complaintPaths.partnerList },
    response: ZComplaintList,
    read: (reader) => complaints.list(reader),
  });

  registerItemReads(app, services, {
    tag: 'complaints',
    module: 'complaints',
    public: { path: complaintPaths.publicItem, summary: 'One public complaint item of a public project' },
    occupant: { path: complaintPaths.occupantItem, summary: "One complaint item of the resident's project; marks it read" },
    response: ZComplaintItem,
    read: (reader, id) => complaints.item(reader, id),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactPaths, ZContactList } from '@portal/contract';
import { registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const contactsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerModuleReads(app, services, {
    tag: 'contacts',
    module: 'contacts',
    summary: 'Contact persons of the project',
    description: 'At most 200, in the order staff set. can_chat: show the Chat link to /berichten/.',
    paths: { public: contactPaths.publicList, occupant: contactPaths.occupantList, partner: contactPaths.partnerList },
    response: ZContactList,
    read: (reader) => services.contacts.list(reader),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerPaths, ZPartnerList } from '@portal/contract';
import { registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const partnersRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerModuleReads(app, services, {
    tag: 'partners',
    module: 'partners',
    summary: 'The companies working on the project, with logo, website, map position and their information items',
    description: 'At most 200, in the order staff set. information_items lists the information items (not FAQ) the partner works on, as the reader may see them.',
    paths: { public: partnerPaths.publicList, occupant: partnerPaths.occupantList, partner: partnerPaths.partnerList },
    response: ZPartnerList,
    read: (reader) => services.partners.list(reader),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workOrderPaths, ZWorkOrder } from '@portal/contract';
import { registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const workOrderRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerModuleReads(app, services, {
    tag: 'work-order',
    summary: 'The work order: image and message settings plus the addresses in work-order sequence with their status',
    description: 'entries[].id is the work-order number; status in_preparation, in_progress or done; at most 1000 entries. is_own_address marks the resident\'s own address. Public visitors see the entries marked public.',
    paths: { public: workOrderPaths.publicWorkOrder, occupant: workOrderPaths.occupantWorkOrder, partner: workOrderPaths.partnerWorkOrder },
    response: ZWorkOrder,
    read: (reader) => services.workOrder.read(reader),
  });
};

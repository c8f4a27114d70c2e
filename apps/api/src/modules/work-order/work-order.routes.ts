import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workOrderPaths, ZWorkOrder } from '@portal/contract';
import { registerPagedModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const workOrderRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  registerPagedModuleReads(app, services, {
    tag: 'work-order',
    module: 'work_order',
    summary: 'The work order: image and message settings plus the addresses in work-order sequence with their status',
    description: 'Paged: the first 100 entries (`limit`, at most 100) and, with `before` (the last_id of the last entry held), the entries after it; '
      + 'X-Has-More tells whether more follow. entries[].id is the work-order number; status in_preparation, in_progress or done. '
      + "own_entry is the resident's own address wherever it is in the order; is_own_address marks it in the list. "
      + 'Public visitors see the entries marked public, as street ranges (id to last_id, address_count addresses) unless the project shows addresses.',
    paths: { public: workOrderPaths.publicWorkOrder, occupant: workOrderPaths.occupantWorkOrder, partner: workOrderPaths.partnerWorkOrder },
    response: ZWorkOrder,
    read: (reader, page) => services.workOrder.read(reader, page),
  });
};

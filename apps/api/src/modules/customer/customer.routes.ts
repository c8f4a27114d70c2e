import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCustomer, ZCustomerQuery } from '@portal/contract';
import { access } from '../../plugins/access.ts';
import type { Services } from '../../services.ts';

export const customerRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  app.get('/public/customer/', {
    config: { access: access.public },
    schema: { tags: ['customer'], summary: 'The customer found by host, with branding and public projects', querystring: ZCustomerQuery, response: { 200: ZCustomer, 404: ZApiError } },
  }, async (request) => {
    const customer = await services.customers.forHost(request.query.domain || request.headers.host);
    return services.customers.describe(customer);
  });
};
